import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPTransport.urlSession` does for each request: sends it through URLSession one hop at a time,
/// following redirects by `RedirectPolicy`, within one deadline, and reads at most `maxResponseBytes` of each body.
final class URLSessionExchange: Sendable {
    private let session: TransferSession
    private let maxResponseBytes: Int
    private let deadlines: TransferDeadlines

    init(session: URLSession, maxResponseBytes: Int, deadlines: TransferDeadlines = .shared) {
        self.session = TransferSession(session)
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.deadlines = deadlines
    }

    /// Sends `request`, following redirects, and returns the final response; throws `TransportError.timedOut` when
    /// `timeout` passes first (the exchange as a whole: every hop, from connecting to the last byte).
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        let deadline = ContinuousClock.now + timeout
        var current = request
        var hops = 0
        while true {
            // Checked before each hop: the time between two (following a redirect) counts too.
            guard ContinuousClock.now < deadline else { throw TransportError.timedOut }
            let response = try await sendOnce(current, deadline: deadline)
            guard let next = RedirectPolicy.nextRequest(after: response, to: current) else { return response }
            hops += 1
            let limit = RedirectPolicy.maxHops(for: request)
            guard hops <= limit else { throw TransportError.network("more than \(limit) redirects") }
            current = next
        }
    }

    /// Sends `request` once, without following a redirect, ending it at `deadline`; cancelling the calling task
    /// cancels the data task.
    private func sendOnce(_ request: HTTPRequest, deadline: ContinuousClock.Instant) async throws -> HTTPResponse {
        let transfer = Transfer(
            limit: maxResponseBytes, checksDeclaredLength: request.method != .head, deadlines: deadlines,
            streamedBody: request.streamedBody)
        let urlRequest = Self.urlRequest(for: request)
        let session = self.session
        do {
            let (http, body) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.start(continuation, deadline: deadline) {
                        session.task(with: urlRequest, bodyFile: request.bodyFile, reportingTo: transfer)
                    }
                }
            } onCancel: {
                transfer.cancel()
            }
            return HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: body)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw TransportError.timedOut
            case .cancelled: throw TransportError.cancelled
            default: throw TransportError.network(error.localizedDescription)
            }
        } catch is CancellationError {
            throw TransportError.cancelled
        }
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        if let streamed = request.streamedBody, request.body == nil {
            urlRequest.httpBodyStream = streamed.makeInputStream()
            #if canImport(FoundationNetworking)
            // FoundationNetworking sends every stream body chunked: a length beside it would contradict it.
            urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            #else
            // Without it URLSession sends the stream chunked, which some servers (S3's POST) refuse.
            urlRequest.setValue(String(streamed.length), forHTTPHeaderField: "Content-Length")
            #endif
        }
        if let timeout = request.timeout {
            // URLSession's own idle timeout follows the deadline, so that it never ends a request first. In whole
            // seconds, rounded up: FoundationNetworking truncates it (0.5 s would time out at once).
            let parts = timeout.components
            let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
            urlRequest.timeoutInterval = max(1, seconds.rounded(.up))
        }
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        let fields = response.allHeaderFields
        var headers = HTTPHeaders(minimumCapacity: fields.count)
        for (name, value) in fields {
            if let name = name.base as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}

/// One data task's delegate: collects the response and at most `limit` body bytes, refuses redirects (the
/// exchange follows them itself), and resumes the continuation once: when the task completes, or at once when the
/// body passes the limit, the deadline passes or the caller cancels (the task itself may end later: see
/// `control(_:_:)`).
///
/// Every callback may come on any thread, and `cancel()` from any task: all state is behind one lock, which is
/// never held while calling URLSession. Between its start and its end the transfer waits in `deadlines`.
final class Transfer: NSObject, URLSessionDataDelegate, DeadlineBound, @unchecked Sendable {
    // `@unchecked`: the only mutable state is `state`, a `LockedValue`.
    typealias Outcome = (HTTPURLResponse, Data)

    private struct State {
        /// Nil once the outcome is delivered: later callbacks find nothing to do and drop what they bring.
        var continuation: CheckedContinuation<Outcome, any Error>?
        var task: URLSessionDataTask?
        var cancelled = false
        var response: HTTPURLResponse?
        var body = Data()
    }

    /// The most body bytes accepted.
    let limit: Int
    /// Whether a `Content-Length` over the limit fails at once (not for `HEAD`, whose length is the GET's).
    let checksDeclaredLength: Bool
    /// Where the transfer waits for its deadline while it runs.
    let deadlines: TransferDeadlines
    /// Told the bytes of the body sent so far (`UploadProgress.report`, set around the send).
    private let uploadProgress = UploadProgress.report
    private let state = LockedValue(State())
    #if canImport(FoundationNetworking)
    /// Where the task is resumed and cancelled: see `control(_:_:)`.
    private let controlQueue = DispatchQueue(label: "LucidRuntime.Transfer.control")
    #endif

    /// The request's body when it is a stream: made again when URLSession asks (it sends a body twice when a
    /// reused connection turns out closed).
    let streamedBody: StreamedBody?

    init(
        limit: Int, checksDeclaredLength: Bool, deadlines: TransferDeadlines = .shared,
        streamedBody: StreamedBody? = nil
    ) {
        self.limit = limit
        self.checksDeclaredLength = checksDeclaredLength
        self.deadlines = deadlines
        self.streamedBody = streamedBody
    }

    /// Starts the task `makeTask` makes, to resume `continuation` when it ends or at `deadline`, whichever comes
    /// first; a transfer cancelled before it started never starts.
    func start(
        _ continuation: CheckedContinuation<Outcome, any Error>, deadline: ContinuousClock.Instant,
        makeTask: () -> URLSessionDataTask
    ) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard !state.cancelled else { return nil }
            state.continuation = continuation
            let task = makeTask()
            state.task = task
            return task
        }
        guard let task else { return continuation.resume(throwing: TransportError.cancelled) }
        control(task) { $0.resume() }
        // After the resume, so that a deadline passing at once cancels a started task; under the lock, so that a
        // transfer that has already ended (which removes itself from `deadlines`) is not added.
        state.withLock { state in
            if state.continuation != nil { deadlines.add(self, deadline: deadline) }
        }
    }

    /// Ends the transfer with `TransportError.cancelled` now, and cancels its task (now, or before it starts).
    func cancel() {
        let (continuation, task) = state.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        guard let continuation else { return }
        deadlines.remove(self)
        continuation.resume(throwing: TransportError.cancelled)
        if let task { control(task) { $0.cancel() } }
    }

    /// The deadline passed first (`deadlines` has already let go of the transfer): ends it with
    /// `TransportError.timedOut`, letting go of the body, and cancels the task.
    func deadlinePassed() {
        let (continuation, task) = state.withLock { state in
            defer {
                state.continuation = nil
                state.body = Data()
            }
            return (state.continuation, state.task)
        }
        guard let continuation else { return }
        continuation.resume(throwing: TransportError.timedOut)
        if let task { control(task) { $0.cancel() } }
    }

    /// Ends the transfer with `ResponseTooLarge` now, letting go of the body, and cancels the task.
    private func refuse(_ task: URLSessionTask, declaredLength: Int?) {
        let continuation = state.withLock { state in
            defer {
                state.continuation = nil
                state.body = Data()
            }
            return state.continuation
        }
        if let continuation {
            deadlines.remove(self)
            continuation.resume(throwing: ResponseTooLarge(limit: limit, declaredLength: declaredLength))
        }
        control(task) { $0.cancel() }
    }

    /// Runs `action` (`resume()` or `cancel()`) on `task` without waiting for URLSession.
    ///
    /// FoundationNetworking's `resume()` and `cancel()` wait for the session's work queue, which may be busy for
    /// long: a server that sends faster than FoundationNetworking reads keeps that queue in its read loop (see
    /// `HTTPTransport.urlSession(_:maxResponseBytes:timeout:)`), and the delegate's callbacks run on it
    /// (`InlineDelegateQueue`), where waiting for it would never end. So there the actions go to a serial queue of
    /// the transfer's own, which keeps a `resume()` before a `cancel()`, and no thread of Swift's cooperative pool
    /// ever waits for URLSession. Apple's URLSession does not wait: the action runs at once.
    private func control(_ task: URLSessionTask, _ action: @escaping @Sendable (URLSessionTask) -> Void) {
        #if canImport(FoundationNetworking)
        controlQueue.async { action(task) }
        #else
        action(task)
        #endif
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let declared = response.expectedContentLength  // -1 when the server did not say
        guard checksDeclaredLength, declared > Int64(limit) else {
            state.withLock { $0.response = response as? HTTPURLResponse }
            completionHandler(.allow)
            return
        }
        completionHandler(.cancel)
        // FoundationNetworking ignores the disposition: `refuse` cancels explicitly.
        refuse(dataTask, declaredLength: Int(exactly: declared))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = state.withLock { state -> Bool in
            guard state.continuation != nil else { return false }  // Refused or cancelled already: dropped.
            // Checked before appending, so the body never holds more than `limit` bytes, even for a moment.
            guard data.count <= limit - state.body.count else { return true }
            state.body.append(data)
            return false
        }
        // Stop reading now rather than read the rest of an oversized body.
        if overflowed { refuse(dataTask, declaredLength: nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let expected = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : streamedBody?.length
        uploadProgress?.tell(TransferProgress(bytes: totalBytesSent, expected: expected))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(streamedBody?.makeInputStream())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect itself becomes the response; `RedirectPolicy` decides whether and how to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, response, body) = state.withLock { state in
            defer {
                state.continuation = nil
                state.task = nil
                state.body = Data()
            }
            return (state.continuation, state.response, state.body)
        }
        guard let continuation else { return }
        deadlines.remove(self)
        if let error {
            continuation.resume(throwing: error)
        } else if let http = response ?? task.response as? HTTPURLResponse {
            continuation.resume(returning: (http, body))
        } else {
            continuation.resume(throwing: TransportError.network("not an HTTP response"))
        }
    }
}

#if canImport(FoundationNetworking)
/// Makes data tasks whose callbacks reach their `Transfer`.
///
/// FoundationNetworking tells a task's own delegate about redirects, but the response, the data and the
/// completion only to the session's delegate. So the tasks run in a session of their own, made from the given
/// session's configuration (its cookies, cache, headers and timeouts), whose delegate hands every callback to
/// the task's transfer. The given session's delegate is not consulted. Its delegate queue is an
/// `InlineDelegateQueue`, so that FoundationNetworking never reads a piece of a body before the transfer has taken the
/// one before.
final class TransferSession: Sendable {
    private let router = TaskRouter<Transfer>()
    private let session: URLSession

    init(_ session: URLSession) {
        self.session = URLSession(
            configuration: session.configuration, delegate: router, delegateQueue: InlineDelegateQueue())
    }

    deinit {
        // The session keeps its delegate until it is invalidated; running transfers finish first.
        session.finishTasksAndInvalidate()
    }

    /// A task for `request` that reports to `transfer`, sending `bodyFile` from disk when there is one; not resumed
    /// yet.
    func task(with request: URLRequest, bodyFile: URL?, reportingTo transfer: Transfer) -> URLSessionDataTask {
        let task = bodyFile.map { session.uploadTask(with: request, fromFile: $0) } ?? session.dataTask(with: request)
        router.register(transfer, for: task)
        return task
    }
}

/// What a `TaskRouter` hands a task's callbacks to: its transfer, by the transfer's own methods (not through
/// `URLSessionDataDelegate`, whose default implementations would silently take a callback a signature missed).
protocol RoutedTransfer: AnyObject, Sendable {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64)
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void)
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
}

extension Transfer: RoutedTransfer {}

/// A session's delegate that hands each task's callbacks to the transfer registered for it, and refuses every
/// redirect (the exchange or the streamer follows them itself). FoundationNetworking reports a task's response,
/// data and completion only to its session's delegate: this is how they reach the task's own transfer. Callbacks
/// of a task with no transfer (one forgotten, or cancelled before) are dropped.
final class TaskRouter<Receiver: RoutedTransfer>: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: the only mutable state is `receivers`, a `LockedValue`.
    private let receivers = LockedValue<[Int: Receiver]>([:])

    func register(_ receiver: Receiver, for task: URLSessionTask) {
        receivers.withLock { $0[task.taskIdentifier] = receiver }
    }

    /// Forgets every task: the late callbacks of the ones still running are dropped.
    func forgetAll() {
        receivers.withLock { $0.removeAll() }
    }

    private func receiver(for task: URLSessionTask, removing: Bool = false) -> Receiver? {
        receivers.withLock { removing ? $0.removeValue(forKey: task.taskIdentifier) : $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let receiver = receiver(for: dataTask) else { return completionHandler(.cancel) }
        receiver.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receiver(for: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        receiver(for: task)?.urlSession(
            session, task: task, didSendBodyData: bytesSent, totalBytesSent: totalBytesSent,
            totalBytesExpectedToSend: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard let receiver = receiver(for: task) else { return completionHandler(nil) }
        receiver.urlSession(session, task: task, needNewBodyStream: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never followed here, even for a task without a transfer: see `Transfer` and `URLSessionStreamer`.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        receiver(for: task, removing: true)?.urlSession(session, task: task, didCompleteWithError: error)
    }
}
#else
/// Makes data tasks whose callbacks reach their `Transfer`: in the given session, with the transfer as the
/// task's own delegate, so the session's delegate still answers what the transfer does not (authentication
/// challenges, server trust).
final class TransferSession: Sendable {
    private let session: URLSession

    init(_ session: URLSession) {
        self.session = session
    }

    /// A task for `request` that reports to `transfer`, sending `bodyFile` from disk when there is one; not resumed
    /// yet.
    func task(with request: URLRequest, bodyFile: URL?, reportingTo transfer: Transfer) -> URLSessionDataTask {
        let task = bodyFile.map { session.uploadTask(with: request, fromFile: $0) } ?? session.dataTask(with: request)
        task.delegate = transfer
        return task
    }
}
#endif
