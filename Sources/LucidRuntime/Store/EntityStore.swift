import Foundation

/// Entities by type and identifier, shared by every screen: what a response decoded puts in, what an observer sees
/// change (issue 41).
///
/// - **One value per entity.** `put` keeps each entity of a response (nested ones included, through
///   `EntityContaining`) by its identifier; a value replaces the stored one when its merge rule says so
///   (`StorableEntity.supersedes`: arrival order, or a version compared), so a late, stale response never
///   overwrites a fresher value.
/// - **Bounded.** Each type keeps at most `limit` entities (10,000 unless told): past it the least recently put or
///   read go, except those an observer watches.
/// - **Observed.** `observe(_:id:)` and `observe(_:ids:)` answer `AsyncSequence`s that yield the current value at
///   once and then each new one, coalesced (a slow observer gets the latest value, not every step between). An
///   observer whose loop ends, or whose task is cancelled, is released.
/// - **Local changes.** `update(_:id:_:)` and `remove(_:id:)` change the store at once (an optimistic rating, a
///   delete) and answer a `StoreChange` that `rollBack(_:)` undoes when the server refuses — unless a newer value
///   came meanwhile, which stays.
///
/// Thread-safe: every method may be called from any task; observers get their values in the order of the writes.
public final class EntityStore: @unchecked Sendable {
    // `@unchecked`: `state` is only touched inside `withState`, under `lock`. Not a `LockedValue`: an update's
    // closure (not `Sendable`) runs on the state, which `LockedValue`'s `sending` regions would refuse.
    /// The entities kept per type by default.
    public static let defaultLimit = 10_000

    /// The most entities kept per type.
    public let limit: Int

    private let lock = NSLock()
    private var state = State()

    struct State {
        var tables: [ObjectIdentifier: any EntityTableProtocol] = [:]
        var observers = StoreObservers()
        /// The identifiers each read's request answered last (`remember(_:answering:)`).
        var queries = StoreQueries()
        /// What to undo when a queued write is refused, by the queued request's id (`hold(_:until:)`).
        var pending: [UUID: @Sendable (EntityStore) -> Void] = [:]
        /// Queued writes answered before their change was held.
        var settled = SettledRequests()
        /// For each persisted type, what makes a snapshot of its table to write.
        var persisted: [ObjectIdentifier: @Sendable (any EntityTableProtocol) -> (@Sendable () throws -> Void)?] =
            [:]
    }

    private let writer: StoreWriter

    /// An empty store keeping at most `limit` entities of each type.
    ///
    /// - Parameters:
    ///   - limit: The most entities of one type; past it, the least recently put or read go (never one observed).
    ///   - writeFailed: Told why a persisted table could not be written (a full disk); the store keeps
    ///     working in memory and writes again at the next change.
    public init(limit: Int = EntityStore.defaultLimit, writeFailed: @escaping @Sendable (String) -> Void = { _ in }) {
        self.limit = max(1, limit)
        self.writer = StoreWriter(failed: writeFailed)
    }

    /// Runs `body` with the state, under the lock.
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    // MARK: Writing

    /// Puts every entity `value` holds (a response: its items, their nested entities); returns how many stored
    /// values changed.
    @discardableResult
    public func put(_ value: some EntityContaining) -> Int {
        put(EntityBatch(value))
    }

    /// Puts the entities of `batch`; returns how many stored values changed.
    @discardableResult
    public func put(_ batch: EntityBatch) -> Int {
        put(batch, replacing: true)
    }

    /// Puts the entities `value` holds that the store does not hold yet, leaving those it holds as they are: what
    /// an answer that may be older than the store (a cached response) adds. Returns how many entities came in.
    @discardableResult
    public func fill(_ value: some EntityContaining) -> Int {
        put(EntityBatch(value), replacing: false)
    }

    private func put(_ batch: EntityBatch, replacing: Bool) -> Int {
        guard !batch.isEmpty else { return 0 }
        return withState { state in
            var changes = StoreChanges()
            for entities in batch.entitiesByType {
                changes.formUnion(
                    entities.put(
                        into: &state.tables, limit: limit, pinned: state.observers.pins, replacing: replacing))
            }
            state.observers.notify(of: changes, tables: state.tables)
            schedulePersisting(changes.types, of: state)
            return changes.count
        }
    }

