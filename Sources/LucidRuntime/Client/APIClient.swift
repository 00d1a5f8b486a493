import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `BackendResource`s: builds the request (URL, body, credentials, middleware), sends it through the
/// transport, and decodes the answer — every failure surfaces as one typed `APIError`.
///
/// Reach it through an `Accessible` (`accessor(for:)`, `unauthenticated`) so that the compiler checks each
/// resource's auth scheme; `send(_:with:)` is the unchecked primitive underneath.
public final class APIClient: Sendable {
    /// A step run on every request after it is built and before it is sent (adds headers, signs, logs, ...).
    public typealias Middleware = @Sendable (HTTPRequest) async throws -> HTTPRequest

    /// The servers' base URLs per environment.
    public let environments: ServerEnvironments
    /// What sends the requests.
    public let transport: HTTPTransport
    /// The deadline of each request whose resource sets none (`BackendResource.timeout`, the spec's `timeout:`);
    /// nil: the transport's (`HTTPTransport.urlSession`: 60 s). It bounds every exchange the client makes — a
    /// `send`, a `fetch` or `prefetch` and its revalidation, each attempt of a queued request — from connecting to
    /// the last byte, redirects included.
    public let timeout: Duration?
    /// Supplies and renews credentials.
    public let credentials: CredentialProvider
    /// Middleware, run in order on every request (on the retry after a refresh too).
    public let prepareRequest: [Middleware]
    /// Decodes the body of a non-2xx response into the API's error payload; nil when it is not one.
    public let errorPayload: @Sendable (Data) -> (any Sendable)?
    /// Shares identical in-flight requests of resources marked `deduplicate`; nil: never shared.
    public let deduplicator: RequestDeduplicator?
    /// Answers `fetch(_:with:)` while fresh and is filled by `prefetch(_:with:)` (one of its own unless the client
    /// was made with another or `nil`); nil: nothing cached.
    public let cache: ResponseCache?
    /// Whether the `APIError` of a 2xx body that did not decode keeps the start of that body (off by default: a
    /// successful answer may hold a secret, such as a login's token).
    public let successBodyExcerpts: Bool
    /// The refresh in flight per auth scheme, shared by every request answered 401 meanwhile.
    private let refreshes = SingleFlight()

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - environments: The servers' base URLs per environment.
    ///   - transport: What sends the requests: URLSession by default.
    ///   - timeout: The deadline of each request whose resource sets none; nil (the default): the transport's, 60 s
    ///     for `HTTPTransport.urlSession`.
    ///   - credentials: Supplies credentials for authenticated resources.
    ///   - prepareRequest: Middleware run in order on every built request.
    ///   - errorPayload: Decodes the body of a non-2xx response into `APIError.errorPayload`.
    ///   - deduplicator: Shares identical in-flight requests of resources marked `deduplicate`.
    ///   - cache: The cache of `fetch(_:with:)` and `prefetch(_:with:)`: by default a `ResponseCache` of its own
    ///     (256 responses, 10 MB of bodies), so that a resource's `cacheTTL` (the spec's `cache: { ttl: … }`) answers
    ///     from it; it stores only responses of resources with a ttl, or of calls that pass one. `nil`: nothing is
    ///     cached.
    ///   - successBodyExcerpts: Keep the start of a 2xx body that did not decode in its `APIError` (for debug
    ///     builds: a successful answer may hold a secret).
    public init(
        environments: ServerEnvironments,
        transport: HTTPTransport = .urlSession(),
        timeout: Duration? = nil,
        credentials: CredentialProvider = .none,
        prepareRequest: [Middleware] = [],
        errorPayload: @escaping @Sendable (Data) -> (any Sendable)? = { _ in nil },
        deduplicator: RequestDeduplicator? = nil,
        cache: ResponseCache? = ResponseCache(),
        successBodyExcerpts: Bool = false
    ) {
        self.environments = environments
        self.transport = transport
        self.timeout = timeout
        self.credentials = credentials
        self.prepareRequest = prepareRequest
        self.errorPayload = errorPayload
        self.deduplicator = deduplicator
        self.cache = cache
        self.successBodyExcerpts = successBodyExcerpts
    }

