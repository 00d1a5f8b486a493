import LucidSpec

/// `<Module>ResponseHandling` and `<Module>ResponseRouter`: a struct of one optional typed closure per queued
/// endpoint of the module (as the clients are structs of closures), and the router that recognises a queued
/// request's endpoint, decodes its result and calls that closure. Generated only when some endpoint is queued.
struct ResponseHandlingViewModel {
    let context: GenerationContext

    /// `MoviesResponseHandling` (the template's key is still `protocolName`, from when it was a protocol: templates
    /// users override read it).
    var typeName: String { context.names.responseHandling }
    var routerName: String { context.names.responseRouter }

    /// The queued endpoints with their services, in spec order.
    var queued: [(service: Service, endpoint: Endpoint)] {
        context.spec.services.flatMap { service in
            service.endpoints.filter { $0.queue != nil }.map { (service, $0) }
        }
    }

    /// The Swift types of the queued endpoints' auth schemes, each once, sorted.
    var authSchemes: [String] {
        Set(queued.compactMap { $0.endpoint.auth.map { context.names.authType($0) } }).sorted()
    }

    /// Validation made the handler methods unique (`GeneratedNames.handlerMethod`).
    func template() -> MustacheValue {
        var endpoints: [[String: MustacheValue]] = []
        var deprecated: [String] = []
        for (service, endpoint) in queued {
            // `didFinishMoviesRate`: the service is part of the name, since endpoint names repeat across services.
            let methodName = context.names.handlerMethod(service: service.name, endpoint: endpoint.name)
            let qualified = context.names.resourceName(service: service.name, endpoint: endpoint.name)
            let deprecation = PayloadViewModel(service: service, endpoint: endpoint, context: context)
                .endpointDeprecation
            if deprecation != nil { deprecated.append(methodName) }
            endpoints.append(
                [
                    "methodName": .string(methodName),
                    "endpointName": .string(qualified),
                    "endpointLiteral": .string(SwiftLiteral.string(qualified)),
                    "method": .string(endpoint.method.rawValue),
                    "path": .string(endpoint.path),
                    "responseType": .string(
                        ServiceViewModel.responseType(endpoint, service: service, context: context)),
                    // The whole response is read, as the service's resource reads it: headers included, and an
                    // optional response (`Movie?`, which has no `decode`) through `Movie.decodeIfPresent`.
                    "payloadType": .string(ServiceViewModel.payloadType(endpoint, service: service, context: context)),
                    "readMethod": .string(ServiceViewModel.readMethod(endpoint)),
                    "deprecation": .optional(SwiftLiteral.deprecation(deprecation)),
                    "stores": storeEffects(service, endpoint),
                ])
        }
        let payload = context.spec.errorPayload.map { ErrorPayloadViewModel(context: context, payload: $0) }
        let touching = deprecated.isEmpty ? nil : "Routes deprecated endpoints: \(deprecated.joined(separator: ", "))."
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "protocolName": .string(typeName),
            "routerName": .string(routerName),
            "endpoints": .items(endpoints),
            "authSchemes": .items(authSchemes.map { ["name": .string($0)] }),
            "errorPayload": .optional(payload?.typeName),
            "touchingDeprecation": SwiftLiteral.deprecation(touching).map(MustacheValue.string) ?? .null,
            "initDeprecation": payload?.deprecation.map(MustacheValue.string) ?? .null,
            "hasStore": .bool(endpoints.contains { $0["stores"] != .null }),
        ])
    }

    /// What routing an answer of `endpoint` does to the router's store: settles the local change of an endpoint
    /// that updates or deletes a stored entity, puts a response that holds stored entities. Null: nothing.
    private func storeEffects(_ service: Service, _ endpoint: Endpoint) -> MustacheValue {
        let settles = endpoint.store?.changedEntity != nil
        let puts = StoreEffectsViewModel.putsResponse(of: endpoint, in: service, context)
        guard settles || puts else { return .null }
        return .object(["settles": .bool(settles), "puts": .bool(puts)])
    }
}
