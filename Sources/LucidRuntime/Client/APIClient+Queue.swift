import Foundation

extension APIClient {
    /// Builds the request for `resource` exactly as ``send(_:with:)`` would send it now — URL for the current
    /// environment, body, content type, credential, every middleware — and queues it on `queue` under
    /// `resource.name`, with `resource.queue` (or default ``QueueOptions``). Returns the queued request's id.
    ///
    /// The request gets its `Idempotency-Key` header (``QueuedRequest/idempotencyKeyHeader``) *before* the
    /// middleware runs, so that a middleware that signs or logs requests sees it; a key already among the
    /// resource's headers (in any letter case) is kept. Every attempt and every re-send after a relaunch
    /// carries the same key.
    ///
    /// Receive the typed result with ``APIClientQueue/addHandler(for:errorPayload:_:)`` (passing this
    /// client's `errorPayload` to get the same errors `send` throws). The queue sends with its own `send`
    /// closure: make it this client's transport, e.g. with ``APIClientQueue/sending(through:name:directory:maxConcurrent:sleep:)``.
    ///
    /// What differs from ``send(_:with:)``: the credential is the one current at enqueue time (a persisted
    /// request re-sent after a relaunch carries it too), a 401 is not refreshed and retried, and neither the
    /// deduplicator nor the cache is used (each queued request has its own idempotency key).
    ///
    /// - Throws: The `APIError` building the request throws (encoding, invalid URL, missing credential,
    ///   middleware), or — when the queue cannot take the request (a persisted request on a queue without
    ///   directory, or a file-system error writing it) — an `APIError` of kind `.encoding` whose `underlying`
    ///   is the queue's error. The request is then not queued.
    @discardableResult
    public func enqueue<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue
    ) async throws(APIError) -> UUID {
        let keyName = QueuedRequest.idempotencyKeyHeader
        func isKey(_ name: String) -> Bool { name.caseInsensitiveCompare(keyName) == .orderedSame }

        var keyed = resource
        if !keyed.headers.keys.contains(where: isKey) {
            keyed.headers[keyName] = UUID().uuidString
        }
        var built = try await self.request(for: keyed, with: request)
        // The queue looks the key up by its exact name: bring a differently cased one (from the resource or a
        // middleware) under that name, so the request does not go out with two keys.
        if built.headers[keyName] == nil, let variant = built.headers.keys.first(where: isKey) {
            built.headers[keyName] = built.headers.removeValue(forKey: variant)
        }

        do {
            return try await queue.enqueue(
                endpoint: resource.name, request: built, options: resource.queue ?? QueueOptions())
        } catch {
            throw APIError(
                .encoding("could not queue the request: \(error)"), endpoint: resource.name, method: resource.method,
                url: built.url, underlying: error)
        }
    }
}

extension APIClientQueue {
    /// A queue that sends through `client`'s transport: the queue for the requests that
    /// `APIClient.enqueue(_:with:on:)` builds with `client`.
    ///
    /// The queue only needs a way to put a finished request on the wire; the client already built it (URL,
    /// body, credential, middleware), so its transport is all that is used — not its deduplicator or cache,
    /// and no 401 refresh. Add typed handlers with ``addHandler(for:errorPayload:_:)``, passing
    /// `client.errorPayload`.
    ///
    /// - Parameters:
    ///   - client: The client whose transport sends the requests.
    ///   - name: The queue's name, for logs.
    ///   - directory: Where persisted requests are kept; nil for a queue that persists nothing.
    ///   - maxConcurrent: How many concurrent requests may be in flight at once.
    ///   - sleep: Waits between attempts.
    public static func sending(
        through client: APIClient,
        name: String,
        directory: URL?,
        maxConcurrent: Int = 4,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) -> APIClientQueue {
        APIClientQueue(
            name: name, directory: directory, maxConcurrent: maxConcurrent, send: client.transport.send, sleep: sleep)
    }
}
