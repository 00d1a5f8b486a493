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
    /// Headers every request sends with a fixed value: the spec's, the service's and the endpoint's own
    /// `fixed_headers` merged (an inner one replaces an outer one of the same name, ignoring case). Not parameters.
    public var fixedHeaders: [FixedParameter] = []
    /// Query items every request sends with a fixed value, merged like `fixedHeaders` (names compared exactly).
    public var fixedQuery: [FixedParameter] = []
    /// What the request sends (`body`); nil for no body.
    public var body: RequestBody?
    /// How a form or multipart body sends its lists: the body's `form_lists`, else its service's, else the spec's,
    /// else `mixed`. Nil for any other body.
    public var formLists: FormLists?
    /// The effective auth (the endpoint's, else the service's): which schemes its requests carry; nil when
    /// unauthenticated.
    public var auth: AuthRequirement?
    /// The effective server (the endpoint's, else the service's, else the only one).
    public var server: String
    /// The most the whole exchange may take, in seconds; nil: the client's default deadline, else the transport's.
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
    /// How the next page is found (`paging`); nil when the endpoint is not paged.
    public var paging: EndpointPaging?
    /// How a streamed body is read item by item (`stream`); nil when the response is read whole.
    public var stream: StreamDescription?
    /// How a binary response is written to a file (`download`); nil when the response is read whole.
    public var download: DownloadDescription?
    /// How the endpoint's reads use the entity store, or which stored entity it changes (`store`); nil: its
    /// responses' stored entities still go into a controller's store, read with the `network` policy.
    public var store: EndpointStorage?
    /// Where the endpoint's name is written.
    public var location: SourceLocation
    /// How the endpoint was written, for resolution and diagnostics; not part of the dumped model.
    var origin = SpecOrigin()

    private enum CodingKeys: String, CodingKey {
        case name, description, deprecated, method, path, params, query, headers, fixedHeaders, fixedQuery, body
        case formLists, auth, server, timeout
        case deduplicate, response, queue, cache, example, paging, stream, download, store, location
    }

    /// Encodes every member; `stream` and `download` only when set, so other endpoints dump as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(deprecated, forKey: .deprecated)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(params, forKey: .params)
        try container.encode(query, forKey: .query)
        try container.encode(headers, forKey: .headers)
        try container.encode(fixedHeaders, forKey: .fixedHeaders)
        try container.encode(fixedQuery, forKey: .fixedQuery)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encodeIfPresent(formLists, forKey: .formLists)
        try container.encodeIfPresent(auth, forKey: .auth)
        try container.encode(server, forKey: .server)
        try container.encodeIfPresent(timeout, forKey: .timeout)
        try container.encode(deduplicate, forKey: .deduplicate)
        try container.encode(response, forKey: .response)
        try container.encodeIfPresent(queue, forKey: .queue)
        try container.encodeIfPresent(cache, forKey: .cache)
        try container.encodeIfPresent(example, forKey: .example)
        try container.encodeIfPresent(paging, forKey: .paging)
        try container.encodeIfPresent(stream, forKey: .stream)
        try container.encodeIfPresent(download, forKey: .download)
        try container.encodeIfPresent(store, forKey: .store)
        try container.encode(location, forKey: .location)
    }

    /// Whether the response is never read whole: a stream or a download.
    public var isTransfer: Bool { stream != nil || download != nil }

    /// The `{placeholder}` names of the path, in order.
    public var pathPlaceholders: [String] { Endpoint.placeholders(in: path) }

    /// The `{placeholder}` names of `path`, in order.
    package static func placeholders(in path: String) -> [String] {
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
    /// A struct subtype encoded as `multipart/form-data`: `file` values as file parts, the others as text parts.
    case multipart(String)
    /// Bytes passed through as they are.
    case raw(contentType: String)
    /// A file on disk sent as it is, read as it goes out (`file: image/jpeg`): an upload.
    case file(contentType: String)

    private enum CodingKeys: String, CodingKey { case json, form, multipart, raw, file, contentType }

    /// Whether the body is `multipart/form-data`.
    public var isMultipart: Bool {
        if case .multipart = self { return true }
        return false
    }

    /// Encodes the dump's tagged shape: `{"json": T}`, `{"form": name}` or `{"raw": true, "content_type"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .json(let type): try container.encode(type, forKey: .json)
        case .form(let name): try container.encode(name, forKey: .form)
        case .multipart(let name): try container.encode(name, forKey: .multipart)
        case .raw(let contentType):
            try container.encode(true, forKey: .raw)
            try container.encode(contentType, forKey: .contentType)
        case .file(let contentType):
            try container.encode(true, forKey: .file)
            try container.encode(contentType, forKey: .contentType)
        }
    }
}

