import Foundation

/// The entities of one type in a store, with their recency: the least recently put or read goes first once the
/// table holds more than its limit.
struct EntityTable<Entity: StorableEntity>: EntityTableProtocol {
    let limit: Int
    private(set) var values: [Entity.ID: Entity] = [:]
    /// The tick of each entity's last use, and the uses in order. A use appends; an older use of the same entity is
    /// left in `uses` and skipped when met (its tick is no longer the entity's), so that every step is O(1) amortized.
    private var ticks: [Entity.ID: UInt64] = [:]
    private var uses: [(id: Entity.ID, tick: UInt64)] = []
    private var firstUse = 0
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { values.count }

    /// The entries of the recency list, stale ones included.
    var useCount: Int { uses.count - firstUse }

    /// The entity `id`, marked as used.
    mutating func value(_ id: Entity.ID) -> Entity? {
        guard let value = values[id] else { return nil }
        use(id)
        return value
    }

    /// The entity `id`, its recency left alone (for observers).
    func peek(_ id: Entity.ID) -> Entity? { values[id] }

    /// Keeps `value` unless the stored one wins by the merge rule; returns whether the stored value changed.
    mutating func put(_ value: Entity) -> Bool {
        use(value.id)
        if let stored = values[value.id] {
            guard value != stored, value.supersedes(stored) else { return false }
        }
        values[value.id] = value
        return true
    }

    /// Sets the value of `value.id` whatever the merge rule says (a local change, or its rollback).
    mutating func force(_ value: Entity) -> Bool {
        use(value.id)
        guard values[value.id] != value else { return false }
        values[value.id] = value
        return true
    }

    /// Every entity, the least recently used first: what a persisted table writes, so that a reload keeps the order.
    var valuesByRecency: [Entity] {
        uses[firstUse...].compactMap { use in ticks[use.id] == use.tick ? values[use.id] : nil }
    }

    /// Removes `id`; returns the value it had.
    mutating func remove(_ id: Entity.ID) -> Entity? {
        ticks[id] = nil
        return values.removeValue(forKey: id)
    }

    /// Removes the least recently used entities past the limit, but none that `isPinned` (one a screen observes,
    /// which would otherwise lose it); returns how many went.
    mutating func evictOverflow(sparing isPinned: (Entity.ID) -> Bool) -> Int {
        var evicted = 0
        var budget = uses.count - firstUse
        while values.count > limit, firstUse < uses.count, budget > 0 {
            budget -= 1
            let (id, tick) = uses[firstUse]
            firstUse += 1
            guard ticks[id] == tick else { continue }  // Used again since: a later entry stands for it.
            if isPinned(id) {
                use(id)
                continue
            }
            ticks[id] = nil
            values[id] = nil
            evicted += 1
        }
        compact()
        return evicted
    }

    private mutating func use(_ id: Entity.ID) {
        clock += 1
        ticks[id] = clock
        uses.append((id, clock))
        if uses.count > 4 * max(values.count, 64) { compact() }
    }

    /// Drops the uses that no longer count, once they are most of the list.
    private mutating func compact() {
        guard firstUse > 0 || uses.count > 2 * max(values.count, 64) else { return }
        uses = uses[firstUse...].filter { ticks[$0.id] == $0.tick }
        firstUse = 0
    }
}

/// An `EntityTable` of any entity type.
protocol EntityTableProtocol: Sendable {
    var count: Int { get }
}

/// What one write changed: the identifiers of entities stored or replaced, and of those removed, by type.
struct StoreChanges {
    private(set) var changed: [ObjectIdentifier: Set<AnyHashable>] = [:]

    var isEmpty: Bool { changed.isEmpty }

    /// The entity types with a change.
    var types: Dictionary<ObjectIdentifier, Set<AnyHashable>>.Keys { changed.keys }

    /// How many entities changed.
    var count: Int { changed.values.reduce(0) { $0 + $1.count } }

    mutating func insert<Entity: StorableEntity>(_ type: Entity.Type, _ id: Entity.ID) {
        changed[ObjectIdentifier(type), default: []].insert(AnyHashable(id))
    }

    mutating func formUnion(_ other: StoreChanges) {
        for (key, ids) in other.changed { changed[key, default: []].formUnion(ids) }
    }

    func contains(_ type: ObjectIdentifier, _ id: AnyHashable) -> Bool {
        changed[type]?.contains(id) ?? false
    }

    func ids(of type: ObjectIdentifier) -> Set<AnyHashable> { changed[type] ?? [] }
}
