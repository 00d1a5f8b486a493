import Foundation
import LucidSpec

/// `<Module>ExampleTests`: a Swift Testing suite, for the user's test target, that decodes every endpoint's
/// `example:` body with the generated payload type and expects no decoding issue.
struct ExampleTestsViewModel {
    let context: GenerationContext
    /// The module the tests `@testable import`: where the generated code is compiled.
    let module: String

    var typeName: String { context.names.exampleTests }

    /// The endpoints with an example, in spec order; not streams, whose example is a body of events that lint
    /// checked item by item and the preview client plays.
    var examples: [(service: Service, endpoint: Endpoint)] {
        context.spec.services.flatMap { service in
            service.endpoints.filter { $0.example != nil && $0.stream == nil }.map { (service, $0) }
        }
    }

    func template() throws(GenerationError) -> MustacheValue {
        var tests: [MustacheValue] = []
        for (service, endpoint) in examples {
            guard let literal = try ExampleBody.literal(of: endpoint, in: service, spec: context.spec),
                let path = endpoint.example
            else {
                continue
            }
            let deprecation = PayloadViewModel(service: service, endpoint: endpoint, context: context)
                .endpointDeprecation
            tests.append(
                .object([
                    "endpointName": .string(context.names.resourceName(service: service.name, endpoint: endpoint.name)),
                    // The file name only: the full path differs between machines, and the output must not.
                    "exampleFile": .string(URL(fileURLWithPath: path).lastPathComponent),
                    "testName": .string(context.names.exampleTest(service: service.name, endpoint: endpoint.name)),
                    "responseType": .string(
                        ServiceViewModel.payloadType(endpoint, service: service, context: context)),
                    "literal": .string(literal),
                    "deprecation": SwiftLiteral.deprecation(deprecation).map(MustacheValue.string) ?? .null,
                    "first": .bool(tests.isEmpty),
                ]))
        }
        return .object([
            "header": .string(context.header),
            "module": .string(module),
            "typeName": .string(typeName),
            "examples": .list(tests),
        ])
    }
}
