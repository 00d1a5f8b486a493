#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidSpec
import LucidTestSupport
import Testing
@testable import LucidCodeGen
@testable import LucidOutput

/// Generated code names the generator's version and fails to compile against a runtime it does not fit with a
/// message naming both versions (`LucidRuntimeFit`), ahead of the symbols that runtime lacks.
@Suite struct RuntimeFitTests {
    static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://shop.example.com
        entities:
          item:
            identifier: int
            properties:
              name: string
        services:
          items:
            endpoints:
              item:
                get: /items/{id}
                params:
                  id: item
                response: { entity: item }
        """

    /// The spec's code as `lucid-gen generate` writes it (bundled by kind).
    static func bundled() throws -> [GeneratedFile] {
        let spec = try #require(SpecLoader().load(yaml: Self.spec).spec)
        let generator = Generator(spec: spec, specFile: "shop.lucid.yaml", templates: try TemplateSet.embedded())
        return KindLayout().bundle(try generator.files(), header: GeneratedHeader.text(specFile: "shop.lucid.yaml"))
    }

    @Test func theGeneratorAndTheRuntimeAreOneVersion() {
        #expect(GeneratorVersion.current == LucidRuntime.version)
        #expect(
            GeneratedHeader.runtimeCheck.hasSuffix(
                ".lucidGen"
                    + LucidRuntime.version.split(separator: ".")
                    .prefix(2).joined(separator: "_")))
    }

    @Test func everyFileNamesTheVersionAndEveryRuntimeFileChecksIt() throws {
        let files = try Self.bundled()
        #expect(files.count > 2)
        for file in files {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[1] == "// lucid-gen \(LucidRuntime.version) for LucidRuntime 0.1.", "\(file.path)")
            let checks = file.contents.components(separatedBy: "LucidRuntimeFit.check.").count - 1
            let importsRuntime = file.contents.contains("\n@_spi(Generated) import LucidRuntime\n")
            #expect(!file.contents.contains("\nimport LucidRuntime\n"), "generated code imports the SPI: \(file.path)")
            #expect(checks == (importsRuntime ? 1 : 0), "\(file.path)")
        }
    }

    @Test func codeThatFitsCompiles() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let outcome = try Self.typecheck(try Self.bundled())
        #expect(outcome.succeeded, "\(outcome.diagnostics)")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
    }

    /// Code from a newer generator, which also uses a runtime symbol this runtime lacks (in the file compiled first,
    /// after the check): the first error is the version check's, naming this runtime's version, on the line that
    /// names the generator's.
    @Test func codeFromANewerGeneratorNamesBothVersionsFirst() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        var newer = try Self.bundled().map { file in
            var file = file
            file.contents = file.contents.replacingOccurrences(of: ".lucidGen0_1", with: ".lucidGen0_7")
            return file
        }
        newer[0].contents += "\nlet future = LucidRuntime.featureOfVersion0_7\n"
        let outcome = try Self.typecheck(newer)
        #expect(!outcome.succeeded)
        let first = try #require(outcome.diagnostics.first { $0.contains(": error: ") })
        #expect(first.contains("newer lucid-gen than LucidRuntime \(LucidRuntime.version) "), "\(first)")
        let location = first.split(separator: ":").dropFirst()
        let line = try #require(Int(location.first ?? ""))
        let lines = newer[0].contents.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(first.hasPrefix("/") && first.contains(newer[0].path), "\(first)")
        #expect(lines[line - 1].hasSuffix("LucidRuntimeFit.check.lucidGen0_7"), "\(lines[line - 1])")
    }

    /// What only generated code calls is `@_spi(Generated)`: an app's file that imports LucidRuntime plainly does not
    /// see it, and the generated code beside it still compiles.
    @Test func theGeneratedCodesHelpersAreHiddenFromApps() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let app = GeneratedFile(
            path: "App.swift",
            contents: """
                import Foundation
                import LucidRuntime

                struct Film: Decodable {
                    var released: Date
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        released = try container.decode(.date(.iso8601), at: "released")
                    }
                }

                """)
        let outcome = try Self.typecheck(try Self.bundled() + [app])
        let errors = outcome.diagnostics.filter { $0.contains(": error: ") }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains("App.swift:") }, "\(errors)")
        #expect(errors.contains { $0.contains("'AnyCodingKey'") }, "\(errors)")
        let fixed = app.contents.replacingOccurrences(
            of: "import LucidRuntime", with: "@_spi(Generated) import LucidRuntime")
        let opted = try Self.typecheck(try Self.bundled() + [GeneratedFile(path: "App.swift", contents: fixed)])
        #expect(opted.succeeded, "\(opted.diagnostics)")
    }

    private static func typecheck(_ files: [GeneratedFile]) throws -> SwiftCompiler.Outcome {
        try withTemporaryFolder { folder in
            try SwiftCompiler.typecheck(module: "Shop", files: try SwiftCompiler.write(files, to: folder))
        }
    }
}
#endif
