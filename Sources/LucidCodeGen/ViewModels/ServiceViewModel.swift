import LucidSpec

/// `<Service>Service`: a namespace with one static function per endpoint returning its fully typed
/// `BackendResource` (GETs are `fetch…`).
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
            "hasEndpoints": .bool(!service.endpoints.isEmpty),
        ])
    }

    /// One resource function as data: its parameters (with the spec's defaults), the parameter lists it
    /// fills, and each `BackendResource` argument; the template writes the Swift.
    private func endpointTemplate(_ endpoint: Endpoint, first: Bool) -> MustacheValue {
        let shape = EndpointSignature(endpoint, service: self)
        // The resource function takes the same values as the controller method, with the spec's defaults.
        let declared: [[String: MustacheValue]] = zip(shape.values, shape.defaults).map { value, fallback in
            [
                "name": .string(value.name.declaredParameter), "type": .string(value.type),
                "defaultValue": .optional(fallback),
            ]
        }
        // The lists are locals beside the parameters, so they take names no parameter has.
        let taken = Set(shape.values.map(\.name.unescaped))
        let resourceName = context.names.resourceName(service: service.name, endpoint: endpoint.name)
        let query = "query".freshLocal(avoiding: taken)
        let headers = "headers".freshLocal(avoiding: taken.union([query]))
        let boundary = "boundary".freshLocal(avoiding: taken.union([query, headers]))
        return .object([
            "docComment": .list(Self.docComment(endpoint, names: context.names).map(MustacheValue.string)),
            "deprecation": .optional(SwiftLiteral.deprecation(shape.deprecated)),
            "functionName": .string(context.names.escaped(context.names.resourceFunction(endpoint))),
            "parameters": .items(declared),
            "resourceType": .string(resourceType(endpoint)),
            "transfer": transferTemplate(
                endpoint, request: "request".freshLocal(avoiding: taken.union([query, headers, boundary]))),
            "payloadType": .string(Self.payloadType(endpoint, service: service, context: context)),
            "readMethod": .string(Self.readMethod(endpoint)),
            "authType": .string(authType(endpoint)),
            "query": parameterList(query, endpoint.fixedQuery, endpoint.query),
            "headers": parameterList(headers, endpoint.fixedHeaders + acceptHeader(endpoint), endpoint.headers),
            "name": .string(SwiftLiteral.string(resourceName)),
            "server": .string(SwiftLiteral.string(endpoint.server)),
            "method": .string(endpoint.method.specKey),
            "path": .string(SwiftLiteral.string(endpoint.path)),
            "pathParameters": .items(endpoint.params.map(pathParameter)),
            "reserved": .optional(
                endpoint.params.contains(where: \.reserved)
                    ? endpoint.params.filter(\.reserved).map { SwiftLiteral.string($0.name) }.joined(separator: ", ")
                    : nil),
            "body": body(endpoint, boundary: boundary),
            "timeout": .optional(endpoint.timeout.map(DefaultExpression.decimalText)),
            "deduplicate": .bool(endpoint.deduplicate),
            "cacheTTL": .optional(endpoint.cache.map { DefaultExpression.decimalText($0.ttl) }),
            "queue": endpoint.queue.map(queueTemplate) ?? .null,
            "first": .bool(first),
        ])
    }

    /// A local `ParameterList` and the values it adds — the fixed ones first, as literals, then the parameters:
    /// dates carry their format, durations their unit, lists their style, maps theirs (`deepObject`, a
    /// `QueryMapStyle`). Null when there are none.
    private func parameterList(_ local: String, _ fixed: [FixedParameter], _ parameters: [Property]) -> MustacheValue {
        if fixed.isEmpty, parameters.isEmpty { return .null }
        let literals: [[String: MustacheValue]] = fixed.map {
            ["key": .string(SwiftLiteral.string($0.name)), "value": .string(SwiftLiteral.string($0.value))]
        }
        return .object([
            "local": .string(local),
            "items": .items(
                literals
                    + parameters.map { parameter in
                        var item: [String: MustacheValue] = [
                            "key": .string(SwiftLiteral.string(parameter.key)),
                            "value": .string(context.naming.escapedMemberName(parameter.name).parameterReference),
                        ]
                        switch parameter.type.elementType {
                        case .scalar(.date):
                            item["format"] = .string(PropertyCoding.dateFormatLiteral(parameter.dateFormat))
                        case .scalar(.seconds): item["unit"] = .string("seconds")
                        case .scalar(.milliseconds): item["unit"] = .string("milliseconds")
                        default: break
                        }
                        switch parameter.queryStyle {
                        case .comma?: item["style"] = .string("comma")
                        case .brackets?: item["style"] = .string("brackets")
                        case .deepObject?: item["style"] = .string("deepObject")
                        case .repeat?, nil: break
                        }
                        return item
                    }),
        ])
    }

    /// A path parameter's placeholder and the expression giving its text.
    private func pathParameter(_ parameter: Property) -> [String: MustacheValue] {
        let name = context.naming.escapedMemberName(parameter.name).parameterReference
        var item: [String: MustacheValue] = [
            "placeholder": .string(SwiftLiteral.string(parameter.name)), "value": .string(name),
        ]
        switch parameter.type {
        case .scalar(.date): item["format"] = .string(PropertyCoding.dateFormatLiteral(parameter.dateFormat))
        case .scalar(.seconds): item["unit"] = .string("seconds")
        case .scalar(.milliseconds): item["unit"] = .string("milliseconds")
        default: break
        }
        return item
    }

    /// How the body is encoded: exactly one of `json`, `form`, `multipart` (the local holding its boundary) and
    /// `raw` (its content type literal); a form or multipart body's `formLists`, the `FormListStyle` case, when it
    /// is not the default.
    private func body(_ endpoint: Endpoint, boundary: String) -> MustacheValue {
        let lists: MustacheValue =
            switch endpoint.formLists {
            case nil, .mixed?: .null
            case .brackets?: .string("brackets")
            case .indexed?: .string("indexed")
            case .repeat?: .string("repeated")
            case .comma?: .string("comma")
            }
        switch endpoint.body {
        case .json?: return .object(["json": .bool(true)])
        case .form?: return .object(["form": .bool(true), "formLists": lists])
        case .multipart?: return .object(["multipart": .string(boundary), "formLists": lists])
        case .raw(let contentType)?: return .object(["raw": .string(SwiftLiteral.string(contentType))])
        case .file(let contentType)?: return .object(["file": .string(SwiftLiteral.string(contentType))])
        case nil: return .null
        }
    }

    private func queueTemplate(_ queue: QueueOptions) -> MustacheValue {
        let retry = queue.retry.map { condition -> [String: MustacheValue] in
            switch condition {
            case .network: return ["condition": .string(".network")]
            case .timeout: return ["condition": .string(".timeout")]
            case .status(let code): return ["condition": .string(".status(\(code))")]
            }
        }
        return .object([
            "order": .string(queue.order.rawValue),
            "persist": .bool(queue.persist),
            "retry": .items(retry),
            "maxAttempts": .int(queue.maxAttempts),
            "backoff": .string(DefaultExpression.decimalText(queue.backoff)),
        ])
    }

    /// What the resource function returns: a `BackendResource`, or a stream's `StreamResource` or a download's
    /// `DownloadResource` around one.
    private func resourceType(_ endpoint: Endpoint) -> String {
        let request = Self.resourceRequestType(endpoint, types: context.types)
        let auth = authType(endpoint)
        if let stream = endpoint.stream {
            let element = EndpointSignature.elementType(of: stream, endpoint, service: service, context)
            return "StreamResource<\(request), \(element), \(auth)>"
        }
        if endpoint.download != nil { return "DownloadResource<\(request), \(auth)>" }
        return "BackendResource<\(request), \(responseType(endpoint)), \(auth)>"
    }

    /// A download asks for its `content_type` (`Accept`), unless a header of the endpoint already says what it
    /// accepts.
    private func acceptHeader(_ endpoint: Endpoint) -> [FixedParameter] {
        guard let contentType = endpoint.download?.contentType,
            !(endpoint.fixedHeaders.map(\.name) + endpoint.headers.map(\.key)).contains(where: {
                $0.lowercased() == "accept"
            })
        else { return [] }
        return [FixedParameter(name: "Accept", value: contentType, location: endpoint.location)]
    }

    /// A stream's or a download's resource around the request, built in the local `request`: its type and its
    /// arguments after `request:`, one a line. Null for any other endpoint.
    private func transferTemplate(_ endpoint: Endpoint, request: String) -> MustacheValue {
        let requestType = Self.resourceRequestType(endpoint, types: context.types)
        var arguments = ["request: \(request)"]
        let kind: String
        if let stream = endpoint.stream {
            kind = "StreamResource"
            arguments +=
                StreamTemplate(stream: stream, endpoint: endpoint, service: service, context: context)
                .resourceArguments
        } else if let download = endpoint.download {
            kind = "DownloadResource"
            if let maxBytes = download.maxBytes { arguments.append("maxBytes: \(StreamTemplate.grouped(maxBytes))") }
            if let idle = download.idleTimeout {
                arguments.append("idleTimeout: .seconds(\(DefaultExpression.decimalText(idle)))")
            }
            if let resumptions = download.maxResumptions { arguments.append("maxResumptions: \(resumptions)") }
        } else {
            return .null
        }
        return .object([
            "local": .string(request),
            "requestType": .string("BackendResource<\(requestType), EmptyResponse, \(authType(endpoint))>"),
            "kind": .string(kind),
            "arguments": .items(arguments.map { ["text": .string($0)] }),
        ])
    }

    private func responseType(_ endpoint: Endpoint) -> String {
        Self.responseType(endpoint, service: service, context: context)
    }

    /// The body type a caller passes: `Void` without a body, `Data` for raw bodies, `URL` for a file.
    static func requestType(_ endpoint: Endpoint, types: SwiftTypes) -> String {
        switch endpoint.body {
        case .json(let type)?: return types.valueType(type)
        case .form(let name)?, .multipart(let name)?: return types.typeName(ofSubtype: name)
        case .raw?: return "Data"
        case .file?: return "URL"
        case nil: return "Void"
        }
    }

    /// The request value the resource function's resource takes: an upload's file is not one (the resource is
    /// sent with `fromFile:`).
    static func resourceRequestType(_ endpoint: Endpoint, types: SwiftTypes) -> String {
        if case .file? = endpoint.body { return "Void" }
        return requestType(endpoint, types: types)
    }

    /// How the payload type reads a response: `decode`, or `decodeIfPresent` for an optional response, which answers
    /// nil for a 204 or an empty body.
    static func readMethod(_ endpoint: Endpoint) -> String {
        endpoint.response.optional ? "decodeIfPresent" : "decode"
    }

    /// What a call answers: the payload type (optional for an `optional: true` response), or `EmptyResponse`.
    static func responseType(_ endpoint: Endpoint, service: Service, context: GenerationContext) -> String {
        payloadType(endpoint, service: service, context: context) + (endpoint.response.optional ? "?" : "")
    }

    /// What a body decodes to: the entity or struct subtype the endpoint answers directly (`Movie`), its payload
    /// type (`MoviesDiscoverResponse`), or `EmptyResponse`.
    static func payloadType(_ endpoint: Endpoint, service: Service, context: GenerationContext) -> String {
        guard endpoint.hasPayload else { return "EmptyResponse" }
        switch context.directType(endpoint.response) {
        case .entity(let name)?: return context.types.typeName(ofEntity: name)
        case .subtype(let name)?: return context.types.typeName(ofSubtype: name)
        default: return context.names.payload(service: service.name, endpoint: endpoint.name)
        }
    }

    private func authType(_ endpoint: Endpoint) -> String { context.names.authType(endpoint.auth) }

    /// The doc comment of the endpoint's resource function and controller method: its description, then the
    /// credentials its requests carry.
    static func docComment(_ endpoint: Endpoint, names: GeneratedNames) -> [String] {
        var text = endpoint.description ?? ""
        if let auth = authSentence(endpoint.auth, names: names) { text += (text.isEmpty ? "" : "\n\n") + auth }
        return SwiftLiteral.docComment(text)
    }

    /// `Auth: `TokenAuth`.`, `Auth: `ClientIDAuth` and `SecretAuth` together.`, or the alternatives in order
    /// (`none` for no credential) and which one is sent; nil without auth.
    static func authSentence(_ requirement: AuthRequirement?, names: GeneratedNames) -> String? {
        guard let requirement, !requirement.alternatives.isEmpty else { return nil }
        let alternatives = requirement.alternatives.map { schemes -> String in
            let types = schemes.map { "`\(names.auth($0))`" }
            guard let last = types.last else { return "none" }
            return types.count == 1 ? last : types.dropLast().joined(separator: ", ") + " and \(last) together"
        }
        guard alternatives.count > 1 else { return "Auth: \(alternatives[0])." }
        return "Auth: \(alternatives.joined(separator: ", or ")): the client sends the first it has every credential "
            + "for."
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
        case .basic: placement = ".basic"
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

/// The module's servers and their environments, ready for an `APIClient`, and for each server whose URLs have
/// variables the struct of their values (`MastodonServer`).
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
        let variableServers = context.spec.servers.filter { !$0.variables.isEmpty }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "servers": .list(servers),
            "hasVariables": .bool(!variableServers.isEmpty),
            // The environments being made, named apart from the parameters (one per server with variables).
            "local": .string(
                "environments".freshLocal(
                    avoiding: Set(variableServers.map { context.naming.memberName($0.name) }), alternative: "made")),
            "hasOptionalVariables": .bool(variableServers.contains(where: Self.allDefaulted)),
            "hasDefaults": .bool(variableServers.contains(where: Self.allDefaulted)),
            "variableServers": .list(variableServers.map(variableServer)),
        ])
    }

    /// Whether every variable of `server` has a default: then the app need not give its values.
    private static func allDefaulted(_ server: Server) -> Bool {
        server.variables.allSatisfy { $0.defaultValue != nil }
    }

    private func variableServer(_ server: Server) -> MustacheValue {
        let naming = context.naming
        let free = server.variables.filter(\.allowedValues.isEmpty)
        let variables: [[String: MustacheValue]] = server.variables.map { variable in
            let isEnum = !variable.allowedValues.isEmpty
            let escaped = naming.escapedMemberName(variable.name)
            let type = isEnum ? context.names.serverVariableEnum(variable.name) : "String"
            let expected = server.expectedValues(of: variable.name)
            var doc = variable.description ?? ""
            if !isEnum {
                doc += (doc.isEmpty ? "" : "\n\n") + expected.joined(separator: "; ").capitalizedFirst + "."
            }
            let defaultValue: String? = variable.defaultValue.map { value in
                isEnum ? naming.dottedMemberName(Server.Variable.caseName(for: value)) : SwiftLiteral.string(value)
            }
            return [
                "propertyName": .string(escaped),
                "docName": .string(naming.memberName(variable.name)),
                "label": .string(escaped),
                // A parameter called `self` would hide `self` (member names never start with `_`).
                "local": escaped == "`self`" ? .string("_self") : .null,
                "parameterName": .string(escaped == "`self`" ? "_self" : escaped),
                "literal": .string(SwiftLiteral.string(variable.name)),
                "type": .string(type),
                "isEnum": .bool(isEnum),
                "expected": .string(expected.joined(separator: " and ")),
                "lastFree": .bool(variable.name == free.last?.name),
                "defaultValue": .optional(defaultValue),
                "docComment": .list(SwiftLiteral.docComment(doc).map(MustacheValue.string)),
            ]
        }
        let enums: [MustacheValue] = server.variables.filter { !$0.allowedValues.isEmpty }.map { variable in
            let cases: [MustacheValue] = variable.allowedValues.map { value in
                let name = naming.escapedMemberName(Server.Variable.caseName(for: value))
                return .object([
                    "name": .string(name),
                    "explicitRawValue": name == value ? .null : .string(SwiftLiteral.string(value)),
                ])
            }
            let doc = variable.description.map { "\($0)\n\n" } ?? ""
            return .object([
                "typeName": .string(context.names.serverVariableEnum(variable.name)),
                "cases": .list(cases),
                "docComment": .list(
                    SwiftLiteral.docComment(doc + "The values `{\(variable.name)}` may take.").map(MustacheValue.string)
                ),
            ])
        }
        let urls: [[String: MustacheValue]] = server.environments.map { environment in
            [
                "text": .string(environment.url),
                "literal": .string(SwiftLiteral.string(environment.url)),
                "environment": server.environments.count > 1 ? .string(environment.name) : .null,
            ]
        }
        let defaults: [[String: MustacheValue]] = server.variables.compactMap { variable in
            variable.defaultValue.map {
                ["name": .string(SwiftLiteral.string(variable.name)), "value": .string(SwiftLiteral.string($0))]
            }
        }
        return .object([
            "literal": .string(SwiftLiteral.string(server.name)),
            "specName": .string(server.name),
            "structName": .string(context.names.serverVariables(server.name)),
            "serverConstant": .string(typeName + "." + naming.escapedMemberName(server.name)),
            "parameterName": .string(naming.escapedMemberName(server.name)),
            "optional": .bool(Self.allDefaulted(server)),
            "throwing": .bool(!free.isEmpty),
            "variables": .items(variables),
            "enums": .list(enums),
            "urls": .items(urls),
            "defaults": .items(defaults),
        ])
    }
}

extension String {
    /// The text with its first letter uppercased: `a host name` → `A host name`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
