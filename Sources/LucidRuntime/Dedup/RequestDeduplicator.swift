/// Shares one network call among identical requests that are in flight at the same time.
///
/// Two requests are identical when they are equal `HTTPRequest`s: same method, URL, headers, body and
/// timeout. The first caller of ``perform(_:using:)`` starts the call; every identical request that arrives
/// before that call finishes waits for it instead of sending again, and all of them get the same response or
/// the same error. Once the call finishes its entry is dropped, so a later identical request sends again;
/// nothing is cached (see ``ResponseCache`` for that).
///
/// Cancellation is per caller. A caller whose task is cancelled stops waiting at once and gets a
/// `CancellationError`, while the shared call carries on for the others. Only when every waiting caller has
/// cancelled is the shared call itself cancelled (its task is cancelled, which `send` sees as usual).
///
/// ```swift
/// let deduplicator = RequestDeduplicator()
/// let response = try await deduplicator.perform(request, using: transport.send)
/// ```
public actor RequestDeduplicator {
    // An actor for its callers (`await deduplicator.inFlightCount`), but its state is behind a lock rather than
    // isolated to it: `perform` then never hops onto the actor and back, and the shared call reports its outcome
    // without hopping either.

    /// One shared call and the callers waiting for it. A class so that adding and removing waiters mutates in
    /// place; its fields are read and written only under the deduplicator's lock.
    private final class Entry: @unchecked Sendable {
        /// Runs `send` once and hands its outcome to the waiters; nil until it is started.
        var task: Task<Void, Never>?
        /// Whether every caller stopped waiting (the entry is gone): a task started after that is cancelled.
        var abandoned = false
        /// The callers still waiting, by waiter id.
        var waiters: [UInt64: CheckedContinuation<HTTPResponse, any Error>] = [:]
    }

    /// A request with its hash worked out once. Hashing a request hashes its URL, every header and the body, and a
    /// call looks its entry up several times (start, each caller, finish).
    private struct Key: Hashable, Sendable {
        let request: HTTPRequest
        let hash: Int

        init(_ request: HTTPRequest) {
            self.request = request
            hash = request.hashValue
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.request == rhs.request
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private struct State {
        /// The calls in flight, keyed by their request.
        var entries: [Key: Entry] = [:]
        /// The source of waiter ids.
        var nextID: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// Creates a deduplicator with no calls in flight.
    public init() {}

    /// How many distinct requests are being sent right now (identical requests count once).
    public var inFlightCount: Int {
        state.withLock { $0.entries.count }
    }

    /// How many callers are waiting for the in-flight call for `request` (zero when there is none).
    ///
    /// Package-only, for tests that need to know every caller has joined before they let the call finish.
    package func waiterCount(for request: HTTPRequest) -> Int {
        let key = Key(request)
        return state.withLock { $0.entries[key]?.waiters.count ?? 0 }
    }

    /// Sends `request` with `send`, unless an identical request is already in flight, in which case it waits
    /// for that call and returns its outcome.
    ///
    /// - Parameters:
    ///   - request: The request to send. Requests are deduplicated when they are equal.
    ///   - send: What sends a request, usually `HTTPTransport.send`. Called at most once per batch of identical
    ///     in-flight requests, on a task of its own (not the caller's), so one caller's cancellation does not
    ///     reach it. Where the runtime has immediate tasks (Swift 6.2: Linux, macOS and iOS 26) that task starts on
    ///     the first caller's thread, up to its first suspension, instead of waiting for a thread of its own.
    /// - Returns: The response of the shared call.
    /// - Throws: The error of the shared call, which every waiting caller gets; or `CancellationError` when the
    ///   calling task is cancelled (already on entry, or while waiting).
    public nonisolated func perform(
        _ request: HTTPRequest,
        using send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let key = Key(request)
        let waiterID = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let newEntry = state.withLock { state -> Entry? in
                    if let entry = state.entries[key] {
                        entry.waiters[waiterID] = continuation
                        return nil
                    }
                    let entry = Entry()
                    entry.waiters[waiterID] = continuation
                    state.entries[key] = entry
                    return entry
                }
                // A cancellation that came before the waiter was registered found nothing to cancel: see to it here
                // (the flag is set before the handler runs, so one of the two finds the waiter).
                if Task.isCancelled { cancelWaiter(waiterID, key: key) }
                // Unless every caller already stopped waiting for it.
                if let newEntry { startCall(newEntry, for: key, using: send) }
            }
        } onCancel: {
            cancelWaiter(waiterID, key: key)
        }
    }

    /// Starts the one call of `send` for `entry`, which reports to the entry's waiters when it ends; cancelled at
    /// once, or not started, when they have all stopped waiting.
    private nonisolated func startCall(
        _ entry: Entry, for key: Key, using send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        guard !state.withLock({ _ in entry.abandoned }) else { return }
        let work: @Sendable () async -> Void = {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await send(key.request))
            } catch {
                result = .failure(error)
            }
            self.finish(entry, for: key, with: result)
        }
        let task: Task<Void, Never>
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Runs on this thread until `send` first suspends (the transport waits for the network), rather than
            // waking another thread to start it while this one goes idle. `send` is nonisolated, and so is this.
            task = Task.immediate(operation: work)  // portability: ok (inside #available)
        } else {
            task = Task(operation: work)
        }
        #else
        task = Task(operation: work)
        #endif
        // Every caller may have stopped waiting meanwhile, before the task was there to cancel.
        let abandoned = state.withLock { _ in
            entry.task = task
            return entry.abandoned
        }
        if abandoned { task.cancel() }
    }

    /// Hands the outcome of a call to every caller still waiting for it and forgets the call.
    private nonisolated func finish(_ entry: Entry, for key: Key, with result: Result<HTTPResponse, any Error>) {
        let waiters = state.withLock { state in
            // An entry abandoned by all its callers was already removed (and maybe replaced by a newer call).
            if !entry.abandoned { state.entries[key] = nil }
            defer { entry.waiters = [:] }
            return entry.waiters
        }
        for continuation in waiters.values {
            continuation.resume(with: result)
        }
    }

    /// Stops one caller from waiting; cancels the shared call when it was the last one.
    private nonisolated func cancelWaiter(_ waiterID: UInt64, key: Key) {
        let (continuation, abandonedTask) = state.withLock {
            state -> (CheckedContinuation<HTTPResponse, any Error>?, Task<Void, Never>?) in
            // Not there: the call finished first (the caller already has its outcome), or the waiter is not
            // registered yet (then `perform` sees the cancellation when it is).
            guard let entry = state.entries[key], let continuation = entry.waiters.removeValue(forKey: waiterID)
            else { return (nil, nil) }
            guard entry.waiters.isEmpty else { return (continuation, nil) }
            state.entries[key] = nil
            entry.abandoned = true
            return (continuation, entry.task)
        }
        continuation?.resume(throwing: CancellationError())
        abandonedTask?.cancel()
    }
}
