/// One HTTP request of a service and how its response is read.
public struct Endpoint: Sendable, Hashable, Encodable {
    public var name: String
    public var description: String?
    public var deprecated: String?
    public var method: HTTPMethod
    /// The path with `{param}` placeholders, always starting with `/`.
    public var path: String
    public var params: [Property]
    public var query: [Property]
    public var headers: [Property]
    public var body: RequestBody?
    /// The effective auth scheme (the endpoint's, else the service's); nil when unauthenticated.
    public var auth: String?
    /// The effective server (the endpoint's, else the service's, else the only one).
    public var server: String
    /// Seconds before the request times out; nil for the transport's default.
    public var timeout: Double?
    /// Identical in-flight requests share one network call.
    public var deduplicate: Bool
    public var response: ResponseDescription
    public var queue: QueueOptions?
    public var cache: CacheOptions?
    /// A canned response body (a JSON file), as a path from the working directory.
    public var example: String?
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
