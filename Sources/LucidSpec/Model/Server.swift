/// A named backend with one base URL per environment; the first environment is the default.
public struct Server: Sendable, Hashable, Encodable {
    public struct Environment: Sendable, Hashable, Encodable {
        public var name: String
        public var url: String
        public var location: SourceLocation
    }

    public var name: String
    public var environments: [Environment]
    public var location: SourceLocation
}

/// How credentials are attached to a request; each scheme becomes a phantom auth type.
public struct AuthScheme: Sendable, Hashable, Encodable {
    public enum Placement: String, Sendable, Hashable, Encodable {
        case header, query
    }

    public var name: String
    public var placement: Placement
    /// The header or query item that carries the credential.
    public var parameterName: String
    /// Written before the credential (`"Bearer "`).
    public var prefix: String
    public var location: SourceLocation
}

extension SourceLocation: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
