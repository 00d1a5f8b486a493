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
    /// The type's name (`Movie`).
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
/// In order of arrival; an entity added twice keeps both values, the later winning if the merge rule lets it.
///
/// A value type, copied on write. Each type's entities sit in a box of their own, found by the type's identifier
/// and opened without a dynamic cast (the identifier says the box's type): a first version cast a boxed list out of
/// an existential and back for every entity, a third of a put's time.
public struct EntityBatch: @unchecked Sendable {
    // `@unchecked`: the storage is changed only through `add`, after making it unique (copy on write); what it
    // holds is `Sendable` entities.
    @usableFromInline var storage = BatchStorage()

    /// An empty batch.
    public init() {}

    /// A batch of what `value` holds.
    public init(_ value: some EntityContaining) {
        value.collectEntities(into: &self)
    }

    /// Adds `entity` (not what it holds: an entity's own `collectEntities` adds those). Inlinable, so that the
    /// generated `collectEntities` that calls it appends its own type's values without generic indirection.
    @inlinable
    public mutating func add<Entity: StorableEntity>(_ entity: Entity) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let key = ObjectIdentifier(Entity.self)
        if let box = storage.boxes[key] {
            unsafeDowncast(box, to: Batched<Entity>.self).values.append(entity)
        } else {
            storage.boxes[key] = Batched(values: [entity])
            storage.order.append(key)
        }
    }

    /// How many entities the batch holds, of every type.
    public var count: Int {
        storage.boxes.values.reduce(0) { $0 + $1.count }
    }

    /// Whether the batch holds no entity.
    public var isEmpty: Bool { storage.boxes.isEmpty }

    /// Each type's entities, in the order the types first came.
    var entitiesByType: [BatchedEntities] {
        storage.order.compactMap { storage.boxes[$0] }
    }
}

/// The boxes of a batch.
@usableFromInline
final class BatchStorage {
    /// Per entity type, its entities.
    @usableFromInline var boxes: [ObjectIdentifier: BatchedEntities] = [:]
    /// The entity types in the order they first came.
    @usableFromInline var order: [ObjectIdentifier] = []

    @usableFromInline init() {}

    @usableFromInline func copy() -> BatchStorage {
        let copy = BatchStorage()
        copy.boxes = boxes.mapValues { $0.copy() }
        copy.order = order
        return copy
    }
}

/// The entities of one type in a batch, with their type erased: a `Batched<Entity>`.
@usableFromInline
class BatchedEntities {
    var count: Int { 0 }

    func copy() -> BatchedEntities { self }

    /// Puts the entities into their type's table in `tables` (only those it does not hold, unless `replacing`);
    /// returns what changed.
    func put(
        into tables: inout [ObjectIdentifier: any EntityTableProtocol], limit: Int, pinned: StorePins,
        replacing: Bool
    ) -> StoreChanges {
        StoreChanges()
    }
}

@usableFromInline
final class Batched<Entity: StorableEntity>: BatchedEntities {
    @usableFromInline var values: [Entity]

    @usableFromInline init(values: [Entity]) {
        self.values = values
    }

    override var count: Int { values.count }

    override func copy() -> BatchedEntities { Batched(values: values) }

    override func put(
        into tables: inout [ObjectIdentifier: any EntityTableProtocol], limit: Int, pinned: StorePins,
        replacing: Bool
    ) -> StoreChanges {
        let key = ObjectIdentifier(Entity.self)
        var table = tables[key] as? EntityTable<Entity> ?? EntityTable(limit: limit)
        tables[key] = nil  // Uniquely referenced while it changes.
        var changes = StoreChanges()
        let observed = pinned.watches(key)
        table.reserveCapacity(for: values.count)
        for value in values where replacing ? table.put(value) : table.add(value) {
            changes.insert(Entity.self, value.id, observed: observed)
        }
        _ = table.evictOverflow { observed && pinned.contains(key, AnyHashable($0)) }
        tables[key] = table
        return changes
    }
}

extension Lazy: EntityContaining where Value: EntityContaining {
    public func collectEntities(into batch: inout EntityBatch) {
        value?.collectEntities(into: &batch)
    }
}
