import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as it goes over the wire.
public struct HTTPRequest: Sendable, Hashable, Codable {
    /// The request method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields (names in any case).
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// A file whose content is the body, read from disk as it is sent (an upload, `APIClient.upload`), when `body`
    /// is nil: never held in memory. A transport of your own reads it as it sends.
    public var bodyFile: URL?
    /// A body of pieces in memory and files on disk (a multipart body with a file from disk), read as it is sent,
    /// when `body` and `bodyFile` are nil. A transport of your own reads it with `StreamedBody.makeInputStream()`.
    public var streamedBody: StreamedBody?
    /// The most the whole exchange may take (connecting, the headers, the body and any redirects), not only the
    /// time between two packets; nil: the default of the client (`APIClient.timeout`), else of the transport
    /// (`HTTPTransport.urlSession(_:maxResponseBytes:timeout:)`: 60 s unless told otherwise). The transport enforces
    /// it: a transport of your own gets the client's deadline here and bounds the exchange as it can (the client
    /// does not race it with a timer of its own).
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// Creates a request with the fields of a dictionary (code written before `HTTPHeaders` keeps compiling).
    public init(
        method: HTTPMethod, url: URL, headers: [String: String], body: Data? = nil, timeout: Duration? = nil
    ) {
        self.init(method: method, url: url, headers: HTTPHeaders(headers), body: body, timeout: timeout)
    }
}

/// A response as it came over the wire.
public struct HTTPResponse: Sendable, Hashable, Codable {
    /// The status code.
    public var status: Int
    /// The header fields, by name as the server spelled it; looked up in any case (`headers["retry-after"]`).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with the fields of a dictionary (code written before `HTTPHeaders` keeps compiling).
    public init(status: Int, headers: [String: String], body: Data = Data()) {
        self.init(status: status, headers: HTTPHeaders(headers), body: body)
    }
}

/// Why a transport could not get a response.
public enum TransportError: Error, Sendable, Hashable {
    /// The network failed (no connection, connection lost, DNS, too many redirects, ...).
    case network(String)
    /// The request's `timeout` passed before the response was complete.
    case timedOut
    /// The calling task was cancelled.
    case cancelled
}

/// The error of a response whose body is larger than the transport accepts (see
/// `HTTPTransport.urlSession(_:maxResponseBytes:timeout:)`): the call ended as soon as that was known and the transfer
/// was cancelled, so a hostile or broken server cannot make the app buffer an unbounded body.
///
/// A type of its own rather than a `TransportError` case, so that code switching over `TransportError` keeps
/// compiling; `APIClient` reports it as an `APIError` of kind `.tooLarge(limit:)` whose `underlying` error is this.
public struct ResponseTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
    /// The most body bytes the transport accepts.
    public var limit: Int
    /// The length the server declared (`Content-Length`) when that was already over the limit; nil when the body
    /// was cut off while streaming.
    public var declaredLength: Int?

    /// Creates the error for a body over `limit` bytes, `declaredLength` long if the server said so.
    public init(limit: Int, declaredLength: Int? = nil) {
        self.limit = limit
        self.declaredLength = declaredLength
    }

    public var description: String {
        let declared = declaredLength.map { " (Content-Length: \($0))" } ?? ""
        return "the response body is larger than the limit of \(limit) bytes\(declared)"
    }
}

/// Sends requests: URLSession by default, an in-memory handler in tests. A struct of closures (the client
/// pattern), so anything that can answer a request can be a transport.
public struct HTTPTransport: Sendable {
    /// Sends one request and returns its response (any status); throws when there is no response.
    public var send: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Sends one request and returns its response (any status) once its headers are in, its body to be read as it
    /// arrives: what streams (server-sent events, JSON Lines) are read from. The request's `timeout` is here the
    /// most the server may stay silent (before the headers, and between two pieces of the body), not a deadline for
    /// the whole exchange, which a stream does not have.
    public var openStream: @Sendable (HTTPRequest) async throws -> HTTPStreamResponse

