import Dispatch

/// Something that ends when its deadline passes: a `Transfer`, or a stand-in in tests.
protocol DeadlineBound: AnyObject, Sendable {
    /// Called once, on a thread of Dispatch's global queue, when the deadline it was added with has passed.
    func deadlinePassed()
}

/// The deadlines of the transfers in flight, and one timer for all of them: what ends a request of
/// `HTTPTransport.urlSession` whose deadline passes.
///
/// URLSession's `timeoutInterval` only bounds the time between two packets, so a server that drips one byte a
/// second keeps a request alive forever. The exchange works out each request's deadline once (it spans redirects)
/// and adds each of its transfers here until it ends; when the deadline passes first, the transfer ends the call
/// with `TransportError.timedOut` and cancels its task.
///
/// One Dispatch timer, armed for the earliest deadline, serves every transfer: adding a transfer whose deadline is
/// not the earliest (the usual case: requests with the same timeout, one after the other) and removing one are a
/// dictionary update under a lock, with no task, timer or thread involved. When the timer fires it ends what is
/// due and arms itself for the earliest deadline left; a removed transfer leaves nothing behind. (A `Task.sleep`
/// per request, raced against the exchange, costs two tasks and a continuation a request, and a cancelled sleep
/// stays queued in Dispatch until its time: with the default 60 s, a minute of requests held in memory.)
final class TransferDeadlines: @unchecked Sendable {
    // `@unchecked`: the mutable state is `state`, a `LockedValue`; `timer` is a Dispatch source, safe from any thread.

    /// The deadlines of every `HTTPTransport.urlSession` in the process.
    static let shared = TransferDeadlines()

    private struct State {
        var pending: [ObjectIdentifier: (deadline: ContinuousClock.Instant, bound: any DeadlineBound)] = [:]
        /// The deadline the timer fires at; nil when it is not armed.
        var armed: ContinuousClock.Instant?
    }

    private let state = LockedValue(State())
    private let timer: any DispatchSourceTimer

    init() {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    /// How many are waiting for their deadline (for tests).
    var count: Int {
        state.withLock { $0.pending.count }
    }

    /// Calls `bound.deadlinePassed()` once `deadline` has passed, unless it is removed first.
    func add(_ bound: any DeadlineBound, deadline: ContinuousClock.Instant) {
        state.withLock { state in
            state.pending[ObjectIdentifier(bound)] = (deadline, bound)
            if let armed = state.armed, armed <= deadline { return }
            arm(&state, at: deadline)
        }
    }

    /// Forgets `bound`: its deadline no longer matters (it ended). The timer stays armed; if it fires for nothing,
    /// it arms itself for the earliest deadline left.
    func remove(_ bound: any DeadlineBound) {
        state.withLock { state in _ = state.pending.removeValue(forKey: ObjectIdentifier(bound)) }
    }

    /// Ends what is due, and arms the timer for the earliest deadline left.
    private func fire() {
        let now = ContinuousClock.now
        let due = state.withLock { state -> [any DeadlineBound] in
            var due: [ObjectIdentifier] = []
            var earliest: ContinuousClock.Instant?
            for (key, entry) in state.pending {
                if entry.deadline <= now {
                    due.append(key)
                } else if earliest.map({ entry.deadline < $0 }) ?? true {
                    earliest = entry.deadline
                }
            }
            state.armed = nil
            if let earliest { arm(&state, at: earliest) }
            return due.compactMap { state.pending.removeValue(forKey: $0)?.bound }
        }
        for bound in due { bound.deadlinePassed() }
    }

    /// Sets the timer to fire at `deadline`; called with the lock held, so that the timer and `armed` agree.
    private func arm(_ state: inout State, at deadline: ContinuousClock.Instant) {
        state.armed = deadline
        // Dispatch's clock is not the continuous clock: the delay from now is what carries over. Should the timer
        // fire a little before the deadline on the continuous clock, `fire` finds nothing due and arms it again.
        // In nanoseconds as a `UInt64` (an `Int` is 32 bits on watchOS), at most 2^32 s (136 years).
        let delay = min(max(.zero, deadline - .now), .seconds(UInt64(1) << 32)).components
        let nanoseconds = UInt64(delay.seconds) * 1_000_000_000 + UInt64(delay.attoseconds / 1_000_000_000)
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds &+ nanoseconds))
    }
}
