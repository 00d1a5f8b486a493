/// How a response body is read: where the payload sits, what it holds, and what is read beside it.
public struct ResponseDescription: Sendable, Hashable, Encodable {
    /// What the payload holds: nothing, a plain value (`type`) or entities (`entity`).
    public enum Body: Sendable, Hashable, Encodable {
        /// An empty body (or one that is ignored).
        case none
        /// A plain value decoded at `baseKey`.
        case type(TypeReference)
        /// Entities read from the payload.
        case entity(EntityPayload)

        private enum CodingKeys: String, CodingKey { case type, entity }

        /// Encodes the dump's tagged shape: `"none"`, `{"type": T}` or `{"entity": {...}}`.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .none:
                var container = encoder.singleValueContainer()
                try container.encode("none")
            case .type(let type):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(type, forKey: .type)
            case .entity(let payload):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(payload, forKey: .entity)
            }
        }
    }

    /// The key path from the body's root to the payload (empty: the root itself).
    public var baseKey: [String]
    /// What is read at `baseKey`.
    public var body: Body
    /// Values read from the payload beside the entities (`total_pages`).
    public var metadata: [Property]
    /// Key paths inside the payload that are skipped when reading it.
    public var excludedPaths: [[String]]
    /// Where the `response` value is written (the endpoint's name when `response` is omitted).
    public var location: SourceLocation
    /// Where the type or entity name was written.
    var nameLocation: SourceLocation?

    private enum CodingKeys: String, CodingKey { case baseKey, body, metadata, excludedPaths, location }

    /// An empty or ignored body: `response: none`, or `response` omitted.
    public static func none(at location: SourceLocation) -> ResponseDescription {
        ResponseDescription(baseKey: [], body: .none, metadata: [], excludedPaths: [], location: location)
    }
}

/// Where entities sit in a payload and in what shape.
public struct EntityPayload: Sendable, Hashable, Encodable {
    /// The `structure`: one entity, an array of entities, or an array of items that each hold an
    /// array under `key` (`nested_array`).
    public enum Structure: String, Sendable, Hashable, Encodable, CaseIterable {
        case single, array
        case nestedArray = "nested_array"
    }

    /// The entity's name (`name`, or the whole value in the `entity: movie` shorthand).
    public var entity: String
    /// The key path inside the payload (nil: the payload itself is the entity or the array).
    public var keyPath: [String]?
    /// The shape of what sits at `keyPath` (`single` by default).
    public var structure: Structure
    /// The entity (or array) may be null.
    public var nullable: Bool
    /// Items that fail to decode are dropped and reported (`failable_items`, on by default).
    public var failableItems: Bool
}

/// Options of a request sent through the request queue.
public struct QueueOptions: Sendable, Hashable, Encodable {
    /// How the request is ordered in the queue: beside others, or as a barrier.
    public enum Order: String, Sendable, Hashable, Encodable, CaseIterable {
        case concurrent, barrier
    }

    /// A failure that makes a queued request retry: `network`, `timeout` or an HTTP status (400–599).
    public enum RetryCondition: Sendable, Hashable, Encodable, CustomStringConvertible {
        case network, timeout
        case status(Int)

        /// The spec spelling: `network`, `timeout` or the status code.
        public var description: String {
            switch self {
            case .network: return "network"
            case .timeout: return "timeout"
            case .status(let code): return String(code)
            }
        }

        /// Encodes the spec spelling, a status as an integer, for `lucid-gen dump`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if case .status(let code) = self { try container.encode(code) } else { try container.encode(description) }
        }
    }

    /// How the request is ordered in the queue (`order`; `concurrent` by default).
    public var order: Order
    /// Written to disk before it is sent and re-sent after a relaunch until answered.
    public var persist: Bool
    /// The conditions that retry the request (`retry`, or `retry.on`); empty for no retries.
    public var retry: [RetryCondition]
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// Seconds before the first retry; each later retry waits twice as long.
    public var backoff: Double
}

/// Response caching for a GET endpoint (fetch answers from the cache while fresh; prefetch fills it).
public struct CacheOptions: Sendable, Hashable, Encodable {
    /// Seconds a cached response stays fresh.
    public var ttl: Double
}
