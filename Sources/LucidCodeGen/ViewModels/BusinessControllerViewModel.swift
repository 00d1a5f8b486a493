import LucidSpec

/// `<Service>BusinessControllerProtocol` and `<Service>BusinessController(accessible:)`: one `async throws`
/// method per endpoint (GETs are `fetch…`), and `prefetch…` for cached GETs, as docs/Generated.md describes.
/// The protocol lets view models be tested with a stub.
struct BusinessControllerViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.naming.typeName(service.name) + "BusinessController" }

    var template: MustacheValue {
        .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "serviceType": .string(context.naming.serviceTypeName(service.name)),
            "hasQueue": .bool(service.endpoints.contains { $0.queue != nil }),
            "router": .string(ResponseHandlingViewModel.routerName(module: context.spec.module, naming: context.naming)),
            "methods": .list(service.endpoints.flatMap(methods)),
        ])
    }

    /// `fetchDiscover` for a GET, `rate` otherwise.
    static func methodName(_ endpoint: Endpoint, naming: SwiftNaming) -> String {
        endpoint.method == .get ? "fetch" + naming.typeName(endpoint.name) : naming.memberName(endpoint.name)
    }

    private func methods(_ endpoint: Endpoint) -> [MustacheValue] {
        EndpointSignature.all(endpoint, service: ServiceViewModel(service: service, context: context)).map { signature in
            let resource = "\(context.naming.serviceTypeName(service.name)).\(ServiceViewModel.functionName(endpoint, naming: context.naming))"
                + "(\(signature.values.map { "\($0.name.unescaped): \($0.name)" }.joined(separator: ", ")))"
            let accessor = endpoint.auth == nil ? "accessible.unauthenticated" : "accessible.accessor(for: \(context.naming.authTypeName(endpoint.auth ?? "")).self)"
            let request = signature.bodyType == nil ? "()" : "body"
            let call: String
            var docComment = SwiftLiteral.docComment(endpoint.description)
            switch signature.role {
            case .call:
                call = "\(endpoint.cache == nil ? "access" : "fetch")(\(resource), with: \(request))"
            case .prefetch:
                call = "prefetch(\(resource), with: \(request))"
                docComment = ["/// Fills the cache for `\(signature.methodName.dropFirst(3))`, so a later call answers without the network."]
            case .enqueue:
                call = "enqueue(\(resource), with: \(request), on: queue)"
                docComment = [
                    "/// Queues `\(endpoint.method.rawValue) \(endpoint.path)` on the controller's queue and returns the queued request's id;",
                    "/// the response reaches `\(ResponseHandlingViewModel.handlerMethodName(service: service.name, endpoint: endpoint.name, naming: context.naming))` of the queue's `\(ResponseHandlingViewModel.routerName(module: context.spec.module, naming: context.naming))`.",
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
