import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// The union- and entity-heavy fixture (`LucidImportTests/Fixtures/OpenAPI/unions.openapi.yaml`: tagged and untagged
/// unions, enums of `const`, entities in bodies, responses, lists, union cases and recursion) imports, lints,
/// generates, and the generated code type-checks under Swift 6 with zero warnings.
struct ImportOpenAPIUnionsCompileTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/OpenAPI/unions.openapi.yaml").path

    @Test func theUnionFixtureGeneratesCodeThatCompilesWithoutWarnings() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("unions.lucid.yaml")
            let imported = CapturedConsole.run(["import-openapi", Self.document, "--output", spec.path])
            #expect(imported.code == .success, "\(imported.err)")
            let lint = CapturedConsole.run(["lint", spec.path])
            #expect(lint.code == .success && !lint.err.contains(": warning: "), "\(lint.err)")
            let generated = folder.appendingPathComponent("Generated")
            let generate = CapturedConsole.run(["generate", spec.path, "--output", generated.path, "--quiet"])
            #expect(generate.code == .success, "\(generate.err)")
            let files = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            let source = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
            #expect(source.contains("enum Pet: Sendable, Hashable {"))
            #expect(source.contains("case goodDog(Dog)"))
            let outcome = try SwiftCompiler.typecheck(module: "Unions", files: files)
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }
}
