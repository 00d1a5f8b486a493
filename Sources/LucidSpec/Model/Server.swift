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

    /// A `{name}` in the server's base URLs whose value the app sets at run time (`variables`).
    public struct Variable: Sendable, Hashable, Encodable {
        /// The variable's name, as the URLs write it between braces.
        public var name: String
        /// What the value is, for the generated doc comment.
        public var description: String?
        /// The value used until the app sets one (`default`); nil: the app must give one.
        public var defaultValue: String?
        /// The only values allowed (`enum`), in order; empty: any value that fits where the URLs place it.
        public var allowedValues: [String] = []
        /// Where the variable's name is written.
        public var location: SourceLocation
        /// Where `default` and each `enum` value are written.
        public var defaultLocation: SourceLocation?
        public var allowedValueLocations: [SourceLocation] = []

        /// The Swift case of an allowed value, before conversion to a member name: `eu-west-1` → `eu_west_1`,
        /// `2024` → `case_2024`, a value with no letter or digit `unnamed`.
        public static func caseName(for value: String) -> String {
            let words = value.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            let name = words.joined(separator: "_")
            if name.isEmpty { return "unnamed" }
            return name.first?.isNumber == true ? "case_" + name : name
        }

        /// For `lucid-gen dump`: the keys as the spec writes them, leaving out what is not set.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
            if !allowedValues.isEmpty { try container.encode(allowedValues, forKey: .allowedValues) }
            try container.encode(location, forKey: .location)
        }

        private enum CodingKeys: String, CodingKey {
            case name, description, defaultValue = "default", allowedValues = "enum", location
        }
    }

    /// The server's name (its key under `servers`).
    public var name: String
    /// The server's environments in the order written; the first is the default.
    public var environments: [Environment]
    /// The variables of its base URLs, in the order written; empty for a server whose URLs are fixed.
    public var variables: [Variable] = []
    /// Where the server's name is written.
    public var location: SourceLocation

    /// Creates a server.
    public init(
        name: String, environments: [Environment], variables: [Variable] = [], location: SourceLocation
    ) {
        self.name = name
        self.environments = environments
        self.variables = variables
        self.location = location
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(environments, forKey: .environments)
        if !variables.isEmpty { try container.encode(variables, forKey: .variables) }
        try container.encode(location, forKey: .location)
    }

    private enum CodingKeys: String, CodingKey {
        case name, environments, variables, location
    }
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
