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
        let parameters = endpoint.params + endpoint.query + endpoint.headers
        let names = parameters.map { context.naming.escapedMemberName($0.name) }
        let types = parameters.map { context.types.valueType($0.type) + ($0.nullable ? "?" : "") }
        let requestType = ServiceViewModel.requestType(endpoint, types: context.types)
        let hasBody = endpoint.body != nil
        var signature = zip(names, types).map { "\($0): \($1)" }
        if hasBody { signature.append("body: \(requestType)") }
        let resource = "\(context.naming.serviceTypeName(service.name)).\(ServiceViewModel.functionName(endpoint, naming: context.naming))"
            + "(\(names.map { "\($0.unescaped): \($0)" }.joined(separator: ", ")))"
        let accessor = endpoint.auth == nil ? "accessible.unauthenticated" : "accessible.accessor(for: \(context.naming.authTypeName(endpoint.auth ?? "")).self)"
        let request = hasBody ? "body" : "()"
        let response = ServiceViewModel.responseType(endpoint, service: service, naming: context.naming)
        let deprecation = SwiftLiteral.deprecation(ServiceViewModel(service: service, context: context).deprecation(endpoint))
        let name = Self.methodName(endpoint, naming: context.naming)
        var methods: [MustacheValue] = [.object([
            "docComment": .list(SwiftLiteral.docComment(endpoint.description).map(MustacheValue.string)),
            "deprecation": deprecation.map(MustacheValue.string) ?? .null,
            "signature": .string("func \(name)(\(signature.joined(separator: ", "))) async throws(APIError) -> \(response)"),
            "body": .string("try await \(accessor).\(endpoint.cache == nil ? "access" : "fetch")(\(resource), with: \(request))"),
        ])]
        if endpoint.cache != nil {
            methods.append(.object([
                "docComment": .list(["/// Fills the cache for `\(name)`, so a later call answers without the network."].map(MustacheValue.string)),
                "deprecation": deprecation.map(MustacheValue.string) ?? .null,
                "signature": .string("func pre\(name)(\(signature.joined(separator: ", "))) async throws(APIError)"),
                "body": .string("try await \(accessor).prefetch(\(resource), with: \(request))"),
            ]))
        }
        return methods
    }
}
