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
    /// Values read from the response's headers (`headers`): `ETag`, `Link`, rate limits.
    public var headers: [ResponseHeader] = []
    /// An empty body or a 204 answers `nil` instead of failing (`optional: true`).
    public var optional = false
    /// For a plain `date` response (or a list of them): how the date is written (`format`; ISO 8601 by default).
    public var dateFormat: DateFormat?
    /// Where the `response` value is written (the endpoint's name when `response` is omitted).
    public var location: SourceLocation
    /// Where the type or entity name was written.
    var nameLocation: SourceLocation?
    /// Where `optional` and `format` were written, when they were.
    var optionalLocation: SourceLocation?
    var formatLocation: SourceLocation?

    private enum CodingKeys: String, CodingKey {
        case baseKey, body, metadata, excludedPaths, headers, optional, dateFormat, location
    }

    /// Encodes the dump's shape; `headers`, `optional` and `dateFormat` only when set, so responses that use none
    /// of them dump as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseKey, forKey: .baseKey)
        try container.encode(body, forKey: .body)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(excludedPaths, forKey: .excludedPaths)
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        if optional { try container.encode(optional, forKey: .optional) }
        try container.encodeIfPresent(dateFormat, forKey: .dateFormat)
        try container.encode(location, forKey: .location)
    }

    /// An empty or ignored body: `response: none`, or `response` omitted.
    public static func none(at location: SourceLocation) -> ResponseDescription {
        ResponseDescription(baseKey: [], body: .none, metadata: [], excludedPaths: [], location: location)
    }
}

/// A value read from a response header (`response: { headers: { etag: { type: string, key: ETag } } }`).
public struct ResponseHeader: Sendable, Hashable, Encodable {
    /// What a header holds: a scalar parsed from its text, or RFC 8288 links (`links`).
    public enum HeaderType: Sendable, Hashable, Encodable, CustomStringConvertible {
        case scalar(ScalarType)
        /// A `Link` header parsed into its relations (`next`, `prev`, `first`, `last`).
        case links

        /// The scalars a header can hold (`ScalarFacts.inHeaders`): text, numbers, booleans, dates, durations,
        /// URLs and UUIDs.
        public static let scalars: [ScalarType] = ScalarType.allCases.filter(\.facts.inHeaders)

        /// The spec spelling: `string`, `links`.
        public var description: String {
            switch self {
            case .scalar(let scalar): return scalar.rawValue
            case .links: return "links"
            }
        }

        /// Encodes the spec spelling, for `lucid-gen dump`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// The member's name (its key under `headers`).
    public var name: String
    /// The header's name on the wire (`key`; the member's name by default), matched case-insensitively.
    public var key: String
    /// What the header holds.
    public var type: HeaderType
    /// The header may be missing (`nullable: true`, or a trailing `?` on the type).
    public var nullable: Bool
    /// For a `date` header: how it is written (`format`; ISO 8601 by default).
    public var dateFormat: DateFormat?
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// Where the header's name is written.
    public var location: SourceLocation
    /// Where the type was written.
    var typeLocation: SourceLocation?
    /// Where `format` was written, when it was.
    var formatLocation: SourceLocation?

    private enum CodingKeys: String, CodingKey { case name, key, type, nullable, dateFormat, description, location }
}

/// Where entities sit in a payload and in what shape.
public struct EntityPayload: Sendable, Hashable, Encodable {
    /// The `structure`: one entity, an array of entities, an array of items that each hold one entity under
    /// `key` (`nested_array`, as Lucid reads it), or an array of items that each hold an array under `key`,
    /// joined (`flattened_arrays`).
    public enum Structure: String, Sendable, Hashable, Encodable, CaseIterable {
        case single, array
        case nestedArray = "nested_array"
        case flattenedArrays = "flattened_arrays"

        /// Whether the payload is a list of items that each hold what `key` names (`nested_array`,
        /// `flattened_arrays`): `key` is then read inside each item, not inside the payload.
        public var readsKeyInsideItems: Bool { self == .nestedArray || self == .flattenedArrays }
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