    /// Changes the stored entity `id` at once (an optimistic write), whatever its merge rule says; nil when the
    /// store does not hold it. Roll the answer back (`rollBack(_:)`) when the server refuses the change. `change`
    /// runs under the store's lock, so that no other write comes between the read and the write: it must not call
    /// the store.
    @discardableResult
    public func update<Entity: StorableEntity>(
        _ type: Entity.Type = Entity.self, id: Entity.ID, _ change: (inout Entity) -> Void
    ) -> StoreChange<Entity>? {
        write(Entity.self) { table in
            guard let before = table.peek(id) else { return (nil, nil) }
            var after = before
            change(&after)
            return (StoreChange(id: id, before: before, after: after), table.force(after) ? id : nil)
        }
    }

    /// Puts `value` at once, whatever its merge rule says (an optimistic write of a whole entity, the body of an
    /// update); answers the change, which `rollBack(_:)` undoes when the server refuses it.
    @discardableResult
    public func overwrite<Entity: StorableEntity>(_ value: Entity) -> StoreChange<Entity> {
        write(Entity.self) { table in
            let before = table.peek(value.id)
            return (StoreChange(id: value.id, before: before, after: value), table.force(value) ? value.id : nil)
        }
    }

    /// Removes the entity `id` (a delete): it leaves every list observed; nil when the store did not hold it.
    @discardableResult
    public func remove<Entity: StorableEntity>(
        _ type: Entity.Type = Entity.self, id: Entity.ID
    ) -> StoreChange<Entity>? {
        write(Entity.self) { table in
            guard let before = table.remove(id) else { return (nil, nil) }
            return (StoreChange(id: id, before: before, after: nil), id)
        }
    }

    /// Undoes `change` (the server refused it): the entity gets its value from before again, or comes back after a
    /// delete — unless a newer value was put meanwhile (the store no longer holds what the change wrote), which
    /// stays. Returns whether it was undone.
    @discardableResult
    public func rollBack<Entity: StorableEntity>(_ change: StoreChange<Entity>) -> Bool {
        write(Entity.self) { table in
            guard table.peek(change.id) == change.after else { return (false, nil) }
            let changed = if let before = change.before { table.force(before) } else { table.remove(change.id) != nil }
            return (true, changed ? change.id : nil)
        }
    }

    /// Runs `body` on the table of `Entity`; it answers its result and the entity it changed, whose observers are
    /// told before the lock is let go, so that they see the writes in order.
    private func write<Entity: StorableEntity, Result>(
        _ type: Entity.Type, _ body: (inout EntityTable<Entity>) -> (Result, changed: Entity.ID?)
    ) -> Result {
        withState { state in
            let (result, changed) = state.changing(Entity.self, limit: limit, body)
            if let changed {
                var changes = StoreChanges()
                changes.insert(Entity.self, changed)
                state.observers.notify(of: changes, tables: state.tables)
                schedulePersisting([ObjectIdentifier(Entity.self)], of: state)
            }
            return result
        }
    }

    // MARK: Persisting

    /// Keeps the entities of `type` on disk in `directory` (`<storeName>.entities.json`): loads what the file holds
    /// now (without replacing what the store already has), then writes the table after every change, off the
    /// caller's thread and coalesced, each time a whole new file renamed over the last, so that a process killed
    /// mid-write leaves the file before or after, never a mix. Entities only: no request, credential or header is
    /// written. Returns how the file was loaded: a file that is corrupt, of a newer format or unreadable now is
    /// `.discarded` with the reason, and the table starts empty.
    @discardableResult
    public func persist<Entity: StorableEntity & Codable>(_ type: Entity.Type, in directory: URL) -> StoreLoad {
        let (values, outcome) = StoreFile<Entity>.read(from: directory)
        withState { state in
            let key = ObjectIdentifier(Entity.self)
            state.persisted[key] = { table in
                guard let table = table as? EntityTable<Entity> else { return nil }
                let values = table.valuesByRecency
                return { try StoreFile<Entity>.write(values, to: directory) }
            }
            var changes = StoreChanges()
            state.changing(Entity.self, limit: limit) { table in
                for value in values where table.peek(value.id) == nil && table.put(value) {
                    changes.insert(Entity.self, value.id)
                }
                _ = table.evictOverflow { _ in false }
            }
            state.observers.notify(of: changes, tables: state.tables)
        }
        return outcome
    }

    /// Waits until every change so far is on disk (the persisted tables' pending writes are done).
    public func flush() async {
        await writer.drain()
    }

