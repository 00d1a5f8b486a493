import LucidSpec

/// `<Service>Service`: a namespace with one static function per endpoint returning its fully typed
/// `BackendResource` (seed: backend-feature-guide.md; GETs are `fetch…`).
struct ServiceViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.names.service(service.name) }

    var template: MustacheValue {
        .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docComment": .list(SwiftLiteral.docComment(service.description).map(MustacheValue.string)),
            "endpoints": .list(
                service.endpoints.enumerated().map { endpointTemplate($0.element, first: $0.offset == 0) }),
        ])
    }

    private func endpointTemplate(_ endpoint: Endpoint, first: Bool) -> MustacheValue {
        let parameters = endpoint.params + endpoint.query + endpoint.headers
        let shape = EndpointSignature(endpoint, service: self)
        // The resource function takes the same values as the controller method, with the spec's defaults.
        let signature = zip(parameters, shape.values).map { parameter, value in
            let fallback =
                parameter.defaultValue.map { context.defaults.expression($0, for: parameter.type) }
                ?? (parameter.nullable ? "nil" : nil)
            return "\(value.name.declaredParameter): \(value.type)" + (fallback.map { " = \($0)" } ?? "")
        }
        // The lists are locals beside the parameters, so they take names no parameter has.
        let taken = Set(shape.values.map(\.name.unescaped))
        let query = "query".freshLocal(avoiding: taken)
        let headers = "headers".freshLocal(avoiding: taken.union([query]))
        var lines: [String] = []
        if !endpoint.query.isEmpty {
            lines.append("var \(query) = ParameterList()")
            lines += endpoint.query.map { "\(query).add(\(SwiftLiteral.string($0.key)), \(argument($0)))" }
        }
        if !endpoint.headers.isEmpty {
            lines.append("var \(headers) = ParameterList()")
            lines += endpoint.headers.map { "\(headers).add(\(SwiftLiteral.string($0.key)), \(argument($0)))" }
        }
        return .object([
            "docComment": .list(SwiftLiteral.docComment(endpoint.description).map(MustacheValue.string)),
            "deprecation": SwiftLiteral.deprecation(shape.deprecated).map(MustacheValue.string) ?? .null,
            "functionName": .string(context.names.escaped(context.names.resourceFunction(endpoint))),
            "parameters": .string(signature.joined(separator: ", ")),
            "resourceType": .string(
                "BackendResource<\(requestType(endpoint)), \(responseType(endpoint)), \(authType(endpoint))>"),
            "statements": .list(lines.map(MustacheValue.string)),
            "arguments": .list(arguments(endpoint, query: query, headers: headers).map(MustacheValue.string)),
            "first": .bool(first),
        ])
    }

    /// The function is deprecated with its endpoint, and when it returns or sends a deprecated type — so using
    /// that type inside it warns nobody but the caller.
    func deprecation(_ endpoint: Endpoint) -> String? {
        let payload = PayloadViewModel(service: service, endpoint: endpoint, context: context)
        if let message = payload.deprecated { return message }
        switch endpoint.body {
        case .json(let type)?: return payload.deprecation(of: type)
        case .form(let name)?: return context.types.deprecatedSubtypes[name]
        default: return nil
        }
    }

    /// A parameter passed to `ParameterList.add`: dates carry their format, durations their unit.
    private func argument(_ parameter: Property) -> String {
        let name = context.naming.escapedMemberName(parameter.name).parameterReference
        switch parameter.type.elementType {
        case .scalar(.date): return "\(name), format: \(PropertyCoding.dateFormatLiteral(parameter.dateFormat))"
        case .scalar(.seconds): return "\(name), unit: .seconds"
        case .scalar(.milliseconds): return "\(name), unit: .milliseconds"
        default: return name
        }
    }

    /// The `BackendResource(...)` arguments, one per line, the last without a comma.
    private func arguments(_ endpoint: Endpoint, query: String, headers: String) -> [String] {
        var arguments = [
            "name: \(SwiftLiteral.string("\(service.name).\(endpoint.name)"))",
            "server: \(SwiftLiteral.string(endpoint.server))",
            "method: .\(endpoint.method.specKey)",
            "path: \(pathExpression(endpoint))",
        ]
        if !endpoint.query.isEmpty { arguments.append("query: \(query).items") }
        if !endpoint.headers.isEmpty { arguments.append("headers: \(headers).headers") }
        switch endpoint.body {
        case .json?: arguments.append("bodyEncoding: .json")
        case .form?: arguments.append("bodyEncoding: .form")
        case .raw(let contentType)?:
            arguments.append("bodyEncoding: .raw(contentType: \(SwiftLiteral.string(contentType)))")
        case nil: break
        }
        if let timeout = endpoint.timeout {
            arguments.append("timeout: .seconds(\(DefaultExpression.decimalText(timeout)))")
        }
        arguments.append("deduplicate: \(endpoint.deduplicate)")
        if let cache = endpoint.cache {
            arguments.append("cacheTTL: .seconds(\(DefaultExpression.decimalText(cache.ttl)))")
        }
        if let queue = endpoint.queue { arguments.append("queue: \(queueExpression(queue))") }
        switch endpoint.body {
        case .json?: arguments.append("encodeBody: { try JSONEncoder().encode($0) }")
        case .form?: arguments.append("encodeBody: { try FormURLEncoder.encode($0) }")
        case .raw?: arguments.append("encodeBody: { $0 }")
        case nil: break
        }
        arguments.append("decodeResponse: { try \(responseType(endpoint)).decode(from: $0) }")
        return arguments.enumerated().map { $0.offset < arguments.count - 1 ? $0.element + "," : $0.element }
    }

    private func pathExpression(_ endpoint: Endpoint) -> String {
        guard !endpoint.params.isEmpty else { return "ResourcePath(\(SwiftLiteral.string(endpoint.path)))" }
        let values = endpoint.params.map { parameter in
            let name = context.naming.escapedMemberName(parameter.name).parameterReference
            let text: String
            switch parameter.type {
            case .scalar(.date):
                text =
                    "DateCodingFormat\(PropertyCoding.dateFormatLiteral(parameter.dateFormat)).parameterText(from: \(name))"
            case .scalar(.seconds): text = "DurationUnit.seconds.parameterText(from: \(name))"
            case .scalar(.milliseconds): text = "DurationUnit.milliseconds.parameterText(from: \(name))"
            default: text = "\(name).parameterText"
            }
            return "\(SwiftLiteral.string(parameter.name)): \(text)"
        }
        return "ResourcePath(\(SwiftLiteral.string(endpoint.path)), parameters: [\(values.joined(separator: ", "))])"
    }

    private func queueExpression(_ queue: QueueOptions) -> String {
        let retry = queue.retry.map { condition -> String in
            switch condition {
            case .network: return ".network"
            case .timeout: return ".timeout"
            case .status(let code): return ".status(\(code))"
            }
        }
        return
            "QueueOptions(order: .\(queue.order.rawValue), persist: \(queue.persist), retry: [\(retry.joined(separator: ", "))], "
            + "maxAttempts: \(queue.maxAttempts), backoff: \(DefaultExpression.decimalText(queue.backoff)))"
    }

    private func requestType(_ endpoint: Endpoint) -> String { Self.requestType(endpoint, types: context.types) }

    private func responseType(_ endpoint: Endpoint) -> String {
        Self.responseType(endpoint, service: service, names: context.names)
    }

    /// The body type a caller passes: `Void` without a body, `Data` for raw bodies.
    static func requestType(_ endpoint: Endpoint, types: SwiftTypes) -> String {
        switch endpoint.body {
        case .json(let type)?: return types.valueType(type)
        case .form(let name)?: return types.typeName(ofSubtype: name)
        case .raw?: return "Data"
        case nil: return "Void"
        }
    }

    /// The endpoint's payload type, or `EmptyResponse`.
    static func responseType(_ endpoint: Endpoint, service: Service, names: GeneratedNames) -> String {
        endpoint.hasPayload ? names.payload(service: service.name, endpoint: endpoint.name) : "EmptyResponse"
    }

    private func authType(_ endpoint: Endpoint) -> String {
        endpoint.auth.map { context.names.auth($0) } ?? "NoAuth"
    }
}

