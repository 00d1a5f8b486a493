import Foundation

/// Sends requests in order, retries them, and keeps the important ones on disk until answered
/// (seed: lucid-client, "Request Queueing").
///
/// - **Ordering.** Requests are started in enqueue order. ``QueueOptions/Order/concurrent`` requests run in
///   parallel, at most `maxConcurrent` at a time. A ``QueueOptions/Order/barrier`` request starts only once
///   everything enqueued before it has finished, and nothing enqueued after it starts until it has finished.
///   A request holds its slot while it waits to be retried, and until its handlers have returned.
/// - **Retries.** A failure listed in ``QueueOptions/retry`` (`TransportError.network`,
///   `TransportError.timedOut`, or a listed HTTP status) is retried after `backoff * 2^(attempt - 1)` seconds,
///   through the injected `sleep`, until ``QueueOptions/maxAttempts`` attempts were made; then the queue gives
///   up and reports ``APIClientQueueError/attemptsExhausted(attempts:lastResponse:lastError:)``.
/// - **Persistence.** A ``QueueOptions/persist`` request is written to `directory` (one file, atomically)
///   before ``enqueue(endpoint:request:options:)`` returns and therefore before it is sent. Its file is removed
///   once the request is answered: any HTTP response that is not retried. A request the queue gave up on, or
///   that failed otherwise, keeps its file, and ``resumePersisted()`` sends it again after a relaunch. Delivery
///   is at-least-once; every attempt carries the same `Idempotency-Key` header so the server can drop repeats.
/// - **Results.** Each request's final result goes to every handler added with ``addHandler(_:)``, once.
public actor APIClientQueue {
    /// Receives a request's final result: the response that ended it, or why it failed.
    public typealias ResponseHandler = @Sendable (QueuedRequest, Result<HTTPResponse, any Error>) async -> Void

    /// The queue's name, for logs.
    public nonisolated let name: String
    /// Where persisted requests are kept; nil: requests cannot be persisted.
    public nonisolated let directory: URL?
    /// How many requests run at once, at most.
    public nonisolated let maxConcurrent: Int

    private let send: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let sleep: @Sendable (Duration) async throws -> Void
    private let store: QueueStore?

    private var nextSequence: UInt64
    /// Waiting to start, in enqueue (sequence) order.
    private var pending: [QueuedRequest] = []
    /// Started and not finished, with whether each is a barrier.
    private var running: [UUID: QueueOptions.Order] = [:]
    /// Ids of pending and running requests, so `resumePersisted` does not start one twice.
    private var known: Set<UUID> = []
    private var handlers: [ResponseHandler] = []
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Makes a queue.
    ///
    /// - Parameters:
    ///   - name: The queue's name, for logs.
    ///   - directory: Where requests marked ``QueueOptions/persist`` are kept (created when needed); nil for a
    ///     queue that persists nothing (enqueuing a persisted request then throws).
    ///   - maxConcurrent: How many concurrent requests may be in flight at once (at least 1).
    ///   - send: Sends one request over the wire, typically `HTTPTransport.send`.
    ///   - sleep: Waits between attempts; injected so that tests need not wait.
    public init(
        name: String,
        directory: URL?,
        maxConcurrent: Int = 4,
        send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.name = name
        self.directory = directory
        self.maxConcurrent = max(1, maxConcurrent)
        self.send = send
        self.sleep = sleep
        let store = directory.map { QueueStore(directory: $0) }
        self.store = store
        // Continue after the requests a previous run left on disk, so that new files sort after them.
        self.nextSequence = store?.largestSequence().map { $0 &+ 1 } ?? 0
    }

    /// Registers `handler`, which receives the final result of every request finishing from now on.
    public func addHandler(_ handler: @escaping ResponseHandler) {
        handlers.append(handler)
    }

    /// Queues `request` for `endpoint` and returns its id; the request is sent when its turn comes.
    ///
    /// The request gets an `Idempotency-Key` header (kept if it already has one). When `options.persist` is set,
    /// the request is on disk when this returns.
    ///
    /// - Throws: ``APIClientQueueError/noPersistenceDirectory(endpoint:)`` for a persisted request on a queue
    ///   without directory, or the file system's error when the request cannot be written; the request is then
    ///   not queued.
    @discardableResult
    public func enqueue(endpoint: String, request: HTTPRequest, options: QueueOptions) async throws -> UUID {
        var request = request
        let key = request.headers[QueuedRequest.idempotencyKeyHeader] ?? UUID().uuidString
        request.headers[QueuedRequest.idempotencyKeyHeader] = key
        let queued = QueuedRequest(
            endpoint: endpoint, request: request, options: options, sequence: nextSequence, idempotencyKey: key)
        if options.persist {
            guard let store else { throw APIClientQueueError.noPersistenceDirectory(endpoint: endpoint) }
            try store.write(queued)
        }
        nextSequence &+= 1
        insert(queued)
        pump()
        return queued.id
    }

    /// Queues again, in their original order, the persisted requests found in `directory` that this queue is
    /// not already handling: after a relaunch, the requests that were not answered. Returns once they are
    /// queued, not once they are sent (see ``waitUntilIdle()``).
    public func resumePersisted() async {
        guard let store else { return }
        let requests = store.load()
        for request in requests where !known.contains(request.id) {
            insert(request)
            if request.sequence >= nextSequence { nextSequence = request.sequence &+ 1 }
        }
        pump()
    }

    /// Returns once no request is waiting or running.
    public func waitUntilIdle() async {
        if pending.isEmpty && running.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// How many requests are waiting or running.
    public var count: Int { pending.count + running.count }

    // MARK: - Scheduling

    /// Puts `request` among the pending ones by sequence (resumed requests go before newer ones).
    private func insert(_ request: QueuedRequest) {
        known.insert(request.id)
        let index = pending.lastIndex { $0.sequence <= request.sequence }.map { $0 + 1 } ?? 0
        pending.insert(request, at: index)
    }

    /// Starts every pending request whose turn has come.
    private func pump() {
        while let next = pending.first {
            if running.values.contains(.barrier) { break }
            switch next.options.order {
            case .barrier:
                guard running.isEmpty else { return }
            case .concurrent:
                guard running.count < maxConcurrent else { return }
            }
            pending.removeFirst()
            running[next.id] = next.options.order
            Task { await self.perform(next) }
        }
        resumeIdleWaitersIfIdle()
    }

    private func resumeIdleWaitersIfIdle() {
        guard pending.isEmpty, running.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Sends `queued` until it is answered or the queue gives up, then reports and frees its slot.
    private func perform(_ queued: QueuedRequest) async {
        let result = await attempt(queued)
        if queued.options.persist, let store, case .success = result {
            store.remove(queued)
        }
        for handler in handlers {
            await handler(queued, result)
        }
        running[queued.id] = nil
        known.remove(queued.id)
        pump()
    }

    /// Sends `queued`, retrying what its options say to retry. A success is an HTTP response that is not retried.
    private func attempt(_ queued: QueuedRequest) async -> Result<HTTPResponse, any Error> {
        let options = queued.options
        let maxAttempts = max(1, options.maxAttempts)
        var attempt = 1
        while true {
            let retryable: Bool
            let lastResponse: HTTPResponse?
            let lastError: (any Error)?
            do {
                let response = try await send(queued.request)
                retryable = options.retry.contains(.status(response.status))
                if !retryable { return .success(response) }
                (lastResponse, lastError) = (response, nil)
            } catch let error as TransportError {
                switch error {
                case .network: retryable = options.retry.contains(.network)
                case .timedOut: retryable = options.retry.contains(.timeout)
                case .cancelled: retryable = false
                }
                if !retryable { return .failure(error) }
                (lastResponse, lastError) = (nil, error)
            } catch {
                return .failure(error)
            }
            guard attempt < maxAttempts else {
                return .failure(
                    APIClientQueueError.attemptsExhausted(
                        attempts: attempt, lastResponse: lastResponse, lastError: lastError))
            }
            do {
                try await sleep(Self.delay(backoff: options.backoff, afterAttempt: attempt))
            } catch {
                return .failure(error)
            }
            attempt += 1
        }
    }

    /// The wait after failed attempt `attempt` (1-based): `backoff * 2^(attempt - 1)` seconds.
    static func delay(backoff: Double, afterAttempt attempt: Int) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        return .seconds(max(0, backoff) * pow(2, exponent))
    }
}
