import Foundation

/// An entity an `EntityStore` keeps: identified by its `id`, and able to say whether a value just decoded replaces
/// the one the store holds (its merge rule).
///
/// Generated entities the spec stores conform; the rule is the spec's: arrival order (the default: a value decoded
/// later replaces the one before), or a version or `updated_at` field compared, so that a late response carrying an
/// older value never overwrites a fresher one.
public protocol StorableEntity: Identifiable, Sendable, Hashable where ID: Sendable {
    /// The entity's name in a persisted store's file name (`movie.entities.json`): the spec's name for generated
    /// entities. By default the type's name.
    static var storeName: String { get }

    /// Whether `self`, decoded after `stored` was, replaces it. The default is `true`: arrival order.
    func supersedes(_ stored: Self) -> Bool
}

extension StorableEntity {
    public static var storeName: String { String(describing: Self.self) }

    /// Arrival order: the value decoded last wins.
    public func supersedes(_ stored: Self) -> Bool { true }
}

/// A value that holds entities, at the top or nested (a status's account, a page's items, a union's case): it adds
/// each to a batch, so that a whole response goes into a store in one step.
public protocol EntityContaining {
    /// Adds every stored entity this value holds, itself included when it is one, to `batch`.
    func collectEntities(into batch: inout EntityBatch)
}

extension Array: EntityContaining where Element: EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) {
        for element in self { element.collectEntities(into: &batch) }
    }
}

extension Optional: EntityContaining where Wrapped: EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) {
        self?.collectEntities(into: &batch)
    }
}

extension Dictionary: EntityContaining where Value: EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) {
        for value in values { value.collectEntities(into: &batch) }
    }
}

/// Entities of any types on their way into a store together (`EntityStore.put(_:)`): what one response holds.
/// In order of arrival; an entity added twice keeps the later value (the store's merge rule then decides).
public struct EntityBatch: Sendable {
    /// Per entity type, its entities.
    var tables: [ObjectIdentifier: any BatchedEntities] = [:]
    /// The entity types in the order they first came.
    var order: [ObjectIdentifier] = []

    /// An empty batch.
    public init() {}

    /// A batch of what `value` holds.
    public init(_ value: some EntityContaining) {
        value.collectEntities(into: &self)
    }

    /// Adds `entity` (not what it holds: an entity's own `collectEntities` adds those).
    public mutating func add<Entity: StorableEntity>(_ entity: Entity) {
        let key = ObjectIdentifier(Entity.self)
        if var entities = tables[key] as? Batched<Entity> {
            tables[key] = nil  // Uniquely referenced while it changes: no copy of the list.
            entities.values.append(entity)
            tables[key] = entities
        } else {
            tables[key] = Batched(values: [entity])
            order.append(key)
        }
    }

    /// How many entities the batch holds, of every type.
    public var count: Int {
        tables.values.reduce(0) { $0 + $1.count }
    }

    /// Whether the batch holds no entity.
    public var isEmpty: Bool { tables.isEmpty }
}

/// The entities of one type in a batch, with their type erased.
protocol BatchedEntities: Sendable {
    var count: Int { get }
    /// Puts the entities into their type's table in `tables`; returns what changed.
    func put(
        into tables: inout [ObjectIdentifier: any EntityTableProtocol], limit: Int, pinned: StorePins
    )
        -> StoreChanges
}

struct Batched<Entity: StorableEntity>: BatchedEntities {
    var values: [Entity]

    var count: Int { values.count }

    func put(
        into tables: inout [ObjectIdentifier: any EntityTableProtocol], limit: Int, pinned: StorePins
    )
        -> StoreChanges
    {
        let key = ObjectIdentifier(Entity.self)
        var table = tables[key] as? EntityTable<Entity> ?? EntityTable(limit: limit)
        tables[key] = nil  // Uniquely referenced while it changes.
        var changes = StoreChanges()
        let observed = pinned.watches(key)
        table.reserveCapacity(for: values.count)
        for value in values where table.put(value) { changes.insert(Entity.self, value.id, observed: observed) }
        _ = table.evictOverflow { observed && pinned.contains(key, AnyHashable($0)) }
        tables[key] = table
        return changes
    }
}
