import LucidSpec

/// One operation per endpoint: its id, tag, docs, parameters (path, query, header, and the fixed ones), request
/// body, responses, security, and its server when it is not the document's.
struct OpenAPIOperations {
    let schemas: OpenAPISchemas
    /// The server of the document's top-level `servers`.
    let primaryServer: String?

    /// The operation of `endpoint` of `service`; `renamed` maps path parameters to the placeholder names of the
    /// path the operation is listed under (see `OpenAPIPaths`).
    func operation(_ endpoint: Endpoint, of service: Service, renamed: [String: String] = [:]) -> OpenAPIJSON {
        let names = schemas.names
        var result = OpenAPIJSON.object([
            "operationId": .string(
                names.naming.typeName(service.name) + "." + names.method(endpoint, in: service.name)),
            "tags": .array([.string(service.name)]),
        ])
        result = documented(result, endpoint)
        let parameters = self.parameters(of: endpoint, renamed: renamed)
        if !parameters.isEmpty { result = result.setting("parameters", .array(parameters)) }
        if let body = endpoint.body {
            result = result.setting("requestBody", requestBody(body, lists: endpoint.formLists ?? .mixed))
        }
        result = result.setting("responses", schemas.responses(of: endpoint))
        if let auth = endpoint.auth { result = result.setting("security", OpenAPISecurityAndServers.security(auth)) }
        if endpoint.server != primaryServer,
            let server = schemas.spec.servers.first(where: { $0.name == endpoint.server })
        {
            result = result.setting("servers", OpenAPISecurityAndServers.servers(server))
        }
        return extensions(result, endpoint, service)
    }

    /// `summary`: the description's first sentence; `description`: all of it when longer; `deprecated`.
    private func documented(_ operation: OpenAPIJSON, _ endpoint: Endpoint) -> OpenAPIJSON {
        var result = operation
        var text = endpoint.description ?? ""
        if let message = endpoint.deprecated {
            result = result.setting("deprecated", true)
            if !message.isEmpty { text += (text.isEmpty ? "" : "\n\n") + "Deprecated: " + message }
        }
        guard !text.isEmpty else { return result }
        let summary = Self.firstSentence(of: text)
        result = result.setting("summary", .string(summary))
        return summary == text ? result : result.setting("description", .string(text))
    }

    /// The text up to the end of its first sentence (`. `) or line.
    static func firstSentence(of text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
        guard let end = line.range(of: ". ") else { return line }
        return String(line[..<end.lowerBound]) + "."
    }

    /// What lucid records for the generated code and OpenAPI has no field for.
    private func extensions(_ operation: OpenAPIJSON, _ endpoint: Endpoint, _ service: Service) -> OpenAPIJSON {
        var result = operation.setting("x-lucid-endpoint", .string("\(service.name).\(endpoint.name)"))
        if let cache = endpoint.cache { result = result.setting("x-lucid-cache", .object(["ttl": .double(cache.ttl)])) }
        if let timeout = endpoint.timeout { result = result.setting("x-lucid-timeout", .double(timeout)) }
        if endpoint.deduplicate != (endpoint.method == .get || endpoint.method == .head) {
            result = result.setting("x-lucid-deduplicate", .bool(endpoint.deduplicate))
        }
        if let queue = endpoint.queue {
            result = result.setting(
                "x-lucid-queue",
                .object([
                    "order": .string(queue.order.rawValue), "persist": .bool(queue.persist),
                    "retry": .array(queue.retry.map { .string($0.description) }),
                    "max_attempts": .int(Int64(queue.maxAttempts)), "backoff": .double(queue.backoff),
                ]))
        }
        if let paging = endpoint.paging { result = result.setting("x-lucid-paging", Self.paging(paging, of: endpoint)) }
        return result
    }

    /// `x-lucid-paging`: the spec's `paging`, with query items by the names the parameters have on the wire
    /// (`"link"`, `{"page": "page", "total_pages": "data.total_pages"}`).
    static func paging(_ paging: EndpointPaging, of endpoint: Endpoint) -> OpenAPIJSON {
        func wire(_ name: String) -> OpenAPIJSON { .string(endpoint.pagingWireName(name)) }
        func path(_ keys: [String]) -> OpenAPIJSON { .string(keys.joined(separator: ".")) }
        switch paging.style {
        case .link: return .string("link")
        case .nextURL(let at): return .object(["next_url": path(at)])
        case .cursor(let at, let query): return .object(["cursor": path(at), "query": wire(query)])
        case .lastItem(let query, let more): return .object(["last_item": wire(query), "more": path(more)])
        case .offset(let query, let limit, let total):
            return .object(
                [("offset", wire(query))] + (limit.map { [("limit", wire($0))] } ?? [])
                    + (total.map { [("total", path($0))] } ?? []))
        case .page(let query, let totalPages):
            return .object([("page", wire(query))] + (totalPages.map { [("total_pages", path($0))] } ?? []))
        }
    }

    // MARK: - Parameters

    private func parameters(of endpoint: Endpoint, renamed: [String: String]) -> [OpenAPIJSON] {
        let path = endpoint.params.map { parameter($0, in: "path", name: renamed[$0.name] ?? $0.name) }
        let query = endpoint.query.map { parameter($0, in: "query", name: $0.key) }
        let headers = endpoint.headers.map { parameter($0, in: "header", name: $0.key) }
        let fixedQuery = endpoint.fixedQuery.map { Self.fixed($0, in: "query") }
        let fixedHeaders = endpoint.fixedHeaders.map { Self.fixed($0, in: "header") }
        return path + query + fixedQuery + headers + fixedHeaders
    }

