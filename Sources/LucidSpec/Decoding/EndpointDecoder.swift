import LucidSupport

/// Decodes one endpoint: method and path, parameters, body, response and request options.
struct EndpointDecoder {
    /// The keys of an endpoint: one method key (`get: /path`, …) and the options.
    enum Key: String, SpecKeys {
        case get, post, put, patch, delete, head
        case description, deprecated, params, query, headers, body, auth, server, timeout, deduplicate, response
        case queue, cache, example, paging, fixedHeaders = "fixed_headers", fixedQuery = "fixed_query"
        case stream, download, store
    }
    /// The method keys, in `HTTPMethod` order.
    static let methodKeys: [Key] = HTTPMethod.allCases.map { Key(rawValue: $0.specKey)! }
    /// The keys of `body:` written as a mapping.
    enum BodyKey: String, SpecKeys {
        case json, form, multipart, raw, file, contentType = "content_type", formLists = "form_lists"
    }
    /// The keys of `cache:`.
    enum CacheKey: String, SpecKeys {
        case ttl
    }

    let context: DecodingContext

    func decode(name: String, node: YAMLNode, at location: SourceLocation) -> Endpoint? {
        let what = "endpoint '\(name)'"
        guard let reader = MappingReader(node, what, keys: Key.names, context: context),
            let (method, path) = methodAndPath(reader, what, at: location)
        else { return nil }
        var endpoint = Endpoint(
            name: name,
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            deprecated: reader[Key.deprecated].flatMap { deprecation($0, context: context, what) },
            method: method,
            path: path,
            params: reader[Key.params].map {
                PropertyDecoder(context: context, role: .pathParameter)
                    .decodeAll($0, section: "params", noun: "path parameter", owner: what)
            } ?? [],
            query: reader[Key.query].map {
                PropertyDecoder(context: context, role: .queryItem)
                    .decodeAll($0, section: "query", noun: "query item", owner: what)
            } ?? [],
            headers: reader[Key.headers].map {
                PropertyDecoder(context: context, role: .header)
                    .decodeAll($0, section: "headers", noun: "header", owner: what)
            } ?? [],
            body: nil,
            auth: nil,
            server: "",
            timeout: reader[Key.timeout].flatMap { positiveNumber($0, "'timeout' of \(what)") },
            deduplicate: false,
            response: reader[Key.response].flatMap { ResponseDecoder(context: context).decode($0, what) }
                ?? .none(at: location),
            queue: reader[Key.queue].flatMap { QueueDecoder(context: context).decode($0, what) },
            cache: reader[Key.cache].flatMap { cache($0, what) },
            example: reader[Key.example].flatMap { context.string($0, "the example of \(what)") }
                .map { Paths.join(Paths.directory(of: location.file), $0) },
            location: location)
        endpoint.paging = reader[Key.paging].flatMap { PagingDecoder(context: context).decode($0, what) }
        endpoint.stream = reader[Key.stream].flatMap { TransferDecoder(context: context).stream($0, what) }
        endpoint.download = reader[Key.download].flatMap { TransferDecoder(context: context).download($0, what) }
        endpoint.store = reader[Key.store].flatMap { StoreDecoder(context: context).endpoint($0, what) }
        if let node = reader[Key.body] { (endpoint.body, endpoint.origin.formLists) = body(node, what) }
        endpoint.origin.server = reader[Key.server].flatMap { context.string($0, "the server of \(what)") }
        endpoint.origin.auth = reader[Key.auth].flatMap { AuthDecoder(context: context).decode($0, what) }
        endpoint.origin.deduplicate = reader[Key.deduplicate].flatMap { context.bool($0, "'deduplicate' of \(what)") }
        endpoint.origin.fixed = FixedParameterDecoder(context: context)
            .decode(headers: reader[Key.fixedHeaders], query: reader[Key.fixedQuery], owner: what)
        for key in reader.present(Key.allCases) {
            endpoint.origin.locations[key.rawValue] = reader.keyLocation(key)
            endpoint.origin.locations[key.rawValue + "="] = reader[key]?.location
        }
        endpoint.origin.locations["body.type"] = reader[Key.body].map(Self.bodyTypeNode)?.location
        return endpoint
    }

    /// Exactly one of `get: /path`, `post: /path`, ...
    private func methodAndPath(
        _ reader: MappingReader, _ what: String, at location: SourceLocation
    ) -> (HTTPMethod, String)? {
        let methods = reader.present(Self.methodKeys)
        guard methods.count == 1, let key = methods.first, let pathNode = reader[key] else {
            let message =
                methods.isEmpty
                ? "\(what) has no method; write one of \(Self.methodKeys.map { "'\($0.rawValue): /path'" }.joined(separator: ", "))"
                : "\(what) has several methods ('\(methods[0].rawValue)' and '\(methods[1].rawValue)'); write one endpoint per method"
            context.error(message, at: location)
            return nil
        }
        guard let method = HTTPMethod(rawValue: key.rawValue.uppercased()),
            let path = context.string(pathNode, "the path of \(what)")
        else { return nil }
        return (method, path)
    }

