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
    /// One shared call and the callers waiting for it. A class so that adding and removing waiters mutates in
    /// place; it never leaves the actor.
    private final class Entry {
        /// Tells this call apart from a later one for the same request, so a late completion or cancellation
        /// of an abandoned call cannot touch its successor.
        let id: UInt64
        /// Runs `send` once and reports its result back to the actor.
        var task: Task<Void, Never>?
        /// The callers still waiting, by waiter id.
        var waiters: [UInt64: CheckedContinuation<HTTPResponse, any Error>] = [:]

        init(id: UInt64) {
            self.id = id
        }
    }

    /// A request with its hash worked out once. Hashing a request hashes its URL, every header and the body, and a
    /// call looks its entry up three times (start, finish, and a lookup by each caller).
    private struct Key: Hashable {
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

    /// The calls in flight, keyed by their request.
    private var entries: [Key: Entry] = [:]
    /// The source of entry and waiter ids.
    private var nextID: UInt64 = 0

    /// Creates a deduplicator with no calls in flight.
    public init() {}

    /// How many distinct requests are being sent right now (identical requests count once).
    public var inFlightCount: Int {
        entries.count
    }

    /// How many callers are waiting for the in-flight call for `request` (zero when there is none).
    ///
    /// Package-only, for tests that need to know every caller has joined before they let the call finish.
    package func waiterCount(for request: HTTPRequest) -> Int {
        entries[Key(request)]?.waiters.count ?? 0
    }

    /// Sends `request` with `send`, unless an identical request is already in flight, in which case it waits
    /// for that call and returns its outcome.
    ///
    /// - Parameters:
    ///   - request: The request to send. Requests are deduplicated when they are equal.
    ///   - send: What sends a request, usually `HTTPTransport.send`. Called at most once per batch of identical
    ///     in-flight requests, on a task of its own (not the caller's), so one caller's cancellation does not
    ///     reach it.
    /// - Returns: The response of the shared call.
    /// - Throws: The error of the shared call, which every waiting caller gets; or `CancellationError` when the
    ///   calling task is cancelled (already on entry, or while waiting).
    public func perform(
        _ request: HTTPRequest,
        using send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let key = Key(request)
        let entry = entries[key] ?? startCall(for: key, using: send)
        let entryID = entry.id
        let waiterID = makeID()
        // The operation captures `self`, so it stays isolated to this actor: from here to the suspension
        // inside the continuation nothing suspends, and the waiter is registered before any cancellation
        // handler (which has to hop onto this actor) can look for it.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.register(continuation, as: waiterID, of: entry)
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiterID, entryID: entryID, key: key) }
        }
    }

    /// Adds a waiting caller to a call.
    private func register(
        _ continuation: CheckedContinuation<HTTPResponse, any Error>,
        as waiterID: UInt64,
        of entry: Entry
    ) {
        entry.waiters[waiterID] = continuation
    }

    /// Registers a new entry for `key`'s request and starts the one call of `send` for it.
    private func startCall(
        for key: Key,
        using send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) -> Entry {
        let entry = Entry(id: makeID())
        let entryID = entry.id
        entries[key] = entry
        // Not isolated to this actor (it captures a copy of `self`, not the isolated `self`): the task starts where
        // `send`, which is nonisolated, runs, and hops onto the actor once, to finish. Isolated, it would start on
        // the actor, hop off it for `send` and back: one more hop, and at concurrency 1 one more thread woken, a
        // request. It cannot finish before the caller waits: `finish` needs the actor, which `perform` holds until
        // its caller is registered.
        let deduplicator = self
        entry.task = Task {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await send(key.request))
            } catch {
                result = .failure(error)
            }
            await deduplicator.finish(key, entryID: entryID, with: result)
        }
        return entry
    }

    /// Hands the outcome of a call to every caller still waiting for it and forgets the call.
    private func finish(_ key: Key, entryID: UInt64, with result: Result<HTTPResponse, any Error>) {
        // An entry abandoned by all its callers was already removed (and maybe replaced by a newer call).
        guard let entry = entries[key], entry.id == entryID else { return }
        entries[key] = nil
        let waiters = entry.waiters
        entry.waiters = [:]
        for continuation in waiters.values {
            continuation.resume(with: result)
        }
    }

    /// Stops one caller from waiting; cancels the shared call when it was the last one.
    private func cancelWaiter(_ waiterID: UInt64, entryID: UInt64, key: Key) {
        guard let entry = entries[key], entry.id == entryID,
            let continuation = entry.waiters.removeValue(forKey: waiterID)
        else { return }  // The call finished first: the caller already has its outcome.
        continuation.resume(throwing: CancellationError())
        if entry.waiters.isEmpty {
            entries[key] = nil
            entry.task?.cancel()
        }
    }

    /// A fresh id for an entry or a waiter.
    private func makeID() -> UInt64 {
        nextID &+= 1
        return nextID
    }
}