    /// A path parameter, query item or header (an entity parameter sends its identifier), required unless it
    /// may be left out; a list query item says how it is spread, a map query item that it is a `deepObject`.
    private func parameter(_ property: Property, in location: String, name: String) -> OpenAPIJSON {
        var asIdentifier = property
        asIdentifier.idOnly = true
        let schema = schemas.schema(of: asIdentifier)
        let style = location == "query" && property.type.isArray ? property.queryStyle ?? .repeat : nil
        var result = OpenAPIJSON.object([
            "name": .string(style == .brackets ? name + "[]" : name), "in": .string(location),
            "required": .bool(location == "path" || (!property.nullable && property.defaultValue == nil)),
        ])
        if let style { result = Self.spread(result, style) }
        if location == "query", property.type.isMap, property.queryStyle == .deepObject {
            // `metadata[order]=42`: OpenAPI's own name for what `deep_object` sends.
            result = result.setting("style", "deepObject").setting("explode", true)
        }
        result = result.setting("schema", schema.setting("description", .null).removingNulls())
        if let description = schema["description"] { result = result.setting("description", description) }
        if property.reserved { result = result.setting("x-lucid-reserved", true) }
        return result
    }

    /// A list query item's spreading: `repeat` is `form` exploded, `comma` `form` not exploded, `brackets` exploded
    /// under the name with `[]`; `x-lucid-style` names the last two.
    private static func spread(_ parameter: OpenAPIJSON, _ style: QueryStyle) -> OpenAPIJSON {
        let result = parameter.setting("style", "form").setting("explode", .bool(style != .comma))
        return style == .repeat ? result : result.setting("x-lucid-style", .string(style.rawValue))
    }

    /// A `fixed_headers` or `fixed_query` value, sent as written on every request.
    private static func fixed(_ fixed: FixedParameter, in location: String) -> OpenAPIJSON {
        .object([
            "name": .string(fixed.name), "in": .string(location), "required": true,
            "schema": .object(["type": "string", "const": .string(fixed.value)]), "x-lucid-fixed": true,
        ])
    }

    // MARK: - Request bodies

    /// JSON, form (`application/x-www-form-urlencoded`), multipart or raw bytes. Form and multipart bodies name
    /// nested values with brackets (`address[city]`), which `x-lucid-form-encoding` says, and send lists in the
    /// `form_lists` convention `x-lucid-form-lists` names; OpenAPI's `encoding` says what it can of it (below).
    private func requestBody(_ body: RequestBody, lists: FormLists) -> OpenAPIJSON {
        let content: (String, OpenAPIJSON)
        switch body {
        case .json(let type):
            content = ("application/json", .object(["schema": schemas.schema(type)]))
        case .form(let name):
            var media = OpenAPIJSON.object(["schema": schemas.schema(.subtype(name))])
            let encoding = formEncoding(of: name, lists: lists)
            if !encoding.isEmptyContainer { media = media.setting("encoding", encoding) }
            content = (
                "application/x-www-form-urlencoded",
                media.setting("x-lucid-form-encoding", "brackets").setting(
                    "x-lucid-form-lists", .string(lists.rawValue))
            )
        case .multipart(let name):
            let media = OpenAPIJSON.object(["schema": schemas.schema(.subtype(name))])
            content = (
                "multipart/form-data",
                media.setting("x-lucid-form-encoding", "brackets").setting(
                    "x-lucid-form-lists", .string(lists.rawValue))
            )
        case .raw(let contentType):
            content = (contentType, .object([:]))
        case .file(let contentType):
            // A file streamed from disk: binary content, marked so an import reads it back as a file body.
            content = (
                contentType,
                .object(["schema": .object(["type": "string", "format": "binary"]), "x-lucid-file": true])
            )
        }
        return .object(["required": true, "content": .object([content])])
    }

    /// Struct and map values of a form go as `deepObject` (`address[city]=Paris`). A top-level list goes as
    /// OpenAPI's default `form` exploded (`tags=a&tags=b`) with `mixed` and `repeat`, and as `form` not exploded
    /// (`tags=a,b`) with `comma`; OpenAPI has no style for `brackets` (`tags[]=a`) or `indexed` (`tags[0]=a`), which
    /// only `x-lucid-form-lists` says.
    private func formEncoding(of name: String, lists: FormLists) -> OpenAPIJSON {
        let properties = schemas.subtypes[name]?.properties ?? []
        var encodings: [(String, OpenAPIJSON)] = []
        for property in properties {
            switch property.type {
            case .map:
                encodings.append((property.key, .object(["style": "deepObject", "explode": true])))
            case .subtype(let subtype) where schemas.subtypes[subtype]?.isStructure == true:
                encodings.append((property.key, .object(["style": "deepObject", "explode": true])))
            case .array where lists == .comma:
                encodings.append((property.key, .object(["style": "form", "explode": false])))
            case .subtype(let subtype) where lists == .comma:
                if case .optionSet? = schemas.subtypes[subtype]?.kind {
                    encodings.append((property.key, .object(["style": "form", "explode": false])))
                }
            default:
                break
            }
        }
        return .object(encodings)
    }
}
