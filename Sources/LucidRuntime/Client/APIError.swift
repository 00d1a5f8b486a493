import Foundation

/// The one error `APIClient` throws: what went wrong, and for which request.
public struct APIError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The network failed (no connection, connection lost, DNS, ...).
        case network(String)
        /// No response in time.
        case timeout
        /// The calling task was cancelled; the HTTP request was cancelled with it.
        case cancelled
        /// The server answered with a status outside 200...299.
        case status(Int)
        /// A 2xx body could not be decoded: where (`results[3].title`) and why.
        case decoding(codingPath: String, message: String)
        /// The request value could not be encoded as the body.
        case encoding(String)
        /// The URL could not be built (unknown server, missing path parameter, invalid base URL).
        case invalidURL
        /// The resource needs a credential and the provider had none.
        case missingCredential
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
    /// The start of the response body (at most `bodyExcerptLimit` bytes, as UTF-8 text); nil without a body.
    public var bodyExcerpt: String?
    /// A non-2xx body decoded with the client's error-payload decoder; nil when it could not be decoded.
    public var errorPayload: (any Sendable)?
    /// The error that caused this one (a transport, decoding, encoding or middleware error), when there was one.
    public var underlying: (any Error)?

    /// Creates an error; `bodyExcerpt` is derived from `body`.
    public init(
        _ kind: Kind, endpoint: String, method: HTTPMethod, url: URL? = nil, status: Int? = nil, body: Data? = nil,
        errorPayload: (any Sendable)? = nil, underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.status = status
        self.bodyExcerpt = body.flatMap { $0.isEmpty ? nil : String(decoding: $0.prefix(Self.bodyExcerptLimit), as: UTF8.self) }
        self.errorPayload = errorPayload
        self.underlying = underlying
    }

    /// The error payload as `T`, when it was decoded as one.
    public func errorPayload<T>(as type: T.Type) -> T? {
        errorPayload as? T
    }

    /// One line: `movies.details GET https://…/movie/1: status 404 — {"status_code":34,…}`.
    public var description: String {
        var text = "\(endpoint) \(method.rawValue) \(url?.absoluteString ?? "<no URL>"): "
        switch kind {
        case .network(let message): text += "network error: \(message)"
        case .timeout: text += "timed out"
        case .cancelled: text += "cancelled"
        case .status(let code): text += "status \(code)"
        case .decoding(let codingPath, let message):
            text += "decoding failed at \(codingPath.isEmpty ? "<root>" : codingPath): \(message)"
        case .encoding(let message): text += "encoding failed: \(message)"
        case .invalidURL: text += "invalid URL"
        case .missingCredential: text += "missing credential"
        }
        if let bodyExcerpt { text += " — \(bodyExcerpt)" }
        return text
    }
}
