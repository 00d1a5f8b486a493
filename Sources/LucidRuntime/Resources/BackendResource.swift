import Foundation

/// A server by name; its base URL depends on the current environment (`ServerEnvironments`).
public struct ServerName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The server's name as the spec writes it (`api`), the key of its base URLs in `ServerEnvironments`.
    public let rawValue: String

    /// The server named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The server named by a string literal, as generated code writes it (`server: "api"`).
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}

/// A path template with typed parameters already turned into text: `/movie/{id}` with `id = 603`.
///
/// Each parameter is one path segment, a `/` in it percent-encoded (`a/b` → `a%2Fb`), unless it is `reserved`:
/// then its `/`s separate segments (`/repos/{owner}/{repo}/contents/{path}` with `path = docs/README.md`), each
/// segment percent-encoded like any parameter. See `URLEncoding.expand(_:)` for the values refused.
public struct ResourcePath: Sendable, Hashable {
    /// The path with `{name}` placeholders.
    public var template: String
    /// Each placeholder's text, before percent-encoding.
    public var parameters: [String: String]
    /// The parameters whose `/`s are kept as segment separators.
    public var reserved: Set<String>

    /// A path; `reserved` names the parameters that may span several segments.
    public init(_ template: String, parameters: [String: String] = [:], reserved: Set<String> = []) {
        self.template = template
        self.parameters = parameters
        self.reserved = reserved
    }
}

/// One query item (or form field): a name and a value, percent-encoded when sent. A list is sent as the same name
/// repeated (`ids=1&ids=2`) or, built with `init(_:commaSeparated:)`, as one item (`ids=1,2`).
public struct QueryItem: Sendable, Hashable {
    /// The name as text, before percent-encoding (`tag[]` is sent as `tag%5B%5D`).
    public var name: String
    /// The value as text, before percent-encoding; for a comma-separated list, its values joined by `,`. Setting
    /// it makes the item a plain one again.
    public var value: String { didSet { preEncodedValue = nil } }
    /// The wire form of a comma-separated list, whose separators are not percent-encoded; nil for a plain item.
    private var preEncodedValue: String?

    /// An item whose value is sent percent-encoded whole: `q` = `a,b c` → `q=a%2Cb%20c`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// One item holding a list: each value percent-encoded, a comma in a value included, and joined by literal
    /// commas, so that a server splitting on `,` gets the values back: `["1", "x,y"]` → `ids=1,x%2Cy`.
    public init(_ name: String, commaSeparated values: [String]) {
        self.name = name
        self.value = values.joined(separator: ",")
        self.preEncodedValue = values.map(URLEncoding.encode).joined(separator: ",")
    }

    /// The value as it goes on the wire: percent-encoded, with a comma-separated list's separators left as `,`.
    public var encodedValue: String { preEncodedValue ?? URLEncoding.encode(value) }
}

/// How the request value becomes the body: it sets the `Content-Type` of a request with a body, unless the
/// resource's headers already have one.
public enum BodyEncoding: Sendable, Hashable {
    /// No body, or one whose type the resource's headers give.
    case none
    /// `application/json`.
    case json
    /// `application/x-www-form-urlencoded`.
    case form
    /// `multipart/form-data; boundary=<boundary>`: the boundary the body was encoded with
    /// (`MultipartFormEncoder.encode(_:boundary:)`).
    case multipart(boundary: String)
    /// The given content type.
    case raw(contentType: String)
}

/// Options of a request sent through an `APIClientQueue`.
public struct QueueOptions: Sendable, Hashable, Codable {
    /// How a request is ordered among the others of its queue (the spec's `queue: { order: … }`).
    public enum Order: String, Sendable, Hashable, Codable {
        /// Runs beside other concurrent requests, up to the queue's `maxConcurrent`, started in enqueue order.
        case concurrent
        /// Starts once everything enqueued before it has finished; nothing enqueued after it starts until it has.
        case barrier
    }

