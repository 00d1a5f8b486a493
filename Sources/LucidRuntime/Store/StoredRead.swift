import Foundation

/// How a stored read answers: from the store, the network, or the store and then the network.
public enum StoreReadPolicy: Sendable, Hashable, CaseIterable {
    /// Asks the server; its answer goes into the store.
    case network
    /// Answers from the store when it holds the value; asks the server only when it does not.
    case storeFirst
    /// Answers from the store when it holds the value, then with the server's, fresher one.
    case storeThenNetwork
}

/// A business controller's read of stored entities (`readMovie(id:)`, `readDiscover()`): one value, or — with
/// `storeThenNetwork` — the stored one at once and the server's when it arrives.
///
/// `try await read.value` answers the first value; `for try await value in read` every one, in order. Nothing is
/// read until then. Without a store (a controller made without one) every policy asks the server.
public struct StoredRead<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    /// The policy the read follows.
    public let policy: StoreReadPolicy
    private let stored: @Sendable () -> Value?
    private let network: @Sendable () async throws(APIError) -> Value

    /// A read that finds its value in the store with `stored` (nil: not there) and asks the server with `network`
    /// (which puts the answer into the store).
    public init(
        policy: StoreReadPolicy,
        stored: @escaping @Sendable () -> Value?,
        network: @escaping @Sendable () async throws(APIError) -> Value
    ) {
        self.policy = policy
        self.stored = stored
        self.network = network
    }

    /// The first value: the store's when the policy reads it first and the store holds it, else the server's.
    public var value: Value {
        get async throws(APIError) {
            if policy != .network, let value = stored() { return value }
            return try await network()
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(read: self)
    }

    /// Yields the stored value (when the policy reads it and the store holds it), then the server's unless the
    /// stored one answered a `storeFirst` read.
    public struct Iterator: AsyncIteratorProtocol {
        let read: StoredRead
        private var step = 0

        init(read: StoredRead) {
            self.read = read
        }

        public mutating func next() async throws -> Value? {
            defer { step += 1 }
            switch step {
            case 0:
                if read.policy != .network, let value = read.stored() {
                    if read.policy == .storeFirst { step = 1 }  // answered: the next step ends
                    return value
                }
                step = 1
                return try await read.network()
            case 1 where read.policy == .storeThenNetwork:
                return try await read.network()
            default:
                return nil
            }
        }
    }
}

extension StoredRead where Value: StorableEntity {
    /// The read of one stored entity by its identifier, asking the server with `network`.
    public init(
        id: Value.ID,
        policy: StoreReadPolicy,
        store: EntityStore?,
        network: @escaping @Sendable () async throws(APIError) -> Value
    ) {
        self.init(policy: policy, stored: { store?.entity(Value.self, id: id) }, network: network)
    }

    /// The read of the one entity `resource` answers (a `/me`, found by no identifier the call knows).
    public init<Req, Resp, Auth>(
        answering resource: BackendResource<Req, Resp, Auth>,
        policy: StoreReadPolicy,
        store: EntityStore?,
        network: @escaping @Sendable () async throws(APIError) -> Value
    ) {
        let query = StoreQuery.key(of: resource)
        self.init(policy: policy, stored: { store?.entities(Value.self, answering: query)?.first }) {
            () async throws(APIError) -> Value in
            let entity = try await network()
            store?.remember([entity], answering: query)
            return entity
        }
    }
}

extension StoredRead {
    /// The read of the entities `resource` answers, in order: from the store what its request answered last
    /// (`EntityStore.entities(answering:)`), from the server with `network`, whose answer is remembered.
    public init<Entity: StorableEntity, Req, Resp, Auth>(
        answering resource: BackendResource<Req, Resp, Auth>,
        policy: StoreReadPolicy,
        store: EntityStore?,
        network: @escaping @Sendable () async throws(APIError) -> [Entity]
    ) where Value == [Entity] {
        let query = StoreQuery.key(of: resource)
        self.init(policy: policy, stored: { store?.entities(Entity.self, answering: query) }) {
            () async throws(APIError) -> [Entity] in
            let entities = try await network()
            store?.remember(entities, answering: query)
            return entities
        }
    }
}

/// A fetched response, and whether it came from the response cache without asking the server
/// (`APIClient.fetched(_:with:ttl:)`).
public struct Fetched<Response> {
    /// The decoded response.
    public var response: Response
    /// Whether the cache answered, without the server: the response may be older than what a store holds.
    public var isFromCache: Bool

    /// A response, with whether the cache answered it.
    public init(response: Response, isFromCache: Bool) {
        self.response = response
        self.isFromCache = isFromCache
    }
}

extension Fetched: Sendable where Response: Sendable {}

extension EntityStore {
    /// Puts the entities of a fetched response: the server's answer as `put(_:)` does; a cached answer only where
    /// the store holds nothing yet, since it may be older than what the store holds (an optimistic change made
    /// since, a newer answer of another request). Returns how many stored values changed.
    @discardableResult
    public func put<Response: EntityContaining>(_ fetched: Fetched<Response>) -> Int {
        fetched.isFromCache ? fill(fetched.response) : put(fetched.response)
    }
}