/// An auth scheme as a phantom type: `api_key` → `APIKeyAuth`.
struct AuthViewModel {
    let scheme: AuthScheme
    let context: GenerationContext

    var typeName: String { context.names.auth(scheme.name) }

    var template: MustacheValue {
        let placement: String
        switch scheme.placement {
        case .header:
            placement =
                ".header(name: \(SwiftLiteral.string(scheme.parameterName)), prefix: \(SwiftLiteral.string(scheme.prefix)))"
        case .query: placement = ".query(name: \(SwiftLiteral.string(scheme.parameterName)))"
        }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "schemeName": .string(scheme.name),
            "placement": .string(placement),
        ])
    }
}

/// The module's servers and their environments, ready for an `APIClient`.
struct ServersViewModel {
    let context: GenerationContext

    var typeName: String { context.names.servers }

    var template: MustacheValue {
        let servers: [MustacheValue] = context.spec.servers.map { server in
            let environments: [MustacheValue] = server.environments.map { environment in
                .object([
                    "name": .string(SwiftLiteral.string(environment.name)),
                    "baseURL": .string(SwiftLiteral.string(environment.url)),
                ])
            }
            return .object([
                "name": .string(context.naming.escapedMemberName(server.name)),
                "literal": .string(SwiftLiteral.string(server.name)),
                "environments": .list(environments),
            ])
        }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "servers": .list(servers),
        ])
    }
}
