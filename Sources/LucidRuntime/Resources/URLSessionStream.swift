import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPTransport.urlSession` does to open a stream (`HTTPTransport.openStream`): sends the request through
/// URLSession, follows redirects on the request's origin by `RedirectPolicy`, and hands the body over as it arrives
/// through a bounded buffer (see `StreamTransfer`).
final class URLSessionStreamer: Sendable {
    private let session: URLSession
    private let bufferBytes: Int
    private let lagLimit: Int
    private let deadlines: TransferDeadlines

    init(session: URLSession, bufferBytes: Int, lagLimit: Int, deadlines: TransferDeadlines = .shared) {
        self.session = session
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
        let configuration = session.configuration
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(continuation, configuration: configuration, request: urlRequest)
            }
        } onCancel: {
            transfer.cancel()
        }
        return HTTPStreamResponse(
            status: head.statusCode, headers: URLSessionExchange.headers(of: head),
            body: HTTPBodyChunks(source: transfer))
    }
}

/// One streamed response: its task runs in a session of its own, whose delegate this is, and its body waits in a
/// buffer until it is read.
///
/// How a reader that falls behind holds the server back differs by platform:
/// - **Apple platforms**: once `capacity` bytes wait, the task is suspended (URLSession then reads no more from the
///   socket, and TCP holds the server back), and resumed when the reader has taken half of them. Memory stays at
///   `capacity` plus what was in flight.
/// - **FoundationNetworking** (Linux) cannot pause a transfer: its `suspend()` restarts it, and every session's work
///   queue targets one shared queue, so a callback that waited for the reader would stop every request of the
///   process. So the buffer takes what arrives, up to `lagLimit` bytes; past it the stream fails
///   (`TransportError.network`) rather than hold more. A reader that keeps up never meets the limit.
///
/// The idle deadline (`TransferDeadlines`) is renewed by each piece, and off while a suspended task waits for the
/// reader. Every call into URLSession (making the session and the task, resuming, suspending, cancelling) runs on a
/// queue of the transfer's own, never on a thread of Swift's cooperative pool: FoundationNetworking's calls wait for
/// its shared work queue, which a fast server can keep busy.
final class StreamTransfer: NSObject, URLSessionDataDelegate, HTTPBodySource, DeadlineBound, @unchecked Sendable {
    // `@unchecked`: the mutable state is `state`, a `LockedValue`.

    private struct State {
        var head: CheckedContinuation<HTTPURLResponse, any Error>?
        var reader: CheckedContinuation<Data?, any Error>?
        var pieces: [Data] = []
        var buffered = 0
        /// The task is suspended until the reader catches up (Apple platforms).
        var paused = false
        /// How the transfer ended; the pieces still buffered are read before a success ends the body.
        var end: Result<Void, any Error>?
        var session: URLSession?
        var task: URLSessionDataTask?
    }

    private let capacity: Int
    private let lagLimit: Int
    private let idle: Duration
    private let deadlines: TransferDeadlines
    private let state = LockedValue(State())
    /// Where the session and task are made, resumed, suspended and cancelled, and the session invalidated.
    private let controlQueue = DispatchQueue(label: "LucidRuntime.StreamTransfer.control")

    init(capacity: Int, lagLimit: Int, idle: Duration, deadlines: TransferDeadlines) {
        self.capacity = capacity
        self.lagLimit = max(capacity, lagLimit)
        self.idle = idle
        self.deadlines = deadlines
    }

    /// Starts the task in a session of its own made from `configuration`, to resume `head` with the response.
    func start(
        _ head: CheckedContinuation<HTTPURLResponse, any Error>, configuration: URLSessionConfiguration,
        request: URLRequest
    ) {
        let admitted = state.withLock { state -> Bool in
            guard state.end == nil else { return false }
            state.head = head
            deadlines.add(self, deadline: .now + idle)
            return true
        }
        guard admitted else { return head.resume(throwing: TransportError.cancelled) }
        controlQueue.async { [self] in
            #if canImport(FoundationNetworking)
            let queue: OperationQueue = InlineDelegateQueue()
            #else
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            #endif
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
            let task = session.dataTask(with: request)
            let started = state.withLock { state -> Bool in
                guard state.end == nil else { return false }
                state.session = session
                state.task = task
                return true
            }
            guard started else { return session.invalidateAndCancel() }
            task.resume()
        }
    }

    // MARK: Reading

    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            let (piece, wake) = state.withLock { state -> (Result<Data?, any Error>?, URLSessionDataTask?) in
                guard state.pieces.isEmpty else { return (.success(take(&state)), release(&state)) }
                switch state.end {
                case .success: return (.success(nil), nil)
                case .failure(let error): return (.failure(error), nil)
                case nil:
                    state.reader = continuation
                    return (nil, nil)
                }
            }
            if let wake { controlQueue.async { wake.resume() } }
            if let piece { continuation.resume(with: piece) }
        }
    }

    private func take(_ state: inout State) -> Data {
        let piece = state.pieces.removeFirst()
        state.buffered -= piece.count
        return piece
    }

    /// The suspended task to resume now that the reader has taken half of what waited, if any.
    private func release(_ state: inout State) -> URLSessionDataTask? {
        guard state.paused, state.buffered <= capacity / 2, state.end == nil else { return nil }
        state.paused = false
        deadlines.add(self, deadline: .now + idle)
        return state.task
    }

    func cancel() {
        end(.failure(TransportError.cancelled), cancellingTask: true)
    }

    func deadlinePassed() {
        end(.failure(TransportError.timedOut), cancellingTask: true)
    }

    /// Ends the transfer once with `outcome`: resumes whoever waits and (on failure) drops the buffered pieces and
    /// cancels the task.
    private func end(_ outcome: Result<Void, any Error>, cancellingTask: Bool) {
        let ended = state.withLock { state -> State? in
            guard state.end == nil else { return nil }
            state.end = outcome
            let before = state
            if case .failure = outcome {
                state.pieces = []
                state.buffered = 0
            }
            state.head = nil
            state.reader = nil
            state.task = nil
            state.session = nil
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
        let task = before.task
        let session = before.session
        controlQueue.async {
            if cancellingTask { task?.cancel() }
            session?.finishTasksAndInvalidate()
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
            return end(.failure(TransportError.network("not an HTTP response")), cancellingTask: true)
        }
        head?.resume(returning: http)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !data.isEmpty else { return }
        enum Step { case none, hand(CheckedContinuation<Data?, any Error>), pause, fail }
        let step = state.withLock { state -> Step in
            guard state.end == nil else { return .none }  // Cancelled: dropped.
            if let reader = state.reader {
                state.reader = nil
                deadlines.add(self, deadline: .now + idle)
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
            if !state.paused { deadlines.add(self, deadline: .now + idle) }
            return .none
        }
        switch step {
        case .none: break
        case .hand(let reader): reader.resume(returning: data)
        case .pause: controlQueue.async { dataTask.suspend() }
        case .fail:
            let message = "the reader fell more than \(lagLimit) bytes behind the stream"
            end(.failure(TransportError.network(message)), cancellingTask: true)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect itself becomes the response; `URLSessionStreamer` decides whether to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { return end(.success(()), cancellingTask: false) }
        end(.failure(Self.transportError(error)), cancellingTask: false)
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
