import Foundation

extension APIClient {
    /// Queues `resource` with `request` on `queue` under `resource.name`, with `resource.queue` (or default
    /// ``QueueOptions``). Returns the queued request's id.
    ///
    /// What is queued — and, for a persisted request, written to disk — is the request as the resource describes
    /// it (URL for the current environment, body, content type) with its `Idempotency-Key` header
    /// (``QueuedRequest/idempotencyKeyHeader``; a key already among the resource's headers, in any letter case,
    /// is kept), but **no credential and no middleware output**: it keeps the name of its auth scheme, and the
    /// queue's sender adds the credential current when it is sent and runs the middleware then — also for a
    /// request re-sent after a relaunch, so a logout or an account switch is honoured. Every attempt carries the
    /// same key.
    ///
    /// Receive the typed result with ``APIClientQueue/addHandler(for:errorPayload:_:)`` (passing this
    /// client's `errorPayload` to get the same errors `send` throws). Make the queue with
    /// ``APIClientQueue/sending(through:name:directory:maxConcurrent:sleep:)``, so that it sends through this
    /// client: a 401 then refreshes the credential once and retries, as for immediate requests. Neither the
    /// deduplicator nor the cache is used (each queued request has its own idempotency key).
    ///
    /// - Throws: The `APIError` building the request throws (encoding, invalid URL), or — when the queue cannot
    ///   take the request — one whose `underlying` is the queue's error, of kind `.queueDirectoryInUse(path:)`
    ///   when another queue owns the folder (another process, or a second queue on it), `.notQueued(_:)` for a
    ///   persisted request on a queue without directory or a file-system error writing it. The request is then
    ///   not queued.
    @discardableResult
    public func enqueue<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue
    ) async throws(APIError) -> UUID {
        let keyName = QueuedRequest.idempotencyKeyHeader
        var built = try describedRequest(for: resource, with: request, streaming: false)
        // A key the resource set (in any case) is kept; otherwise the request gets a new one.
        if built.headers[keyName] == nil { built.headers[keyName] = UUID().parameterText }
        do {
            return try await queue.enqueue(
                endpoint: resource.name, request: built,
                authScheme: AcceptedAuth(Auth.self).schemes.isEmpty ? nil : Auth.self,
                options: resource.queue ?? QueueOptions())
        } catch {
            let kind: APIError.Kind
            switch error {
            case .directoryInUse(let path): kind = .queueDirectoryInUse(path: path)
            case .noPersistenceDirectory: kind = .notQueued("the queue has no directory to persist the request in")
            case .fileSystem(let path, let message): kind = .notQueued("cannot write \(path): \(message)")
            default: kind = .notQueued(String(describing: error))
            }
            throw APIError(kind, endpoint: resource.name, method: resource.method, url: built.url, underlying: error)
        }
    }
}

extension APIClientQueue {
    /// A queue that sends through `client`: the queue for the requests that `APIClient.enqueue(_:with:on:)`
    /// builds with `client`.
    ///
    /// Each request gets `client`'s current credential for its auth scheme and `client`'s middleware when it is
    /// sent, goes out through `client`'s transport (not its deduplicator or cache), and a 401 refreshes the
    /// credential once and sends it again (``APIClient/send(queued:authScheme:)``). Add typed handlers with
    /// ``addHandler(for:errorPayload:_:)``, passing `client.errorPayload`.
    ///
    /// - Parameters:
    ///   - client: The client whose credentials, middleware and transport send the requests.
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
            name: name, directory: directory, maxConcurrent: maxConcurrent,
            sender: { queued, scheme in try await client.send(queued: queued, authScheme: scheme) }, sleep: sleep)
    }
}
