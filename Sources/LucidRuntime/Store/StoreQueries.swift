import Foundation

/// The identifiers each read's request answered last, in order: what lets a list be read from the store (a page,
/// a search) before the server answers again. Bounded: the least recently remembered go first.
struct StoreQueries {
    /// The requests remembered at most.
    static let limit = 1_000

    private var answers: [String: [AnyHashable]] = [:]
    /// The keys in the order they were last remembered, with stale entries skipped when they come up.
    private var order: [String] = []

    /// The identifiers `key` answered last.
    func ids(of key: String) -> [AnyHashable]? { answers[key] }

    /// Remembers that `key` answered `ids`.
    mutating func remember(_ ids: [AnyHashable], of key: String) {
        answers[key] = ids
        order.append(key)
        if order.count > 2 * Self.limit { compact() }
    }

    /// Drops repeated keys from `order`, then the oldest past the limit.
    private mutating func compact() {
        var seen = Set<String>()
        var kept: [String] = []
        for key in order.reversed() where seen.insert(key).inserted { kept.append(key) }
        for key in kept.dropFirst(Self.limit) { answers[key] = nil }
        order = kept.prefix(Self.limit).reversed()
    }
}

extension EntityStore {
    // MARK: Reads' answers

    /// Remembers the identifiers of `entities`, in order, as what the read `query` (its request, from
    /// `StoreQuery.key(of:)`) answered: a later `entities(answering:)` reads them from the store.
    public func remember<Entity: StorableEntity>(_ entities: [Entity], answering query: String) {
        let key = Entity.storeName + " " + query
        let ids = entities.map { AnyHashable($0.id) }
        withState { $0.queries.remember(ids, of: key) }
    }

    /// The stored entities the read `query` answered last, in order; nil when it was never answered, or when one
    /// of its entities has left the store since (evicted or deleted on the server: only the server knows the list
    /// now). A deleted entity leaves the list (`remove(_:id:)`).
    public func entities<Entity: StorableEntity>(
        _ type: Entity.Type = Entity.self, answering query: String
    )
        -> [Entity]?
    {
        let key = Entity.storeName + " " + query
        return withState { state in
            guard let ids = state.queries.ids(of: key) else { return nil }
            let found: [Entity]? = state.changing(Entity.self, limit: limit) { table in
                var found: [Entity] = []
                found.reserveCapacity(ids.count)
                for case let id as Entity.ID in ids.lazy.map(\.base) {
                    guard let value = table.value(id) else { return nil }
                    found.append(value)
                }
                return found
            }
            return found
        }
    }

    // MARK: Queued writes

    /// Keeps `change` until the queued request `request` is answered (`settle(_:refused:)`): a queued write's
    /// optimistic change, undone when the server refuses it. Kept in memory only: after a relaunch the change
    /// stays as the store last saw it. A request answered before its change was held (the queue may send it at
    /// once) settles the change here.
    public func hold<Entity: StorableEntity>(_ change: StoreChange<Entity>, until request: UUID) {
        let refused = withState { state -> Bool? in
            if let refused = state.settled.take(request) { return refused }
            state.pending[request] = { store in store.rollBack(change) }
            return nil
        }
        if refused == true { rollBack(change) }
    }

    /// The queued request `request` was answered: its held change stays, or, when the server `refused` it, is
    /// rolled back. Returns whether a change was held for it.
    @discardableResult
    public func settle(_ request: UUID, refused: Bool) -> Bool {
        let undo = withState { state in
            guard let undo = state.pending.removeValue(forKey: request) else {
                state.settled.insert(request, refused: refused)
                return nil as (@Sendable (EntityStore) -> Void)?
            }
            return undo
        }
        guard let undo else { return false }
        if refused { undo(self) }
        return true
    }

    /// The queued request `request` ended with `result`: its held change stays when it succeeded, and is rolled
    /// back when it failed (refused, or given up on). Returns whether a change was held for it.
    @discardableResult
    public func settle<Response>(_ request: UUID, with result: Result<Response, APIError>) -> Bool {
        guard case .success = result else { return settle(request, refused: true) }
        return settle(request, refused: false)
    }
}

/// Queued requests answered before their change was held: how each ended, the latest few hundred.
struct SettledRequests {
    static let limit = 256
    private var outcomes: [UUID: Bool] = [:]
    private var order: [UUID] = []

    mutating func insert(_ request: UUID, refused: Bool) {
        outcomes[request] = refused
        order.append(request)
        if order.count > Self.limit { outcomes[order.removeFirst()] = nil }
    }

    /// Whether `request` was refused, forgetting it; nil when it was not answered yet.
    mutating func take(_ request: UUID) -> Bool? {
        outcomes.removeValue(forKey: request)
    }
}

/// What identifies a read's request among the reads of one entity type: the endpoint, its path and its query.
public enum StoreQuery {
    /// The key of `resource`'s request: its name, path and query items, never its headers (where credentials go).
    public static func key<Req, Resp, Auth>(of resource: BackendResource<Req, Resp, Auth>) -> String {
        var key = resource.name + " " + resource.path.template
        for (name, value) in resource.path.parameters.sorted(by: { $0.key < $1.key }) {
            key += " " + name + "=" + value
        }
        for item in resource.query { key += " ?" + item.name + "=" + item.encodedValue }
        return key
    }
}
