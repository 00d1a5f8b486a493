import Foundation

extension APIClient {
    /// The most bytes of a non-2xx stream response read for its error payload: 64 KiB.
    static let streamErrorBodyLimit = 64 * 1024

    /// Opens the stream `resource` describes with `request` and returns its 2xx response once the headers are in,
    /// the body to be read as it arrives (most callers read a ``ResponseStream`` instead).
    ///
    /// Everything a call has applies before the stream starts: the credentials, a refresh and one more attempt on
    /// a 401, the middleware, and for any other non-2xx answer an `APIError` of kind `.status` with the error
    /// payload (its body read up to 64 KiB). The request asks for the stream's media type, and carries
    /// `Last-Event-ID` when `lastEventID` is given (a resumed stream of server-sent events).
    public func openStream<Req, Element, Auth>(
        _ resource: StreamResource<Req, Element, Auth>, with request: Req, lastEventID: String? = nil
    ) async throws(APIError) -> HTTPStreamResponse {
        try await openStream(resource.request, with: request) { resource.streamRequest($0, lastEventID: lastEventID) }
    }

    /// Opens `backend` with `request`, its described request adjusted by `adjust` (headers, the idle timeout), and
    /// returns its 2xx response once the headers are in: what streams and downloads share.
    func openStream<Req, Resp, Auth>(
        _ backend: BackendResource<Req, Resp, Auth>, with request: Req, adjust: (HTTPRequest) -> HTTPRequest
    ) async throws(APIError) -> HTTPStreamResponse {
        let described = adjust(try describedRequest(for: backend, with: request))
        let context = ErrorContext(backend, url: described.url)
        let (sent, response) = try await sendRefreshingOnce(
            described, auth: Auth.self, context: context, status: \.status, discard: { $0.body.cancel() }
        ) { sent throws(APIError) in try await openTransmit(sent, context: context) }
        guard (200...299).contains(response.status) else {
            let body = (try? await response.body.collect(upTo: Self.streamErrorBodyLimit)) ?? Data()
            if Task.isCancelled { throw context.with(url: sent.request.url).error(.cancelled) }
            throw statusError(response.status, headers: response.headers, body: body, to: sent, of: backend)
        }
        return response
    }

    /// Opens one stream request, which carries the credentials of `sent.schemes`, mapping every failure.
    private func openTransmit(_ sent: Authorized, context: ErrorContext) async throws(APIError) -> HTTPStreamResponse {
        let context = context.with(url: sent.request.url)
        if Task.isCancelled { throw context.error(.cancelled) }
        let open = transport.openStream
        let request = sent.request
        do {
            return try await Self.withSchemeHeaders(of: sent.schemes) { try await open(request) }
        } catch {
            throw context.mapped(error)
        }
    }
}
