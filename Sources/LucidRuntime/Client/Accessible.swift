import Foundation

/// Something that can send resources needing `Auth` credentials — and only those: a resource of another auth
/// scheme does not type-check, so a controller cannot send an authenticated request without its credentials.
public protocol Accessible<Auth>: Sendable {
    /// The auth scheme whose resources this accessor sends.
    associatedtype Auth: AuthScheme

    /// Sends `resource` with `request` and decodes its response.
    func access<Req, Resp>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req
    ) async throws(APIError) -> Resp
}

extension Accessible {
    /// Sends a resource that takes no request value.
    public func access<Resp>(_ resource: consuming BackendResource<Void, Resp, Auth>) async throws(APIError) -> Resp {
        try await access(resource, with: ())
    }
}

/// What generated business controllers send their resources through: `APIClient` in an app; in a test, a fake
/// that answers without a transport.
///
/// A controller reaches it through `accessor(for:)` and `unauthenticated`, which let it send only the resources of
/// one auth scheme.
public protocol ResourceSending: Sendable {
    /// Sends `resource` with `request` and decodes its response.
    func send<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req
    )
        async throws(APIError) -> Resp
    /// Answers from a cache while fresh, else sends and caches (`nil` ttl: the resource's own).
    func fetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
    )
        async throws(APIError) -> Resp
    /// `fetch`, saying whether the answer came from the cache without asking the server.
    func fetched<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
    )
        async throws(APIError) -> Fetched<Resp>
    /// Sends and caches for a later `fetch`.
    func prefetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?)
        async throws(APIError)
    /// Queues `resource` on `queue` instead of sending it now; returns the queued request's id.
    func enqueue<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue
    ) async throws(APIError) -> UUID
    /// The URL `resource` is sent to now, before credential and middleware; nil when this sender has no URLs (a
    /// fake). A ``PageSequence`` resolves a relative next-page URL against it and checks a next page's origin.
    func url<Req, Resp, Auth>(of resource: BackendResource<Req, Resp, Auth>) -> URL?
    /// Opens the stream `resource` describes with `request` and returns its 2xx response once the headers are in,
    /// the body to be read as it arrives; `lastEventID` resumes a stream of server-sent events.
    func openStream<Req, Element, Auth>(
        _ resource: StreamResource<Req, Element, Auth>, with request: Req, lastEventID: String?
    ) async throws(APIError) -> HTTPStreamResponse
    /// Downloads the body of `resource` with `request` to `destination` as it arrives (never held in memory).
    func download<Req, Auth>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(APIError) -> DownloadedFile
    /// Sends `resource` with the content of `file` as its body, read from disk as it goes, and decodes its response.
    func upload<Resp, Auth>(
        _ resource: BackendResource<Void, Resp, Auth>, fromFile file: URL,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(APIError) -> Resp
}

extension ResourceSending {
    /// A fake's fetch: its own `fetch`, never from a cache.
    public func fetched<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
    ) async throws(APIError) -> Fetched<Resp> {
        Fetched(response: try await fetch(resource, with: request, ttl: ttl), isFromCache: false)
    }

    /// A fake's stream: the body its `send` answers for the stream's request, read whole, then cut into items.
    public func openStream<Req, Element, Auth>(
        _ resource: StreamResource<Req, Element, Auth>, with request: Req, lastEventID: String?
    ) async throws(APIError) -> HTTPStreamResponse {
        HTTPStreamResponse(try await send(resource.request.reading { $0 }, with: request))
    }

    /// A fake's download: the body its `send` answers for the download's request, written to `destination` whole
    /// (replacing what was there only once it is written), with one progress report at the end.
    public func download<Req, Auth>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(APIError) -> DownloadedFile {
        let response = try await send(resource.request.reading { $0 }, with: request)
        let body = response.body
        if let limit = resource.maxBytes, Int64(body.count) > limit {
            throw APIError(
                .tooLarge(limit: Int(clamping: limit)), endpoint: resource.request.name,
                method: resource.request.method)
        }
        do {
            try body.write(to: destination, options: .atomic)
        } catch {
            throw APIError(
                .other("the download could not be written to \(destination.path): \(error)"),
                endpoint: resource.request.name, method: resource.request.method)
        }
        progress?(TransferProgress(bytes: Int64(body.count), expected: Int64(body.count)))
        return DownloadedFile(location: destination, bytes: Int64(body.count), headers: response.headers)
    }

    /// A fake's upload: `resource` sent through its `send`, without the file (a fake answers by the resource, not
    /// its bytes), after checking the file can be read.
    public func upload<Resp, Auth>(
        _ resource: BackendResource<Void, Resp, Auth>, fromFile file: URL,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(APIError) -> Resp {
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw APIError(
                .encoding("the file to upload cannot be read: \(file.path)"), endpoint: resource.name,
                method: resource.method)
        }
        return try await send(resource, with: ())
    }
}

extension ResourceSending {
    /// No URL: a sender that answers without a server (a fake). Its page sequences follow absolute next-page
    /// URLs only, and leave the origin check to the `APIClient` that sends them, if any.
    public func url<Req, Resp, Auth>(of resource: BackendResource<Req, Resp, Auth>) -> URL? { nil }
}

extension APIClient: ResourceSending {}

