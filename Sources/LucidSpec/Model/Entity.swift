/// An identifiable object of the API, with its properties and metadata.
public struct Entity: Sendable, Hashable, Encodable {
    /// The entity's name (its key under `entities`).
    public var name: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The deprecation message (empty when deprecated without one).
    public var deprecated: String?
    /// What identifies the entity (`identifier`; `none` when omitted).
    public var identifier: Identifier
    /// `identifier: { type: T, nullable: true }`: some bodies hold the entity with a null (or no) identifier
    /// (Spotify's local tracks, `"id": null`); its `id` is then `ID?`, and it is not `Identifiable`.
    public var identifierNullable = false
    /// The entity's `properties`, in the order written.
    public var properties: [Property]
    /// Values decoded beside the entity that are not part of its identity.
    public var metadata: [Property]
    /// `store:`: the entity is kept in the runtime's `EntityStore`, with its merge rule; nil: not stored.
    public var store: EntityStorage?
    /// Where the entity's name is written.
    public var location: SourceLocation
    /// Where `identifier: { property: name }` names its property.
    var identifierLocation: SourceLocation?
    /// The entity has no `identifier` key but an unknown key, already reported, that may be a misspelled one
    /// (`identifer`): what needs an identifier is not reported again.
    var identifierUnread = false

    /// Whether the entity has an identifier, or may have one the spec misspelled (reported already).
    var hasIdentifierOrUnread: Bool { identifier != .none || identifierUnread }

    private enum CodingKeys: String, CodingKey {
        case name, description, deprecated, identifier, properties, metadata, store, location
    }

    /// The synthesized encoding, with a nullable identifier dumped as `{"type", "key", "nullable": true}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(deprecated, forKey: .deprecated)
        if identifierNullable, case .scalar(let type, let key) = identifier {
            var nested = container.nestedContainer(keyedBy: NullableIdentifierKeys.self, forKey: .identifier)
            try nested.encode(type, forKey: .type)
            try nested.encode(key, forKey: .key)
            try nested.encode(true, forKey: .nullable)
        } else {
            try container.encode(identifier, forKey: .identifier)
        }
        try container.encode(properties, forKey: .properties)
        try container.encode(metadata, forKey: .metadata)
        try container.encodeIfPresent(store, forKey: .store)
        try container.encode(location, forKey: .location)
    }

    private enum NullableIdentifierKeys: String, CodingKey { case type, key, nullable }

    /// The property called `name`, if the entity has one.
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

    /// Encodes the dump's tagged shape: `"none"`, `{"type", "key"}` or `{"property"}`.
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
