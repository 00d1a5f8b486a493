import Foundation

/// Sends requests in order, retries them, and keeps the important ones on disk until their result is delivered.
///
/// - **Ordering.** Requests are started in enqueue order. ``QueueOptions/Order/concurrent`` requests run in
///   parallel, at most `maxConcurrent` at a time. A ``QueueOptions/Order/barrier`` request starts only once
///   everything enqueued before it has finished, and nothing enqueued after it starts until it has finished.
///   A request holds its slot while it waits to be retried, and until its handlers have returned.
/// - **Credentials at sending time.** A request is queued (and persisted) without credential and without
///   middleware output; the sender adds the credential of its auth scheme *current when it is sent* — after a
///   logout, an account switch or a relaunch too — and a 401 refreshes the credential once and retries
///   (``sending(through:name:directory:maxConcurrent:sleep:)``).
/// - **Retries.** A failure listed in ``QueueOptions/retry`` (`TransportError.network`,
///   `TransportError.timedOut`, or a listed HTTP status) is retried after `backoff * 2^(attempt - 1)` seconds —
///   or after the response's `Retry-After` when that is longer (at most ``maxRetryAfter``) — through the
///   injected `sleep`, until ``QueueOptions/maxAttempts`` attempts were made; then the queue gives up and reports
///   ``APIClientQueueError/attemptsExhausted(attempts:lastResponse:lastError:)``.
/// - **Exactly one result.** Each request's final result — the response that ended it, or the failure the queue
///   gave up with (for a persisted request, one the server answered: a persisted request that never reached the
///   server waits on disk for the next ``resumePersisted()`` instead) — goes once to every handler of its endpoint (``addHandler(endpoints:_:)``); then a persisted
///   request's file is removed. While no handler listens for the endpoint the result waits
///   (``waitingResults(endpoints:)``): in memory, and for a persisted request that was answered, in its file, so a
///   relaunch delivers the answer instead of sending the write again. A persisted request that cannot be sent yet
///   (no credential, scheme not registered) stays on disk, waits, and is tried again by the next
///   ``resumePersisted()`` (or, waiting for its scheme, when ``register(_:)`` registers it). Delivery to the server is
///   at-least-once (a crash between sending and removing the file sends it again after a relaunch); every
///   attempt carries the same `Idempotency-Key` header so the server can drop repeats.
/// - **Persistence.** A ``QueueOptions/persist`` request is on disk before ``enqueue(endpoint:request:authScheme:options:)``
///   returns and therefore before it is sent. See `QueueStore` for the file format, protection and the
///   directory lock (one queue per directory: a second gets ``APIClientQueueError/directoryInUse(path:)``).
/// - **The app's controls.** ``entries()`` lists what the queue holds (``waitingResults(endpoints:)`` the results
///   no handler has taken yet), ``cancel(_:)`` drops one request and
///   ``purge()`` drops them all, on disk too (at logout). Cancelled requests deliver no result.

