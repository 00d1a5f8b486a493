import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPTransport.urlSession` does for each request: sends it through URLSession one hop at a time,
/// following redirects by `RedirectPolicy`, and reads at most `maxResponseBytes` of each body.
final class URLSessionExchange: Sendable {
    private let session: TransferSession
    private let maxResponseBytes: Int

    init(session: URLSession, maxResponseBytes: Int) {
        self.session = TransferSession(session)
        self.maxResponseBytes = max(0, maxResponseBytes)
    }

    /// Sends `request`, following redirects, and returns the final response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var current = request
        var hops = 0
        while true {
            let response = try await sendOnce(current)
            guard let next = RedirectPolicy.nextRequest(after: response, to: current) else { return response }
            hops += 1
            let limit = RedirectPolicy.maxHops(for: request)
            guard hops <= limit else { throw TransportError.network("more than \(limit) redirects") }
            current = next
        }
    }

    /// Sends `request` once, without following a redirect; cancelling the calling task cancels the data task.
    private func sendOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = Transfer(limit: maxResponseBytes, checksDeclaredLength: request.method != .head)
        let urlRequest = Self.urlRequest(for: request)
        let session = self.session
        do {
            let (http, body) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.start(continuation) { session.dataTask(with: urlRequest, reportingTo: transfer) }
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
        if let timeout = request.timeout {
            // URLSession's own (idle) timeout too, so a silent server fails as a timeout even before the deadline.
            let parts = timeout.components
            urlRequest.timeoutInterval = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        let fields = response.allHeaderFields
        var headers = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields {
            if let name = name.base as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}

/// One data task's delegate: collects the response and at most `limit` body bytes, refuses redirects (the
/// exchange follows them itself), and resumes the continuation once the task completes.
///
/// Every callback may come on any thread of the session's delegate queue, and `cancel()` from any task: all
/// state is behind one lock.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: the only mutable state is `state`, a `LockedValue`.
    typealias Outcome = (HTTPURLResponse, Data)

    private struct State {
        var continuation: CheckedContinuation<Outcome, any Error>?
        var task: URLSessionDataTask?
        var cancelled = false
        var response: HTTPURLResponse?
        var body = Data()
        var tooLarge: ResponseTooLarge?
    }

    /// The most body bytes accepted.
    let limit: Int
    /// Whether a `Content-Length` over the limit fails at once (not for `HEAD`, whose length is the GET's).
    let checksDeclaredLength: Bool
    private let state = LockedValue(State())

    init(limit: Int, checksDeclaredLength: Bool) {
        self.limit = limit
        self.checksDeclaredLength = checksDeclaredLength
    }

    /// Starts the task `makeTask` makes, to resume `continuation` when it ends; a transfer cancelled before it
    /// started never starts.
    func start(_ continuation: CheckedContinuation<Outcome, any Error>, makeTask: () -> URLSessionDataTask) {
        let started = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            let task = makeTask()
            state.task = task
            // Resumed under the lock, so that `cancel()` cannot cancel a task that was never resumed.
            task.resume()
            return true
        }
        if !started { continuation.resume(throwing: TransportError.cancelled) }
    }

    /// Cancels the task (now, or before it starts); its completion then resumes the continuation.
    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
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
        state.withLock { $0.tooLarge = ResponseTooLarge(limit: limit, declaredLength: Int(exactly: declared)) }
        completionHandler(.cancel)
        // FoundationNetworking ignores the disposition: cancel explicitly.
        dataTask.cancelFromCallback()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = state.withLock { state -> Bool in
            guard state.tooLarge == nil else { return false }
            state.body.append(data)
            guard state.body.count > limit else { return false }
            state.tooLarge = ResponseTooLarge(limit: limit, declaredLength: nil)
            state.body = Data()  // Let go of what was read at once.
            return true
        }
        // Stop reading now rather than buffer the rest of an oversized body.
        if overflowed { dataTask.cancelFromCallback() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect itself becomes the response; `RedirectPolicy` decides whether and how to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, response, body, tooLarge) = state.withLock { state in
            defer {
                state.continuation = nil
                state.task = nil
                state.body = Data()
            }
            return (state.continuation, state.response, state.body, state.tooLarge)
        }
        guard let continuation else { return }
        if let tooLarge {
            continuation.resume(throwing: tooLarge)
        } else if let error {
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
/// the task's transfer. The given session's delegate is not consulted.
final class TransferSession: Sendable {
    private let router = TransferRouter()
    private let session: URLSession

    init(_ session: URLSession) {
        self.session = URLSession(
            configuration: session.configuration, delegate: router, delegateQueue: InlineDelegateQueue())
    }

    deinit {
        // The session keeps its delegate until it is invalidated; running transfers finish first.
        session.finishTasksAndInvalidate()
    }

    /// A task for `request` that reports to `transfer`; not resumed yet.
    func dataTask(with request: URLRequest, reportingTo transfer: Transfer) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        router.register(transfer, for: task)
        return task
    }
}

/// The session delegate that hands each task's callbacks to the task's `Transfer`.
private final class TransferRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: the only mutable state is `transfers`, a `LockedValue`.
    private let transfers = LockedValue<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask, removing: Bool = false) -> Transfer? {
        transfers.withLock { removing ? $0.removeValue(forKey: task.taskIdentifier) : $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(for: dataTask) else { return completionHandler(.cancel) }
        transfer.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never followed here, even for a task without a transfer: see `Transfer`.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(for: task, removing: true)?.urlSession(session, task: task, didCompleteWithError: error)
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

    /// A task for `request` that reports to `transfer`; not resumed yet.
    func dataTask(with request: URLRequest, reportingTo transfer: Transfer) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        task.delegate = transfer
        return task
    }
}
#endif