extension ResourceSending {
    /// An accessor that sends only resources of `scheme`.
    public func accessor<Auth: AuthScheme>(for scheme: Auth.Type) -> AuthenticatedAccessor<Auth> {
        AuthenticatedAccessor(client: self)
    }

    /// An accessor that sends only unauthenticated (`NoAuth`) resources.
    public var unauthenticated: AuthenticatedAccessor<NoAuth> {
        AuthenticatedAccessor(client: self)
    }
}

/// Sends the resources of one auth scheme through an `APIClient` (or another `ResourceSending`).
public struct AuthenticatedAccessor<Auth: AuthScheme>: Accessible {
    /// What sends the requests.
    public let client: any ResourceSending

    /// Creates an accessor for `Auth` resources sent through `client`.
    public init(client: any ResourceSending, scheme: Auth.Type = Auth.self) {
        self.client = client
    }

    /// Sends `resource` with `request` through the client.
    public func access<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req
    ) async throws(APIError) -> Resp {
        try await client.send(resource, with: request)
    }

    /// Answers from the client's cache while fresh, else sends and caches (`APIClient.fetch(_:with:ttl:)`).
    public func fetch<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) -> Resp {
        try await client.fetch(resource, with: request, ttl: ttl)
    }

    /// `fetch(_:with:ttl:)`, saying whether the answer came from the cache (`APIClient.fetched(_:with:ttl:)`).
    public func fetched<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) -> Fetched<Resp> {
        try await client.fetched(resource, with: request, ttl: ttl)
    }

    /// Sends and caches for a later `fetch` (`APIClient.prefetch(_:with:ttl:)`).
    public func prefetch<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration? = nil
    ) async throws(APIError) {
        try await client.prefetch(resource, with: request, ttl: ttl)
    }

    /// Queues `resource` on `queue` instead of sending it now (``APIClient/enqueue(_:with:on:)``); its typed
    /// result reaches the queue's handlers.
    ///
    /// - Throws: What `APIClient.enqueue` throws, or an `APIError` of kind `.notQueued` when `queue` is nil
    ///   (a generated business controller made without a queue).
    @discardableResult
    public func enqueue<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue?
    ) async throws(APIError) -> UUID {
        guard let queue else {
            throw APIError(
                .notQueued("no APIClientQueue to enqueue on: create the business controller with a queue"),
                endpoint: resource.name, method: resource.method)
        }
        return try await client.enqueue(resource, with: request, on: queue)
    }
}

extension AuthenticatedAccessor {
    /// Downloads `resource` with `request` to `destination` through the client (``APIClient/download(_:with:to:progress:)``).
    public func download<Req>(
        _ resource: DownloadResource<Req, Auth>, with request: Req, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> DownloadedFile {
        try await client.download(resource, with: request, to: destination, progress: progress)
    }

    /// `download(_:with:to:progress:)` for a resource that takes no request value.
    public func download(
        _ resource: DownloadResource<Void, Auth>, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> DownloadedFile {
        try await client.download(resource, with: (), to: destination, progress: progress)
    }

    /// Sends `resource` with `request` through the client, reporting the bytes of the body sent as they go: a
    /// multipart body with a large file part (`FileUpload(contentsOf:)`). The URLSession transport reports; a fake
    /// or a transport of your own reports nothing.
    public func access<Req, Resp>(
        _ resource: consuming BackendResource<Req, Resp, Auth>, with request: Req,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(APIError) -> Resp {
        guard let progress else { return try await client.send(resource, with: request) }
        let client = self.client
        let resource = copy resource
        do {
            return try await UploadProgress.$report.withValue(UploadProgress(progress)) {
                try await client.send(resource, with: request)
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.other(String(describing: error)), endpoint: resource.name, method: resource.method)
        }
    }

    /// Sends `resource` with `file` as its body through the client (``APIClient/upload(_:fromFile:progress:)``).
    public func upload<Resp>(
        _ resource: BackendResource<Void, Resp, Auth>, fromFile file: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> Resp {
        try await client.upload(resource, fromFile: file, progress: progress)
    }

    /// `fetch(_:with:ttl:)` for a resource that takes no request value.
    public func fetch<Resp>(
        _ resource: BackendResource<Void, Resp, Auth>, ttl: Duration? = nil
    ) async throws(APIError)
        -> Resp
    {
        try await fetch(resource, with: (), ttl: ttl)
    }

    /// `fetched(_:with:ttl:)` for a resource that takes no request value.
    public func fetched<Resp>(
        _ resource: BackendResource<Void, Resp, Auth>, ttl: Duration? = nil
    ) async throws(APIError) -> Fetched<Resp> {
        try await fetched(resource, with: (), ttl: ttl)
    }

    /// `prefetch(_:with:ttl:)` for a resource that takes no request value.
    public func prefetch<Resp>(
        _ resource: BackendResource<Void, Resp, Auth>, ttl: Duration? = nil
    ) async throws(APIError) {
        try await prefetch(resource, with: (), ttl: ttl)
    }

    /// `enqueue(_:with:on:)` for a resource that takes no request value.
    @discardableResult
    public func enqueue<Resp>(
        _ resource: BackendResource<Void, Resp, Auth>, on queue: APIClientQueue?
    )
        async throws(APIError) -> UUID
    {
        try await enqueue(resource, with: (), on: queue)
    }
}
