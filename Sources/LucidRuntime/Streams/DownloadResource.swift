import Foundation

/// Everything needed to download one endpoint's body to a file: the request (a `BackendResource` whose response is
/// never read into memory), the most bytes accepted, the idle timeout and how often a broken download is resumed.
///
/// Read it with `APIClient.download(_:with:to:progress:)`.
public struct DownloadResource<Request, Auth: AuthScheme>: Sendable {
    /// The default `idleTimeout`: 60 seconds.
    public static var defaultIdleTimeout: Duration { .seconds(60) }
    /// The default `maxResumptions`: 3.
    public static var defaultMaxResumptions: Int { 3 }

    /// The request: name, server, method, path, query, headers, body and auth. Its `timeout` is ignored (see
    /// `idleTimeout`), and so is how it reads a response.
    public var request: BackendResource<Request, EmptyResponse, Auth>
    /// The most bytes the file may hold; nil: no limit. A `Content-Length` over it fails at once, a body that grows
    /// past it as soon as it does, with an `APIError` of kind `.tooLarge(limit:)`.
    public var maxBytes: Int64?
    /// The most the server may stay silent, before the response's headers and between two pieces of the body; a
    /// download has no deadline as a whole.
    public var idleTimeout: Duration
    /// How many times a download that breaks (a lost connection, the idle timeout) is taken up again: from where it
    /// broke (`Range` and `If-Range`) when the server said it serves ranges (`Accept-Ranges: bytes`) and gave a
    /// validator (a strong `ETag`, else `Last-Modified`), else from the start.
    public var maxResumptions: Int

    /// Creates a download resource.
    public init(
        request: BackendResource<Request, EmptyResponse, Auth>, maxBytes: Int64? = nil,
        idleTimeout: Duration = defaultIdleTimeout, maxResumptions: Int = defaultMaxResumptions
    ) {
        self.request = request
        self.maxBytes = maxBytes
        self.idleTimeout = idleTimeout
        self.maxResumptions = max(0, maxResumptions)
    }
}

/// A finished download: where the file is, how long it is, and the headers of the response it came from.
public struct DownloadedFile: Sendable, Hashable {
    /// The file, at the place the download was asked to put it.
    public var location: URL
    /// The file's length in bytes.
    public var bytes: Int64
    /// The headers of the (last) response: `Content-Type`, `ETag`, `Content-Disposition`, ...
    public var headers: HTTPHeaders

    /// Creates the description of a finished download.
    public init(location: URL, bytes: Int64, headers: HTTPHeaders) {
        self.location = location
        self.bytes = bytes
        self.headers = headers
    }
}

/// How far a transfer is: the bytes so far and, when the server said, how many there are in all.
public struct TransferProgress: Sendable, Hashable {
    /// The bytes transferred so far.
    public var bytes: Int64
    /// The bytes in all, when known (`Content-Length`).
    public var expected: Int64?

    /// Creates a progress value.
    public init(bytes: Int64, expected: Int64?) {
        self.bytes = bytes
        self.expected = expected
    }

    /// The share done, 0...1, when the total is known: what `ProgressView(value:)` shows.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(bytes) / Double(expected))
    }
}
