import LucidSpec

/// `<Service>BusinessControllerProtocol` and `<Service>BusinessController(accessible:)`: one `async throws`
/// method per endpoint (GETs are `fetch…`), and `prefetch…` for cached GETs, as docs/Generated.md describes.
/// The protocol lets view models be tested with a stub.
struct BusinessControllerViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.names.businessController(service.name) }

    var template: MustacheValue {
        let methods = service.endpoints.flatMap(methods)
        let defaulted = methods.compactMap(Self.withDefaults)
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "protocolName": .string(context.names.businessControllerProtocol(service.name)),
            "serviceType": .string(context.names.service(service.name)),
            "hasQueue": .bool(service.endpoints.contains { $0.queue != nil }),
            "hasStore": .bool(usesStore),
            "router": .string(context.names.responseRouter),
            "methods": .list(methods.map { .object($0.method) }),
            "hasDefaults": .bool(!defaulted.isEmpty),
            "storedReads": .items(storedReads),
            "defaulted": .items(defaulted),
        ])
    }

    /// The protocol's default of each stored read, for a conforming type without a store (a stub): the read asks
    /// the server through the type's own call.
    private var storedReads: [[String: MustacheValue]] {
        let services = ServiceViewModel(service: service, context: context)
        return service.endpoints.compactMap { endpoint in
            guard let signature = EndpointSignature.read(endpoint, service: services) else { return nil }
            let effects = StoreEffectsViewModel(
                endpoint: endpoint, service: service, signature: signature, context: context)
            return [
                "deprecation": .optional(SwiftLiteral.deprecation(signature.deprecated)),
                "name": .string(signature.escapedMethodName),
                "parameters": .items(
                    signature.parameters.map { ["name": .string($0.name.declaredParameter), "type": .string($0.type)] }
                ),
                "returnType": .optional(signature.returnType),
                "body": .list(
                    effects.readBody(resourceCall(endpoint, signature), storeless: true).map(MustacheValue.string)),
            ]
        }
    }

    /// Whether some method of the controller uses a store: it puts a response's stored entities, changes one, or
    /// reads them.
    private var usesStore: Bool {
        service.endpoints.contains { endpoint in
            endpoint.store?.changedEntity != nil || context.spec.storedRead(of: endpoint) != nil
                || StoreEffectsViewModel.putsResponse(of: endpoint, in: service, context)
        }
    }

    /// The defaults overload of a method's template, with the method's own values beside its own: nil when it has
    /// none.
    private static func withDefaults(_ method: Method) -> [String: MustacheValue]? {
        guard case .object(let overload) = method.withDefaults else { return nil }
        return method.method.merging(overload) { _, new in new }
    }

    /// A method's values, and apart from them those of its defaults overload (`defaultsTemplate`), which only
    /// the `defaulted` section reads.
    private typealias Method = (method: [String: MustacheValue], withDefaults: MustacheValue)

    /// The protocol extension's overload of a method some of whose values have defaults (the spec's, or nil):
    /// its parameters with those defaults, and the call forwarding every value to the requirement. Its trailing
    /// `isolation` parameter — Swift's way for an async function to run on its caller's actor — also keeps it
    /// from satisfying the requirement, so a conforming type that lacks the method does not compile (an
    /// overload with the requirement's exact signature would, and would call itself forever).
    private func defaultsTemplate(_ signature: EndpointSignature, items: MustacheValue = .null) -> MustacheValue {
        guard signature.parameterDefaults.contains(where: { $0 != nil }) else { return .null }
        let parameters: [[String: MustacheValue]] = zip(signature.parameters, signature.parameterDefaults).map {
            parameter, fallback in
            [
                "name": .string(parameter.name.declaredParameter), "type": .string(parameter.type),
                "defaultValue": .optional(fallback),
            ]
        }
        let arguments: [[String: MustacheValue]] = signature.parameters.map {
            ["label": .string($0.name.argumentLabel), "value": .string($0.name.parameterReference)]
        }
        let taken = Set(signature.parameters.map(\.name.unescaped))
        return .object([
            "parameters": .list(parameters.map(MustacheValue.object)),
            "arguments": .items(arguments),
            "isolation": .string("isolation".freshLocal(avoiding: taken, alternative: "callerIsolation")),
            "items": items,
        ])
    }

    /// A paged endpoint's `…Items` method, beside its pages' defaults overload: the same parameters and
    /// defaults, its pages' items in order. Nil when the response is no list.
    private func itemsTemplate(
        _ signature: EndpointSignature, _ paging: PagingViewModel
    ) -> MustacheValue {
        // A local beside the parameters, so it takes a name no parameter has.
        let names = Set(signature.parameters.map(\.name.unescaped))
        guard var method = paging.itemsMethod(avoiding: names) else { return .null }
        let parameters: [[String: MustacheValue]] = zip(signature.parameters, signature.parameterDefaults).map {
            parameter, fallback in
            [
                "name": .string(parameter.name.declaredParameter), "type": .string(parameter.type),
                "defaultValue": .optional(fallback),
            ]
        }
        method["pages"] = .string(signature.escapedMethodName)
        method["parameters"] = .items(parameters)
        method["arguments"] = .items(
            signature.parameters.map {
                ["label": .string($0.name.argumentLabel), "value": .string($0.name.parameterReference)]
            })
        return .object(method)
    }

    /// What a pages method passes `PageSequence`: the first page's resource is the call's.
    private func pagesTemplate(_ paging: PagingViewModel, accessor: String, store: String?) -> MustacheValue {
        .object([
            "putting": .optional(store),
            "paging": .string(paging.pagingExpression),
            "count": .optional(paging.countClosure),
            "lastIdentifier": .optional(paging.lastIdentifierClosure),
            "accessor": .string(accessor),
        ])
    }

    /// Each method as data: its name, parameters and result, and the lines of its body; the template writes the
    /// declaration and the body.
    private func methods(_ endpoint: Endpoint) -> [Method] {
        let names = context.names
        let services = ServiceViewModel(service: service, context: context)
        let signatures =
            EndpointSignature.all(endpoint, service: services)
            + (EndpointSignature.read(endpoint, service: services).map { [$0] } ?? [])
        return signatures.map { signature in
            // A value named like a stored property hides it inside the method.
            let accessible = signature.hasParameter(named: "accessible") ? "self.accessible" : "accessible"
            let auth = endpoint.auth.map { names.authType($0) }
            let accessor = auth.map { "\(accessible).accessor(for: \($0).self)" } ?? "\(accessible).unauthenticated"
            let paging = signature.role == .pages ? PagingViewModel(endpoint, context: context) : nil
            let effects = StoreEffectsViewModel(
                endpoint: endpoint, service: service, signature: signature, context: context)
            // The pages of a response that holds stored entities go into the store as they arrive.
            let pagesStore = effects.putsResponse ? effects.store : nil
            let method: [String: MustacheValue] = [
                "docComment": .list(docComment(endpoint, signature).map(MustacheValue.string)),
                "deprecation": .optional(SwiftLiteral.deprecation(signature.deprecated)),
                "discardableResult": .bool(signature.discardableResult),
                "name": .string(signature.escapedMethodName),
                "parameters": .items(
                    signature.parameters.map { ["name": .string($0.name.declaredParameter), "type": .string($0.type)] }
                ),
                "returnType": .optional(signature.returnType),
                "effects": .string(signature.isAsync ? " async throws(APIError)" : ""),
                "call": .string(signature.isAsync ? "try await " : ""),
                "pages": paging.map { pagesTemplate($0, accessor: accessor, store: pagesStore) } ?? .null,
                "stream": signature.role == .stream ? .object(["accessor": .string(accessor)]) : .null,
                "body": .list(body(endpoint, signature, accessor: accessor).map(MustacheValue.string)),
                "resource": .string(names.escaped(names.resourceFunction(endpoint))),
                "arguments": .items(arguments(signature)),
                // A resource without a request value is sent alone (`access(resource)`), and so is an upload's,
                // whose file goes beside it.
                "request": signature.bodyType == nil || signature.uploads ? .null : .string("body"),
            ]
            return (
                method,
                defaultsTemplate(signature, items: paging.map { itemsTemplate(signature, $0) } ?? .null)
            )
        }
    }

    /// The resource function's arguments: the method's values.
    private func arguments(_ signature: EndpointSignature) -> [[String: MustacheValue]] {
        signature.values.map {
            ["label": .string($0.name.argumentLabel), "value": .string($0.name.parameterReference)]
        }
    }

    /// The doc comment over a method: the endpoint's for its call, what a prefetch, an enqueue, the pages or a
    /// stored read do for theirs.
    private func docComment(_ endpoint: Endpoint, _ signature: EndpointSignature) -> [String] {
        let names = context.names
        let call = names.method(endpoint, in: service.name)
        switch signature.role {
        case .call, .stream: return ServiceViewModel.docComment(endpoint, names: names)
        case .prefetch: return ["/// Fills the cache for `\(call)`, so a later call answers without the network."]
        case .enqueue:
            let handler = names.handlerMethod(service: service.name, endpoint: endpoint.name)
            return [
                "/// Queues `\(endpoint.method.rawValue) \(endpoint.path)` on the controller's queue and returns the "
                    + "queued request's id;",
                "/// the response reaches `\(handler)` of the queue's `\(names.responseRouter)`.",
            ]
        case .pages:
            return SwiftLiteral.docComment(
                "The pages of `\(call)`, in order from the one the values ask for; each is requested only when "
                    + "iteration reaches it, and at most `maxPages` are.")
        case .read:
            let list = signature.storedRead?.isList == true
            return SwiftLiteral.docComment(
                "The stored \(list ? "entities" : "entity") of `\(call)`, as `policy` reads \(list ? "them" : "it"): "
                    + "from the controller's store, from the server (through `\(call)`, which puts the answer into "
                    + "the store), or from the store and then the server.")
        }
    }

    /// The lines of a call's, prefetch's, enqueue's or stored read's body (`StoreEffectsViewModel`); none for
    /// pages and streams, whose template writes theirs.
    private func body(_ endpoint: Endpoint, _ signature: EndpointSignature, accessor: String) -> [String] {
        guard signature.role != .pages, signature.role != .stream else { return [] }
        let queue = signature.hasParameter(named: "queue") ? "self.queue" : "queue"
        let verb: String
        switch signature.role {
        case .call where signature.downloads: verb = "download"
        case .call where signature.uploads: verb = "upload"
        case .call: verb = endpoint.cache == nil ? "access" : "fetch"
        case .prefetch: verb = "prefetch"
        default: verb = "enqueue"
        }
        // A download's file and an upload's follow the request value, with the progress report (alone for a
        // multipart body).
        var trailing = ""
        if signature.transfersFile {
            if signature.downloads {
                trailing = ", to: destination"
            } else if signature.uploads {
                trailing = ", fromFile: file"
            }
            trailing += ", progress: progress"
        }
        if signature.role == .enqueue { trailing = ", on: \(queue)" }
        let resourceCall = resourceCall(endpoint, signature)
        let request = signature.bodyType == nil || signature.uploads ? "" : ", with: body"
        let effects = StoreEffectsViewModel(
            endpoint: endpoint, service: service, signature: signature, context: context)
        // A cached call that puts its response asks whether the cache answered: such an answer only fills the store.
        let fetched = verb == "fetch" && effects.putsResponse
        let send = "try await \(accessor).\(fetched ? "fetched" : verb)(\(resourceCall)\(request)\(trailing))"
        return effects.body(send: send, resource: resourceCall, fetched: fetched)
    }

    /// `MoviesService.fetchMovieResource(id: id)`: the call that makes the method's resource.
    private func resourceCall(_ endpoint: Endpoint, _ signature: EndpointSignature) -> String {
        let names = context.names
        let arguments = signature.values.map { "\($0.name.argumentLabel): \($0.name.parameterReference)" }
        return "\(names.service(service.name)).\(names.escaped(names.resourceFunction(endpoint)))("
            + arguments.joined(separator: ", ") + ")"
    }
}
