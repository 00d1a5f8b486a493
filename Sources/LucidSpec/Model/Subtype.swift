/// A value type that is not an entity: an enum, an option set or a struct.
public struct Subtype: Sendable, Hashable, Encodable {
    public enum Kind: Sendable, Hashable, Encodable {
        case enumeration(cases: [EnumCase], unknownFallback: Bool)
        case optionSet(options: [String])
        case structure(properties: [Property])

        private enum CodingKeys: String, CodingKey { case kind, cases, unknownFallback, options, properties }

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

    public var name: String
    public var description: String?
    public var deprecated: String?
    public var kind: Kind
    public var location: SourceLocation
    /// Where each option of an option set was written.
    var optionLocations: [SourceLocation] = []

    private enum CodingKeys: String, CodingKey { case name, description, deprecated, kind, location }

    public var properties: [Property] {
        if case .structure(let properties) = kind { return properties }
        return []
    }

    public var isStructure: Bool {
        if case .structure = kind { return true }
        return false
    }
}

/// One case of an enum subtype and the raw value it decodes from.
public struct EnumCase: Sendable, Hashable, Encodable {
    public var name: String
    public var value: String
    public var description: String?
    public var location: SourceLocation
}