/// How a form or multipart body sends its lists (`form_lists`), set on the spec, a service or the body (the most
/// specific wins). Nested structs are bracketed in every convention (`poll[expires_in]=300`).
public enum FormLists: String, Sendable, Hashable, Encodable, CaseIterable {
    /// A top-level list of single values repeats its name (`tags=a&tags=b`); every other list is indexed
    /// (`poll[options][0]=tea`, `items[0][price]=p_1`). The default: the encoding before `form_lists` existed.
    case mixed
    /// `tags[]=a`, `poll[options][]=tea`, `items[][price]=p_1` (Rails).
    case brackets
    /// `tags[0]=a`, `items[0][price]=p_1` (PHP, Stripe, Express).
    case indexed
    /// `tags=a&tags=b`, `poll[options]=tea&poll[options]=milk` (Go, Django, Flask, Spring); no lists of structs.
    case `repeat`
    /// `tags=a,b`; no lists of structs or of files.
    case comma

    /// The convention's spelling in a spec.
    public var specName: String { rawValue }
}

/// A header or query item with a value written in the spec (`fixed_headers`, `fixed_query`).
public struct FixedParameter: Sendable, Hashable, Encodable {
    /// The wire name (`X-GitHub-Api-Version`).
    public var name: String
    /// The value, sent as written.
    public var value: String
    /// Where the name is written.
    public var location: SourceLocation
    /// Written as `name: null` at an inner level: removes the outer one of that name instead of sending a value.
    var removes = false

    /// A fixed value `name: value`, written at `location`.
    public init(name: String, value: String, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }

    private enum CodingKeys: String, CodingKey { case name, value, location }
}

/// The fixed headers and query items one level (the spec, a service, an endpoint) declares.
struct FixedParameters: Sendable, Hashable {
    var headers: [FixedParameter] = []
    var query: [FixedParameter] = []

    /// `outer` with these added: one of these replaces an outer one of the same name (header names ignore case),
    /// and a removal (`name: null`) drops it.
    func merged(over outer: FixedParameters) -> FixedParameters {
        FixedParameters(
            headers: Self.merge(headers, over: outer.headers) { $0.lowercased() },
            query: Self.merge(query, over: outer.query) { $0 })
    }

    private static func merge(
        _ inner: [FixedParameter], over outer: [FixedParameter], key: (String) -> String
    ) -> [FixedParameter] {
        let replaced = Set(inner.map { key($0.name) })
        return outer.filter { !replaced.contains(key($0.name)) } + inner.filter { !$0.removes }
    }
}

/// Names as the spec wrote them before resolution, and where options were written.
struct SpecOrigin: Sendable, Hashable {
    /// The `fixed_headers` and `fixed_query` written at this level.
    var fixed = FixedParameters()
    /// `server:` as written (nil when inherited).
    var server: String?
    /// `auth:` as written (nil when inherited; `none` for explicitly unauthenticated).
    var auth: WrittenAuth?
    /// `deduplicate:` as written (nil for the method's default).
    var deduplicate: Bool?
    /// `form_lists:` as written at this level (a spec's, a service's, a body's); nil when inherited.
    var formLists: FormLists?
    /// Where keys and values were written: option keys by name, values as `name=`.
    var locations: [String: SourceLocation] = [:]
}
