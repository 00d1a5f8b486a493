import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// `lucid-gen import-lucid DIR`: the spec on stdout or in `--output FILE`, diagnostics on stderr, exit codes.
struct ImportLucidCommandTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/LucidSample").path

    @Test func theSpecGoesToStandardOutputAndTheWarningsToStandardError() {
        let (code, out, err) = CapturedConsole.run(["import-lucid", Self.sample])
        #expect(code == .success)
        #expect(out.hasPrefix("# Converted by `lucid-gen import-lucid` from the Lucid descriptions in LucidSample."))
        #expect(out.contains("\nmodule: LucidSample\n"))
        #expect(err.contains("Entities/Movie.json:5:5: warning: 'persist' of entity 'movie' has no equivalent"))
        #expect(err.hasSuffix("0 errors, 67 warnings"))
    }

    @Test func outputWritesTheFileAndKeepsAnExistingOneUnlessForced() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("sample.lucid.yaml")
            let first = CapturedConsole.run(["import-lucid", Self.sample, "--output", file.path])
            #expect(first.code == .success)
            #expect(first.out.isEmpty)
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written == CapturedConsole.run(["import-lucid", Self.sample]).out + "\n")
            // The written spec is one lucid-gen accepts.
            #expect(CapturedConsole.run(["lint", file.path, "--quiet"]).code == .success)

            try Data("kept".utf8).write(to: file)
            let refused = CapturedConsole.run(["import-lucid", Self.sample, "--output", file.path])
            #expect(refused.code == .specErrors)
            #expect(refused.err == "lucid-gen: error: '\(file.path)' already exists; pass --force to replace it")
            #expect(try String(contentsOf: file, encoding: .utf8) == "kept")

            let forced = CapturedConsole.run(["import-lucid", Self.sample, "--output", file.path, "--force"])
            #expect(forced.code == .success)
            #expect(try String(contentsOf: file, encoding: .utf8) == written)

            let intoFolder = CapturedConsole.run(["import-lucid", Self.sample, "--output", folder.path, "--force"])
            #expect(intoFolder.code == .specErrors)
            #expect(intoFolder.err.contains("is not a regular file"))
        }
    }

    @Test func errorsWriteNothingAndExit1() throws {
        try withTemporaryFolder { folder in
            try Data("targets:\n  app:\n    module_name: Shop\n".utf8)
                .write(to: folder.appendingPathComponent(".lucid.yaml"))
            let descriptions = folder.appendingPathComponent("Descriptions/Entities")
            try FileManager.default.createDirectory(at: descriptions, withIntermediateDirectories: true)
            try Data(#"{"name": "a", "properties": [], "persit": true}"#.utf8)
                .write(to: descriptions.appendingPathComponent("A.json"))
            let output = folder.appendingPathComponent("out.lucid.yaml")
            let (code, out, err) = CapturedConsole.run(["import-lucid", folder.path, "--output", output.path])
            #expect(code == .specErrors)
            #expect(out.isEmpty)
            #expect(err.contains("A.json:1:33: error: unknown key 'persit' in an entity; did you mean 'persist'?"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func theCommandLineIsChecked() {
        let missing = CapturedConsole.run(["import-lucid"])
        #expect(missing.code == .usage)
        #expect(missing.err.contains("missing DIR"))
        #expect(missing.err.contains("usage: lucid-gen import-lucid DIR [--output FILE [--force]]"))
        let force = CapturedConsole.run(["import-lucid", Self.sample, "--force"])
        #expect(force.code == .usage)
        #expect(force.err.contains("--force needs --output"))
        let help = CapturedConsole.run(["import-lucid", "--help"])
        #expect(help.out.contains("OVERVIEW: Converts a Lucid project"))
        #expect(CapturedConsole.run(["--help"]).out.contains("  import-lucid DIR [--output FILE [--force]]"))
    }
}
