import Foundation
import LucidSpec

/// `<Service>Client`: the client pattern (seed: client-pattern.md) — a `Sendable` struct of `@Sendable`
/// closures, one per business-controller method, with `live(_:)`, `preview` (answers decoded from the
/// endpoints' `example:` bodies) and `unimplemented` (every closure throws, naming itself).
struct ClientViewModel {
    let service: Service
    let context: GenerationContext

    var typeName: String { context.naming.typeName(service.name) + "Client" }

    func template() throws(GenerationError) -> MustacheValue {
        var members: [MustacheValue] = []
        var initParameters: [String] = []
        for (index, endpoint) in service.endpoints.enumerated() {
            members.append(try member(endpoint, last: index == service.endpoints.count - 1))
            initParameters.append("\(BusinessControllerViewModel.methodName(endpoint, naming: context.naming)): @escaping \(closureType(endpoint))")
        }
        // Members that use deprecated endpoints are deprecated, and so is everything that touches them, so the
        // generated file compiles without warnings while users of those endpoints see one.
        let services = ServiceViewModel(service: service, context: context)
        let deprecated = service.endpoints.filter { services.deprecation($0) != nil }
            .map { BusinessControllerViewModel.methodName($0, naming: context.naming) }
        let touching = deprecated.isEmpty ? nil : "Uses deprecated endpoints: \(deprecated.joined(separator: ", "))."
        return .object([
            "touchingDeprecation": SwiftLiteral.deprecation(touching).map(MustacheValue.string) ?? .null,
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "controller": .string(context.naming.typeName(service.name) + "BusinessControllerProtocol"),
            "members": .list(members),
            "initParameters": .list(initParameters.enumerated().map { index, line in
                .string(index < initParameters.count - 1 ? line + "," : line)
            }),
        ])
    }

    private func closureType(_ endpoint: Endpoint) -> String {
        var types = (endpoint.params + endpoint.query + endpoint.headers).map { context.types.valueType($0.type) + ($0.nullable ? "?" : "") }
        if endpoint.body != nil { types.append(ServiceViewModel.requestType(endpoint, types: context.types)) }
        return "@Sendable (\(types.joined(separator: ", "))) async throws -> \(ServiceViewModel.responseType(endpoint, service: service, naming: context.naming))"
    }

    private func member(_ endpoint: Endpoint, last: Bool) throws(GenerationError) -> MustacheValue {
        let name = BusinessControllerViewModel.methodName(endpoint, naming: context.naming)
        let parameters = endpoint.params + endpoint.query + endpoint.headers
        var types = parameters.map { context.types.valueType($0.type) + ($0.nullable ? "?" : "") }
        var labels = parameters.map { context.naming.escapedMemberName($0.name).unescaped }
        if endpoint.body != nil {
            types.append(ServiceViewModel.requestType(endpoint, types: context.types))
            labels.append("body")
        }
        let response = ServiceViewModel.responseType(endpoint, service: service, naming: context.naming)
        let arguments = labels.indices.map { "$\($0)" }
        let call = zip(labels, arguments).map { "\($0): \($1)" }.joined(separator: ", ")
        return .object([
            "name": .string(name),
            "type": .string(closureType(endpoint)),
            "live": .string("{ try await controller.\(name)(\(call)) }"),
            "preview": .string(try previewBody(endpoint, response: response, arity: types.count)),
            "last": .bool(last),
            "deprecation": SwiftLiteral.deprecation(ServiceViewModel(service: service, context: context).deprecation(endpoint)).map(MustacheValue.string) ?? .null,
            "unimplemented": .string("{ \(ignored(types.count))throw ClientError.unimplemented(client: \(SwiftLiteral.string(typeName)), endpoint: \(SwiftLiteral.string(name))) }"),
        ])
    }

    /// `_, _ in ` for closures whose arguments are unused.
    private func ignored(_ count: Int) -> String {
        count == 0 ? "" : Array(repeating: "_", count: count).joined(separator: ", ") + " in "
    }

    /// Decodes the endpoint's example body (embedded as a raw string literal) on each call.
    private func previewBody(_ endpoint: Endpoint, response: String, arity: Int) throws(GenerationError) -> String {
        guard let path = endpoint.example else {
            if response == "EmptyResponse" { return "{ \(ignored(arity))EmptyResponse() }" }
            return "{ \(ignored(arity))throw ClientError.noPreview(client: \(SwiftLiteral.string(typeName)), endpoint: \(SwiftLiteral.string(BusinessControllerViewModel.methodName(endpoint, naming: context.naming)))) }"
        }
        guard let data = FileManager.default.contents(atPath: path), let json = String(data: data, encoding: .utf8) else {
            throw GenerationError("cannot read the example '\(path)' of endpoint '\(service.name).\(endpoint.name)'")
        }
        return "{ \(ignored(arity))try \(response).decode(from: Data(\(Self.rawLiteral(json)).utf8)) }"
    }

    /// A raw string literal holding `text` exactly, with enough `#`s that nothing in it can end the literal.
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) { hashes += "#" }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
    }
}
