/// Resolves each endpoint's server, auth, types and defaults, and checks its path, parameters and options.
struct EndpointRules {
    let context: DecodingContext
    let types: TypeResolution
    let properties: PropertyRules
    let spec: Spec

    func resolve(_ service: Service) -> Service {
        var copy = service
        copy.server = service.origin.server
        copy.auth = service.origin.auth == "none" ? nil : service.origin.auth
        if let server = service.origin.server { checkServer(server, at: service.origin.locations["server="]) }
        if let auth = service.origin.auth { checkAuth(auth, at: service.origin.locations["auth="]) }
        copy.endpoints = service.endpoints.map { resolve($0, in: copy) }
        return copy
    }

    private func resolve(_ endpoint: Endpoint, in service: Service) -> Endpoint {
        var copy = endpoint
        let what = "endpoint '\(endpoint.name)'"
        copy.server = effectiveServer(endpoint, in: service) ?? ""
        if let auth = endpoint.origin.auth {
            checkAuth(auth, at: location("auth=", endpoint))
            copy.auth = auth == "none" ? nil : auth
        } else {
            copy.auth = service.auth
        }
        copy.deduplicate = endpoint.origin.deduplicate ?? (endpoint.method == .get || endpoint.method == .head)
        copy.params = endpoint.params.map { properties.resolve($0, owner: what) }
        copy.query = endpoint.query.map { properties.resolve($0, owner: what) }
        copy.headers = endpoint.headers.map { properties.resolve($0, owner: what) }
        checkPath(copy, what)
        checkParameters(copy)
        copy.body = endpoint.body.flatMap { resolveBody($0, of: endpoint, what) }
        copy.response = resolveResponse(endpoint.response, what)
        if endpoint.cache != nil, endpoint.method != .get {
            context.error(
                "'cache' applies only to GET endpoints; \(what) is \(endpoint.method.rawValue)",
                at: location("cache", endpoint))
        }
        return copy
    }

    private func location(_ key: String, _ endpoint: Endpoint) -> SourceLocation {
        endpoint.origin.locations[key] ?? endpoint.location
    }

    // MARK: Servers and auth

    private func effectiveServer(_ endpoint: Endpoint, in service: Service) -> String? {
        if let server = endpoint.origin.server {
            checkServer(server, at: location("server=", endpoint))
            return server
        }
        if let server = service.server { return server }
        if spec.servers.count == 1 { return spec.servers[0].name }
        let message =
            spec.servers.isEmpty
            ? "endpoint '\(endpoint.name)' has no server: the spec declares no 'servers'"
            : "endpoint '\(endpoint.name)' has no server: set 'server' on service '\(service.name)' or on the endpoint"
        context.error(
            message, at: endpoint.location,
            hint: spec.servers.isEmpty
                ? nil : "the spec has \(spec.servers.map { "'\($0.name)'" }.joined(separator: ", "))")
        return nil
    }

    private func checkServer(_ name: String, at location: SourceLocation?) {
        guard !spec.servers.contains(where: { $0.name == name }) else { return }
        context.error(
            "unknown server '\(name)'", at: location ?? .start(of: ""),
            hint: Suggestions.hint(for: name, in: spec.servers.map(\.name)))
    }

    private func checkAuth(_ name: String, at location: SourceLocation?) {
        guard name != "none", !spec.authSchemes.contains(where: { $0.name == name }) else { return }
        context.error(
            "unknown auth scheme '\(name)'", at: location ?? .start(of: ""),
            hint: Suggestions.hint(for: name, in: spec.authSchemes.map(\.name) + ["none"]))
    }

    // MARK: Path and parameters

    private func checkPath(_ endpoint: Endpoint, _ what: String) {
        let at = location(endpoint.method.specKey + "=", endpoint)
        guard endpoint.path.hasPrefix("/") else {
            context.error("path '\(endpoint.path)' of \(what) must start with '/'", at: at)
            return
        }
        guard Self.hasBalancedBraces(endpoint.path) else {
            context.error("path '\(endpoint.path)' of \(what) has unbalanced or empty braces", at: at)
            return
        }
        var seen = Set<String>()
        for name in endpoint.pathPlaceholders {
            if !seen.insert(name).inserted {
                context.error("path '\(endpoint.path)' of \(what) names '{\(name)}' twice", at: at)
            } else if !endpoint.params.contains(where: { $0.name == name }) {
                context.error(
                    "path parameter '{\(name)}' of \(what) is not declared in 'params'", at: at,
                    hint: Suggestions.hint(for: name, in: endpoint.params.map(\.name))
                        ?? "add 'params: { \(name): string }'")
            }
        }
        for param in endpoint.params where !seen.contains(param.name) {
            context.error(
                "param '\(param.name)' does not appear in the path '\(endpoint.path)'", at: param.location,
                hint: "write '{\(param.name)}' in the path, or move it to 'query'")
        }
    }

    private func checkParameters(_ endpoint: Endpoint) {
        for param in endpoint.params {
            if !types.isSimpleValue(param.type) {
                context.error(
                    "path parameter '\(param.name)' must be a scalar or an enum, not '\(param.type)'",
                    at: param.location)
            } else if param.nullable {
                context.error(
                    "path parameter '\(param.name)' cannot be nullable: a path needs every segment", at: param.location)
            }
        }
        for item in endpoint.query {
            var isSimpleList = false
            if case .array(let element) = item.type { isSimpleList = types.isSimpleValue(element) }
            if !types.isSimpleValue(item.type), !isSimpleList {
                context.error(
                    "query item '\(item.name)' must be a scalar, an enum or a list of them, not '\(item.type)'",
                    at: item.location)
            }
        }
        for header in endpoint.headers where !types.isSimpleValue(header.type) {
            context.error(
                "header '\(header.name)' must be a scalar or an enum, not '\(header.type)'", at: header.location)
        }
        checkWireNames(endpoint.query, kind: "query item", endpoint: endpoint) { $0 }
        // HTTP header names ignore case.
        checkWireNames(endpoint.headers, kind: "header", endpoint: endpoint) { $0.lowercased() }
    }

