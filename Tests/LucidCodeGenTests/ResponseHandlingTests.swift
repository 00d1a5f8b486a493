import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen
@testable import LucidOutput

/// What the generator decides about response handling beyond what the golden cases show.
@Suite struct ResponseHandlingTests {
    /// Generates the files of the spec `yaml`, written into a temporary folder (removed afterwards) and loaded.
    static func generate(_ yaml: String) throws -> Result<[GeneratedFile], GenerationError> {
        try withTemporaryFolder("handling") { folder in
            let path = folder.appendingPathComponent("spec.lucid.yaml").path
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            let spec = try #require(SpecLoader().load(path: path).spec)
            let generator = Generator(spec: spec, specFile: "spec.lucid.yaml", templates: try TemplateSet.embedded())
            return Result { () throws(GenerationError) in try generator.files() }
        }
    }

    static func spec(_ services: String) -> String {
        "lucid: 1\nmodule: Shop\nservers:\n  api: https://shop.example.com\nservices:\n" + services
    }

    /// Lint refuses it, at the later endpoint (`GeneratedNames` gives lint and generator the same names).
    @Test func twoQueuedEndpointsWithOneHandlerNameAreAnError() throws {
        let result = SpecLoader().load(
            yaml: Self.spec(
                """
                  foo_bar:
                    endpoints:
                      baz: { post: /a, response: none, queue: true }
                  foo:
                    endpoints:
                      bar_baz: { post: /b, response: none, queue: true }
                """), file: "shop.lucid.yaml")
        #expect(result.spec == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "shop.lucid.yaml:11:7: error: the queued endpoint 'foo.bar_baz' and the queued endpoint 'foo_bar.baz' would "
                    + "both be generated as 'didFinishFooBarBaz' in the response handling of module 'Shop'; rename one of them"
                    + "\nshop.lucid.yaml:8:7: note: 'foo_bar.baz' is defined here"
            ])
    }

    @Test func withoutQueuedEndpointsThereIsNoResponseHandling() throws {
        let files = try Self.generate(
            Self.spec(
                """
                  foo:
                    endpoints:
                      bar: { get: /a, response: none }
                """)
        ).get()
        #expect(!files.contains { $0.path.hasPrefix("ResponseHandling/") })
        #expect(!files.contains { $0.path.hasSuffix("ErrorPayload.swift") }, "no error_payload, no decoder")
        let controller = try #require(files.first { $0.path == "BusinessControllers/FooBusinessController.swift" })
        #expect(
            controller.contents.contains("init(accessible: any ResourceSending) {")
                && !controller.contents.contains("queue"))
    }
}
