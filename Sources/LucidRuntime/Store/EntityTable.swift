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

    /// Makes room for `count` more entities at once, rather than growing step by step through a large page.
    mutating func reserveCapacity(for count: Int) {
        let needed = values.count + count
        guard needed > values.capacity else { return }
        values.reserveCapacity(min(needed, limit))
        ticks.reserveCapacity(min(needed, limit))
    }

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

/// What one write changed: how many entities, of which types, and — for the types an observer watches — which
/// identifiers (only those are needed to tell observers, and boxing every identifier cost a put of a large page
/// about a fifth of its time).
struct StoreChanges {
    private(set) var changed: [ObjectIdentifier: Set<AnyHashable>] = [:]
    /// The entity types with a change.
    private(set) var types: Set<ObjectIdentifier> = []
    /// How many entities changed.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Counts a change of `id`, and keeps the identifier when `observed`.
    mutating func insert<Entity: StorableEntity>(_ type: Entity.Type, _ id: Entity.ID, observed: Bool = true) {
        let key = ObjectIdentifier(type)
        count += 1
        types.insert(key)
        if observed { changed[key, default: []].insert(AnyHashable(id)) }
    }

    mutating func formUnion(_ other: StoreChanges) {
        for (key, ids) in other.changed { changed[key, default: []].formUnion(ids) }
        types.formUnion(other.types)
        count += other.count
    }
}
