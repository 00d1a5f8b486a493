import Foundation
import LucidSpec

/// `<Service>Client`: the client pattern (seed: client-pattern.md) — a `Sendable` struct of `@Sendable`
/// closures, one per business-controller method, with `live(_:)`, `preview` (answers decoded from the
/// endpoints' `example:` bodies) and `unimplemented` (every closure throws, naming itself).
struct ClientViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.names.client(service.name) }

    func template() throws(GenerationError) -> MustacheValue {
        let services = ServiceViewModel(service: service, context: context)
        let signatures = service.endpoints.flatMap { endpoint in
            EndpointSignature.all(endpoint, service: services).map { (endpoint, $0) }
        }
        var members: [MustacheValue] = []
        for (index, (endpoint, signature)) in signatures.enumerated() {
            members.append(try member(endpoint, signature, last: index == signatures.count - 1))
        }
        let initParameters = signatures.map {
            "\($0.1.escapedMethodName.declaredParameter): @escaping \(closureType($0.1))"
        }
        // Members that use deprecated endpoints are deprecated, and so is everything that touches them, so the
        // generated file compiles without warnings while users of those endpoints see one.
        let deprecated = signatures.filter { $0.1.deprecated != nil }.map(\.1.methodName)
        let touching = deprecated.isEmpty ? nil : "Uses deprecated endpoints: \(deprecated.joined(separator: ", "))."
        return .object([
            "touchingDeprecation": SwiftLiteral.deprecation(touching).map(MustacheValue.string) ?? .null,
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "controller": .string(context.names.businessControllerProtocol(service.name)),
            "members": .list(members),
            "initParameters": .list(
                initParameters.enumerated().map { index, line in
                    .string(index < initParameters.count - 1 ? line + "," : line)
                }),
        ])
    }

    /// `@Sendable (Int, RatingRequest) async throws -> MoviesRateResponse`.
    private func closureType(_ signature: EndpointSignature) -> String {
        "@Sendable (\(signature.parameters.map(\.type).joined(separator: ", "))) async throws -> \(signature.returnType ?? "Void")"
    }

    private func member(
        _ endpoint: Endpoint, _ signature: EndpointSignature, last: Bool
    ) throws(GenerationError) -> MustacheValue {
        let name = signature.methodName
        let arity = signature.parameters.count
        let call = signature.parameters.enumerated().map { "\($0.element.name.argumentLabel): $\($0.offset)" }
            .joined(separator: ", ")
        let preview: String
        switch signature.role {
        case .call: preview = try previewBody(endpoint, response: signature.responseType, arity: arity)
        case .prefetch: preview = arity == 0 ? "{}" : "{ \(ignored(arity).dropLast()) }"
        case .enqueue: preview = "{ \(ignored(arity))UUID() }"
        }
        return .object([
            "name": .string(signature.escapedMethodName),
            "label": .string(signature.methodName.argumentLabel),
            "reference": .string(signature.escapedMethodName.parameterReference),
            "type": .string(closureType(signature)),
            "live": .string("{ try await controller.\(signature.escapedMethodName)(\(call)) }"),
            "preview": .string(preview),
            "last": .bool(last),
            "deprecation": SwiftLiteral.deprecation(signature.deprecated).map(MustacheValue.string) ?? .null,
            "unimplemented": .string(
                "{ \(ignored(arity))throw ClientError.unimplemented(client: \(SwiftLiteral.string(typeName)), endpoint: \(SwiftLiteral.string(name))) }"
            ),
        ])
    }

    /// `_, _ in ` for closures whose arguments are unused.
    private func ignored(_ count: Int) -> String {
        count == 0 ? "" : Array(repeating: "_", count: count).joined(separator: ", ") + " in "
    }

    /// Decodes the endpoint's example body (embedded as a raw string literal) on each call.
    private func previewBody(_ endpoint: Endpoint, response: String, arity: Int) throws(GenerationError) -> String {
        guard let literal = try ExampleBody.literal(of: endpoint, in: service) else {
            if response == "EmptyResponse" { return "{ \(ignored(arity))EmptyResponse() }" }
            return
                "{ \(ignored(arity))throw ClientError.noPreview(client: \(SwiftLiteral.string(typeName)), endpoint: \(SwiftLiteral.string(context.names.method(endpoint)))) }"
        }
        return "{ \(ignored(arity))try \(response).decode(from: Data(\(literal).utf8)) }"
    }
}
