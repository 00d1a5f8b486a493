import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// `lucid-gen import-openapi DOC`: the spec on stdout or in `--output FILE`, diagnostics and the summary on
/// stderr, exit codes; and, on real documents from ../shared/testdata/openapi, import → lint → generate → compile.
struct ImportOpenAPICommandTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/OpenAPI/shop.openapi.yaml").path

    @Test func theSpecGoesToStandardOutputAndTheWarningsAndSummaryToStandardError() {
        let (code, out, err) = CapturedConsole.run(["import-openapi", Self.shop])
        #expect(code == .success)
        #expect(out.hasPrefix("# Converted by `lucid-gen import-openapi` from shop.openapi.yaml (Tiny Shop 2.1).\n"))
        #expect(err.contains("\(Self.shop):41:11: warning: cookie parameter 'session' has no equivalent"))
        #expect(
            err.hasSuffix(
                "0 errors, 6 warnings\nimport-openapi: imported 5 operations, 3 schemas;"
                    + " 6 warnings: 4 left out, 1 approximated, 1 ignored keyword"))
        #expect(out.contains("\nauth:\n  token: bearer\n"))
    }

    @Test func outputWritesTheFileAndKeepsAnExistingOneUnlessForced() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("shop.lucid.yaml")
            let first = CapturedConsole.run(["import-openapi", Self.shop, "--output", file.path])
            #expect(first.code == .success)
            #expect(first.out.isEmpty)
            let written = try String(contentsOf: file, encoding: .utf8)
            // The same spec as on standard output, but for the overlay its header names: the one beside it.
            let printed = CapturedConsole.run(["import-openapi", Self.shop]).out + "\n"
            #expect(
                written
                    == printed.replacingOccurrences(
                        of: "# Hand edits go in an overlay beside this spec (api.overlay.yaml for api.lucid.yaml),",
                        with: "# Hand edits go in shop.overlay.yaml (create it beside this file),"))
            #expect(CapturedConsole.run(["lint", file.path, "--quiet"]).code == .success)

            let edited = written + "# edited by hand\n"
            try Data(edited.utf8).write(to: file)
            let refused = CapturedConsole.run(["import-openapi", Self.shop, "--output", file.path])
            #expect(refused.code == .specErrors)
            #expect(refused.err == "lucid-gen: error: '\(file.path)' already exists; pass --force to replace it")
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)

            let forced = CapturedConsole.run(["import-openapi", Self.shop, "--output", file.path, "--force"])
            #expect(forced.code == .success)
            #expect(try String(contentsOf: file, encoding: .utf8) == written)

            // A spec the user wrote is never replaced, even with --force.
            let own = folder.appendingPathComponent("own.lucid.yaml")
            try Data("lucid: 1\nmodule: Own\n".utf8).write(to: own)
            let kept = CapturedConsole.run(["import-openapi", Self.shop, "--output", own.path, "--force"])
            #expect(kept.code == .specErrors)
            #expect(try String(contentsOf: own, encoding: .utf8) == "lucid: 1\nmodule: Own\n")
        }
    }

    @Test func errorsWriteNothingAndExit1() throws {
        try withTemporaryFolder { folder in
            let document = folder.appendingPathComponent("docker.yaml")
            try Data("swagger: \"2.0\"\ninfo: { title: T, version: \"1\" }\npaths: {}\n".utf8).write(to: document)
            let output = folder.appendingPathComponent("out.lucid.yaml")
            let (code, out, err) = CapturedConsole.run(["import-openapi", document.path, "--output", output.path])
            #expect(code == .specErrors)
            #expect(out.isEmpty)
            #expect(err.hasPrefix("\(document.path):1:1: error: this is a Swagger 2.0 document"))
            #expect(err.hasSuffix("import-openapi: nothing imported: 1 error"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func forceNeedsOutputAndHelpDescribesTheCommand() {
        let force = CapturedConsole.run(["import-openapi", Self.shop, "--force"])
        #expect(force.code == .usage)
        #expect(force.err.hasPrefix("lucid-gen: error: --force needs --output"))
        let help = CapturedConsole.run(["import-openapi", "--help"])
        #expect(help.code == .success)
        #expect(help.out.contains("USAGE: lucid-gen import-openapi DOC [--output FILE [--force]]"))
        #expect(help.out.contains("Swagger 2.0"))
        #expect(CapturedConsole.run(["--help"]).out.contains("import-openapi"))
    }

    // MARK: Real documents

    /// The documents of ../shared/testdata/openapi this slice imports whole (one file, no construct that stops it).
    static let corpus = [
        "swagger-petstore/openapi.yaml", "oai/petstore-expanded.yaml", "oai/uspto.yaml", "oai/link-example.yaml",
        "oai/callback-example.yaml", "oai-learn/tictactoe.yaml", "oai-learn/webhook-example.yaml",
        "redocly-museum/openapi.yaml", "spotify/fixed-spotify-open-api.yml", "xero/xero_accounting.yaml",
        "adyen/BalancePlatformTransferNotification-v4.yaml", "lob/lob-api-public.yml",
    ]

    /// The documents it refuses, with the error that says why.
    static let refused = [
        ("docker/swagger.yaml", "error: this is a Swagger 2.0 document")
    ]

    @Test func theOtherDocumentsAreRefusedWithAReason() throws {
        guard ConformanceSuites.shouldRun("openapi") else {
            print("skipped: \(ConformanceSuites.skipReason("openapi"))")
            return
        }
        let folder = try #require(ConformanceSuites.folder("openapi"), "\(ConformanceSuites.skipReason("openapi"))")
        for (name, error) in Self.refused {
            let result = CapturedConsole.run(["import-openapi", folder.appendingPathComponent(name).path])
            #expect(result.code == .specErrors)
            #expect(result.out.isEmpty)
            #expect(result.err.contains(error), "\(name): \(result.err.prefix(300))")
        }
    }

    /// Each imports (warnings allowed, all located in the document), lints clean, generates, and the generated code
    /// type-checks under Swift 6 with zero warnings; the hand-written fixture too.
    @Test(arguments: ["fixture"] + corpus)
    func aDocumentImportsLintsGeneratesAndCompiles(_ name: String) throws {
        let document: String
        if name == "fixture" {
            document = Self.shop
        } else {
            guard ConformanceSuites.shouldRun("openapi") else {
                print("skipped \(name): \(ConformanceSuites.skipReason("openapi"))")
                return
            }
            let folder = try #require(
                ConformanceSuites.folder("openapi"), "\(ConformanceSuites.skipReason("openapi"))")
            document = folder.appendingPathComponent(name).path
        }
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("imported.lucid.yaml")
            let imported = CapturedConsole.run(["import-openapi", document, "--output", spec.path])
            #expect(imported.code == .success, "\(imported.err)")
            // Warnings are located in the document (or the files its `$ref`s join, beside it), but for lint's own
            // about the converted spec (two operations with the same path shape), which name the spec's line.
            let documentFolder = (document as NSString).deletingLastPathComponent + "/"
            for line in imported.err.split(separator: "\n") where line.contains(": warning: ") {
                #expect(
                    line.hasPrefix(documentFolder) || line.contains(": warning: the converted spec: "),
                    "a warning not located in the document: \(line)")
            }
            // Every warning has a kind: the summary counts none as "other".
            let summary = (imported.out + imported.err).split(separator: "\n")
                .last { $0.hasPrefix("import-openapi: imported") }
            #expect(summary != nil && summary?.contains(" other") == false, "\(name): \(summary ?? "no summary")")
            // Deterministic: a second import (with its example files, as --output writes them) is the same.
            let secondSpec = folder.appendingPathComponent("again/imported.lucid.yaml")
            _ = CapturedConsole.run(["import-openapi", document, "--output", secondSpec.path])
            let second = try String(contentsOf: secondSpec, encoding: .utf8)
            #expect(second == (try String(contentsOf: spec, encoding: .utf8)), "not deterministic")
            let lint = CapturedConsole.run(["lint", spec.path])
            #expect(lint.code == .success && !lint.err.contains(": error: "), "\(lint.err)")
            let generated = folder.appendingPathComponent("Generated")
            let generate = CapturedConsole.run(["generate", spec.path, "--output", generated.path, "--quiet"])
            #expect(generate.code == .success, "\(generate.err)")
            let files = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            #expect(!files.isEmpty)
            let outcome = try SwiftCompiler.typecheck(module: "Imported", files: files)
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(name): \(outcome.diagnostics)")
        }
    }
}