    /// Two parameters sending the same name would overwrite each other on the wire.
    private func checkWireNames(
        _ parameters: [Property], kind: String, endpoint: Endpoint, normalize: (String) -> String
    ) {
        var seen: [String: Property] = [:]
        for parameter in parameters {
            let name = normalize(parameter.key)
            if let first = seen[name] {
                context.error(
                    "\(kind) '\(parameter.name)' of endpoint '\(endpoint.name)' and \(kind) '\(first.name)' read the same key '\(parameter.key)'",
                    at: properties.location(of: "key=", in: parameter))
            } else {
                seen[name] = parameter
            }
        }
    }

    // MARK: Body and response

    private func resolveBody(_ body: RequestBody, of endpoint: Endpoint, _ what: String) -> RequestBody? {
        let at = location("body.type", endpoint)
        guard endpoint.method.allowsBody else {
            context.error(
                "a \(endpoint.method.rawValue) request cannot have a body", at: location("body", endpoint),
                hint: "send the values as 'query' items instead")
            return nil
        }
        switch body {
        case .json(let type):
            guard let resolved = types.resolve(type, at: at) else { return nil }
            var element = resolved
            if case .array(let item) = resolved { element = item }
            let isObject: Bool
            if case .entity = element { isObject = true } else { isObject = types.isStructure(element) }
            guard isObject else {
                context.error(
                    "the JSON body of \(what) must be a struct subtype or an entity (or a list of one), not '\(resolved)'",
                    at: at)
                return nil
            }
            return .json(resolved)
        case .form(let name):
            guard types.resolve(.named(name), at: at) != nil else { return nil }
            guard let subtype = types.subtypes[name], subtype.isStructure,
                subtype.properties.allSatisfy({ types.isSimpleValue($0.type) })
            else {
                context.error(
                    "a form body must be a struct subtype whose properties are scalars or enums; '\(name)' is not",
                    at: at)
                return nil
            }
            return body
        case .raw:
            return body
        }
    }

    private func resolveResponse(_ response: ResponseDescription, _ what: String) -> ResponseDescription {
        var copy = response
        let at = response.nameLocation ?? response.location
        switch response.body {
        case .none: break
        case .type(let type):
            copy.body = types.resolve(type, at: at).map(ResponseDescription.Body.type) ?? .none
            if type.containsFormattedScalar {
                context.error(
                    "the response of \(what) is '\(type)'; a plain response cannot carry a date or duration format",
                    at: at,
                    hint: "describe it with a struct subtype that has the date property")
            }
        case .entity(let payload):
            if types.entities[payload.entity] == nil {
                let known = types.entities.keys.sorted()
                if types.subtypes[payload.entity] != nil {
                    context.error(
                        "'\(payload.entity)' is a subtype; a response 'entity' must be an entity", at: at,
                        hint: "use 'type: \(payload.entity)' for a plain response")
                } else {
                    context.error(
                        "unknown entity '\(payload.entity)'", at: at,
                        hint: Suggestions.hint(for: payload.entity, in: known))
                }
                copy.body = .none
            }
        }
        copy.metadata = response.metadata.map { properties.resolve($0, owner: "the response of \(what)") }
        if let first = copy.metadata.first, !Self.payloadIsObject(copy.body) {
            context.error(
                "the response of \(what) has 'metadata', but its payload is a list, which has no keys to read it from",
                at: first.location, hint: "give the entity a 'key' inside the payload object")
        }
        return copy
    }

    /// Each `{` closed by a `}` before the next `{`, and no empty `{}`.
    static func hasBalancedBraces(_ path: String) -> Bool {
        var open = false, empty = false
        for character in path {
            switch character {
            case "{":
                if open { return false }
                (open, empty) = (true, true)
            case "}":
                if !open || empty { return false }
                open = false
            default:
                empty = false
            }
        }
        return !open
    }

    /// Whether the payload (after `base_key`) is a JSON object that metadata can be read from.
    static func payloadIsObject(_ body: ResponseDescription.Body) -> Bool {
        switch body {
        case .none: return true
        case .type(let type): return !type.isArray
        case .entity(let payload):
            return payload.structure == .single || (payload.structure == .array && payload.keyPath != nil)
        }
    }

    /// Two endpoints with the same method and path are almost always a mistake.
    func checkRepeatedRoutes(_ services: [Service]) {
        var seen: [String: Endpoint] = [:]
        for endpoint in services.flatMap(\.endpoints) {
            let route = "\(endpoint.method.rawValue) \(endpoint.server) \(Self.routeShape(endpoint.path))"
            if let first = seen[route] {
                context.warning(
                    "endpoint '\(endpoint.name)' repeats \(endpoint.method.rawValue) \(endpoint.path) of endpoint '\(first.name)'",
                    at: endpoint.location)
            } else {
                seen[route] = endpoint
            }
        }
    }

    /// The path with placeholder names erased, so `/movie/{id}` and `/movie/{movie_id}` are the same route.
    static func routeShape(_ path: String) -> String {
        var shape = "", inPlaceholder = false
        for character in path {
            if character == "{" {
                inPlaceholder = true
                shape += "{}"
            } else if character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                shape.append(character)
            }
        }
        return shape
    }
}