    /// Creates a transport that sends with `send`; a stream is the body `send` answers, read whole first (enough
    /// for tests and previews, not for a long-lived stream).
    public init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.init(send: send) { request in HTTPStreamResponse(try await send(request)) }
    }

    /// Creates a transport that sends with `send` and opens streams with `openStream`.
    public init(
        send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
        openStream: @escaping @Sendable (HTTPRequest) async throws -> HTTPStreamResponse
    ) {
        self.send = send
        self.openStream = openStream
    }

    /// Answers every request with `handler`, without a network: for tests and previews.
    public static func inMemory(
        _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) -> HTTPTransport {
        HTTPTransport(send: handler)
    }

    /// The deadline `urlSession(_:maxResponseBytes:timeout:)` gives a request that sets none: 60 seconds.
    ///
    /// As long as URLSession's own idle timeout (`timeoutIntervalForRequest`), so a request that a quiet server
    /// answered within it still gets its answer; but over the whole exchange rather than between two packets, so
    /// no server, slow or hostile, holds a call longer. Longer exchanges (a large upload) set their own: the spec's
    /// `timeout:`, or `APIClient(timeout:)` for all of a client's.
    public static let defaultTimeout: Duration = .seconds(60)

    /// The session `urlSession()` sends through unless it is given one: made from `sessionConfiguration()`, so it
    /// keeps no HTTP cache and no cookies.
    ///
    /// Not `URLSession.shared`: that session's `URLCache` would answer requests under LucidRuntime's own cache (a
    /// response that is stale for the app fresh for URLSession, a purge that leaves copies behind), and its cookie
    /// store would keep one user's cookies after the app logs out and purges.
    public static let defaultSession = URLSession(configuration: sessionConfiguration())

    /// A configuration for the sessions of an API client: ephemeral (nothing on disk), with no URL cache, no cookie
    /// store and no credential store. Requests are answered by the server, and carry the cookies and credentials
    /// the app gives them (headers, `CredentialProvider`), nothing a session remembered.
    ///
    /// An app whose API needs cookies sets a store on it and makes its own session:
    /// ```swift
    /// let configuration = HTTPTransport.sessionConfiguration()
    /// configuration.httpCookieStorage = HTTPCookieStorage()  // or .shared, kept beyond the client's lifetime
    /// configuration.httpShouldSetCookies = true
    /// configuration.httpCookieAcceptPolicy = .always
    /// let transport = HTTPTransport.urlSession(URLSession(configuration: configuration))
    /// ```
    public static func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }

    /// Sends through `session`; cancelling the calling task cancels the request.
    ///
    /// Safer than URLSession's defaults for an API client:
    /// - **A deadline for every request.** The request's `timeout`, else `timeout` (60 s unless given), bounds the
    ///   whole exchange (connecting, the headers, the body and any redirects), not only the time between two
    ///   packets: a server that drips one byte a second, or says nothing at all, fails the request with
    ///   `TransportError.timedOut` once it has passed (then the call returns; the task is cancelled, not waited
    ///   for). URLSession's idle timeout follows it (`URLRequest.timeoutInterval`, rounded up to whole seconds), so
    ///   URLSession never ends a request earlier than its deadline does.
    /// - **A bounded body.** A body over `maxResponseBytes` (by its `Content-Length`, or as it streams in) ends the
    ///   call at once with `ResponseTooLarge` and cancels the transfer. The transport never holds more than
    ///   `maxResponseBytes` of a body, not even while appending; against a body that never ends, sent as fast as the
    ///   client reads, the process's peak memory grows by at most the cap, 1/32 of it and 1 MB (see below).
    /// - **Streams that never outgrow a buffer** (`openStream`): the body is handed over as it arrives. A reader that
    ///   falls `streamBufferBytes` behind suspends the transfer until it catches up (Apple platforms, where streams
    ///   run in `session` itself: TCP holds the server back); FoundationNetworking, which cannot pause a transfer,
    ///   runs each stream in a session serving no other meanwhile (kept for the next stream) and fails a stream
    ///   whose reader is more than `streamLagLimit` behind. The request's timeout bounds the server's silence instead
    ///   of the exchange; a redirect to another origin is refused.
    /// - **Redirects never drop a body nor leak credentials.** The transport follows redirects itself: a 307 or
    ///   308 re-sends the same method, headers and body (at most 5 hops for a request with a body, 20 without);
    ///   a 303 becomes a `GET` without body; a 301 or 302 to a request with a body is returned as the response
    ///   rather than turned into a `GET`; a body is never sent on from `https` to `http`; and the
    ///   `Authorization`, `Proxy-Authorization` and `Cookie` headers never go on to another origin.
    ///
    /// On Apple platforms the tasks run in `session` itself (its delegate still answers authentication
    /// challenges); the body is counted as URLSession hands it over. FoundationNetworking only reports a task's data
    /// to the session's delegate, so on Linux the tasks run in a session made from `session.configuration`, and
    /// `session`'s delegate is not consulted. That session's callbacks run on the thread that reads the response,
    /// so FoundationNetworking reads a piece (16 KB at most) only once the transfer has counted the one before:
    /// nothing piles up between them, however fast the server and however busy the machine. FoundationNetworking
    /// itself keeps about 250 bytes per piece it reads while its work queue has no pause (the 1/32 above), and its
    /// cancellation waits for that queue: a server sending faster than FoundationNetworking reads (200–330 MB/s on a
    /// 2-core machine: a loopback or fast-LAN server) can keep it reading and dropping the body, and the transport's
    /// other requests waiting, until the server pauses — the call itself has ended. FoundationNetworking also keeps
    /// the body of a redirect (3xx) to itself, unseen by the transport until it ends, so the cap does not apply to it;
    /// the deadline ends the call. docs/Platforms.md has the measurements.
    ///
    /// - Parameters:
    ///   - session: The session whose configuration (cookies, cache, headers) the requests use: `defaultSession`,
    ///     with no cache and no cookies, unless given.
    ///   - maxResponseBytes: The most bytes of a response body accepted (after decompression); 20 MB unless given.
    ///   - timeout: The deadline of a request whose `timeout` is nil: `defaultTimeout` (60 s) unless given.
    public static func urlSession(
        _ session: URLSession = defaultSession, maxResponseBytes: Int = 20 * 1024 * 1024,
        timeout: Duration = defaultTimeout
    ) -> HTTPTransport {
        let exchange = URLSessionExchange(session: session, maxResponseBytes: maxResponseBytes)
        let streamer = URLSessionStreamer(session: session, bufferBytes: streamBufferBytes, lagLimit: streamLagLimit)
        return HTTPTransport { request in
            var request = request
            let deadline = request.timeout ?? timeout
            request.timeout = deadline  // URLSession's idle timeout follows it (`URLSessionExchange.urlRequest`).
            return try await exchange.send(request, timeout: deadline)
        } openStream: { request in
            var request = request
            request.timeout = request.timeout ?? timeout
            return try await streamer.open(request)
        }
    }

    /// How far a stream's reader may fall behind on Apple platforms before `urlSession()` suspends the transfer until
    /// it has caught up halfway: 128 KiB (plus what was already in flight). Not for FoundationNetworking, which cannot
    /// pause a transfer: see `streamLagLimit`.
    public static let streamBufferBytes = 128 * 1024

    /// How far a stream's reader may fall behind with FoundationNetworking (Linux), which cannot pause a transfer:
    /// 8 MiB. Past it the stream fails (`TransportError.network`) instead of holding more; a reader that keeps up never
    /// meets it.
    public static let streamLagLimit = 8 * 1024 * 1024
}