    /// The node that names the body's type: the body itself, or its `json` / `form` value.
    private static func bodyTypeNode(_ body: YAMLNode) -> YAMLNode {
        guard let pairs = body.mapping else { return body }
        return pairs.first { ["json", "form", "multipart"].contains($0.key.scalar?.text ?? "") }?.value ?? body
    }

    /// `type`, `{ json: type }`, `{ form: subtype }`, `{ multipart: subtype }` or `{ raw: true, content_type: ... }`;
    /// a form or multipart body may say how it sends lists (`form_lists`).
    private func body(_ node: YAMLNode, _ what: String) -> (RequestBody?, FormLists?) {
        guard node.scalar == nil else {
            return (context.string(node, "the body of \(what)").flatMap { jsonBody($0, at: node.location) }, nil)
        }
        guard
            let reader = MappingReader(
                node, "the body of \(what)", keys: BodyKey.names, context: context)
        else { return (nil, nil) }
        var formLists: FormLists?
        if let listsNode = reader[BodyKey.formLists] {
            if reader.contains(BodyKey.form) || reader.contains(BodyKey.multipart) {
                formLists = context.formLists(listsNode, "'form_lists' of the body of \(what)")
            } else {
                context.error(
                    "'form_lists' applies only to form and multipart bodies",
                    at: reader.keyLocation(BodyKey.formLists) ?? node.location)
            }
        }
        return (body(reader, node, what), formLists)
    }

    private func body(_ reader: MappingReader, _ node: YAMLNode, _ what: String) -> RequestBody? {
        let kinds = reader.present([BodyKey.json, .form, .multipart, .raw, .file])
        guard kinds.count == 1, let kind = kinds.first, let value = reader[kind] else {
            context.error(
                "the body of \(what) needs exactly one of 'json', 'form', 'multipart', 'raw' or 'file'",
                at: node.location)
            return nil
        }
        if reader.contains(BodyKey.contentType), kind != .raw, kind != .file {
            context.error(
                "'content_type' applies only to raw and file bodies",
                at: reader.keyLocation(BodyKey.contentType) ?? node.location)
        }
        switch kind {
        case .json: return context.string(value, "the body of \(what)").flatMap { jsonBody($0, at: value.location) }
        case .form: return context.string(value, "the form body of \(what)").map(RequestBody.form)
        case .multipart: return context.string(value, "the multipart body of \(what)").map(RequestBody.multipart)
        case .file:
            let contentType = reader[BodyKey.contentType].flatMap { context.string($0, "the content type of \(what)") }
            return fileBody(value, contentType: contentType, what)
        default:
            guard let raw = context.bool(value, "'raw' of \(what)") else { return nil }
            guard raw else {
                context.error("'raw' must be true; leave 'body' out for no body", at: value.location)
                return nil
            }
            let contentType = reader[BodyKey.contentType].flatMap { context.string($0, "the content type of \(what)") }
            return .raw(contentType: contentType ?? "application/octet-stream")
        }
    }

    /// `file: image/jpeg` (a file sent with that content type), or `file: true` with `content_type` (else
    /// `application/octet-stream`).
    private func fileBody(_ node: YAMLNode, contentType: String?, _ what: String) -> RequestBody? {
        if case .bool(let flag)? = node.scalar?.value {
            guard flag else {
                context.error("'file' must be true or a media type; leave 'body' out for no body", at: node.location)
                return nil
            }
            return .file(contentType: contentType ?? "application/octet-stream")
        }
        guard let text = context.string(node, "the file body of \(what)") else { return nil }
        guard TransferDecoder.isMediaType(text) else {
            context.error(
                "'\(text)' is not a media type", at: node.location, hint: "write the file's type: file: image/jpeg")
            return nil
        }
        return .file(contentType: text)
    }

    private func jsonBody(_ text: String, at location: SourceLocation) -> RequestBody? {
        guard let parsed = TypeExpression.parse(text), !parsed.nullable else {
            context.error(
                "'\(text)' is not a body type", at: location, hint: "write a subtype or entity name, or [name]")
            return nil
        }
        return .json(parsed.type)
    }

    private func cache(_ node: YAMLNode, _ what: String) -> CacheOptions? {
        guard let reader = MappingReader(node, "the cache of \(what)", keys: CacheKey.names, context: context) else {
            return nil
        }
        guard let ttlNode = reader[CacheKey.ttl] else {
            context.error("the cache of \(what) needs 'ttl' (seconds a response stays fresh)", at: node.location)
            return nil
        }
        return positiveNumber(ttlNode, "'ttl' of \(what)").map(CacheOptions.init)
    }

    private func positiveNumber(_ node: YAMLNode, _ what: String) -> Double? {
        guard let value = context.number(node, what) else { return nil }
        guard value > 0 else {
            context.error("\(what) must be greater than 0", at: node.location)
            return nil
        }
        return value
    }
}
