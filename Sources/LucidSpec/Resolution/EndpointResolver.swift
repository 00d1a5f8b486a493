/// Resolves services and endpoints: each endpoint's server (its own, its service's, or the spec's only one),
/// auth (`none` is no auth) and deduplication (GET and HEAD by default); the types of its parameters, body and
/// response. Reports an endpoint without a server, and unknown type and entity names.
struct EndpointResolver {
    let context: DecodingContext
    let types: TypeResolution
    let spec: Spec
    let properties: SpecResolver

    func resolve(_ service: Service) -> Service {
        var resolved = service
        resolved.server = service.origin.server
        resolved.auth = service.origin.auth?.requirement
        resolved.endpoints = service.endpoints.map { resolve($0, in: resolved) }
        return resolved
    }

    private func resolve(_ endpoint: Endpoint, in service: Service) -> Endpoint {
        var resolved = endpoint
        resolved.server = server(of: endpoint, in: service) ?? ""
        resolved.auth = endpoint.origin.auth.map(\.requirement) ?? service.auth
        resolved.deduplicate = endpoint.origin.deduplicate ?? (endpoint.method == .get || endpoint.method == .head)
        let fixed = endpoint.origin.fixed.merged(over: service.origin.fixed.merged(over: spec.fixed))
        (resolved.fixedHeaders, resolved.fixedQuery) = (fixed.headers, fixed.query)
        resolved.params = endpoint.params.map { properties.resolve($0) }
        resolved.query = endpoint.query.map { properties.resolve($0) }
        resolved.headers = endpoint.headers.map { properties.resolve($0) }
        // A method without a body keeps it as written: the rules report the body itself.
        if endpoint.method.allowsBody { resolved.body = endpoint.body.flatMap { resolve($0, of: endpoint) } }
        switch resolved.body {
        case .form?, .multipart?:
            resolved.formLists = endpoint.origin.formLists ?? service.origin.formLists ?? spec.formLists ?? .mixed
        default:
            resolved.formLists = nil
        }
        resolved.response = resolve(endpoint.response)
        resolved.stream = endpoint.stream.flatMap(resolve)
        // A stream or a download is opened anew by each caller: there is no whole response to share.
        if endpoint.isTransfer { resolved.deduplicate = endpoint.origin.deduplicate ?? false }
        return resolved
    }

    /// The stream with its items' types resolved; nil when one names something unknown.
    private func resolve(_ stream: StreamDescription) -> StreamDescription? {
        var resolved = stream
        let at = { (index: Int) in index < stream.typeLocations.count ? stream.typeLocations[index] : stream.location }
        switch stream.items {
        case .type(let type):
            guard let type = types.resolve(type, at: at(0)) else { return nil }
            resolved.items = .type(type)
        case .named(let events):
            var named: [StreamDescription.NamedEvent] = []
            for (index, event) in events.enumerated() {
                guard let type = types.resolve(event.type, at: at(index)) else { continue }
                named.append(StreamDescription.NamedEvent(name: event.name, type: type, location: event.location))
            }
            guard named.count == events.count else { return nil }
            resolved.items = .named(named)
        }
        return resolved
    }

    private func server(of endpoint: Endpoint, in service: Service) -> String? {
        if let server = endpoint.origin.server { return server }
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

    /// The body with its type resolved; nil (no body) when its type names something unknown.
    private func resolve(_ body: RequestBody, of endpoint: Endpoint) -> RequestBody? {
        let at = endpoint.origin.locations["body.type"] ?? endpoint.location
        switch body {
        case .json(let type): return types.resolve(type, at: at).map(RequestBody.json)
        case .form(let name), .multipart(let name): return types.resolve(.named(name), at: at) == nil ? nil : body
        case .raw, .file: return body
        }
    }

    /// The response with its payload resolved; no payload when it names something unknown.
    private func resolve(_ response: ResponseDescription) -> ResponseDescription {
        var resolved = response
        let at = response.nameLocation ?? response.location
        switch response.body {
        case .none: break
        case .type(let type):
            resolved.body = types.resolve(type, at: at).map(ResponseDescription.Body.type) ?? .none
        case .entity(let payload) where types.entities[payload.entity] == nil:
            if types.subtypes[payload.entity] != nil {
                context.error(
                    "'\(payload.entity)' is a subtype; a response 'entity' must be an entity", at: at,
                    hint: "use 'type: \(payload.entity)' for a plain response")
            } else {
                context.error(
                    "unknown entity '\(payload.entity)'", at: at,
                    hint: Suggestions.hint(for: payload.entity, in: types.entities.keys.sorted()))
            }
            resolved.body = .none
        case .entity: break
        }
        resolved.metadata = response.metadata.map { properties.resolve($0) }
        return resolved
    }
}
