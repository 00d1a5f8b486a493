import Foundation

/// A bounded, in-memory cache of responses, each fresh for a time-to-live from when it was stored.
///
/// Entries are keyed by the full `HTTPRequest` (method, URL, headers, body and timeout), so requests that
/// differ in any of those never share a response. The cache is bounded twice: in entries (`capacity`) and in
/// the bytes of the stored bodies (`maxBytes`), so a few large responses cannot hold on to unbounded memory.
/// Storing evicts least recently used entries until both bounds hold; both storing and reading an entry count
/// as using it. A body larger than `maxBytes` on its own is not stored. An entry past its time-to-live is never
/// returned as fresh. One without a validator is dropped when it is next looked up; one whose response carries a
/// validator (`ETag` or `Last-Modified`) is kept, until evicted, as a candidate for revalidation: `entry(for:)`
/// reports it `.stale`, the request is sent again with `conditionalHeaders(for:)` and, when the server answers
/// `304 Not Modified`, `revalidate(_:with:ttl:)` makes it fresh again without transferring the body (RFC 9111 §4.3).
/// `APIClient.fetch` and `prefetch` do all this. `removeAll()` forgets everything, e.g. at logout so that the next
/// user never sees the previous user's answers.
///
/// Every operation is O(1) on average: a dictionary finds an entry and an index-linked list keeps the
/// entries in order of use.
///
/// ```swift
/// let cache = ResponseCache(capacity: 100, maxBytes: 5 * 1024 * 1024)
/// var conditional = request
/// switch await cache.entry(for: request) {
/// case .fresh(let cached): return cached
/// case .stale(let cached): conditional.headers.merge(ResponseCache.conditionalHeaders(for: cached)) { $1 }
/// case nil: break
/// }
/// let response = try await transport.send(conditional)
/// if response.status == 304, let renewed = await cache.revalidate(request, with: response, ttl: .seconds(30)) {
///     return renewed
/// }
/// await cache.store(response, for: request, ttl: .seconds(30))
/// ```
public actor ResponseCache {
    /// What the cache holds for a request (see `entry(for:)`).
    public enum Entry: Sendable, Hashable {
        /// Within its time-to-live: answer with it.
        case fresh(HTTPResponse)
        /// Past its time-to-live, with a validator: send the request with `conditionalHeaders(for:)` added and, on
        /// a `304 Not Modified`, `revalidate(_:with:ttl:)` it.
        case stale(HTTPResponse)

        /// The stored response, fresh or stale.
        public var response: HTTPResponse {
            switch self {
            case .fresh(let response), .stale(let response): response
            }
        }
    }

    /// One cached response, linked to its neighbours in order of use.
    private struct Node {
        var request: HTTPRequest
        var response: HTTPResponse
        /// The first instant at which the response is no longer fresh.
        var expiry: ContinuousClock.Instant
        /// Whether the response has a validator, so that it is kept past its expiry to be revalidated.
        var revalidatable: Bool
        /// The neighbour used more recently, if any.
        var newer: Int?
        /// The neighbour used less recently, if any.
        var older: Int?
    }

    /// The most entries the cache holds.
    private let capacity: Int
    /// The most body bytes the entries hold together.
    private let maxBytes: Int
    /// The body bytes the entries hold now.
    private var totalBytes = 0
    /// Tells the time; injectable so tests can move it.
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Where each request's node is in `nodes`.
    private var positions: [HTTPRequest: Int] = [:]
    /// The nodes, densely packed (removal moves the last node into the hole), linked in order of use.
    private var nodes: [Node] = []
    /// The most recently used node.
    private var newest: Int?
    /// The least recently used node: the next to be evicted.
    private var oldest: Int?

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - capacity: The most responses the cache holds; storing beyond it evicts the least recently used.
    ///     A capacity of zero or less makes a cache that stores nothing.
    ///   - maxBytes: The most bytes the stored bodies take together (headers are not counted); storing beyond it
    ///     evicts the least recently used until the bodies fit, and a body larger than this is not stored.
    ///     Ten megabytes unless given; zero or less makes a cache that stores only empty bodies.
    ///   - now: The clock the time-to-lives are measured against; the continuous clock unless a test injects
    ///     its own.
    public init(
        capacity: Int = 256, maxBytes: Int = 10 * 1024 * 1024,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.capacity = max(0, capacity)
        self.maxBytes = max(0, maxBytes)
        self.now = now
    }

    /// How many responses the cache holds, including expired ones not yet looked up and stale ones kept for
    /// revalidation.
    public var count: Int {
        nodes.count
    }

    /// How many body bytes the stored responses take together, expired and stale ones included.
    public var byteCount: Int {
        totalBytes
    }

    /// The response stored for `request`, if it is still fresh; marks it as the most recently used.
    ///
    /// An expired response without a validator is removed; one with a validator is kept for `entry(for:)` and
    /// `revalidate(_:with:ttl:)`. Either way `nil` is returned.
    public func response(for request: HTTPRequest) -> HTTPResponse? {
        guard case .fresh(let response) = entry(for: request) else { return nil }
        return response
    }

    /// What is stored for `request`: `.fresh` within its time-to-live (marked as the most recently used), `.stale`
    /// past it when the response has a validator (`ETag` or `Last-Modified`), and `nil` when nothing is stored or
    /// the expired response had no validator (it is removed).
    public func entry(for request: HTTPRequest) -> Entry? {
        guard let position = positions[request] else { return nil }
        guard now() < nodes[position].expiry else {
            if nodes[position].revalidatable { return .stale(nodes[position].response) }
            remove(at: position)
            return nil
        }
        moveToNewest(position)
        return .fresh(nodes[position].response)
    }

    /// Renews what is stored for `request` after the server answered a conditional request with
    /// `notModified` (a `304 Not Modified`): the header fields `notModified` carries replace the stored ones of
    /// the same names (a new `ETag`, say: RFC 9111 §4.3.4), except those that describe the transfer rather than
    /// the response (`Content-Length`, `Content-Encoding`, `Transfer-Encoding` and connection fields), and the
    /// entry is fresh for `ttl` from now and the most recently used. A `ttl` of zero or less removes it instead.
    ///
    /// - Returns: The stored response with the updated headers, to answer with; nil when nothing is stored for
    ///   `request` any more (evicted or removed while the request was out), in which case send it again without
    ///   the conditional headers.
    public func revalidate(_ request: HTTPRequest, with notModified: HTTPResponse, ttl: Duration) -> HTTPResponse? {
        guard let position = positions[request] else { return nil }
        let updated = Self.updating(nodes[position].response, from: notModified)
        guard ttl > .zero else {
            remove(at: position)
            return updated
        }
        nodes[position].response = updated
        nodes[position].expiry = now() + ttl
        nodes[position].revalidatable = Self.hasValidator(updated)
        moveToNewest(position)
        return updated
    }

    /// The header fields that make a request conditional on `response` having changed: `If-None-Match` with its
    /// `ETag` and `If-Modified-Since` with its `Last-Modified` (both when it has both: a server that supports
    /// `ETag` ignores the date, RFC 9110 §13.1.3); empty when it has neither.
    public static func conditionalHeaders(for response: HTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = response.headers["ETag"] { headers["If-None-Match"] = etag }
        if let lastModified = response.headers["Last-Modified"] { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// Stores `response` for `request`, fresh for `ttl` from now, replacing any response already stored for it.
    ///
    /// The entry becomes the most recently used; least recently used entries are evicted until the cache is
    /// within its capacity and its byte limit again. A `ttl` of zero or less, or a body larger than the byte
    /// limit, stores nothing (and drops what was stored for `request`, which would be stale).
    public func store(_ response: HTTPResponse, for request: HTTPRequest, ttl: Duration) {
        guard ttl > .zero, capacity > 0, response.body.count <= maxBytes else {
            if let position = positions[request] { remove(at: position) }
            return
        }
        let expiry = now() + ttl
        if let position = positions[request] {
            totalBytes += response.body.count - nodes[position].response.body.count
            nodes[position].response = response
            nodes[position].expiry = expiry
            nodes[position].revalidatable = Self.hasValidator(response)
            moveToNewest(position)
        } else {
            nodes.append(
                Node(
                    request: request, response: response, expiry: expiry,
                    revalidatable: Self.hasValidator(response), newer: nil, older: nil))
            let position = nodes.count - 1
            positions[request] = position
            totalBytes += response.body.count
            linkAsNewest(position)
        }
        evictUntilWithinBounds()
    }

    /// Removes every stored response (at logout, say, so that the next user never sees the previous user's).
    public func removeAll() {
        positions.removeAll()
        nodes.removeAll()
        newest = nil
        oldest = nil
        totalBytes = 0
    }

    /// Whether `response` can be revalidated: it has an `ETag` or a `Last-Modified`.
    private static func hasValidator(_ response: HTTPResponse) -> Bool {
        !conditionalHeaders(for: response).isEmpty
    }

    /// Header fields of a `304` that say how it was transferred, not what the stored response is: they are not
    /// copied into the stored response (RFC 9111 §3.2 and §3.1).
    private static let transferHeaders: Set<String> = [
        "connection", "content-encoding", "content-length", "keep-alive", "proxy-connection", "te",
        "transfer-encoding", "upgrade",
    ]

    /// `stored` with the header fields of `notModified` replacing its own of the same names, in any letter case.
    private static func updating(_ stored: HTTPResponse, from notModified: HTTPResponse) -> HTTPResponse {
        var updated = stored
        for (name, value) in notModified.headers where !transferHeaders.contains(name.lowercased()) {
            updated.headers[name] = value
        }
        return updated
    }

    /// Evicts the least recently used entries until both the capacity and the byte limit hold. The newest entry
    /// always fits on its own (`store` checked its size), so it is never the one evicted.
    private func evictUntilWithinBounds() {
        while nodes.count > capacity || totalBytes > maxBytes, let oldest, oldest != newest {
            remove(at: oldest)
        }
    }

    // MARK: - The list

    /// Makes the node at `position` the most recently used.
    private func moveToNewest(_ position: Int) {
        guard newest != position else { return }
        unlink(position)
        linkAsNewest(position)
    }

    /// Puts the (unlinked) node at `position` at the newest end of the list.
    private func linkAsNewest(_ position: Int) {
        nodes[position].newer = nil
        nodes[position].older = newest
        if let newest {
            nodes[newest].newer = position
        } else {
            oldest = position
        }
        newest = position
    }

    /// Takes the node at `position` out of the list, joining its neighbours.
    private func unlink(_ position: Int) {
        let newer = nodes[position].newer
        let older = nodes[position].older
        if let newer {
            nodes[newer].older = older
        } else {
            newest = older
        }
        if let older {
            nodes[older].newer = newer
        } else {
            oldest = newer
        }
        nodes[position].newer = nil
        nodes[position].older = nil
    }

    /// Removes the node at `position`, filling the hole with the last node so `nodes` stays dense.
    private func remove(at position: Int) {
        unlink(position)
        totalBytes -= nodes[position].response.body.count
        positions[nodes[position].request] = nil
        let last = nodes.count - 1
        if position != last {
            nodes.swapAt(position, last)
            // The moved node's neighbours (which the unlink above no longer pointed at `position`) and the
            // list ends now have to find it at `position`.
            positions[nodes[position].request] = position
            if let newer = nodes[position].newer {
                nodes[newer].older = position
            } else {
                newest = position
            }
            if let older = nodes[position].older {
                nodes[older].newer = position
            } else {
                oldest = position
            }
        }
        nodes.removeLast()
    }
}
