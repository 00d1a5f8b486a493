import Foundation

/// The base URLs of every server, one per environment, and the environment currently in use.
///
/// Thread-safe and switchable at run time: `switch(to:)` changes the environment for every later request.
/// A name that no server declares is an error, never a quiet fall back to production; a server that lacks an
/// environment other servers have (an images server with only production) uses its own first one.
///
/// ```swift
/// let environments = ServerEnvironments([
///     "tmdb": ["production": "https://api.themoviedb.org/3", "staging": "https://staging.themoviedb.org/3"],
///     "images": ["production": "https://image.tmdb.org"],
/// ])
/// try environments.switch(to: "staging")
/// ```
///
/// A base URL may hold `{variables}` (`https://{instance}`, the spec's server `variables`): their values are set
/// per server, checked (`setVariables(_:for:)`, `use(_:)`), and filled in for every request; a server whose variables
/// have no values yet has no base URL, so its requests fail with `APIError` `.invalidURL` and go nowhere.
public final class ServerEnvironments: Sendable {
    /// The error of naming an environment that no server declares.
    public struct UnknownEnvironment: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name asked for.
        public var name: String
        /// Every environment name the servers declare, in order of first appearance.
        public var knownNames: [String]

        /// Creates the error for `name`, which is not among `knownNames`.
        public init(name: String, knownNames: [String]) {
            self.name = name
            self.knownNames = knownNames
        }

