/// `store:` of an entity: its values are kept in the runtime's `EntityStore`, by identifier, and a value decoded
/// later replaces the stored one by the entity's merge rule.
public struct EntityStorage: Sendable, Hashable, Encodable {
    /// `store: { newer: updated_at }`: the property whose greater (or equal) value replaces the stored one, so a
    /// late response carrying an older value never overwrites a fresher one; nil: arrival order.
    public var newer: String?
    /// Where `store` is written.
    var location: SourceLocation
    /// Where `newer` names its property.
    var newerLocation: SourceLocation?

    private enum CodingKeys: String, CodingKey { case newer }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(newer ?? "arrival", forKey: .newer)
    }
}

/// How a stored read answers by default (an endpoint's `store: store_first`, …).
public enum StoreReadPolicy: String, Sendable, Hashable, Encodable, CaseIterable {
    /// Asks the server every time (the default); the answer goes into the store.
    case network
    /// Answers from the store when it holds the value, else asks the server.
    case storeFirst = "store_first"
    /// Answers from the store when it holds the value, then with the server's fresher one.
    case storeThenNetwork = "store_then_network"

    /// The case's name in generated Swift (`.storeFirst`).
    public var swiftName: String {
        switch self {
        case .network: "network"
        case .storeFirst: "storeFirst"
        case .storeThenNetwork: "storeThenNetwork"
        }
    }
}

/// `store:` of an endpoint: how its reads use the store, or which stored entity it changes.
public struct EndpointStorage: Sendable, Hashable, Encodable {
    /// The default policy of the endpoint's stored read (`read: store_first`); nil: `network`.
    public var read: StoreReadPolicy?
    /// `updates: movie`: the endpoint changes that stored entity, identified by a path parameter of its type
    /// (changed at once by the caller's `optimistic` closure) or sent as the body (put at once); rolled back when
    /// the server refuses.
    public var updates: String?
    /// `deletes: movie`: the endpoint deletes that stored entity, identified by a path parameter of its type; it
    /// leaves the store at once and comes back when the server refuses.
    public var deletes: String?
    /// Where each key is written (`read`, `updates`, `deletes`) and `store` itself (``).
    var locations: [String: SourceLocation] = [:]

    private enum CodingKeys: String, CodingKey { case read, updates, deletes }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(read, forKey: .read)
        try container.encodeIfPresent(updates, forKey: .updates)
        try container.encodeIfPresent(deletes, forKey: .deletes)
    }

    /// The entity the endpoint changes (`updates` or `deletes`).
    public var changedEntity: String? { updates ?? deletes }
}

/// What an endpoint's stored read answers: the stored entity its response holds, one or a list.
public struct StoredRead: Sendable, Hashable {
    /// The stored entity's name.
    public var entity: String
    /// Whether the response holds a list of them (an array, nested items or flattened arrays).
    public var isList: Bool
}

extension Spec {
    /// What `endpoint`'s stored read answers: a GET's response's stored entity (one, or a list that is not null),
    /// read whole; nil when the endpoint has no stored read. Also on the spec as written, where types are still
    /// names.
    public func storedRead(of endpoint: Endpoint) -> StoredRead? {
        guard endpoint.method == .get, !endpoint.isTransfer else { return nil }
        let read: StoredRead
        switch endpoint.response.body {
        case .entity(let payload) where !payload.nullable:
            read = StoredRead(entity: payload.entity, isList: payload.structure != .single)
        case .type(.entity(let name)), .type(.named(let name)):
            read = StoredRead(entity: name, isList: false)
        case .type(.array(.entity(let name))), .type(.array(.named(let name))):
            read = StoredRead(entity: name, isList: true)
        default:
            return nil
        }
        return entity(named: read.entity)?.store == nil ? nil : read
    }
}

/// Which generated types hold stored entities, at the top or nested (not through an `id_only` property, which
/// holds identifiers): those conform to the runtime's `EntityContaining`, so that a response puts every stored
/// entity it holds into a store in one step.
///
/// A generic struct whose properties use its type parameters conforms where its arguments do
/// (`extension Page: EntityContaining where Item: EntityContaining`); an instance of it holds stored entities when
/// the generic does and, for such a conditional conformance, every argument does.
public struct StoreContainment: Sendable {
    /// The entities that are stored or hold stored ones.
    public private(set) var entities: Set<String> = []
    /// The struct and union subtypes (generics and their instances) that hold stored entities.
    public private(set) var subtypes: Set<String> = []
    /// The generic structs whose conformance depends on their arguments.
    public private(set) var conditional: Set<String> = []

    /// No type holds stored entities when no entity is stored.
    public init(spec: Spec) {
        guard spec.entities.contains(where: { $0.store != nil }) else { return }
        let generics = Dictionary(spec.subtypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for subtype in spec.subtypes where subtype.isGeneric && subtype.instance == nil {
            if subtype.properties.contains(where: { !$0.idOnly && $0.type.containsParameter }) {
                conditional.insert(subtype.name)
            }
        }
        var changed = true
        while changed {  // until no type is added: nesting may run through cycles
            changed = false
            for entity in spec.entities where !entities.contains(entity.name) {
                if entity.store != nil || entity.properties.contains(where: holds) {
                    entities.insert(entity.name)
                    changed = true
                }
            }
            for subtype in spec.subtypes where !subtypes.contains(subtype.name) {
                if holds(subtype, generics: generics) {
                    subtypes.insert(subtype.name)
                    changed = true
                }
            }
        }
    }

    private func holds(_ subtype: Subtype, generics: [String: Subtype]) -> Bool {
        if let instance = subtype.instance {
            guard subtypes.contains(instance.generic) else { return false }
            return !conditional.contains(instance.generic) || instance.arguments.allSatisfy(contains)
        }
        if conditional.contains(subtype.name) { return true }
        if let union = subtype.union { return union.cases.contains { contains($0.type) } }
        return subtype.properties.contains(where: holds)
    }

    private func holds(_ property: Property) -> Bool { !property.idOnly && contains(property.type) }

    /// Whether a value of `type` holds stored entities (a type parameter: where its argument does).
    public func contains(_ type: TypeReference) -> Bool {
        switch type {
        case .entity(let name): entities.contains(name)
        case .subtype(let name): subtypes.contains(name)
        case .array(let element), .map(let element): contains(element)
        case .parameter: true
        case .scalar, .named, .generic: false
        }
    }

    /// Whether `property` is collected: it holds stored entities, not only their identifiers.
    public func collects(_ property: Property) -> Bool { holds(property) }
}
