/// One HTTP request of a service and how its response is read.
public struct Endpoint: Sendable, Hashable, Encodable {
    /// The endpoint's name within its service (its key under `endpoints`).
    public var name: String
    /// The `description`, which becomes the generated doc comment.
    public var description: String?
    /// The deprecation message (empty when deprecated without one).
    public var deprecated: String?
    /// The method key the path is written under (`get:`, `post:`, ...).
    public var method: HTTPMethod
    /// The path with `{param}` placeholders, always starting with `/`.
    public var path: String
    /// The parameters that fill the path placeholders (`params`).
    public var params: [Property]
    /// The query items (`query`).
    public var query: [Property]
    /// The request headers (`headers`).
    public var headers: [Property]
    /// What the request sends (`body`); nil for no body.
    public var body: RequestBody?
    /// The effective auth scheme (the endpoint's, else the service's); nil when unauthenticated.
    public var auth: String?
    /// The effective server (the endpoint's, else the service's, else the only one).
    public var server: String
    /// Seconds before the request times out; nil for the transport's default.
    public var timeout: Double?
    /// Identical in-flight requests share one network call.
    public var deduplicate: Bool
    /// How the response body is read (`response`; `none` when omitted).
    public var response: ResponseDescription
    /// Request-queue options; nil when the endpoint is not queued (`queue: false` or omitted).
    public var queue: QueueOptions?
    /// Response caching (`cache`); nil for no cache.
    public var cache: CacheOptions?
    /// A canned response body (a JSON file), as a path from the working directory.
    public var example: String?
    /// Where the endpoint's name is written.
    public var location: SourceLocation
    /// How the endpoint was written, for resolution and diagnostics; not part of the dumped model.
    var origin = SpecOrigin()

    private enum CodingKeys: String, CodingKey {
        case name, description, deprecated, method, path, params, query, headers, body, auth, server, timeout
        case deduplicate, response, queue, cache, example, location
    }

    /// The `{placeholder}` names of the path, in order.
    public var pathPlaceholders: [String] { Endpoint.placeholders(in: path) }

    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = path[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// The method of an endpoint, written as the key of its path.
public enum HTTPMethod: String, Sendable, Hashable, Encodable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"

    /// The spec key (`get:`).
    public var specKey: String { rawValue.lowercased() }

    /// Whether a request body makes sense (URLSession drops bodies of GET and HEAD).
    public var allowsBody: Bool { self != .get && self != .head }
}

/// What a request sends as its body.
public enum RequestBody: Sendable, Hashable, Encodable {
    /// A subtype or entity (or an array of one) encoded as JSON.
    case json(TypeReference)
    /// A struct subtype encoded as `application/x-www-form-urlencoded`.
    case form(String)
    /// Bytes passed through as they are.
    case raw(contentType: String)

    private enum CodingKeys: String, CodingKey { case json, form, raw, contentType }

    /// Encodes the dump's tagged shape: `{"json": T}`, `{"form": name}` or `{"raw": true, "content_type"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .json(let type): try container.encode(type, forKey: .json)
        case .form(let name): try container.encode(name, forKey: .form)
        case .raw(let contentType):
            try container.encode(true, forKey: .raw)
            try container.encode(contentType, forKey: .contentType)
        }
    }
}

/// Names as the spec wrote them before resolution, and where options were written.
struct SpecOrigin: Sendable, Hashable {
    /// `server:` as written (nil when inherited).
    var server: String?
    /// `auth:` as written (nil when inherited; `none` for explicitly unauthenticated).
    var auth: String?
    /// `deduplicate:` as written (nil for the method's default).
    var deduplicate: Bool?
    /// Where keys and values were written: option keys by name, values as `name=`.
    var locations: [String: SourceLocation] = [:]
}
