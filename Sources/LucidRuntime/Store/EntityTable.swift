import Foundation

/// The entities of one type in a store, with their recency: the least recently put or read goes first once the
/// table holds more than its limit.
///
/// The entities sit in `slots`, linked from the least to the most recently used; `index` finds an entity's slot.
/// A put of an entity the table holds is one hash lookup, a comparison and a few links moved: no identifier is
/// hashed twice, nothing is appended (a first version kept a separate recency list of identifiers and ticks: three
/// hash operations a put, half the put's time).
struct EntityTable<Entity: StorableEntity>: EntityTableProtocol {
    let limit: Int
    private var index: [Entity.ID: Int] = [:]
    private var slots: [Slot] = []
    /// Slots of removed entities, for the next new ones.
    private var free: [Int] = []
    /// The least and the most recently used slot; -1 when the table is empty.
    private var oldest = -1
    private var newest = -1

    private struct Slot {
        var value: Entity?
        var older = -1
        var newer = -1
    }

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { index.count }

    /// The slots in use or free (for tests: bounded by the most entities held at once).
    var slotCount: Int { slots.count }

    /// Makes room for `count` more entities at once, rather than growing step by step through a large page.
    mutating func reserveCapacity(for count: Int) {
        let needed = min(index.count + count, limit + count)
        guard needed > index.capacity else { return }
        index.reserveCapacity(needed)
        slots.reserveCapacity(needed)
    }

    /// The entity `id`, marked as used.
    mutating func value(_ id: Entity.ID) -> Entity? {
        guard let slot = index[id] else { return nil }
        touch(slot)
        return slots[slot].value
    }

    /// The entity `id`, its recency left alone (for observers).
    func peek(_ id: Entity.ID) -> Entity? { index[id].flatMap { slots[$0].value } }

    /// Keeps `value` unless the stored one wins by the merge rule; returns whether the stored value changed.
    mutating func put(_ value: Entity) -> Bool {
        guard let slot = index[value.id] else {
            insert(value)
            return true
        }
        touch(slot)
        guard let stored = slots[slot].value, value != stored, value.supersedes(stored) else { return false }
        slots[slot].value = value
        return true
    }

    /// Keeps `value` when the table holds no value of its identifier; returns whether it did.
    mutating func add(_ value: Entity) -> Bool {
        guard index[value.id] == nil else { return false }
        insert(value)
        return true
    }

    /// Sets the value of `value.id` whatever the merge rule says (a local change, or its rollback).
    mutating func force(_ value: Entity) -> Bool {
        guard let slot = index[value.id] else {
            insert(value)
            return true
        }
        touch(slot)
        guard slots[slot].value != value else { return false }
        slots[slot].value = value
        return true
    }

    /// Every entity, the least recently used first: what a persisted table writes, so that a reload keeps the order.
    var valuesByRecency: [Entity] {
        var values: [Entity] = []
        values.reserveCapacity(index.count)
        var slot = oldest
        while slot >= 0 {
            if let value = slots[slot].value { values.append(value) }
            slot = slots[slot].newer
        }
        return values
    }

    /// Removes `id`; returns the value it had.
    mutating func remove(_ id: Entity.ID) -> Entity? {
        guard let slot = index.removeValue(forKey: id) else { return nil }
        let value = slots[slot].value
        unlink(slot)
        slots[slot].value = nil
        free.append(slot)
        return value
    }

    /// Removes the least recently used entities past the limit, but none that `isPinned` (one a screen observes,
    /// which would otherwise lose it); returns how many went.
    mutating func evictOverflow(sparing isPinned: (Entity.ID) -> Bool) -> Int {
        var evicted = 0
        var budget = index.count  // each entity looked at once at most: a table of pinned ones ends
        while index.count > limit, oldest >= 0, budget > 0 {
            budget -= 1
            let slot = oldest
            guard let id = slots[slot].value?.id else { break }
            if isPinned(id) {
                touch(slot)
                continue
            }
            _ = remove(id)
            evicted += 1
        }
        return evicted
    }

    private mutating func insert(_ value: Entity) {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = Slot(value: value)
        } else {
            slot = slots.count
            slots.append(Slot(value: value))
        }
        index[value.id] = slot
        link(slot)
    }

    /// Makes `slot` the most recently used.
    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(slot)
    }

    /// Links `slot` as the most recently used.
    private mutating func link(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }

    private mutating func unlink(_ slot: Int) {
        let (older, newer) = (slots[slot].older, slots[slot].newer)
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else { newest = older }
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