        public var description: String {
            let known = knownNames.map { "\"\($0)\"" }.joined(separator: ", ")
            return "no server declares an environment named \"\(name)\" (known: \(known.isEmpty ? "none" : known))"
        }
    }

    /// One environment of a server: its name and base URL (as written).
    public struct Environment: Sendable, Hashable {
        /// The environment's name (`production`, `staging`, ...).
        public var name: String
        /// The base URL every path of the server is appended to; it may hold `{variables}` (`https://{instance}`),
        /// filled with the values the server is given.
        public var baseURL: String

        /// Creates an environment named `name` whose base URL is `baseURL`.
        public init(name: String, baseURL: String) {
            self.name = name
            self.baseURL = baseURL
        }
    }

    /// The servers in declaration order.
    public let serverNames: [ServerName]
    /// Every environment name, in order of first appearance.
    public let environmentNames: [String]
    private let servers: [ServerName: [Environment]]
    /// The parsed template of each environment's base URL that holds variables, by server and environment name.
    private let templates: [ServerName: [String: ServerURLGrammar]]
    private let state: LockedValue<State>

    /// What changes at run time: the environment in use and each server's variable values.
    private struct State {
        var current: String
        var variables: [ServerName: [String: String]]
    }

    /// Creates the environments from `servers` (server name → environment name → base URL, in order).
    ///
    /// The current environment is `current`, or else the first environment of the first server. A `current` that
    /// no server declares is a programmer error and stops the program; for a name read at run time (settings, a
    /// debug menu), create without `current` and call `switch(to:)`, which throws instead.
    public convenience init(_ servers: KeyValuePairs<ServerName, KeyValuePairs<String, String>>, current: String? = nil)
    {
        self.init(
            servers: servers.map { server in
                (server.key, server.value.map { Environment(name: $0.key, baseURL: $0.value) })
            }, current: current)
    }

    /// Creates the environments from an ordered list of servers and their environments.
    ///
    /// The current environment is `current`, or else the first environment of the first server. A `current` that
    /// no server declares is a programmer error and stops the program (the generated code passes names from the
    /// spec); for a name read at run time, create without `current` and call `switch(to:)`, which throws instead.
    /// `variables` are the first values of servers' URL variables (the spec's defaults); values that do not pass
    /// `setVariables(_:for:)` are a programmer error too.
    public init(
        servers: [(name: ServerName, environments: [Environment])], variables: [ServerName: [String: String]] = [:],
        current: String? = nil
    ) {
        var names: [ServerName] = []
        var environmentNames: [String] = []
        var table: [ServerName: [Environment]] = [:]
        for (name, environments) in servers {
            if table[name] == nil { names.append(name) }
            table[name, default: []].append(contentsOf: environments)
            for environment in environments where !environmentNames.contains(environment.name) {
                environmentNames.append(environment.name)
            }
        }
        if let current {
            precondition(
                environmentNames.contains(current),
                UnknownEnvironment(name: current, knownNames: environmentNames).description)
        }
        self.serverNames = names
        self.environmentNames = environmentNames
        self.servers = table
        self.templates = table.mapValues { environments in
            var parsed: [String: ServerURLGrammar] = [:]
            for environment in environments where ServerURLGrammar.isTemplate(environment.baseURL) {
                // A template that does not parse stays out: its server then has no base URL there (`.invalidURL`).
                if case .success(let template) = ServerURLGrammar.parse(environment.baseURL) {
                    parsed[environment.name] = template
                }
            }
            return parsed
        }
        self.state = LockedValue(State(current: current ?? environmentNames.first ?? "", variables: [:]))
        for (server, values) in variables.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            do {
                try setVariables(values, for: server)
            } catch {
                preconditionFailure(error.description)
            }
        }
    }

    /// The name of the environment in use.
    public var current: String {
        state.withLock { $0.current }
    }

    /// Uses `environment` from now on. A server that lacks it (but others declare it) uses its own first one.
    ///
    /// - Throws: `UnknownEnvironment` when no server declares `environment`; the current environment is then
    ///   unchanged, so a typo never sends requests (and credentials) to production unnoticed.
    public func `switch`(to environment: String) throws(UnknownEnvironment) {
        guard environmentNames.contains(environment) else {
            throw UnknownEnvironment(name: environment, knownNames: environmentNames)
        }
        state.withLock { $0.current = environment }
    }

    // MARK: Variables

    /// The values of `server`'s URL variables now (empty before any was set).
    public func variables(for server: ServerName) -> [String: String] {
        state.withLock { $0.variables[server] ?? [:] }
    }

    /// Fills `server`'s URL variables with `values` from the next request on, in every environment.
    ///
    /// - Throws: `ServerVariableError` when `server` is unknown, a variable of one of its base URLs has no value, a
    ///   value is for no variable, or a value does not fit where a base URL places it (a `/` in a host, a port
    ///   where the URL has none, ...); the values in use are then unchanged.
    public func setVariables(_ values: [String: String], for server: ServerName) throws(ServerVariableError) {
        guard servers[server] != nil else {
            throw ServerVariableError(server: server, variable: "", value: nil, problem: .unknownServer)
        }
        let templates = (servers[server] ?? []).compactMap { self.templates[server]?[$0.name] }
        try Self.check(values, server: server, templates: templates)
        state.withLock { $0.variables[server] = values }
    }

    /// Sends the requests of `variables`' server to the base URL its values give, from the next request on:
    /// `client.environments.use(try MastodonServer(instance: typedHost))`.
    ///
    /// The values were checked when `variables` was made, against the spec's base URLs. Environments made by hand
    /// whose base URLs refuse them keep none for the server (its requests fail with `.invalidURL`), and a debug
    /// build stops there.
    public func use(_ variables: some ServerVariables) {
        let server = type(of: variables).serverName
        do {
            try setVariables(variables.variableValues, for: server)
        } catch {
            state.withLock { $0.variables[server] = nil }
            assertionFailure(error.description)
        }
    }

    /// The environment `server` uses now: the current one when it has it, else its first; nil for an unknown server.
    public func environment(for server: ServerName) -> Environment? {
        guard let environments = servers[server] else { return nil }
        let current = self.current
        return environments.first { $0.name == current } ?? environments.first
    }

    /// The base URL `server` uses now, as written, its variables filled in; nil for an unknown server, or one whose
    /// base URL has a variable without a (valid) value.
    public func baseURLString(for server: ServerName) -> String? {
        let (current, values) = state.withLock { ($0.current, $0.variables[server] ?? [:]) }
        guard let environments = servers[server],
            let environment = environments.first(where: { $0.name == current }) ?? environments.first
        else { return nil }
        guard ServerURLGrammar.isTemplate(environment.baseURL) else { return environment.baseURL }
        // Checked again on every use, not only when set: a value never reaches a URL unchecked.
        return templates[server]?[environment.name]?.expand(values)
    }

    /// The base URL `server` uses now; nil for an unknown server or a base URL that is not a valid URL.
    public func baseURL(for server: ServerName) -> URL? {
        baseURLString(for: server).flatMap { URL(string: $0) }
    }
}
