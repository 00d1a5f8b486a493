/// An identifiable object of the API, with its properties and metadata.
public struct Entity: Sendable, Hashable, Encodable {
    public var name: String
    public var description: String?
    public var deprecated: String?
    public var identifier: Identifier
    public var properties: [Property]
    /// Values decoded beside the entity that are not part of its identity.
    public var metadata: [Property]
    public var location: SourceLocation
    /// Where `identifier: { property: name }` names its property.
    var identifierLocation: SourceLocation?

    private enum CodingKeys: String, CodingKey {
        case name, description, deprecated, identifier, properties, metadata, location
    }

    public func property(named name: String) -> Property? { properties.first { $0.name == name } }
}

/// What identifies an entity.
public enum Identifier: Sendable, Hashable, Encodable {
    case none
    /// A dedicated identifier value read from `key`.
    case scalar(type: ScalarType, key: String)
    /// One of the entity's own properties.
    case property(String)

    private enum CodingKeys: String, CodingKey { case type, key, property }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var container = encoder.singleValueContainer()
            try container.encode("none")
        case .scalar(let type, let key):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(key, forKey: .key)
        case .property(let name):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .property)
        }
    }
}