    /// A failure after which a queued request is sent again (the spec's `queue: { retry: […] }`).
    public enum RetryCondition: Sendable, Hashable, Codable {
        /// The request did not reach the server or its answer was lost (no connection, connection dropped).
        case network
        /// No whole answer within the request's deadline.
        case timeout
        /// The server answered with this HTTP status (such as 503): the request is sent again after the backoff, or
        /// after the answer's `Retry-After` when that is longer.
        case status(Int)
    }

    /// Whether the request runs beside others or waits for them (a barrier).
    public var order: Order
    /// Written to disk before it is sent, and re-sent after a relaunch until answered.
    public var persist: Bool
    /// The failures after which the request is sent again; none by default: the first answer or failure is its result.
    public var retry: [RetryCondition]
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// Seconds before the first retry; each later retry waits twice as long.
    public var backoff: Double

    /// Options for a queued request; the defaults send it once, concurrently, in memory only.
    public init(
        order: Order = .concurrent, persist: Bool = false, retry: [RetryCondition] = [], maxAttempts: Int = 3,
        backoff: Double = 1
    ) {
        self.order = order
        self.persist = persist
        self.retry = retry
        self.maxAttempts = maxAttempts
        self.backoff = backoff
    }
}

/// Everything needed to perform one request of an API and read its response.
///
/// `Request` is the value a caller passes (the body, or `Void`), `Response` what comes back, and `Auth` the
/// scheme whose credentials the request needs — a phantom type checked when the resource is accessed.
public struct BackendResource<Request, Response, Auth: AuthScheme>: Sendable {
    /// `service.endpoint`, for errors and logs.
    public var name: String
    /// The server whose base URL, in the client's current environment, the path is appended to.
    public var server: ServerName
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path under the server's base URL, its parameters already text.
    public var path: ResourcePath
    /// The query items, in order; the credential's query item, if any, is added by the client when it sends.
    public var query: [QueryItem]
    /// The request's own headers (the spec's `fixed_headers` and header parameters); credentials and middleware
    /// headers are added by the client when it sends.
    public var headers: [String: String]
    /// How the request value becomes the body, and so the `Content-Type`.
    public var bodyEncoding: BodyEncoding
    /// The most the whole exchange may take (the spec's `timeout:`); nil: the client's default
    /// (`APIClient.timeout`), else the transport's (60 s for `HTTPTransport.urlSession`).
    public var timeout: Duration?
    /// Identical in-flight requests share one network call.
    public var deduplicate: Bool
    /// How long a response stays fresh in a `ResponseCache`; nil: not cached.
    public var cacheTTL: Duration?
    /// How an `APIClientQueue` orders, persists and retries the request (the spec's `queue:`); nil: the endpoint is
    /// not queued, and enqueueing it uses the default options.
    public var queue: QueueOptions?
    /// The whole URL to send the request to instead of the server's base URL, `path` and `query`: the next page a
    /// ``PageSequence`` follows (a `Link` header's or a body's URL). It must be on the origin (scheme, host, port) of
    /// `server`'s base URL in the current environment: another origin is refused before any credential is added,
    /// with an `APIError` of kind `.paging(.foreignOrigin(_:))`, and nothing is sent. A query item of the resource's
    /// credential already in it is replaced by the current credential. Deduplication and the cache key on it like on
    /// any URL. Nil (the default): the URL is built from `server`, `path` and `query`.
    public var absoluteURL: URL?
    /// Turns the request value into body bytes (nil: no body).
    public var encodeBody: @Sendable (Request) throws -> Data?
    /// Turns the request value into a body read from disk as it is sent, when it has files on disk (a multipart
    /// body with `FileUpload(contentsOf:)`); nil, or an answer of nil: `encodeBody` makes the body. A request kept
    /// by a queue always has `encodeBody`'s bytes, the files read.
    public var streamBody: (@Sendable (Request) throws -> StreamedBody?)?
    /// Reads a 2xx response — status, headers and body — into the response value. Generated resources pass
    /// `{ try Payload.decode(from: $0) }`, which reads the body and, for payloads that declare them, headers.
    public var readResponse: @Sendable (HTTPResponse) throws -> Response

