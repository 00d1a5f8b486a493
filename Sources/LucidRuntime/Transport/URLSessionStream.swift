import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPTransport.urlSession` does to open a stream (`HTTPTransport.openStream`): sends the request through
/// URLSession, follows redirects on the request's origin by `RedirectPolicy`, and hands the body over as it arrives
/// through a bounded buffer (see `StreamTransfer`).
final class URLSessionStreamer: Sendable {
    private let session: URLSession
    #if canImport(FoundationNetworking)
    private let pool: StreamSessionPool
    #endif
    private let bufferBytes: Int
    private let lagLimit: Int
    private let deadlines: TransferDeadlines

    init(session: URLSession, bufferBytes: Int, lagLimit: Int, deadlines: TransferDeadlines = .shared) {
        self.session = session
        #if canImport(FoundationNetworking)
        self.pool = StreamSessionPool(session)
        #endif
        self.bufferBytes = max(1, bufferBytes)
        self.lagLimit = lagLimit
        self.deadlines = deadlines
    }

    /// Opens `request`, whose `timeout` is the most the server may stay silent (before the headers and between two
    /// pieces of the body), and returns once the final response's headers are in.
    func open(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        var current = request
        var hops = 0
        while true {
            let response = try await openOnce(current)
            let head = HTTPResponse(status: response.status, headers: response.headers)
            guard let next = RedirectPolicy.nextRequest(after: head, to: current) else { return response }
            response.body.cancel()
            // A stream is resumed at its URL, with its credentials: it never moves to another server.
            guard let origin = URLOrigin(request.url), URLOrigin(next.url) == origin else {
                throw TransportError.network("a stream's redirect to another origin was refused")
            }
            hops += 1
            let limit = RedirectPolicy.maxHops(for: request)
            guard hops <= limit else { throw TransportError.network("more than \(limit) redirects") }
            current = next
        }
    }

    private func openOnce(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        let idle = request.timeout ?? HTTPTransport.defaultTimeout
        let transfer = StreamTransfer(
            capacity: bufferBytes, lagLimit: lagLimit, idle: idle, deadlines: deadlines)
        let urlRequest = URLSessionExchange.urlRequest(for: request)
        #if canImport(FoundationNetworking)
        let session = pool
        #else
        let session = self.session
        #endif
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(continuation, session: session, request: urlRequest)
            }
        } onCancel: {
            transfer.cancel()
        }
        return HTTPStreamResponse(
            status: head.statusCode, headers: URLSessionExchange.headers(of: head),
            body: HTTPBodyChunks(source: transfer))
    }
}

/// One streamed response: the delegate of its task, whose body waits in a buffer until it is read.
///
/// How a reader that falls behind holds the server back differs by platform:
/// - **Apple platforms**: the task runs in the given session (its delegate still answers authentication challenges
///   and server trust; connections are shared), with this transfer as the task's own delegate. Once `capacity` bytes
///   wait, the task is suspended (URLSession then reads no more from the socket, and TCP holds the server back), and
///   it is resumed when the reader has taken half of them. Memory stays at `capacity` plus what was in flight.
/// - **FoundationNetworking** (Linux) reports a task's data only to its session's delegate, so the task runs in a
///   session that runs no other stream meanwhile, made from the given one's configuration and kept for the next
///   stream (`StreamSessionPool`). It cannot pause a transfer: its `suspend()` takes
///   the transfer off libcurl (resuming starts it again), and every session's work queue targets one shared queue, so
///   a callback that waited for the reader would stop every request of the process. So the buffer takes what arrives,
///   up to `lagLimit` bytes; past it the stream fails (`TransportError.network`) rather than hold more. A reader that
///   keeps up never meets the limit.
///
/// The idle deadline (`TransferDeadlines`) is renewed by each piece, and off while a suspended task waits for the
/// reader. Every call into URLSession (making the session and the task, resuming, suspending, cancelling) runs on a
/// serial queue of the transfer's own, never on a thread of Swift's cooperative pool: FoundationNetworking's calls
/// wait for its shared work queue, which a fast server can keep busy. Suspending and resuming are decided there, from
/// the state at that moment, so that a resume decided first never runs after a later suspend.
final class StreamTransfer: NSObject, URLSessionDataDelegate, HTTPBodySource, DeadlineBound, @unchecked Sendable {
    // `@unchecked`: the mutable state is `state`, a `LockedValue`.

    private struct State {
        var head: CheckedContinuation<HTTPURLResponse, any Error>?
        var reader: CheckedContinuation<Data?, any Error>?
        /// The pieces not read yet: those from `first` on (the ones before are read, and dropped in batches).
        var pieces: [Data] = []
        var first = 0
        var buffered = 0
        /// Whether the reader is far enough behind for the task to be suspended (Apple platforms).
        var paused = false
        /// Whether the task is suspended now: changed only on the control queue.
        var suspended = false
        /// How the transfer ended; the pieces still buffered are read before the end is.
        var end: Result<Void, any Error>?
        /// Where each piece goes as it arrives once `drain(into:)` is called, instead of the buffer.
        var sink: (@Sendable (Data) throws -> Void)?
        /// The `drain(into:)` waiting for the body's end.
        var drainer: CheckedContinuation<Void, any Error>?
        #if canImport(FoundationNetworking)
        /// The session this transfer runs in alone (FoundationNetworking), given back to its pool when it ends.
        var session: PooledStreamSession?
        #endif
        var task: URLSessionDataTask?
        /// When a piece last renewed the idle deadline (`renewDeadline`).
        var renewedAt: ContinuousClock.Instant?
    }

    /// How often arriving pieces renew the idle deadline at most: renewing on every piece (thousands a second on a
    /// fast link) cost a shared lock and a timer entry each. The deadline is then up to this much earlier than
    /// `idle` after the last piece: 100 ms, or a quarter of a shorter idle timeout.
    private var renewalInterval: Duration { min(.milliseconds(100), idle / 4) }

    private let capacity: Int
    private let lagLimit: Int
    private let idle: Duration
    private let deadlines: TransferDeadlines
    private let state = LockedValue(State())
    /// Held while a piece goes to the sink: keeps the pieces in order when `drain(into:)` writes what was buffered
    /// while new ones arrive.
    private let sinkLock = NSLock()
    /// Where every call into URLSession runs.
    private let controlQueue = DispatchQueue(label: "LucidRuntime.StreamTransfer.control")

    init(capacity: Int, lagLimit: Int, idle: Duration, deadlines: TransferDeadlines) {
        self.capacity = capacity
        self.lagLimit = max(capacity, lagLimit)
        self.idle = idle
        self.deadlines = deadlines
    }

    #if canImport(FoundationNetworking)
    typealias Sessions = StreamSessionPool
    #else
    typealias Sessions = URLSession
    #endif

    /// Starts the task for `request` (in `session`, or in a session of the pool), to resume `head` with the response.
    func start(_ head: CheckedContinuation<HTTPURLResponse, any Error>, session: Sessions, request: URLRequest) {
        let admitted = state.withLock { state -> Bool in
            guard state.end == nil else { return false }
            state.head = head
            deadlines.add(self, deadline: .now + idle)
            return true
        }
        guard admitted else { return head.resume(throwing: TransportError.cancelled) }
        controlQueue.async { [self] in
            #if canImport(FoundationNetworking)
            let pooled = session.take()
            let task = pooled.task(with: request, reportingTo: self)
            #else
            let task = session.dataTask(with: request)
            task.delegate = self
            #endif
            let started = state.withLock { state -> Bool in
                guard state.end == nil else { return false }
                #if canImport(FoundationNetworking)
                state.session = pooled
                #endif
                state.task = task
                return true
            }
            guard started else {
                task.cancel()
                #if canImport(FoundationNetworking)
                pooled.giveBack()
                #endif
                return
            }
            task.resume()
        }
    }

    // MARK: Reading

    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            let (piece, wake) = state.withLock { state -> (Result<Data?, any Error>?, Bool) in
                guard state.first == state.pieces.count else { return (.success(take(&state)), release(&state)) }
                switch state.end {
                case .success: return (.success(nil), false)
                case .failure(let error): return (.failure(error), false)
                case nil:
                    guard state.reader == nil else {
                        return (.failure(TransportError.network("the body is already being read")), false)
                    }
                    state.reader = continuation
                    return (nil, false)
                }
            }
            if wake { controlQueue.async { [self] in followPause() } }
            if let piece { continuation.resume(with: piece) }
        }
    }

    /// Writes what the buffer holds to `sink`, then every piece as it arrives, on URLSession's thread: the transfer
    /// goes as fast as `sink` takes it, with no buffer, and no limit to meet. Returns at the body's end.
    func drain(into sink: @escaping @Sendable (Data) throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            sinkLock.lock()
            let (waiting, outcome, wake) = state.withLock { state -> ([Data], Result<Void, any Error>?, Bool) in
                let waiting = Array(state.pieces[state.first...])
                state.pieces = []
                state.first = 0
                state.buffered = 0
                let wake = state.paused && state.end == nil
                state.paused = false
                if state.end == nil {
                    state.sink = sink
                    state.drainer = continuation
                }
                return (waiting, state.end, wake)
            }
            var failure: (any Error)?
            do {
                for piece in waiting { try sink(piece) }
            } catch {
                failure = error
            }
            sinkLock.unlock()
            if wake { controlQueue.async { [self] in followPause() } }
            if let failure {
                if outcome != nil { return continuation.resume(throwing: failure) }
                return end(.failure(failure), dropping: true)
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    private func take(_ state: inout State) -> Data {
        let piece = state.pieces[state.first]
        state.pieces[state.first] = Data()
        state.first += 1
        state.buffered -= piece.count
        if state.first == state.pieces.count {
            state.pieces.removeAll(keepingCapacity: true)
            state.first = 0
        } else if state.first >= 64, state.first * 2 >= state.pieces.count {
            state.pieces.removeFirst(state.first)
            state.first = 0
        }
        return piece
    }

    /// Whether the task may go on now that the reader has taken half of what waited.
    private func release(_ state: inout State) -> Bool {
        guard state.paused, state.buffered <= capacity / 2, state.end == nil else { return false }
        state.paused = false
        deadlines.add(self, deadline: .now + idle)
        return true
    }

    /// On the control queue: suspends or resumes the task as `paused` says now.
    private func followPause() {
        let (task, action) = state.withLock { state -> (URLSessionDataTask?, Bool?) in
            guard state.end == nil, let task = state.task, state.paused != state.suspended else { return (nil, nil) }
            state.suspended = state.paused
            return (task, state.paused)
        }
        guard let task, let suspend = action else { return }
        if suspend { task.suspend() } else { task.resume() }
    }

    func cancel() {
        end(.failure(TransportError.cancelled), dropping: true)
    }

    func deadlinePassed() {
        end(.failure(TransportError.timedOut), dropping: false)
    }

    /// Ends the transfer once with `outcome`: resumes whoever waits, and on failure cancels the task, dropping the
    /// buffered pieces when `dropping` (else the reader gets them before the error).
    private func end(_ outcome: Result<Void, any Error>, dropping: Bool) {
        let ended = state.withLock { state -> State? in
            guard state.end == nil else { return nil }
            state.end = outcome
            let before = state
            if dropping {
                state.pieces = []
                state.first = 0
                state.buffered = 0
            }
            state.head = nil
            state.reader = nil
            state.sink = nil
            state.drainer = nil
            state.task = nil
            #if canImport(FoundationNetworking)
            state.session = nil
            #endif
            return before
        }
        guard let before = ended else { return }
        deadlines.remove(self)
        let error: any Error
        switch outcome {
        case .success: error = TransportError.network("the connection closed before the response")
        case .failure(let failure): error = failure
        }
        before.head?.resume(throwing: error)
        if let reader = before.reader {
            if case .failure = outcome { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
        }
        before.drainer?.resume(with: outcome)
        let task = before.task
        #if canImport(FoundationNetworking)
        let session = before.session
        #endif
        let failed = if case .failure = outcome { true } else { false }
        controlQueue.async {
            if failed { task?.cancel() }
            #if canImport(FoundationNetworking)
            // A cancelled task's late callbacks name it, not the next stream's task: the session can serve again.
            session?.giveBack()
            #endif
        }
    }

    // MARK: URLSession's callbacks

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let head = state.withLock { state in
            defer { state.head = nil }
            if state.end == nil { deadlines.add(self, deadline: .now + idle) }
            return state.head
        }
        completionHandler(.allow)
        guard let http = response as? HTTPURLResponse else {
            head?.resume(throwing: TransportError.network("not an HTTP response"))
            return end(.failure(TransportError.network("not an HTTP response")), dropping: true)
        }
        head?.resume(returning: http)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !data.isEmpty else { return }
        if sinks(data) { return }
        enum Step { case none, hand(CheckedContinuation<Data?, any Error>), pause, fail }
        let step = state.withLock { state -> Step in
            guard state.end == nil else { return .none }  // Cancelled: dropped.
            if let reader = state.reader {
                state.reader = nil
                renewDeadline(&state)
                return .hand(reader)
            }
            state.pieces.append(data)
            state.buffered += data.count
            #if canImport(FoundationNetworking)
            if state.buffered > lagLimit { return .fail }
            #else
            if state.buffered >= capacity, !state.paused {
                // The reader is behind: the server is not idle, and waits with the connection.
                state.paused = true
                deadlines.remove(self)
                return .pause
            }
            #endif
            if !state.paused { renewDeadline(&state) }
            return .none
        }
        switch step {
        case .none: break
        case .hand(let reader): reader.resume(returning: data)
        case .pause: controlQueue.async { [self] in followPause() }
        case .fail:
            let message = "the reader fell more than \(lagLimit) bytes behind the stream"
            end(.failure(TransportError.network(message)), dropping: true)
        }
    }

    /// Hands `data` to the sink, if `drain(into:)` set one, renewing the idle deadline: whether it did.
    /// A piece arrived: the idle deadline moves to `idle` from now, unless a piece moved it less than
    /// `renewalInterval` ago.
    private func renewDeadline(_ state: inout State) {
        let now = ContinuousClock.now
        if let renewedAt = state.renewedAt, now - renewedAt < renewalInterval { return }
        state.renewedAt = now
        deadlines.add(self, deadline: now + idle)
    }

    private func sinks(_ data: Data) -> Bool {
        sinkLock.lock()
        defer { sinkLock.unlock() }
        let sink = state.withLock { state -> (@Sendable (Data) throws -> Void)? in
            guard state.end == nil, let sink = state.sink else { return nil }
            renewDeadline(&state)
            return sink
        }
        guard let sink else { return false }
        do {
            try sink(data)
        } catch {
            end(.failure(error), dropping: true)
        }
        return true
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect itself becomes the response; `URLSessionStreamer` decides whether to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { return end(.success(()), dropping: false) }
        end(.failure(Self.transportError(error)), dropping: false)
    }

    private static func transportError(_ error: any Error) -> TransportError {
        guard let error = error as? URLError else { return .network(String(describing: error)) }
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        default: return .network(error.localizedDescription)
        }
    }
}

#if canImport(FoundationNetworking)
/// What the session's router hands a stream's task: the two callbacks a stream has no use for answer as
/// URLSession's defaults would.
extension StreamTransfer: RoutedTransfer {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // A stream reports what it receives, not what it sends.
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // A stream's request sends its body once; a second attempt fails the task rather than send a stale stream.
        completionHandler(nil)
    }
}

/// The sessions streams run in on FoundationNetworking, which reports a task's data only to its session's delegate:
/// a session serves one stream at a time and, once that ended, waits here for the next (at most `idleLimit` wait), so
/// that a stream after another reuses the session and its connection rather than make both anew — a session of its
/// own per download cost a fifth of the throughput in `make bench`. Streams open at once each get a session.
final class StreamSessionPool: Sendable {
    /// The most sessions kept waiting; one given back beyond it is invalidated.
    static let idleLimit = 4

    private let configuration: LockedValue<URLSessionConfiguration>
    private let idle = LockedValue<[PooledStreamSession]>([])

    init(_ session: URLSession) {
        configuration = LockedValue(session.configuration)
    }

    deinit {
        for pooled in idle.withLock({ $0 }) { pooled.invalidate() }
    }

    /// A waiting session, else a new one made from the configuration.
    func take() -> PooledStreamSession {
        if let waiting = idle.withLock({ $0.popLast() }) { return waiting }
        return PooledStreamSession(configuration: configuration.withLock { $0 }, pool: self)
    }

    /// Keeps `pooled` for the next stream, or invalidates it when enough wait.
    fileprivate func keep(_ pooled: PooledStreamSession) {
        let kept = idle.withLock { idle -> Bool in
            guard idle.count < Self.idleLimit else { return false }
            idle.append(pooled)
            return true
        }
        if !kept { pooled.invalidate() }
    }
}

/// One session of a `StreamSessionPool`, whose delegate (a `TaskRouter`) hands each callback of the current
/// stream's task to its `StreamTransfer`, and drops those of an earlier, cancelled task.
final class PooledStreamSession: Sendable {
    private let session: URLSession
    private let router = TaskRouter<StreamTransfer>()
    private weak let pool: StreamSessionPool?

    init(configuration: URLSessionConfiguration, pool: StreamSessionPool) {
        self.pool = pool
        // Inline, so that FoundationNetworking never reads a piece before the transfer has taken the one before.
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: InlineDelegateQueue())
    }

    /// A task for `request` whose callbacks reach `transfer`; not resumed yet.
    func task(with request: URLRequest, reportingTo transfer: StreamTransfer) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        router.register(transfer, for: task)
        return task
    }

    /// The stream ended: the session goes back to its pool (or away, when the pool is gone or full).
    func giveBack() {
        router.forgetAll()
        guard let pool else { return invalidate() }
        pool.keep(self)
    }

    fileprivate func invalidate() {
        session.finishTasksAndInvalidate()
    }
}
#endif