public actor APIClientQueue {
    /// Receives a request's final result: the response that ended it, or why it failed.
    public typealias ResponseHandler = @Sendable (QueuedRequest, Result<HTTPResponse, any Error>) async -> Void
    /// Puts one queued request on the wire with the current credential of its auth scheme (nil: none).
    public typealias Sender = @Sendable (QueuedRequest, (any AuthScheme.Type)?) async throws -> HTTPResponse

    /// The longest `Retry-After` the queue honours; a server asking for more is retried after this.
    public static let maxRetryAfter: Duration = .seconds(15 * 60)

    /// The queue's name, for logs.
    public nonisolated let name: String
    /// Where persisted requests are kept; nil: requests cannot be persisted.
    public nonisolated let directory: URL?
    /// How many requests run at once, at most.
    public nonisolated let maxConcurrent: Int

    private let send: Sender
    private let sleep: @Sendable (Duration) async throws -> Void
    private let store: QueueStore?

    /// The next sequence number; nil until the directory's files were looked at.
    private var nextSequence: UInt64?
    /// Waiting to start, in enqueue (sequence) order.
    private var pending: [QueuedRequest] = []
    /// Started and not finished.
    private var running: [UUID: Running] = [:]
    /// Persisted requests that cannot be sent until the next `resumePersisted()` (or, for those whose auth scheme
    /// was not registered, until `register(_:)` registers it), and why.
    private var waiting: [UUID: (request: QueuedRequest, reason: String)] = [:]
    /// The requests among `waiting` that wait for their auth scheme to be registered.
    private var waitingForScheme: Set<UUID> = []
    /// Finished requests whose result waits for a handler of their endpoint.
    private var undelivered: [(request: QueuedRequest, result: Result<HTTPResponse, any Error>)] = []
    /// Ids of every request above, so `resumePersisted` does not take one twice.
    private var known: Set<UUID> = []
    /// Running requests cancelled by the app: their results are dropped.
    private var cancelled: Set<UUID> = []
    private var handlers: [(endpoints: Set<String>?, handle: ResponseHandler)] = []
    private var issueHandlers: [@Sendable (QueueIssue) async -> Void] = []
    private var authSchemes: [String: any AuthScheme.Type] = [:]
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    private struct Running {
        var request: QueuedRequest
        var task: Task<Void, Never>?
    }

    /// Makes a queue whose `sender` adds credentials when it sends (see ``sending(through:name:directory:maxConcurrent:sleep:)``).
    ///
    /// - Parameters:
    ///   - name: The queue's name, for logs.
    ///   - directory: Where requests marked ``QueueOptions/persist`` are kept (created when needed, mode 0700);
    ///     nil for a queue that persists nothing (enqueuing a persisted request then throws).
    ///   - maxConcurrent: How many concurrent requests may be in flight at once (at least 1).
    ///   - sender: Sends one request with the current credential of its scheme.
    ///   - sleep: Waits between attempts; injected so that tests need not wait.
    public init(
        name: String,
        directory: URL?,
        maxConcurrent: Int = 4,
        sender: @escaping Sender,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.name = name
        self.directory = directory
        self.maxConcurrent = max(1, maxConcurrent)
        self.send = sender
        self.sleep = sleep
        self.store = directory.map { QueueStore(directory: $0) }
        if directory == nil { nextSequence = 0 }
    }

    /// Makes a queue that sends each request as it is, through `send` (its requests carry no auth scheme).
    public init(
        name: String,
        directory: URL?,
        maxConcurrent: Int = 4,
        send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(
            name: name, directory: directory, maxConcurrent: maxConcurrent,
            sender: { queued, _ in try await send(queued.request) },
            sleep: sleep)
    }

    // MARK: - Handlers and schemes

    /// Registers `handler` for every endpoint: it receives the final result of every request finishing from now
    /// on, and at once those that finished while no handler listened.
    public func addHandler(_ handler: @escaping ResponseHandler) async {
        handlers.append((nil, handler))
        await deliverWaitingResults()
    }

    /// Registers `handler` for the requests of `endpoints` (resource names): it receives their final results from
    /// now on, and at once those that finished while no handler of theirs listened.
    public func addHandler(endpoints: Set<String>, _ handler: @escaping ResponseHandler) async {
        handlers.append((endpoints, handler))
        await deliverWaitingResults()
    }

    /// Receives what the queue could not do with a file or a request (see ``QueueIssue``), from now on.
    public func addIssueHandler(_ handler: @escaping @Sendable (QueueIssue) async -> Void) {
        issueHandlers.append(handler)
    }

    /// Lets the queue send requests of `schemes` after a relaunch: a persisted request names its scheme
    /// (``AuthScheme/name``), and the sender needs the type to ask for the current credential. Generated response
    /// routers register theirs in `attach(to:)`; `APIClient.enqueue` registers the scheme of what it queues.
    /// Persisted requests that were waiting for one of these schemes (resumed before it was registered) are queued
    /// again at once.
    public func register(_ schemes: [any AuthScheme.Type]) {
        for scheme in schemes { authSchemes[scheme.name] = scheme }
        let ready = waitingForScheme.compactMap { waiting[$0]?.request }.filter { request in
            request.authScheme.map { authSchemes[$0] != nil } ?? true
        }
        guard !ready.isEmpty else { return }
        for request in ready.sorted(by: { $0.sequence < $1.sequence }) {
            waiting[request.id] = nil
            waitingForScheme.remove(request.id)
            insert(request)
        }
        pump()
    }

    // MARK: - Enqueueing

    /// Queues `request` for `endpoint` and returns its id; the request is sent when its turn comes, with the
    /// current credential of `authScheme` added then.
    ///
    /// The request gets an `Idempotency-Key` header (kept if it already has one). When `options.persist` is set,
    /// the request is on disk when this returns. Pass the request without credential: it is persisted as given.
    ///
    /// - Throws: ``APIClientQueueError/noPersistenceDirectory(endpoint:)`` for a persisted request on a queue
    ///   without directory, ``APIClientQueueError/directoryInUse(path:)`` when another queue owns the directory,
    ///   or ``APIClientQueueError/fileSystem(path:message:)``; the request is then not queued.
    @discardableResult
    public func enqueue(
        endpoint: String, request: HTTPRequest, authScheme: (any AuthScheme.Type)? = nil, options: QueueOptions
    ) async throws(APIClientQueueError) -> UUID {
        if options.persist, store == nil { throw .noPersistenceDirectory(endpoint: endpoint) }
        var request = request
        let key = request.headers[QueuedRequest.idempotencyKeyHeader] ?? UUID().parameterText
        request.headers[QueuedRequest.idempotencyKeyHeader] = key
        if let authScheme { register([authScheme]) }
        let sequence = try await takeSequence()
        let queued = QueuedRequest(
            endpoint: endpoint, request: request, authScheme: authScheme?.name, options: options, sequence: sequence,
            idempotencyKey: key)
        if options.persist, let store { try await store.write(queued) }
        insert(queued)
        pump()
        return queued.id
    }

    /// The next sequence number, after those of the files an earlier run left.
    private func takeSequence() async throws(APIClientQueueError) -> UInt64 {
        if nextSequence == nil, let store {
            let largest = try await store.largestSequence()
            if nextSequence == nil { nextSequence = largest.map { $0 + 1 } ?? 0 }
        }
        let sequence = nextSequence ?? 0
        nextSequence = sequence + 1
        return sequence
    }

    /// Queues again, in their original order, the persisted requests in `directory` that this queue is not
    /// already handling — after a relaunch, those not yet delivered — and the requests that were waiting for a
    /// credential or a scheme. Requests already answered are not sent again: their answers go to the handlers.
    /// Returns once they are queued, not once they are sent (see ``waitUntilIdle()``), with what was set aside
    /// and what could not be read now.
    ///
    /// A request file that cannot be read now (``QueueIssue/unreadableForNow(file:reason:)``: no permission, or
    /// data protection before the first unlock after a restart) is left where it is and read by a later call;
    /// requests that could be read do not wait for it, so it is sent after them.
    ///
    /// - Throws: ``APIClientQueueError/directoryInUse(path:)`` when another queue owns the directory, or
    ///   ``APIClientQueueError/fileSystem(path:message:)``.
    @discardableResult
    public func resumePersisted() async throws(APIClientQueueError) -> [QueueIssue] {
        guard let store else { return [] }
        let (requests, issues) = try await store.load()
        for (request, _) in waiting.values.sorted(by: { $0.request.sequence < $1.request.sequence }) {
            insert(request)
        }
        waiting = [:]
        waitingForScheme = []
        for request in requests where !known.contains(request.id) {
            if let answer = request.answer {
                known.insert(request.id)
                undelivered.append((request, Self.result(of: request, answeredWith: answer)))
            } else {
                insert(request)
            }
            if request.sequence >= nextSequence ?? 0 { nextSequence = request.sequence + 1 }
        }
        for issue in issues { await report(issue) }
        await deliverWaitingResults()
        pump()
        return issues
    }

    // MARK: - The app's controls

    /// Every request the queue holds — pending, being sent, waiting, or answered with the answer waiting for a
    /// handler — in enqueue order.
    public func entries() -> [QueueEntry] {
        var entries = pending.map { QueueEntry(request: $0, state: .pending) }
        entries += running.values.map { QueueEntry(request: $0.request, state: .sending) }
        entries += waiting.values.map { QueueEntry(request: $0.request, state: .waiting(reason: $0.reason)) }
        entries += undelivered.map { QueueEntry(request: $0.request, state: .answered) }
        return entries.sorted { $0.request.sequence < $1.request.sequence }
    }

    /// The requests that finished while no handler of their endpoint listened — answered, or given up on — and
    /// whose result waits for one, in enqueue order; only those of `endpoints` (resource names) when given.
    ///
    /// A result waits until a handler of its endpoint is added (``addHandler(endpoints:_:)``, a generated router's
    /// `attach(to:)` with a handling that sets the endpoint's closure), which receives it at once. A persisted
    /// request's answer waits on disk too: after a relaunch, ``resumePersisted()`` lists it here again without
    /// sending the request a second time. ``QueuedRequest/answer`` holds the server's answer (its status, headers
    /// and body; the last one when retries were exhausted), nil when there was none. An endpoint no handler ever
    /// takes keeps its results: ``cancel(_:)`` drops one, ``purge()`` all.
    public func waitingResults(endpoints: Set<String>? = nil) -> [QueueEntry] {
        undelivered.filter { endpoints?.contains($0.request.endpoint) ?? true }
            .map { QueueEntry(request: $0.request, state: .answered) }
            .sorted { $0.request.sequence < $1.request.sequence }
    }

    /// Drops request `id` — from the queue and from disk; one being sent is cancelled and its result dropped.
    /// Returns false when the queue does not hold it.
    @discardableResult
    public func cancel(_ id: UUID) async -> Bool {
        guard let request = drop(id) else { return false }
        if request.options.persist { await store?.remove(request) }
        pump()
        return true
    }

    /// Drops every request, cancelling those being sent, and deletes every request file in the directory — also
    /// those of earlier runs not resumed yet: what an app does at logout, so the next user's session sends none of
    /// the previous user's writes. Returns how many request files were deleted.
    @discardableResult
    public func purge() async throws(APIClientQueueError) -> Int {
        for id in known { _ = drop(id) }
        let removed = try await store?.removeAll() ?? 0
        pump()
        return removed
    }

    /// Removes `id` from wherever it is held; a running request's task is cancelled and its result will be
    /// dropped. Returns the request.
    private func drop(_ id: UUID) -> QueuedRequest? {
        if let index = pending.firstIndex(where: { $0.id == id }) {
            known.remove(id)
            return pending.remove(at: index)
        }
        if let entry = waiting.removeValue(forKey: id) {
            known.remove(id)
            waitingForScheme.remove(id)
            return entry.request
        }
        if let index = undelivered.firstIndex(where: { $0.request.id == id }) {
            known.remove(id)
            return undelivered.remove(at: index).request
        }
        if let entry = running[id] {
            cancelled.insert(id)
            entry.task?.cancel()
            return entry.request
        }
        return nil
    }

    /// Releases the directory, so that another queue — in this process or the next — can own it. The queue keeps
    /// what it holds in memory; its next persistence operation takes the directory again (or fails with
    /// ``APIClientQueueError/directoryInUse(path:)`` if another queue owns it by then). A queue that is released
    /// from memory releases its directory too.
    public func close() async {
        await store?.release()
    }

    /// Returns once no request is waiting for its turn or running.
    public func waitUntilIdle() async {
        if pending.isEmpty && running.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// How many requests are pending or running.
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
            if running.values.contains(where: { $0.request.options.order == .barrier }) { break }
            switch next.options.order {
            case .barrier:
                guard running.isEmpty else { return }
            case .concurrent:
                guard running.count < maxConcurrent else { return }
            }
            pending.removeFirst()
            running[next.id] = Running(request: next)
            running[next.id]?.task = Task { await self.perform(next) }
        }
        resumeIdleWaitersIfIdle()
    }

    private func resumeIdleWaitersIfIdle() {
        guard pending.isEmpty, running.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Sends `queued` until it is answered, the queue gives up, or it must wait; then delivers and frees its slot.
    private func perform(_ queued: QueuedRequest) async {
        let outcome = await attempt(queued)
        if cancelled.remove(queued.id) != nil {
            // Cancelled by the app, which already removed its file.
        } else {
            switch outcome {
            case .finished(let result):
                await deliver(queued, result)
            case .waiting(let reason, let forScheme):
                waiting[queued.id] = (queued, reason)
                if forScheme { waitingForScheme.insert(queued.id) }
                await report(.waiting(id: queued.id, endpoint: queued.endpoint, reason: reason))
            }
        }
        running[queued.id] = nil
        if waiting[queued.id] == nil, !undelivered.contains(where: { $0.request.id == queued.id }) {
            known.remove(queued.id)
        }
        pump()
    }

    /// Hands `result` to the handlers of `queued`'s endpoint, then removes its file; keeps it (the answer on disk)
    /// while no handler listens.
    private func deliver(_ queued: QueuedRequest, _ result: Result<HTTPResponse, any Error>) async {
        let listening = handlers.filter { $0.endpoints?.contains(queued.endpoint) ?? true }
        guard !listening.isEmpty else {
            var answered = queued
            if let response = Self.answer(in: result) {
                answered.answer = response
                if queued.options.persist, let store { try? await store.write(answered) }
            }
            undelivered.append((answered, result))
            return
        }
        for handler in listening { await handler.handle(queued, result) }
        if queued.options.persist { await store?.remove(queued) }
    }

    /// Delivers the results that waited for a handler and now have one.
    private func deliverWaitingResults() async {
        let ready = undelivered.filter { entry in
            handlers.contains { $0.endpoints?.contains(entry.request.endpoint) ?? true }
        }
        guard !ready.isEmpty else { return }
        let ids = Set(ready.map(\.request.id))
        undelivered.removeAll { ids.contains($0.request.id) }
        for (request, result) in ready {
            await deliver(request, result)
            known.remove(request.id)
        }
    }

    /// The server's answer a final result carries: the response, or the last one of exhausted retries.
    private static func answer(in result: Result<HTTPResponse, any Error>) -> HTTPResponse? {
        switch result {
        case .success(let response): response
        case .failure(APIClientQueueError.attemptsExhausted(_, let response?, _)): response
        case .failure: nil
        }
    }

    /// The final result a persisted answer stands for: a status the request retries on was the last of exhausted
    /// retries, any other the response that ended it.
    private static func result(
        of request: QueuedRequest, answeredWith answer: HTTPResponse
    ) -> Result<HTTPResponse, any Error> {
        guard request.options.retry.contains(.status(answer.status)) else { return .success(answer) }
        let attempts = max(1, request.options.maxAttempts)
        return .failure(APIClientQueueError.attemptsExhausted(attempts: attempts, lastResponse: answer, lastError: nil))
    }

    private func report(_ issue: QueueIssue) async {
        for handler in issueHandlers { await handler(issue) }
    }

    // MARK: - Attempts

    /// How an attempt to send a request ended.
    private enum Outcome {
        /// With a final result.
        case finished(Result<HTTPResponse, any Error>)
        /// Without sending: the request must wait (persisted) for the reason given; `forScheme` when the reason is
        /// that its auth scheme is not registered.
        case waiting(String, forScheme: Bool = false)
    }

    /// Sends `queued`, retrying what its options say to retry. A success is an HTTP response that is not retried.
    private func attempt(_ queued: QueuedRequest) async -> Outcome {
        var scheme: (any AuthScheme.Type)?
        if let name = queued.authScheme {
            scheme = authSchemes[name]
            if scheme == nil {
                let reason = "its auth scheme \(name) is not registered (add the response router or a handler first)"
                if queued.options.persist { return .waiting(reason, forScheme: true) }
                return .finished(.failure(APIClientQueueError.unknownAuthScheme(name)))
            }
        }
        let options = queued.options
        let maxAttempts = max(1, options.maxAttempts)
        var attempt = 1
        while true {
            let retryable: Bool
            let lastResponse: HTTPResponse?
            let lastError: (any Error)?
            do {
                let response = try await send(queued, scheme)
                retryable = options.retry.contains(.status(response.status))
                if !retryable { return .finished(.success(response)) }
                (lastResponse, lastError) = (response, nil)
            } catch let error as TransportError {
                switch error {
                case .network: retryable = options.retry.contains(.network)
                case .timedOut: retryable = options.retry.contains(.timeout)
                case .cancelled: retryable = false
                }
                if !retryable { return Self.unsent(queued, error) }
                (lastResponse, lastError) = (nil, error)
            } catch let error as APIError where error.kind == .missingCredential && options.persist {
                return .waiting("no credential for \(queued.authScheme ?? "its auth scheme")")
            } catch {
                return .finished(.failure(error))
            }
            guard attempt < maxAttempts else {
                let exhausted = APIClientQueueError.attemptsExhausted(
                    attempts: attempt, lastResponse: lastResponse, lastError: lastError)
                return lastResponse == nil ? Self.unsent(queued, exhausted) : .finished(.failure(exhausted))
            }
            do {
                try await sleep(Self.delay(backoff: options.backoff, afterAttempt: attempt, response: lastResponse))
            } catch {
                return .finished(.failure(error))
            }
            attempt += 1
        }
    }

    /// The outcome of a request that never reached the server (network down, timeout): a persisted one waits on
    /// disk for the next ``resumePersisted()`` — its write is not given up — and one in memory fails.
    private static func unsent(_ queued: QueuedRequest, _ error: any Error) -> Outcome {
        queued.options.persist ? .waiting("not sent: \(error)") : .finished(.failure(error))
    }

    /// The wait after failed attempt `attempt` (1-based): `backoff * 2^(attempt - 1)` seconds, or the response's
    /// `Retry-After` when that is longer (capped at ``maxRetryAfter``).
    static func delay(backoff: Double, afterAttempt attempt: Int, response: HTTPResponse? = nil) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        let backoffDelay = Duration.seconds(max(0, backoff) * pow(2, exponent))
        guard let requested = response.flatMap({ RetryAfter($0) }) else { return backoffDelay }
        return max(backoffDelay, min(requested.delay, maxRetryAfter))
    }
}