    /// Reads a 2xx response from its body alone: `readResponse` given a `200` with that body and no headers. Setting
    /// it replaces `readResponse` with one that reads only the body.
    public var decodeResponse: @Sendable (Data) throws -> Response {
        get {
            let read = readResponse
            return { try read(HTTPResponse(status: 200, body: $0)) }
        }
        set {
            readResponse = { [newValue] in try newValue($0.body) }
        }
    }

    /// Creates a resource whose answer is read from the whole response (status, headers and body).
    ///
    /// - Parameters:
    ///   - name: `service.endpoint`, for errors and logs.
    ///   - server: The server whose base URL the current environment gives.
    ///   - method: The request method.
    ///   - path: The path below the server's base URL, with its parameters.
    ///   - query: Query items, in order.
    ///   - headers: Header fields.
    ///   - bodyEncoding: How the body is encoded, which sets its `Content-Type`.
    ///   - timeout: The most the whole exchange may take; nil for the client's default, else the transport's.
    ///   - deduplicate: Whether identical in-flight requests share one call; by default GETs and HEADs do.
    ///   - cacheTTL: How long a response stays fresh in a `ResponseCache`; nil: not cached.
    ///   - queue: Options of the request when sent through an `APIClientQueue`.
    ///   - encodeBody: Turns the request value into body bytes (nil: no body).
    ///   - streamBody: Turns the request value into a body streamed from disk, when it has files there.
    ///   - readResponse: Reads a 2xx response.
    public init(
        name: String, server: ServerName, method: HTTPMethod, path: ResourcePath, query: [QueryItem] = [],
        headers: [String: String] = [:], bodyEncoding: BodyEncoding = .none, timeout: Duration? = nil,
        deduplicate: Bool? = nil, cacheTTL: Duration? = nil, queue: QueueOptions? = nil,
        encodeBody: @escaping @Sendable (Request) throws -> Data? = { _ in nil },
        streamBody: (@Sendable (Request) throws -> StreamedBody?)? = nil,
        readResponse: @escaping @Sendable (HTTPResponse) throws -> Response
    ) {
        self.name = name
        self.server = server
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.bodyEncoding = bodyEncoding
        self.timeout = timeout
        self.deduplicate = deduplicate ?? (method == .get || method == .head)
        self.cacheTTL = cacheTTL
        self.queue = queue
        self.encodeBody = encodeBody
        self.streamBody = streamBody
        self.readResponse = readResponse
    }

    /// Creates a resource whose answer is read from the response body alone (`decodeResponse`); see
    /// `init(name:server:method:path:query:headers:bodyEncoding:timeout:deduplicate:cacheTTL:queue:encodeBody:streamBody:readResponse:)`
    /// for the other parameters.
    public init(
        name: String, server: ServerName, method: HTTPMethod, path: ResourcePath, query: [QueryItem] = [],
        headers: [String: String] = [:], bodyEncoding: BodyEncoding = .none, timeout: Duration? = nil,
        deduplicate: Bool? = nil, cacheTTL: Duration? = nil, queue: QueueOptions? = nil,
        encodeBody: @escaping @Sendable (Request) throws -> Data? = { _ in nil },
        streamBody: (@Sendable (Request) throws -> StreamedBody?)? = nil,
        decodeResponse: @escaping @Sendable (Data) throws -> Response
    ) {
        self.init(
            name: name, server: server, method: method, path: path, query: query, headers: headers,
            bodyEncoding: bodyEncoding, timeout: timeout, deduplicate: deduplicate, cacheTTL: cacheTTL, queue: queue,
            encodeBody: encodeBody, streamBody: streamBody, readResponse: { try decodeResponse($0.body) })
    }
}

extension BackendResource {
    /// The same request, its 2xx response read by `read` instead.
    public func reading<Other>(
        _ read: @escaping @Sendable (HTTPResponse) throws -> Other
    ) -> BackendResource<Request, Other, Auth> {
        var resource = BackendResource<Request, Other, Auth>(
            name: name, server: server, method: method, path: path, query: query, headers: headers,
            bodyEncoding: bodyEncoding, timeout: timeout, deduplicate: deduplicate, cacheTTL: cacheTTL, queue: queue,
            encodeBody: encodeBody, streamBody: streamBody, readResponse: read)
        resource.absoluteURL = absoluteURL
        return resource
    }
}
