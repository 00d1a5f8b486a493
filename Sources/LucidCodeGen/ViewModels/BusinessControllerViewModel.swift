import LucidSpec

/// `<Service>BusinessControllerProtocol` and `<Service>BusinessController(accessible:)`: one `async throws`
/// method per endpoint (GETs are `fetch…`), and `prefetch…` for cached GETs, as docs/Generated.md describes.
/// The protocol lets view models be tested with a stub.
struct BusinessControllerViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.names.businessController(service.name) }

    var template: MustacheValue {
        .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "protocolName": .string(context.names.businessControllerProtocol(service.name)),
            "serviceType": .string(context.names.service(service.name)),
            "hasQueue": .bool(service.endpoints.contains { $0.queue != nil }),
            "router": .string(context.names.responseRouter),
            "methods": .list(service.endpoints.flatMap(methods)),
        ])
    }

    private func methods(_ endpoint: Endpoint) -> [MustacheValue] {
        EndpointSignature.all(endpoint, service: ServiceViewModel(service: service, context: context)).map {
            signature in
            let resource =
                "\(context.names.service(service.name)).\(context.names.escaped(context.names.resourceFunction(endpoint)))"
                + "(\(signature.values.map { "\($0.name.argumentLabel): \($0.name.parameterReference)" }.joined(separator: ", ")))"
            // A value named like a stored property hides it inside the method.
            let accessible = signature.hasParameter(named: "accessible") ? "self.accessible" : "accessible"
            let queue = signature.hasParameter(named: "queue") ? "self.queue" : "queue"
            let accessor =
                endpoint.auth.map { "\(accessible).accessor(for: \(context.names.auth($0)).self)" }
                ?? "\(accessible).unauthenticated"
            let request = signature.bodyType == nil ? "()" : "body"
            let call: String
            var docComment = SwiftLiteral.docComment(endpoint.description)
            switch signature.role {
            case .call:
                call = "\(endpoint.cache == nil ? "access" : "fetch")(\(resource), with: \(request))"
            case .prefetch:
                call = "prefetch(\(resource), with: \(request))"
                docComment = [
                    "/// Fills the cache for `\(signature.methodName.dropFirst(3))`, so a later call answers without the network."
                ]
            case .enqueue:
                call = "enqueue(\(resource), with: \(request), on: \(queue))"
                docComment = [
                    "/// Queues `\(endpoint.method.rawValue) \(endpoint.path)` on the controller's queue and returns the queued request's id;",
                    "/// the response reaches `\(context.names.handlerMethod(service: service.name, endpoint: endpoint.name))` of the queue's `\(context.names.responseRouter)`.",
                ]
            }
            return .object([
                "docComment": .list(docComment.map(MustacheValue.string)),
                "deprecation": SwiftLiteral.deprecation(signature.deprecated).map(MustacheValue.string) ?? .null,
                "signature": .string(signature.functionDeclaration),
                "discardableResult": .bool(signature.discardableResult),
                "body": .string("try await \(accessor).\(call)"),
            ])
        }
    }
}
