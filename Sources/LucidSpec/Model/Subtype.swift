/// A value type that is not an entity: an enum, an option set or a struct.
public struct Subtype: Sendable, Hashable, Encodable {
    /// Which of `cases`, `options` or `properties` the subtype has, with their content.
    public enum Kind: Sendable, Hashable, Encodable {
        case enumeration(cases: [EnumCase], unknownFallback: Bool)
        case optionSet(options: [String])
        case structure(properties: [Property])

        private enum CodingKeys: String, CodingKey { case kind, cases, unknownFallback, options, properties }

        /// Encodes the dump's tagged shape: `"kind"` (`enum`, `option_set` or `struct`) beside its content.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .enumeration(let cases, let unknownFallback):
                try container.encode("enum", forKey: .kind)
                try container.encode(cases, forKey: .cases)
                try container.encode(unknownFallback, forKey: .unknownFallback)
            case .optionSet(let options):
                try container.encode("option_set", forKey: .kind)
                try container.encode(options, forKey: .options)
            case .structure(let properties):
                try container.encode("struct", forKey: .kind)
                try container.encode(properties, forKey: .properties)
            }
        }
    }

    /// The subtype's name (its key under `subtypes`).
    public var name: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The deprecation message (empty when deprecated without one).
    public var deprecated: String?
    /// An enum, an option set or a struct, with its cases, options or properties.
    public var kind: Kind
    /// A struct written as a PATCH body (`patch: true`): a nullable property is left unchanged, cleared (sent as
    /// null) or set; another is left unchanged or set. It is only encoded, so only a JSON body can be one.
    public var patch = false
    /// Where the subtype's name is written.
    public var location: SourceLocation
    /// Where each option of an option set was written.
    var optionLocations: [SourceLocation] = []

    private enum CodingKeys: String, CodingKey { case name, description, deprecated, kind, patch, location }

    /// Encodes the dump's shape; `patch` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(deprecated, forKey: .deprecated)
        try container.encode(kind, forKey: .kind)
        if patch { try container.encode(patch, forKey: .patch) }
        try container.encode(location, forKey: .location)
    }

    /// A struct's properties; empty for an enum or an option set.
    public var properties: [Property] {
        if case .structure(let properties) = kind { return properties }
        return []
    }

    /// Whether the subtype is a struct (it has `properties`).
    public var isStructure: Bool {
        if case .structure = kind { return true }
        return false
    }
}

/// One case of an enum subtype and the raw value it decodes from.
public struct EnumCase: Sendable, Hashable, Encodable {
    /// The case's name (`name`, or the string when the case is written as one).
    public var name: String
    /// The raw value, taken as written (`value`; the name by default).
    public var value: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// Where the case's name is written.
    public var location: SourceLocation
}
