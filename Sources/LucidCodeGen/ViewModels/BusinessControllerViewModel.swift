import LucidSpec

/// `<Service>BusinessControllerProtocol` and `<Service>BusinessController(accessible:)`: one `async throws`
/// method per endpoint (GETs are `fetch…`), and `prefetch…` for cached GETs (seeds: backend-feature-guide.md,
/// beagle-view-client.md). The protocol lets view models be tested with a stub.
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
            "methods": .list(service.endpoints.flatMap(methods)),
        ])
    }

    /// `fetchDiscover` for a GET, `rate` otherwise.
    static func methodName(_ endpoint: Endpoint, naming: SwiftNaming) -> String {
        endpoint.method == .get ? "fetch" + naming.typeName(endpoint.name) : naming.memberName(endpoint.name)
    }

    private func methods(_ endpoint: Endpoint) -> [MustacheValue] {
        let signature = EndpointSignature(endpoint, service: ServiceViewModel(service: service, context: context))
        let resource = "\(context.naming.serviceTypeName(service.name)).\(ServiceViewModel.functionName(endpoint, naming: context.naming))"
            + "(\(signature.values.map { "\($0.name.unescaped): \($0.name)" }.joined(separator: ", ")))"
        let accessor = endpoint.auth == nil ? "accessible.unauthenticated" : "accessible.accessor(for: \(context.naming.authTypeName(endpoint.auth ?? "")).self)"
        let request = signature.bodyType == nil ? "()" : "body"
        let deprecation = SwiftLiteral.deprecation(signature.deprecated)
        let name = signature.methodName
        var methods: [MustacheValue] = [.object([
            "docComment": .list(SwiftLiteral.docComment(endpoint.description).map(MustacheValue.string)),
            "deprecation": deprecation.map(MustacheValue.string) ?? .null,
            "signature": .string("func \(name)(\(signature.declaration)) async throws(APIError) -> \(signature.responseType)"),
            "body": .string("try await \(accessor).\(endpoint.cache == nil ? "access" : "fetch")(\(resource), with: \(request))"),
        ])]
        if endpoint.cache != nil {
            methods.append(.object([
                "docComment": .list(["/// Fills the cache for `\(name)`, so a later call answers without the network."].map(MustacheValue.string)),
                "deprecation": deprecation.map(MustacheValue.string) ?? .null,
                "signature": .string("func pre\(name)(\(signature.declaration)) async throws(APIError)"),
                "body": .string("try await \(accessor).prefetch(\(resource), with: \(request))"),
            ]))
        }
        return methods
    }
}