    // MARK: Sending

    /// Sends `resource` with `request` and decodes its 2xx response.
    ///
    /// The request carries the credentials of the first of the resource's ``AuthScheme/alternatives`` whose every
    /// credential the provider has (a scheme alone, several together, or none when authentication is optional);
    /// when none is covered it is not sent, and the error (kind `.missingCredential`) names what it accepts
    /// (``APIError/acceptedAuth``). A 401 to an authenticated request asks the credential provider to refresh the
    /// credentials it carried, once; when it has a new one the request is rebuilt and sent once more. Cancelling
    /// the calling task cancels the request.
    public func send<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req
    ) async throws(APIError) -> Resp {
        let (sent, response) = try await perform(resource, with: request, prepared: nil)
        return try decode(response, of: resource, sent: sent.request)
    }

    /// Like `send(_:with:)`, but answers from the cache while a response for the same final request is fresh,
    /// and caches a new 2xx response for `ttl` (default: the resource's `cacheTTL`; neither: not cached).
    ///
    /// A cached response past its time-to-live that has a validator (`ETag`, `Last-Modified`) is revalidated: the
    /// request goes out with `If-None-Match` and/or `If-Modified-Since` (added after the credential and the
    /// middleware; the cache key stays the request without them), and a `304 Not Modified` renews the entry for
    /// `ttl`, updates its headers from the 304, and answers with the cached body. A 2xx replaces the entry. With a
    /// cache and a `ttl` a 304 is never an error: when the entry was evicted meanwhile, the request is sent once
    /// more without the conditional headers. A request whose headers are already conditional (`If-None-Match`,
    /// `If-Modified-Since`, `If-Match`, `If-Unmodified-Since`, `If-Range`) is sent as it is, and a 304 to it is an
    /// `APIError` of kind `.status(304)` as without a cache.
    public func fetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) -> Resp {
        try await fetched(resource, with: request, ttl: ttl).response
    }

    /// `fetch(_:with:ttl:)`, saying whether the answer came from the cache without asking the server: such an
    /// answer may be older than what an `EntityStore` holds (`EntityStore.put(_:)` of a `Fetched` only fills gaps
    /// with it). A response the server confirmed (`304 Not Modified`) is not from the cache.
    public func fetched<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) -> Fetched<Resp> {
        let prepared = try await authorizedRequest(for: resource, with: request)
        let ttl = ttl ?? resource.cacheTTL
        var validators: [String: String] = [:]
        if let cache {
            switch await cache.entry(for: prepared.request) {
            case .fresh(let cached):
                return Fetched(response: try decode(cached, of: resource, sent: prepared.request), isFromCache: true)
            case .stale(let cached): validators = Self.validators(of: cached, for: prepared.request, ttl: ttl)
            case nil: break
            }
        }
        let response = try await exchange(
            resource, with: request, prepared: prepared, validators: validators, ttl: ttl)
        return Fetched(response: response, isFromCache: false)
    }

    /// Sends `resource` and, when its response decodes, caches it for `ttl` (default: the resource's
    /// `cacheTTL`; neither: not cached) so that a later `fetch(_:with:)` answers at once. When the cache holds a
    /// response with a validator for the request (fresh or not), the request is conditional and a
    /// `304 Not Modified` renews that response, as in `fetch(_:with:ttl:)`.
    public func prefetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) {
        let prepared = try await authorizedRequest(for: resource, with: request)
        let ttl = ttl ?? resource.cacheTTL
        var validators: [String: String] = [:]
        if let cache, let cached = await cache.entry(for: prepared.request) {
            validators = Self.validators(of: cached.response, for: prepared.request, ttl: ttl)
        }
        _ = try await exchange(resource, with: request, prepared: prepared, validators: validators, ttl: ttl)
    }

    /// The request exactly as it would be sent now: URL for the current environment, body, content type, deadline,
    /// credentials (of the alternative `send` would choose) and every middleware applied. Useful as a cache key.
    public func request<Req, Resp, Auth>(
        for resource: BackendResource<Req, Resp, Auth>, with request: Req
    ) async throws(APIError) -> HTTPRequest {
        try await authorizedRequest(for: resource, with: request).request
    }

    /// `request(for:with:)` and the schemes whose credentials it carries.
    private func authorizedRequest<Req, Resp, Auth>(
        for resource: BackendResource<Req, Resp, Auth>, with request: Req
    ) async throws(APIError) -> Authorized {
        let built = try describedRequest(for: resource, with: request)
        return try await authorized(built, auth: Auth.self, context: ErrorContext(resource, url: built.url))
    }

    /// The request as the resource describes it — URL for the current environment, query, headers, body and
    /// content type — without credential and without middleware: what a queue persists (`streaming: false`: its
    /// body in memory, files on disk read).
    func describedRequest<Req, Resp, Auth>(
        for resource: BackendResource<Req, Resp, Auth>, with request: Req, streaming: Bool = true
    ) throws(APIError) -> HTTPRequest {
        let context = ErrorContext(endpoint: resource.name, method: resource.method)
        var headers = HTTPHeaders(resource.headers)
        let body: Data?
        let streamed: StreamedBody?
        do {
            streamed = streaming ? try resource.streamBody?(request) : nil
            body = streamed == nil ? try resource.encodeBody(request) : nil
        } catch {
            throw context.error(.encoding(String(describing: error)), underlying: error)
        }
        if body != nil || streamed != nil,
            headers["Content-Type"] == nil
        {
            switch resource.bodyEncoding {
            case .none: break
            case .json: headers["Content-Type"] = "application/json"
            case .form: headers["Content-Type"] = "application/x-www-form-urlencoded"
            case .multipart(let boundary):
                headers["Content-Type"] = MultipartFormEncoder.contentType(boundary: boundary)
            case .raw(let contentType): headers["Content-Type"] = contentType
            }
        }
        let url = try self.url(of: resource, context: context)
        var described = HTTPRequest(
            method: resource.method, url: url, headers: headers, body: body, timeout: resource.timeout)
        described.streamedBody = streamed
        return described
    }

    /// The URL `resource` is sent to now, before its credential and the middleware: the server's base URL in the
    /// current environment, the path and the query, or the resource's `absoluteURL` (checked against the server's
    /// origin). What a ``PageSequence`` resolves a relative next-page URL against.
    public func url<Req, Resp, Auth>(of resource: BackendResource<Req, Resp, Auth>) -> URL? {
        try? url(of: resource, context: ErrorContext(endpoint: resource.name, method: resource.method))
    }

    private func url<Req, Resp, Auth>(
        of resource: BackendResource<Req, Resp, Auth>, context: ErrorContext
    ) throws(APIError) -> URL {
        guard let base = environments.baseURLString(for: resource.server) else { throw context.error(.invalidURL) }
        if let absolute = resource.absoluteURL.map(URLOrigin.normalized) {
            // Checked before any credential exists for the request: a foreign next page never sees it.
            guard let server = URL(string: base).flatMap(URLOrigin.init) else { throw context.error(.invalidURL) }
            guard let origin = URLOrigin(absolute), origin == server else {
                let foreign = URLOrigin(absolute)?.description ?? "a URL without a host"
                throw context.error(.paging(.foreignOrigin(foreign)))
            }
            return Self.removingCredentialQueryItems(of: Auth.self, from: absolute)
        }
        guard let path = URLEncoding.expand(resource.path) else { throw context.error(.invalidURL) }
        var text = base.hasSuffix("/") ? String(base.dropLast()) : base
        if !path.isEmpty, !path.hasPrefix("/") { text += "/" }
        text += path
        guard let url = URL(string: Self.appending(resource.query, to: text)) else { throw context.error(.invalidURL) }
        return url
    }

    /// `url` without the query items of every scheme `auth` may send (a credential a server echoed in a next-page
    /// link), so that the current credential, added after, is the only one.
    static func removingCredentialQueryItems(of auth: any AuthScheme.Type, from url: URL) -> URL {
        AcceptedAuth(auth).placements.reduce(url) { url, placement in
            guard case .query(let name) = placement else { return url }
            return removingQueryItems(named: name, from: url)
        }
    }

    /// `url` without the query items named `name`.
    static func removingQueryItems(named name: String, from url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems, items.contains(where: { $0.name == name })
        else { return url }
        let kept = items.filter { $0.name != name }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }

    /// A request ready for the wire, and the auth schemes whose credentials it carries (those a 401 refreshes).
    struct Authorized {
        var request: HTTPRequest
        var schemes: [any AuthScheme.Type]
    }

    /// `request` with the client's deadline when it has none of its own, the current credentials of the first of
    /// `auth`'s alternatives the provider covers (each in its header or query item) and every middleware applied:
    /// the last step before the wire, for immediate and queued requests alike (a queued request keeps only its
    /// resource's `timeout`, and gets the client's when it is sent).
    func authorized(
        _ request: HTTPRequest, auth: (any AuthScheme.Type)?, context: ErrorContext
    ) async throws(APIError) -> Authorized {
        var built = request
        if built.timeout == nil { built.timeout = timeout }
        let chosen = try await credentials(for: auth, at: built.url, context: context)
        for (scheme, credential) in chosen {
            switch scheme.placement {
            case .none: break
            case .header(let name, let prefix): built.headers[name] = prefix + credential
            case .query(let name):
                guard let url = URL(string: Self.appending([QueryItem(name, credential)], to: built.url.absoluteString))
                else { throw context.error(.invalidURL) }
                built.url = url
            case .basic: built.headers["Authorization"] = Self.basicAuthorization(credential)
            }
        }
        for middleware in prepareRequest {
            do {
                built = try await middleware(built)
            } catch {
                throw context.with(url: built.url).mapped(error)
            }
        }
        return Authorized(request: built, schemes: chosen.map(\.scheme))
    }

    /// The credentials of the first alternative of `auth` whose every credential the provider has for `url`, in
    /// order: never part of one. An empty alternative (optional authentication) is chosen only when no other is
    /// covered. When none is, the request is not sent: `.missingCredential`, naming what `auth` accepts, with the
    /// first error a provider threw as `underlying`.
    private func credentials(
        for auth: (any AuthScheme.Type)?, at url: URL, context: ErrorContext
    ) async throws(APIError) -> [(scheme: any AuthScheme.Type, credential: String)] {
        guard let auth else { return [] }
        let alternatives = auth.alternatives
        var failure: (any Error)?
        for alternative in alternatives where !alternative.isEmpty {
            var found: [(scheme: any AuthScheme.Type, credential: String)] = []
            for scheme in alternative {
                let value: String?
                do {
                    value = try await credentials.credential(for: scheme, at: url)
                } catch {
                    if error is CancellationError { throw context.error(.cancelled, underlying: error) }
                    failure = failure ?? error
                    value = nil
                }
                guard let value else { break }
                found.append((scheme, value))
            }
            if found.count == alternative.count { return found }
        }
        if alternatives.contains(where: \.isEmpty) { return [] }
        var error = context.error(.missingCredential, underlying: failure)
        error.acceptedAuth = AcceptedAuth(auth)
        throw error
    }

    /// The `Authorization` value of HTTP Basic authentication for `credential` (`user:password`), encoded as
    /// UTF-8, the charset RFC 7617 lets servers announce and the one browsers and other clients use.
    private static func basicAuthorization(_ credential: String) -> String {
        "Basic " + Data(credential.utf8).base64EncodedString()
    }

    /// `url` with `items` appended to its query.
    private static func appending(_ items: [QueryItem], to url: String) -> String {
        // The byte, not `contains("?")`: Foundation's `StringProtocol.contains(_:)` goes through NSString.
        items.isEmpty ? url : url + (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + URLEncoding.encode(items)
    }

    /// Sends a queued request as ``send(_:with:)`` would: the *current* credentials of `authScheme` (of the first
    /// alternative covered) and the middleware are added now, and a 401 on an authenticated request refreshes the
    /// credentials it carried once and sends it again.
    /// The answer is returned whatever its status; neither the deduplicator nor the cache is used.
    ///
    /// - Throws: `TransportError` when the transport fails (the queue retries what its options say), or an
    ///   `APIError` from adding the credential (`.missingCredential`: the queue keeps a persisted request until
    ///   there is one) or from a middleware.
    public func send(queued: QueuedRequest, authScheme: (any AuthScheme.Type)?) async throws -> HTTPResponse {
        let request = queued.request
        let context = ErrorContext(
            endpoint: queued.endpoint, method: request.method, url: request.url, auth: authScheme)
        let send = transport.send
        var sent = try await authorized(request, auth: authScheme, context: context)
        var response = try await Self.withSchemeHeaders(of: sent.schemes) { try await send(sent.request) }
        if response.status == 401, !sent.schemes.isEmpty,
            try await refreshed(sent.schemes, after: sent.request, context: context)
        {
            sent = try await authorized(request, auth: authScheme, context: context)
            let retry = sent
            response = try await Self.withSchemeHeaders(of: retry.schemes) { try await send(retry.request) }
        }
        return response
    }

    // MARK: Internals

    /// After a 401 to `sent`, which carried the credentials of `schemes`: whether there are new ones to send again
    /// with. When one of them changed since `sent` was built (another request refreshed it meanwhile) the current
    /// ones are used without refreshing again; otherwise each scheme of the set is refreshed — one refresh per
    /// scheme runs at a time, shared by every request answered 401 meanwhile — and any new credential is enough.
    func refreshed(
        _ schemes: [any AuthScheme.Type], after sent: HTTPRequest, context: ErrorContext
    ) async throws(APIError) -> Bool {
        for scheme in schemes {
            if let current = try? await credentials.credential(for: scheme, at: sent.url),
                !Self.carries(sent, credential: current, of: scheme)
            {
                return true
            }
        }
        var renewed = false
        for scheme in schemes {
            do {
                let origin = credentials.isPerOrigin ? Self.origin(of: sent.url) : nil
                let refresh: @Sendable () async throws -> Bool = {
                    try await self.credentials.refresh(for: scheme, at: sent.url)
                }
                if try await refreshes.run(for: scheme, origin: origin, refresh) { renewed = true }
            } catch {
                if error is CancellationError { throw context.error(.cancelled, underlying: error) }
            }
        }
        return renewed
    }

    /// Runs `operation` (a send) with the headers of `schemes` as `RedirectPolicy.schemeHeaders`, so that the
    /// URLSession transport drops them, as it drops `Authorization`, on a redirect to another origin.
    static func withSchemeHeaders<Value: Sendable>(
        of schemes: [any AuthScheme.Type], _ operation: () async throws -> Value
    ) async throws -> Value {
        let names = Set(
            schemes.compactMap { scheme -> String? in
                guard case .header(let name, _) = scheme.placement else { return nil }
                return name.lowercased()
            })
        guard !names.isEmpty else { return try await operation() }
        return try await RedirectPolicy.$schemeHeaders.withValue(names, operation: operation)
    }

    /// `scheme://host:port` of `url`, lowercased.
    private static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    /// Whether `request` was sent with `credential` where `scheme` puts it.
    private static func carries(_ request: HTTPRequest, credential: String, of scheme: any AuthScheme.Type) -> Bool {
        switch scheme.placement {
        case .none: return true
        case .header(let name, let prefix): return request.headers[name] == prefix + credential
        case .basic: return request.headers["Authorization"] == basicAuthorization(credential)
        case .query(let name):
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            return items.contains { $0.name == name && $0.value == credential }
        }
    }

    /// Builds (unless `prepared`), sends with `validators` added, and on a 401 refreshes and retries once (without
    /// `validators`: they belong to the response cached for the credential refused). Returns the request sent last
    /// without `validators` (the cache key) and its 2xx response, or a 304 to a request sent with `validators`;
    /// throws the status error for anything else.
    private func perform<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, prepared: Authorized?,
        validators: [String: String] = [:]
    ) async throws(APIError) -> (Authorized, HTTPResponse) {
        var sent: Authorized
        if let prepared { sent = prepared } else { sent = try await authorizedRequest(for: resource, with: request) }
        var response = try await transmit(sent.request.adding(validators), carrying: sent.schemes, of: resource)
        var conditional = !validators.isEmpty
        if response.status == 401, !sent.schemes.isEmpty,
            try await refreshed(
                sent.schemes, after: sent.request, context: ErrorContext(resource, url: sent.request.url))
        {
            sent = try await authorizedRequest(for: resource, with: request)
            response = try await transmit(sent.request, carrying: sent.schemes, of: resource)
            conditional = false
        }
        guard (200...299).contains(response.status) || (conditional && response.status == 304) else {
            throw statusError(response.status, headers: response.headers, body: response.body, to: sent, of: resource)
        }
        return (sent, response)
    }

    /// Sends `described` with the current credentials of `auth` and the middleware through `send`; on a 401 to a
    /// request that carried credentials, once they are refreshed, `discard`s that answer and sends again. Returns
    /// the request sent last and its answer, whatever its status: what uploads and streams share with `perform`.
    func sendRefreshingOnce<Answer>(
        _ described: HTTPRequest, auth: any AuthScheme.Type, context: ErrorContext, status: (Answer) -> Int,
        discard: (Answer) -> Void = { _ in }, send: (Authorized) async throws(APIError) -> Answer
    ) async throws(APIError) -> (sent: Authorized, answer: Answer) {
        var sent = try await authorized(described, auth: auth, context: context)
        var answer = try await send(sent)
        if status(answer) == 401, !sent.schemes.isEmpty,
            try await refreshed(sent.schemes, after: sent.request, context: context)
        {
            discard(answer)
            sent = try await authorized(described, auth: auth, context: context)
            answer = try await send(sent)
        }
        return (sent, answer)
    }

    /// The `APIError` of a non-2xx answer to `sent`, with the error payload its body decodes to.
    func statusError<Req, Resp, Auth>(
        _ status: Int, headers: HTTPHeaders, body: Data, to sent: Authorized,
        of resource: BackendResource<Req, Resp, Auth>
    ) -> APIError {
        APIError(
            .status(status), endpoint: resource.name, method: resource.method, url: sent.request.url, status: status,
            headers: headers, body: body, errorPayload: errorPayload(body), redaction: .standard.adding(Auth.self))
    }

    /// The rest of `fetch` and `prefetch` once the cache has been asked: sends (conditionally when `validators`
    /// is not empty), answers a 304 from the renewed cache entry, and decodes and caches a 2xx.
    private func exchange<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, prepared: Authorized,
        validators: [String: String], ttl: Duration?
    ) async throws(APIError) -> Resp {
        let (sent, response) = try await perform(resource, with: request, prepared: prepared, validators: validators)
        if response.status == 304 {
            // `perform` lets a 304 through only for validators, which come only with a cache and a ttl.
            if let cache, let ttl, let renewed = await cache.revalidate(sent.request, with: response, ttl: ttl) {
                return try decode(renewed, of: resource, sent: sent.request)
            }
            // The entry went (evicted, or `removeAll()`) while the request was out: ask for the whole response.
            return try await exchange(resource, with: request, prepared: sent, validators: [:], ttl: ttl)
        }
        let value = try decode(response, of: resource, sent: sent.request)
        if let cache, let ttl {
            await cache.store(response, for: sent.request, ttl: ttl)
        }
        return value
    }

    /// The conditional headers to revalidate `cached` with, or none: without a `ttl` there is nothing to renew,
    /// and a request that is already conditional asks its own question, which the cache must not change.
    private static func validators(
        of cached: HTTPResponse, for request: HTTPRequest, ttl: Duration?
    ) -> [String: String] {
        let conditionalNames = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range"]
        guard ttl != nil, !conditionalNames.contains(where: { request.headers[$0] != nil }) else {
            return [:]
        }
        return ResponseCache.conditionalHeaders(for: cached)
    }

    /// Sends one request, which carries the credentials of `schemes`, through the deduplicator when the resource
    /// allows it, mapping every failure.
    func transmit<Req, Resp, Auth>(
        _ request: HTTPRequest, carrying schemes: [any AuthScheme.Type], of resource: BackendResource<Req, Resp, Auth>
    ) async throws(APIError) -> HTTPResponse {
        let context = ErrorContext(resource, url: request.url)
        if Task.isCancelled { throw context.error(.cancelled) }
        let send = transport.send
        let deduplicator = resource.deduplicate ? self.deduplicator : nil
        let response: HTTPResponse
        do {
            response = try await Self.withSchemeHeaders(of: schemes) {
                if let deduplicator { return try await deduplicator.perform(request, using: send) }
                return try await send(request)
            }
        } catch {
            throw context.mapped(error)
        }
        if Task.isCancelled { throw context.error(.cancelled) }
        return response
    }

    func decode<Req, Resp, Auth>(
        _ response: HTTPResponse, of resource: BackendResource<Req, Resp, Auth>, sent: HTTPRequest
    ) throws(APIError) -> Resp {
        do {
            // What a dropped item reports (and a debug build logs) names the endpoint.
            let endpoint = DecodingIssue.Endpoint(
                name: resource.name, method: resource.method, path: resource.path.template)
            return try DecodingIssue.Endpoint.$current.withValue(endpoint) { try resource.readResponse(response) }
        } catch {
            var decoding = APIError.decoding(
                error, endpoint: resource.name, method: resource.method, url: sent.url, response: response,
                body: response.body, keepingBody: successBodyExcerpts)
            decoding.redaction = .standard.adding(Auth.self)
            throw decoding
        }
    }
}