    /// Asks the writer for a snapshot of each persisted table among `types`.
    private func schedulePersisting(_ types: some Sequence<ObjectIdentifier>, of state: State) {
        for key in types {
            guard let snapshot = state.persisted[key], let table = state.tables[key], let write = snapshot(table)
            else { continue }
            writer.schedule(key, write)
        }
    }

    // MARK: Reading

    /// The stored entity `id`, or nil.
    public func entity<Entity: StorableEntity>(_ type: Entity.Type = Entity.self, id: Entity.ID) -> Entity? {
        withState { state in state.changing(Entity.self, limit: limit) { $0.value(id) } }
    }

    /// The stored entities of `ids`, in that order, without those the store does not hold.
    public func entities<Entity: StorableEntity>(_ type: Entity.Type = Entity.self, ids: [Entity.ID]) -> [Entity] {
        withState { state in
            state.changing(Entity.self, limit: limit) { table in ids.compactMap { table.value($0) } }
        }
    }

    /// How many entities of `type` the store holds.
    public func count<Entity: StorableEntity>(of type: Entity.Type) -> Int {
        withState { $0.tables[ObjectIdentifier(type)]?.count ?? 0 }
    }

    /// How many observers are registered (for tests: a cancelled one goes).
    var observerCount: Int {
        withState { $0.observers.count }
    }

    /// How many slots the table of `type` has, used or free (for tests: bounded).
    func tableSlotCount<Entity: StorableEntity>(of type: Entity.Type) -> Int {
        withState { ($0.tables[ObjectIdentifier(type)] as? EntityTable<Entity>)?.slotCount ?? 0 }
    }

    // MARK: Observing

    /// The entity `id` now (nil when the store does not hold it) and each time it changes, coalesced.
    public func observe<Entity: StorableEntity>(
        _ type: Entity.Type = Entity.self, id: Entity.ID
    ) -> EntityObservation<Entity?> {
        observation(of: Entity.self, ids: [id]) { table in table?.peek(id) }
    }

    /// The stored entities of `ids` (a list's or a search's, in order) now and each time one of them changes or
    /// goes, coalesced; those the store does not hold are left out.
    public func observe<Entity: StorableEntity>(
        _ type: Entity.Type = Entity.self, ids: [Entity.ID]
    ) -> EntityObservation<[Entity]> {
        observation(of: Entity.self, ids: ids) { table in ids.compactMap { table?.peek($0) } }
    }

    private func observation<Entity: StorableEntity, Value: Sendable & Equatable>(
        of type: Entity.Type, ids: [Entity.ID], read: @escaping @Sendable (EntityTable<Entity>?) -> Value
    ) -> EntityObservation<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = ObjectIdentifier(Entity.self)
        let token = withState { state in
            let current = read(state.tables[key] as? EntityTable<Entity>)
            continuation.yield(current)
            return state.observers.add(
                StoreObserver(type: key, ids: Set(ids.map(AnyHashable.init)), last: current) { tables in
                    read(tables[key] as? EntityTable<Entity>)
                } yield: {
                    continuation.yield($0)
                })
        }
        continuation.onTermination = { [weak self] _ in
            self?.withState { $0.observers.remove(token) }
        }
        return EntityObservation(stream)
    }
}

extension EntityStore.State {
    /// Runs `body` on the table of `Entity` (a new one when there is none), taken out of `tables` meanwhile so
    /// that it is changed in place, not copied.
    mutating func changing<Entity: StorableEntity, Result>(
        _ type: Entity.Type, limit: Int, _ body: (inout EntityTable<Entity>) -> Result
    ) -> Result {
        let key = ObjectIdentifier(type)
        var table = tables.removeValue(forKey: key) as? EntityTable<Entity> ?? EntityTable(limit: limit)
        defer { tables[key] = table }
        return body(&table)
    }
}

/// A local change to one entity (`EntityStore.update` or `remove`): what to restore if the server refuses it.
public struct StoreChange<Entity: StorableEntity>: Sendable {
    /// The entity changed.
    public let id: Entity.ID
    /// Its value before the change.
    public let before: Entity?
    /// Its value after the change; nil for a removal.
    public let after: Entity?
}

/// Values an `EntityStore` observer sees: the current one at once, then each new one, coalesced. Ends when the
/// iterating task is cancelled; the store then forgets the observer.
public struct EntityObservation<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    private let stream: AsyncStream<Value>

    init(_ stream: AsyncStream<Value>) {
        self.stream = stream
    }

    public func makeAsyncIterator() -> AsyncStream<Value>.Iterator {
        stream.makeAsyncIterator()
    }
}
