import Foundation
import LucidSpec

/// `<Service>Client`: the client pattern — a `Sendable` struct of `@Sendable` closures, one per
/// business-controller method, so previews and tests swap single calls without a protocol — with `live(_:)`,
/// `preview` (answers decoded from the endpoints' `example:` bodies) and `unimplemented` (every closure throws,
/// naming itself).
struct ClientViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.names.client(service.name) }

    func template() throws(GenerationError) -> MustacheValue {
        let services = ServiceViewModel(service: service, context: context)
        let signatures = service.endpoints.flatMap { endpoint in
            EndpointSignature.all(endpoint, service: services).map { (endpoint, $0) }
        }
        var members: [[String: MustacheValue]] = []
        var storedBodies: [MustacheValue] = []
        var stores = false
        for (endpoint, signature) in signatures {
            let member = try member(endpoint, signature)
            members.append(member)
            // A service whose responses hold stored entities has a preview store, which its examples fill.
            let puts = StoreEffectsViewModel.putsResponse(of: endpoint, in: service, context)
            stores = stores || puts
            if puts, case .object(var example)? = member["previewExample"] {
                example["resource"] = member["resource"]
                example["method"] = member["method"]
                storedBodies.append(.object(example))
            }
        }
        // Members of deprecated endpoints are deprecated, so the generated file compiles without warnings while
        // their users see one. A member deprecated with its endpoint alone is stored privately, undeprecated, so
        // that the init, `preview` and `unimplemented` warn nobody; one whose closure's type names a deprecated
        // type makes everything that touches it deprecated. `live` calls every member's controller method.
        let deprecated = signatures.filter { $0.1.deprecated != nil }.map(\.1.methodName)
        let typed = signatures.filter { $0.1.deprecated != nil && $0.1.sendsOrReturnsDeprecatedType }.map(
            \.1.methodName)
        func uses(_ names: [String]) -> String? {
            names.isEmpty ? nil : "Uses deprecated endpoints: \(names.joined(separator: ", "))."
        }
        return .object([
            "touchingDeprecation": .optional(SwiftLiteral.deprecation(uses(typed))),
            "liveDeprecation": .optional(SwiftLiteral.deprecation(uses(deprecated))),
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "environmentValue": .string(context.names.clientEnvironmentValue(service.name)),
            "controller": .string(context.names.businessControllerProtocol(service.name)),
            "members": .items(members),
            "labelled": .items(members.filter { $0["hasArguments"] == .bool(true) }),
            "hasPages": .bool(service.endpoints.contains { $0.paging != nil }),
            "hasStreams": .bool(service.endpoints.contains { $0.stream != nil }),
            // The preview's doc comment names only the kinds of method the client has.
            "hasPrefetches": .bool(signatures.contains { $0.1.role == .prefetch }),
            "hasEnqueues": .bool(signatures.contains { $0.1.role == .enqueue }),
            "hasLabelled": .bool(members.contains { $0["hasArguments"] == .bool(true) }),
            "previewStore": stores ? .object(["bodies": .list(storedBodies)]) : .null,
        ])
    }

    /// One closure as data: its names, its type's parts, and which preview it answers with.
    private func member(
        _ endpoint: Endpoint, _ signature: EndpointSignature
    ) throws(GenerationError)
        -> [String: MustacheValue]
    {
        let parameters = signature.parameters
        let resourceName = context.names.resourceName(service: service.name, endpoint: endpoint.name)
        var member: [String: MustacheValue] = [
            "name": .string(signature.escapedMethodName),
            // What an error from the client names: the closure, and the resource's name and method.
            "closure": .string(SwiftLiteral.string("\(typeName).\(signature.methodName)")),
            "resource": .string(SwiftLiteral.string(resourceName)),
            "method": .string(endpoint.method.specKey),
            "declaredName": .string(signature.escapedMethodName.declaredParameter),
            "label": .string(signature.methodName.argumentLabel),
            "reference": .string(signature.escapedMethodName.parameterReference),
            "deprecation": .optional(SwiftLiteral.deprecation(signature.deprecated)),
            // `_archive` behind a deprecated `archive`, for a member deprecated with its endpoint alone.
            "storage": signature.deprecated != nil && !signature.sendsOrReturnsDeprecatedType
                ? .string("_" + signature.methodName) : .null,
            // Named in the closure type (`_ page: Int`), so completion and the stubs a test writes show them.
            "parameterTypes": .items(parameters.map { ["label": .string($0.name), "type": .string($0.type)] }),
            // The labelled method calling the closure: the spec's defaults, the body last without one.
            "parameters": .items(
                zip(parameters, signature.parameterDefaults).map {
                    parameter, fallback in
                    [
                        "name": .string(parameter.name.declaredParameter), "type": .string(parameter.type),
                        "defaultValue": .optional(fallback), "reference": .string(parameter.name.parameterReference),
                    ]
                }),
            "discardableResult": .bool(signature.discardableResult),
            "returnType": .string(signature.returnType ?? "Void"),
            "resultType": .optional(signature.returnType),
            "arguments": .items(
                parameters.enumerated().map { ["label": .string($1.name.argumentLabel), "index": .int($0)] }),
            "hasArguments": .bool(!parameters.isEmpty),
            "effects": .string(signature.isAsync ? " async throws" : ""),
            "call": .string(signature.isAsync ? "try await " : ""),
            // Pages and streams answer a sequence at once, sending nothing until it is iterated.
            "isSequence": .bool(signature.role == .pages || signature.role == .stream),
            "sequence": .string(signature.role == .stream ? "ResponseStream" : "PageSequence"),
            "items": .null,
        ]
        switch signature.role {
        case .call where signature.downloads:
            member["previewNone"] = .bool(true)
        case .call:
            if let literal = try ExampleBody.literal(of: endpoint, in: service, spec: context.spec) {
                member["previewExample"] = .object([
                    "literal": .string(literal),
                    "type": .string(ServiceViewModel.payloadType(endpoint, service: service, context: context)),
                ])
            } else if signature.responseType == "EmptyResponse" {
                member["previewEmpty"] = .bool(true)
            } else {
                member["previewNone"] = .bool(true)
            }
        case .prefetch: member["previewPrefetch"] = .bool(true)
        case .enqueue: member["previewEnqueue"] = .bool(true)
        case .pages:
            if let literal = try ExampleBody.literal(of: endpoint, in: service, spec: context.spec) {
                member["previewPages"] = .object([
                    "literal": .string(literal),
                    "type": .string(ServiceViewModel.payloadType(endpoint, service: service, context: context)),
                ])
            } else {
                member["previewNoPages"] = .bool(true)
            }
            if let items = PagingViewModel(endpoint, context: context)?
                .itemsMethod(avoiding: Set(parameters.map(\.name.unescaped)))
            {
                member["items"] = .object(items)
            }
        case .stream:
            guard let stream = endpoint.stream else { break }
            if let literal = try ExampleBody.literal(of: endpoint, in: service, spec: context.spec) {
                let template = StreamTemplate(stream: stream, endpoint: endpoint, service: service, context: context)
                member["previewStream"] = .object(
                    template.preview(
                        literal: literal, resource: SwiftLiteral.string(resourceName), method: endpoint.method.specKey,
                        arguments: parameters.count))
            } else {
                member["previewNoPages"] = .bool(true)
            }
        case .read:
            preconditionFailure("a client has no stored reads: EndpointSignature.all never makes one")
        }
        return member
    }
}
