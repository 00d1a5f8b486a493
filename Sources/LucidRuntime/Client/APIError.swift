import Foundation

/// The one error `APIClient` throws: what went wrong, and for which request.
///
/// It is a `LocalizedError`, so `localizedDescription` in an app says what went wrong in a sentence a person can
/// read ("The server answered with HTTP status 404."), while `description` is the one-line developer version with
/// the endpoint and URL, for logs.
public struct APIError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong. docs/Runtime.md ("Errors") says when each kind happens and what an app does about it.
    ///
    /// Kinds are added as the runtime learns to tell failures apart (``queueDirectoryInUse(path:)`` and
    /// ``notQueued(_:)`` were): a `switch` over them that should keep compiling needs a `default:`.
    public enum Kind: Sendable, Hashable {
        /// The network failed (no connection, connection lost, DNS, ...).
        case network(String)
        /// The exchange's deadline passed before its response was complete: the resource's `timeout`, else the
        /// client's (`APIClient.timeout`), else the transport's (60 s); the request was cancelled. A server that
        /// says nothing, or drips its answer, ends here.
        case timeout
        /// The calling task was cancelled; the HTTP request was cancelled with it.
        case cancelled
        /// The server answered with a status outside 200...299.
        case status(Int)
        /// A 2xx body could not be decoded: where (`results[3].title`) and why.
        case decoding(codingPath: String, message: String)
        /// The request value could not be encoded as the body.
        case encoding(String)
        /// The request could not be queued because another queue owns the queue's folder (`path`): another process
        /// of the app (an app extension, a second instance) or a second `APIClientQueue` on the same folder in this
        /// one. Nothing was queued; `underlying` is ``APIClientQueueError/directoryInUse(path:)``.
        case queueDirectoryInUse(path: String)
        /// The request could not be queued, for the reason given: the business controller has no queue, a request
        /// to persist met a queue without folder, or the file system refused to write it (full, no permission).
        /// Nothing was queued; `underlying` is the queue's ``APIClientQueueError`` when it refused.
        case notQueued(String)
        /// The URL could not be built (unknown server, missing path parameter, invalid base URL).
        case invalidURL
        /// The resource needs a credential and the provider had none: for a resource that accepts several schemes
        /// together or alternatives, none of its alternatives was covered (``APIError/acceptedAuth`` says which
        /// they are). Nothing was sent.
        case missingCredential
        /// The response body was larger than the transport accepts (`limit` bytes; see
        /// `HTTPTransport.urlSession(_:maxResponseBytes:timeout:)`): known from its `Content-Length`, or from the
        /// first piece past the limit; the call ended there and the transfer was cancelled, keeping nothing of the
        /// body.
        case tooLarge(limit: Int)
        /// A generated client's `.unimplemented` closure was called: a test reached an endpoint it did not
        /// override. `closure` names it (`MoviesClient.fetchCredits`).
        case unimplemented(closure: String)
        /// A generated client's `.preview` closure was called for an endpoint whose spec has no `example:`.
        case noPreview(closure: String)
        /// A closure an app or a test put in a generated client threw an error that is not an `APIError`
        /// (its description; `underlying` holds the error itself).
        case other(String)
        /// A ``PageSequence`` stopped: its server's answer asked for a next page the runtime refuses to request — on
        /// another origin, repeating an earlier one, or malformed (``PagingError``). The pages before it were
        /// delivered; nothing more is sent.
        case paging(PagingError)
    }

    /// The longest body excerpt kept, in bytes.
    public static let bodyExcerptLimit = 500

    /// What went wrong.
    public var kind: Kind
    /// The resource's name (`service.endpoint`).
    public var endpoint: String
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL, when it could be built.
    public var url: URL?
    /// The response's status, when there was a response.
    public var status: Int?
    /// The response's headers, when there was a response: `Retry-After`, rate limits, request ids. Looked up in any
    /// case: `error.headers["retry-after"]` and `error.headers["Retry-After"]` are the same field.
    public var headers: HTTPHeaders
    /// The start of the response body (at most `bodyExcerptLimit` bytes, as UTF-8 text); nil without a body. Kept
    /// for non-2xx answers; for a 2xx body that did not decode only when the client opts in
    /// (`APIClient(successBodyExcerpts:)`), since a successful answer may hold a secret (a login's token).
    public var bodyExcerpt: String?
    /// A non-2xx body decoded with the client's error-payload decoder; nil when it could not be decoded.
    public var errorPayload: (any Sendable)?
    /// The error that caused this one (a transport, decoding, encoding or middleware error), when there was one.
    public var underlying: (any Error)?
    /// What `description` and `errorDescription` keep out of their text: the standard credential names plus the
    /// resource's own schemes (their headers and query items), so no API key, token or cookie reaches a log.
    public var redaction: Redaction
    /// For a `.missingCredential` error, the credentials the resource accepts (scheme names, never credentials), so
    /// an app can ask the user for what is missing; nil otherwise.
    public var acceptedAuth: AcceptedAuth?

    /// Creates an error; `bodyExcerpt` is derived from `body`.
    public init(
        _ kind: Kind, endpoint: String, method: HTTPMethod, url: URL? = nil, status: Int? = nil,
        headers: HTTPHeaders = [:], body: Data? = nil, errorPayload: (any Sendable)? = nil,
        underlying: (any Error)? = nil, redaction: Redaction = .standard
    ) {
        self.kind = kind
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.bodyExcerpt = body.flatMap {
            $0.isEmpty ? nil : String(decoding: $0.prefix(Self.bodyExcerptLimit), as: UTF8.self)
        }
        self.errorPayload = errorPayload
        self.underlying = underlying
        self.redaction = redaction
    }

    /// The error payload as `T`, when it was decoded as one.
    public func errorPayload<T>(as type: T.Type) -> T? {
        errorPayload as? T
    }

    /// One line: `movies.details GET https://…/movie/1?api_key=REDACTED: status 404 — {"status_code":34,…}`, with
    /// every credential `redaction` names replaced, in the URL and in the messages and excerpt too.
    public var description: String {
        scrubbed(unredactedDescription)
    }

    /// `text` without the values of the URL's credential query items, wherever they appear.
    private func scrubbed(_ text: String) -> String {
        guard let url else { return text }
        return redaction.redacted(text, secretsOf: HTTPRequest(method: method, url: url))
    }

    private var unredactedDescription: String {
        var text = "\(endpoint) \(method.rawValue) \(url.map { redaction.redacted($0) } ?? "<no URL>"): "
        switch kind {
        case .network(let message): text += "network error: \(message)"
        case .timeout: text += "timed out"
        case .cancelled: text += "cancelled"
        case .status(let code): text += "status \(code)"
        case .decoding(let codingPath, let message):
            text += "decoding failed at \(codingPath.isEmpty ? "<root>" : codingPath): \(message)"
        case .encoding(let message): text += "encoding failed: \(message)"
        case .queueDirectoryInUse(let path): text += "not queued: another queue owns the folder \(path)"
        case .notQueued(let message): text += "not queued: \(message)"
        case .invalidURL: text += "invalid URL"
        case .missingCredential:
            text += "missing credential" + (acceptedAuth.map { " (it accepts \($0))" } ?? "")
        case .tooLarge(let limit): text += "response body over \(limit) bytes"
        case .unimplemented(let closure): text += "\(closure) is unimplemented"
        case .noPreview(let closure): text += "\(closure) has no preview: give the endpoint an 'example:' in the spec"
        case .other(let message): text += message
        case .paging(let error): text += "paging stopped: \(error.summary)"
        }
        if let bodyExcerpt { text += " — \(bodyExcerpt)" }
        return text
    }

    /// What went wrong, as a sentence for a person (what `localizedDescription` returns). It names no URL, so no
    /// query item such as an API key ends up in an alert or a crash report. A decoded error payload that is itself
    /// a `LocalizedError` supplies the sentence for a status error.
    public var errorDescription: String? {
        scrubbed(sentence)
    }

    private var sentence: String {
        switch kind {
        case .network(let message): "The network connection failed: \(message)"
        case .timeout: "The server did not answer in time."
        case .cancelled: "The request was cancelled."
        case .status(let code):
            (errorPayload as? any LocalizedError)?.errorDescription ?? "The server answered with HTTP status \(code)."
        case .decoding(let codingPath, let message):
            "The server's answer could not be read"
                + (codingPath.isEmpty ? "" : " at \(codingPath)") + ": \(message)"
        case .encoding(let message): "The request could not be encoded: \(message)"
        case .queueDirectoryInUse: "The request could not be queued: its queue is already open elsewhere."
        case .notQueued(let message): "The request could not be queued: \(message)"
        case .invalidURL: "The request's address could not be built."
        case .missingCredential: "The request needs a credential, and none is available."
        case .tooLarge: "The server's answer is too large."
        case .unimplemented(let closure): "\(closure) is not implemented."
        case .noPreview(let closure): "\(closure) has no preview answer."
        case .other(let message): message
        case .paging(let error):
            switch error {
            case .foreignOrigin: "The next page is on another server, so it was not requested."
            case .repeated: "The server sent a page it had already sent, so paging stopped."
            case .malformed: "The server's next page could not be read."
            }
        }
    }

    /// Which request failed (`movies.details GET`), for `NSError`'s `localizedFailureReason`.
    public var failureReason: String? {
        "\(endpoint) \(method.rawValue)" + (status.map { " answered \($0)" } ?? "")
    }

    /// What a generated client's `.unimplemented` closure throws: `closure` (`MoviesClient.fetchCredits`) was
    /// called, for the resource `endpoint`, without a test overriding it.
    public static func unimplemented(_ closure: String, endpoint: String, method: HTTPMethod) -> APIError {
        APIError(.unimplemented(closure: closure), endpoint: endpoint, method: method)
    }

    /// What a generated client's `.preview` closure throws for an endpoint whose spec has no `example:`.
    public static func noPreview(_ closure: String, endpoint: String, method: HTTPMethod) -> APIError {
        APIError(.noPreview(closure: closure), endpoint: endpoint, method: method)
    }

    /// Runs `body` and rethrows what it throws as an `APIError` (see `caught(_:endpoint:method:)`).
    public static func catching<Value>(
        endpoint: String, method: HTTPMethod, _ body: () async throws -> Value
    ) async throws(APIError) -> Value {
        do {
            return try await body()
        } catch {
            throw caught(error, endpoint: endpoint, method: method)
        }
    }

    /// `error` as an `APIError`: an `APIError` unchanged, a `CancellationError` as `.cancelled`, anything else as
    /// `.other` (with the error as `underlying`). Generated clients' labelled methods throw it from their `catch`,
    /// so their callers catch one error type whatever closure a test or an app put in the client. (A `do`/`catch`
    /// in each method rather than `catching(endpoint:method:_:)`: a closure per method is more code to compile.)
    public static func caught(_ error: any Error, endpoint: String, method: HTTPMethod) -> APIError {
        switch error {
        case let error as APIError: error
        case is CancellationError: APIError(.cancelled, endpoint: endpoint, method: method)
        default: APIError(.other(String(describing: error)), endpoint: endpoint, method: method, underlying: error)
        }
    }

    /// A body that did not decode: where (`results[3].title`) and why, read from the decoding error. The body's
    /// excerpt is kept only when `keepingBody`.
    static func decoding(
        _ error: any Error, endpoint: String, method: HTTPMethod, url: URL? = nil, response: HTTPResponse? = nil,
        body: Data, keepingBody: Bool
    ) -> APIError {
        APIError(
            .decoding(codingPath: issuePath(for: error, fallback: []), message: issueMessage(for: error)),
            endpoint: endpoint, method: method, url: url, status: response?.status, headers: response?.headers ?? [:],
            body: keepingBody ? body : nil, underlying: error)
    }
}
