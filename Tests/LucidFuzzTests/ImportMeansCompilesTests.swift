import Foundation
import LucidCodeGen
import LucidImport
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidFuzz

/// Import ok ⇒ lint ok ⇒ the generated code compiles, sampled: mutants of the fuzz seeds (`OpenAPIMutator`) that
/// import with an endpoint, and whose spec differs from their document's, are generated and type-checked under Swift 6
/// with zero warnings. The fuzz target checks the first two steps on every input; compiling is too slow for that.
@Suite struct ImportMeansCompilesTests {
    /// How many mutants are compiled.
    static let sampleSize = 4

    @Test func importedMutantsCompile() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let templates = try TemplateSet.embedded()
        var compiled = 0
        for (index, document) in OpenAPIFuzzSeeds.documents(in: FuzzReplayTests.package).enumerated() {
            let plain = OpenAPIImporter.importDocument(bytes: document.bytes, name: "/nonexistent/doc.yaml").spec
            var mutator = OpenAPIMutator(seed: UInt64(500 + index))
            for mutant in mutator.mutants(of: document.bytes, count: 12) where compiled < Self.sampleSize {
                let result = OpenAPIImporter.importDocument(bytes: mutant.bytes, name: "/nonexistent/doc.yaml")
                guard let text = result.spec, text != plain, text.contains("\nservices:\n") else { continue }
                let spec = try #require(SpecLoader().load(yaml: text, file: "doc.lucid.yaml").spec, "lint refused it")
                let files = try Generator(spec: spec, specFile: "doc.lucid.yaml", templates: templates).files()
                try withTemporaryFolder("import-compiles") { folder in
                    let urls = try files.map { file in
                        let url = folder.appendingPathComponent(file.path.replacingOccurrences(of: "/", with: "_"))
                        try Data(file.contents.utf8).write(to: url)
                        return url
                    }
                    let outcome = try SwiftCompiler.typecheck(module: "Mutant\(compiled)", files: urls)
                    #expect(
                        outcome.succeeded && outcome.diagnostics.isEmpty,
                        "\(document.name) \(mutant.mutations): \(outcome.diagnostics.prefix(5))")
                }
                compiled += 1
            }
        }
        print("import ⇒ lint ⇒ compiles: \(compiled) imported mutants compiled")
        #expect(compiled == Self.sampleSize, "too few mutants imported to sample")
    }
}
