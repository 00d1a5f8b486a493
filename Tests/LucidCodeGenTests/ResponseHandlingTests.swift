import Foundation
import LucidSpec
import LucidTestSupport
import Testing
@testable import LucidCodeGen

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

    @Test func twoQueuedEndpointsWithOneHandlerNameAreAnError() throws {
        let result = try Self.generate(Self.spec("""
              foo_bar:
                endpoints:
                  baz: { post: /a, response: none, queue: true }
              foo:
                endpoints:
                  bar_baz: { post: /b, response: none, queue: true }
            """))
        #expect(throws: GenerationError("queued endpoints 'foo_bar.baz' and 'foo.bar_baz' both need the response handler method 'didFinishFooBarBaz'; rename one of them")) {
            try result.get()
        }
    }

    @Test func withoutQueuedEndpointsThereIsNoResponseHandling() throws {
        let files = try Self.generate(Self.spec("""
              foo:
                endpoints:
                  bar: { get: /a, response: none }
            """)).get()
        #expect(!files.contains { $0.path.hasPrefix("ResponseHandling/") })
        #expect(!files.contains { $0.path.hasSuffix("ErrorPayload.swift") }, "no error_payload, no decoder")
        let controller = try #require(files.first { $0.path == "BusinessControllers/FooBusinessController.swift" })
        #expect(controller.contents.contains("init(accessible: APIClient) {") && !controller.contents.contains("queue"))
    }
}
