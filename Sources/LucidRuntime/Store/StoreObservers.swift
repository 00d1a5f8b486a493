import Foundation

/// The observers of a store and what each watches; only used under the store's lock.
struct StoreObservers {
    private var next = 0
    private var observers: [Int: StoreObserver] = [:]
    /// For each entity type and identifier, the observers watching it.
    private var watching: [ObjectIdentifier: [AnyHashable: Set<Int>]] = [:]
    /// The entities some observer watches: never evicted.
    private(set) var pins = StorePins()

    /// Adds `observer`; returns its token for `remove`.
    mutating func add(_ observer: StoreObserver) -> Int {
        next += 1
        observers[next] = observer
        for id in observer.ids {
            watching[observer.type, default: [:]][id, default: []].insert(next)
            pins.add(observer.type, id)
        }
        return next
    }

    /// Forgets the observer of `token` (its loop ended).
    mutating func remove(_ token: Int) {
        guard let observer = observers.removeValue(forKey: token) else { return }
        for id in observer.ids {
            watching[observer.type]?[id]?.remove(token)
            if watching[observer.type]?[id]?.isEmpty == true { watching[observer.type]?[id] = nil }
            pins.remove(observer.type, id)
        }
    }

    /// Gives every observer of a changed entity its new value, once, if it differs from the last it got.
    func notify(of changes: StoreChanges, tables: [ObjectIdentifier: any EntityTableProtocol]) {
        var affected: Set<Int> = []
        for (type, ids) in changes.changed {
            guard let byID = watching[type] else { continue }
            for id in ids { affected.formUnion(byID[id] ?? []) }
        }
        for token in affected.sorted() { observers[token]?.refresh(tables) }
    }

    /// How many observers there are.
    var count: Int { observers.count }
}

/// One observer: what it watches, and how it reads and hands over its value.
final class StoreObserver: @unchecked Sendable {
    // `@unchecked`: only used under the store's lock.
    let type: ObjectIdentifier
    let ids: Set<AnyHashable>
    /// Reads the value from the tables and yields it when it changed.
    let refresh: ([ObjectIdentifier: any EntityTableProtocol]) -> Void

    init<Value: Equatable>(
        type: ObjectIdentifier, ids: Set<AnyHashable>, last: Value,
        read: @escaping ([ObjectIdentifier: any EntityTableProtocol]) -> Value, yield: @escaping (Value) -> Void
    ) {
        self.type = type
        self.ids = ids
        var last = last
        refresh = { tables in
            let value = read(tables)
            guard value != last else { return }
            last = value
            yield(value)
        }
    }
}

/// The entities observers watch, counted: an entity stays while one watches it.
struct StorePins {
    private var counts: [ObjectIdentifier: [AnyHashable: Int]] = [:]

    mutating func add(_ type: ObjectIdentifier, _ id: AnyHashable) {
        counts[type, default: [:]][id, default: 0] += 1
    }

    mutating func remove(_ type: ObjectIdentifier, _ id: AnyHashable) {
        guard let count = counts[type]?[id] else { return }
        counts[type]?[id] = count > 1 ? count - 1 : nil
        if counts[type]?.isEmpty == true { counts[type] = nil }
    }

    func contains(_ type: ObjectIdentifier, _ id: AnyHashable) -> Bool {
        counts[type]?[id] != nil
    }

    /// Whether an observer watches some entity of `type`.
    func watches(_ type: ObjectIdentifier) -> Bool {
        !(counts[type]?.isEmpty ?? true)
    }
}