extension HTTPRequest {
    /// The request with `headers` added, replacing fields of the same names in any letter case.
    func adding(_ headers: [String: String]) -> HTTPRequest {
        guard !headers.isEmpty else { return self }
        var request = self
        for (name, value) in headers { request.headers[name] = value }
        return request
    }
}

/// The request an error is about, before there is a response.
struct ErrorContext {
    var endpoint: String
    var method: HTTPMethod
    var url: URL?
    /// The request's auth type, whose schemes' credentials are redacted beside the standard names.
    var auth: (any AuthScheme.Type)?

    init(endpoint: String, method: HTTPMethod, url: URL? = nil, auth: (any AuthScheme.Type)? = nil) {
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.auth = auth
    }

    /// The standard credential names plus those of every scheme the request may carry. Made only for an error:
    /// every request makes contexts, and a `Redaction` is two sets.
    var redaction: Redaction {
        auth.map { Redaction.standard.adding($0) } ?? .standard
    }

    init<Req, Resp, Auth>(_ resource: BackendResource<Req, Resp, Auth>, url: URL?) {
        self.init(endpoint: resource.name, method: resource.method, url: url, auth: Auth.self)
    }

    func with(url: URL) -> ErrorContext {
        var context = self
        context.url = url
        return context
    }

    func error(_ kind: APIError.Kind, underlying: (any Error)? = nil) -> APIError {
        APIError(kind, endpoint: endpoint, method: method, url: url, underlying: underlying, redaction: redaction)
    }

    /// A transport, URL, cancellation or middleware error as an `APIError`.
    func mapped(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as TransportError:
            switch error {
            case .network(let message): return self.error(.network(message), underlying: error)
            case .timedOut: return self.error(.timeout, underlying: error)
            case .cancelled: return self.error(.cancelled, underlying: error)
            }
        case is CancellationError:
            return self.error(.cancelled, underlying: error)
        case let error as ResponseTooLarge:
            return self.error(.tooLarge(limit: error.limit), underlying: error)
        case let error as StreamItemTooLarge:
            return self.error(.tooLarge(limit: error.limit), underlying: error)
        case let error as JSONSequenceItemTruncated:
            return self.error(.decoding(codingPath: "", message: error.description), underlying: error)
        case let error as URLError:
            switch error.code {
            case .timedOut: return self.error(.timeout, underlying: error)
            case .cancelled: return self.error(.cancelled, underlying: error)
            default: return self.error(.network(error.localizedDescription), underlying: error)
            }
        default:
            return self.error(.network(String(describing: error)), underlying: error)
        }
    }
}
