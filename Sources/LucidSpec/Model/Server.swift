/// A named backend with one base URL per environment; the first environment is the default.
public struct Server: Sendable, Hashable, Encodable {
    /// One environment of a server and its base URL.
    public struct Environment: Sendable, Hashable, Encodable {
        /// The environment's name (`default` for the shorthand `name: url`).
        public var name: String
        /// The base URL, without a trailing `/`.
        public var url: String
        /// Where the environment's name is written (the URL, for the shorthand).
        public var location: SourceLocation
    }

    /// The server's name (its key under `servers`).
    public var name: String
    /// The server's environments in the order written; the first is the default.
    public var environments: [Environment]
    /// Where the server's name is written.
    public var location: SourceLocation
}

/// How credentials are attached to a request; each scheme becomes a phantom auth type.
public struct AuthScheme: Sendable, Hashable, Encodable {
    /// Where the credential goes (`in`): a header or a query item; `basic` is the `Authorization` header with
    /// `user:password` in base64 (RFC 7617).
    public enum Placement: String, Sendable, Hashable, Encodable {
        case header, query, basic
    }

    /// The scheme's name (its key under `auth`), which services and endpoints name in their `auth`.
    public var name: String
    /// Where the credential goes (`in`; a header for `bearer`, `basic` for `basic`).
    public var placement: Placement
    /// The header or query item that carries the credential.
    public var parameterName: String
    /// Written before the credential (`"Bearer "`).
    public var prefix: String
    /// Where the scheme's name is written.
    public var location: SourceLocation
}

extension SourceLocation: Encodable {
    /// Encodes `file:line:col`, for `lucid-gen dump`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
