import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClientQueue {
    /// Registers `handler` for the requests of one endpoint: it receives the final result of every queued
    /// request whose ``QueuedRequest/endpoint`` is `resource.name` (and of no other), as `APIClient` would
    /// report it.
    ///
    /// - A 2xx response is read with `resource.readResponse` (status, headers and body); one that does not decode
    ///   is an `APIError` of kind `.decoding(codingPath:message:)`.
    /// - Any other response is an `APIError` of kind `.status(_)` carrying the status, a body excerpt and the
    ///   body decoded with `errorPayload`.
    /// - A transport failure is `.network(_)`, `.timeout` or `.cancelled`.
    /// - When the queue gave up after its retries (``APIClientQueueError/attemptsExhausted(attempts:lastResponse:lastError:)``),
    ///   the last response or transport error is reported as above, with the queue's error as `underlying`
    ///   (it tells how many attempts were made).
    ///
    /// Handlers survive nothing: after a relaunch, add them again before ``resumePersisted()`` (results that
    /// finish while no handler of their endpoint listens wait for one). They match by endpoint name only, so a
    /// request enqueued with ``enqueue(endpoint:request:authScheme:options:)`` directly (not through
    /// `APIClient.enqueue(_:with:on:)`) reaches them too when its endpoint is `resource.name`. Adding the handler
    /// also registers the resource's auth scheme, so its persisted requests can be sent after a relaunch.
    ///
    /// - Parameters:
    ///   - resource: The endpoint whose results to receive, and how to decode them.
    ///   - errorPayload: Decodes the body of a non-2xx response into `APIError.errorPayload`; pass the sending
    ///     client's `errorPayload` to get the errors that client would throw.
    ///   - handler: Receives each request of the endpoint and its typed result, once.
    public func addHandler<Req, Resp, Auth>(
        for resource: BackendResource<Req, Resp, Auth>,
        errorPayload: @escaping @Sendable (Data) -> (any Sendable)? = { _ in nil },
        _ handler: @escaping @Sendable (QueuedRequest, Result<Resp, APIError>) async -> Void
    ) async {
        let read = resource.readResponse
        if !AcceptedAuth(Auth.self).schemes.isEmpty { register([Auth.self]) }
        await addHandler(endpoints: [resource.name]) { queued, result in
            await handler(queued, queued.typedResult(result, readResponse: read, errorPayload: errorPayload))
        }
    }
}

extension QueuedRequest {
    /// `result`, the final result the queue reported for this request, as `APIClient.send(_:with:)` would have
    /// returned or thrown it: a 2xx body decoded with `decode`, anything else one `APIError` (see
    /// ``APIClientQueue/addHandler(for:errorPayload:_:)`` for the mapping).
    ///
    /// Generated response routers call this with the endpoint's payload decoder, so a persisted request
    /// re-sent after a relaunch is decoded without the `BackendResource` that built it.
    ///
    /// - Parameters:
    ///   - result: What the queue's handler received for this request.
    ///   - decode: Decodes a 2xx body (for example `MoviesRateResponse.decode(from:)`).
    ///   - errorPayload: Decodes the body of a non-2xx response into `APIError.errorPayload`.
    public func typedResult<Resp>(
        _ result: Result<HTTPResponse, any Error>,
        decode: @Sendable (Data) throws -> Resp,
        errorPayload: @Sendable (Data) -> (any Sendable)? = { _ in nil }
    ) -> Result<Resp, APIError> {
        typedResult(result, readResponse: { try decode($0.body) }, errorPayload: errorPayload)
    }

    /// `result` as `typedResult(_:decode:errorPayload:)` maps it, with a 2xx response read whole — status,
    /// headers and body — by `readResponse` (for example `MoviesRateResponse.decode(from:)` on an
    /// `HTTPResponse`), so payloads that read response headers get them.
    ///
    /// - Parameters:
    ///   - result: What the queue's handler received for this request.
    ///   - readResponse: Reads a 2xx response.
    ///   - errorPayload: Decodes the body of a non-2xx response into `APIError.errorPayload`.
    public func typedResult<Resp>(
        _ result: Result<HTTPResponse, any Error>,
        readResponse: @Sendable (HTTPResponse) throws -> Resp,
        errorPayload: @Sendable (Data) -> (any Sendable)? = { _ in nil }
    ) -> Result<Resp, APIError> {
        QueuedResultMapping.typed(
            result, of: self, endpoint: endpoint, method: request.method, read: readResponse,
            errorPayload: errorPayload)
    }
}

/// Turns a queue's untyped result into what `APIClient.send(_:with:)` would have returned or thrown.
///
/// The status and decoding errors are built as `APIClient` builds them (same kind, status, URL, body excerpt,
/// error payload and underlying error). The transport-error mapping mirrors `APIClient`'s private
/// `ErrorContext.mapped(_:)`, which cannot be called from here.
enum QueuedResultMapping {
    static func typed<Resp>(
        _ result: Result<HTTPResponse, any Error>, of queued: QueuedRequest, endpoint: String, method: HTTPMethod,
        read: @Sendable (HTTPResponse) throws -> Resp, errorPayload: @Sendable (Data) -> (any Sendable)?
    ) -> Result<Resp, APIError> {
        let url = queued.request.url
        switch result {
        case .success(let response):
            return typed(
                response, endpoint: endpoint, method: method, url: url, read: read, errorPayload: errorPayload)
        case .failure(let queueError as APIClientQueueError):
            switch queueError {
            case .attemptsExhausted(_, let lastResponse?, _):
                return typed(
                    lastResponse, endpoint: endpoint, method: method, url: url, read: read,
                    errorPayload: errorPayload, underlying: queueError)
            case .attemptsExhausted(_, nil, let lastError?):
                var error = transportError(lastError, endpoint: endpoint, method: method, url: url)
                error.underlying = queueError
                return .failure(error)
            default:
                return .failure(transportError(queueError, endpoint: endpoint, method: method, url: url))
            }
        case .failure(let error):
            return .failure(transportError(error, endpoint: endpoint, method: method, url: url))
        }
    }

    /// A response as `APIClient` reads it: a 2xx response read, anything else a status error.
    static func typed<Resp>(
        _ response: HTTPResponse, endpoint: String, method: HTTPMethod, url: URL,
        read: @Sendable (HTTPResponse) throws -> Resp, errorPayload: @Sendable (Data) -> (any Sendable)?,
        underlying: (any Error)? = nil
    ) -> Result<Resp, APIError> {
        guard (200...299).contains(response.status) else {
            return .failure(
                APIError(
                    .status(response.status), endpoint: endpoint, method: method, url: url, status: response.status,
                    headers: response.headers, body: response.body, errorPayload: errorPayload(response.body),
                    underlying: underlying))
        }
        do {
            let named = DecodingIssue.Endpoint(name: endpoint, method: method)
            return .success(try DecodingIssue.Endpoint.$current.withValue(named) { try read(response) })
        } catch {
            return .failure(
                APIError.decoding(
                    error, endpoint: endpoint, method: method, url: url, response: response, body: response.body,
                    keepingBody: false))
        }
    }

    /// A transport, URL or cancellation error as an `APIError`, mapped exactly as `APIClient` maps it.
    static func transportError(_ error: any Error, endpoint: String, method: HTTPMethod, url: URL) -> APIError {
        ErrorContext(endpoint: endpoint, method: method, url: url).mapped(error)
    }
}
