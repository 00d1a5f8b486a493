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
        /// The base URL every path of the server is appended to.
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
    private let state: LockedValue<String>

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
    public init(servers: [(name: ServerName, environments: [Environment])], current: String? = nil) {
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
        self.state = LockedValue(current ?? environmentNames.first ?? "")
    }

    /// The name of the environment in use.
    public var current: String {
        state.withLock { $0 }
    }

    /// Uses `environment` from now on. A server that lacks it (but others declare it) uses its own first one.
    ///
    /// - Throws: `UnknownEnvironment` when no server declares `environment`; the current environment is then
    ///   unchanged, so a typo never sends requests (and credentials) to production unnoticed.
    public func `switch`(to environment: String) throws(UnknownEnvironment) {
        guard environmentNames.contains(environment) else {
            throw UnknownEnvironment(name: environment, knownNames: environmentNames)
        }
        state.withLock { $0 = environment }
    }

    /// The environment `server` uses now: the current one when it has it, else its first; nil for an unknown server.
    public func environment(for server: ServerName) -> Environment? {
        guard let environments = servers[server] else { return nil }
        let current = self.current
        return environments.first { $0.name == current } ?? environments.first
    }

    /// The base URL `server` uses now, as written; nil for an unknown server.
    public func baseURLString(for server: ServerName) -> String? {
        environment(for: server)?.baseURL
    }

    /// The base URL `server` uses now; nil for an unknown server or a base URL that is not a valid URL.
    public func baseURL(for server: ServerName) -> URL? {
        baseURLString(for: server).flatMap { URL(string: $0) }
    }
}
