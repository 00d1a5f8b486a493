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

            // An imported spec edited since: kept without --force, replaced with it.
            let edited = written + "# edited by hand\n"
            try Data(edited.utf8).write(to: file)
            let refused = CapturedConsole.run(["import-lucid", Self.sample, "--output", file.path])
            #expect(refused.code == .specErrors)
            #expect(refused.err == "lucid-gen: error: '\(file.path)' already exists; pass --force to replace it")
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)

            let forced = CapturedConsole.run(["import-lucid", Self.sample, "--output", file.path, "--force"])
            #expect(forced.code == .success)
            #expect(try String(contentsOf: file, encoding: .utf8) == written)

            let intoFolder = CapturedConsole.run(["import-lucid", Self.sample, "--output", folder.path, "--force"])
            #expect(intoFolder.code == .specErrors)
            #expect(intoFolder.err.contains("\(folder.path): a folder"))
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

    /// DIR names a folder; a file gets an answer about that file, not about `FILE/.lucid.yaml`.
    @Test func aFileInsteadOfTheFolderIsNamedForWhatItIs() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("shop.lucid.yaml").path
            try Data("lucid: 1\nmodule: Shop\n".utf8).write(to: URL(fileURLWithPath: spec))
            let already = CapturedConsole.run(["import-lucid", spec])
            #expect(already.code == .specErrors)
            #expect(
                already.err.hasPrefix(
                    "\(spec):1:1: error: '\(spec)' is already a lucid-gen spec, not a Lucid project: it needs no "
                        + "import; check it with 'lucid-gen lint', generate with 'lucid-gen generate'"))
            #expect(!already.err.contains(".lucid.yaml/.lucid.yaml"))
            let body = folder.appendingPathComponent("body.json").path
            try Data("{}".utf8).write(to: URL(fileURLWithPath: body))
            let file = CapturedConsole.run(["import-lucid", body])
            #expect(
                file.err.hasPrefix(
                    "\(body):1:1: error: '\(body)' is a file, not a folder; import-lucid reads the folder that holds "
                        + "Lucid's .lucid.yaml"))
            // Lucid's own configuration file names its project: the import reads that folder.
            let configuration = CapturedConsole.run(["import-lucid", Self.sample + "/.lucid.yaml"])
            #expect(configuration.code == .success)
            #expect(configuration.out == CapturedConsole.run(["import-lucid", Self.sample]).out)
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
