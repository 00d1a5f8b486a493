import Foundation

/// The values of one server's URL variables (`https://{instance}`), each checked when the value was made: what
/// the generated `<Server>Server` structs are. `ServerEnvironments.use(_:)` sends the server's later requests to
/// the base URL they give.
///
/// ```swift
/// let server = try MastodonServer(instance: typedHost)   // throws ServerVariableError for "evil.com/"
/// client.environments.use(server)
/// ```
public protocol ServerVariables: Sendable, Hashable {
    /// The server whose base URL the values fill.
    static var serverName: ServerName { get }
    /// Each variable's value, by its name in the URL template.
    var variableValues: [String: String] { get }
}

/// A value for a server's URL variable that does not fit where the URL places it (or no value at all): the app
/// made no request with it. `localizedDescription` is a sentence to show the person who typed the value.
///
/// What each place accepts (docs/Spec.md, "Servers and environments"): the whole host (`https://{instance}`) a host
/// name, an IPv4 address or an IPv6 address in brackets, with `:port`; a host with a port after it the same without
/// a port; part of a host name letters, digits and `-`; a port 1 to 65535; part of the path letters, digits and
/// `-._~`, not `.` or `..`. A value is never trimmed, decoded or encoded.
public struct ServerVariableError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Why the value was refused.
    public enum Problem: Sendable, Hashable {
        /// The variable has no value (a hand-made `ServerEnvironments` given too few).
        case missing
        /// No server of the environments has this name.
        case unknownServer
        /// The server's URL has no such variable.
        case unknownVariable
        /// The value would change the URL beyond the variable's place: the reason (`'/' would start a path`) and
        /// what the place accepts.
        case invalid(reason: String, expected: String)
    }

    /// The server whose URL the variable is in.
    public var server: ServerName
    /// The variable's name in the URL template (`instance`).
    public var variable: String
    /// The value refused, exactly as given; nil when there was none. Not a secret: a host name the app or its user
    /// chose.
    public var value: String?
    /// Why.
    public var problem: Problem

    /// Creates the error of `value` for `variable` of `server`.
    public init(server: ServerName, variable: String, value: String?, problem: Problem) {
        self.server = server
        self.variable = variable
        self.value = value
        self.problem = problem
    }

    /// `server 'mastodon': 'evil.com/' is not a valid value of {instance}: '/' would start a path (expected …)`.
    public var description: String {
        let quoted = value.map { "'\($0)'" } ?? "no value"
        switch problem {
        case .missing: return "server '\(server.rawValue)': {\(variable)} has no value"
        case .unknownServer: return "no server is named '\(server.rawValue)'"
        case .unknownVariable: return "server '\(server.rawValue)' has no variable {\(variable)}"
        case .invalid(let reason, let expected):
            return "server '\(server.rawValue)': \(quoted) is not a valid value of {\(variable)}: \(reason) "
                + "(expected \(expected))"
        }
    }

    /// A sentence for the person who typed the value: `"evil.com/" is not a valid instance: '/' would start a path.`
    public var errorDescription: String? {
        switch problem {
        case .missing: "The \(variable) of the server is missing."
        case .unknownServer, .unknownVariable: "The server's address could not be set."
        case .invalid(let reason, _): "\"\(value ?? "")\" is not a valid \(variable): \(reason)."
        }
    }
}

extension ServerEnvironments {
    /// Checks `values` for every base URL `baseURLs` of `server` holds (its environments): each of their variables
    /// has a value that fits where the URL places it, and no value is for a variable none of them has.
    ///
    /// What the generated `<Server>Server` initializers run, so a value is refused where the app made it.
    public static func check(
        _ values: [String: String], server: ServerName, baseURLs: [String]
    ) throws(ServerVariableError) {
        try check(values, server: server, templates: baseURLs.compactMap { try? ServerURLGrammar.parse($0).get() })
    }

    static func check(
        _ values: [String: String], server: ServerName, templates: [ServerURLGrammar]
    ) throws(ServerVariableError) {
        var known: Set<String> = []
        for template in templates {
            for name in template.variableNames {
                known.insert(name)
                guard let value = values[name] else {
                    throw ServerVariableError(server: server, variable: name, value: nil, problem: .missing)
                }
                for role in template.roles(of: name) {
                    if let problem = ServerURLGrammar.problem(with: value, as: role) {
                        throw ServerVariableError(
                            server: server, variable: name, value: value,
                            problem: .invalid(reason: problem.description, expected: role.expected))
                    }
                }
            }
        }
        if let extra = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw ServerVariableError(server: server, variable: extra, value: values[extra], problem: .unknownVariable)
        }
    }
}
