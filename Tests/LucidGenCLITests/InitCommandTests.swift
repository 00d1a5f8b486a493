import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen init [DIR]`: the starter spec lints clean, generates, and its code compiles; the commands it prints
/// run; and it never writes over anything.
@Suite struct InitCommandTests {
    @Test func theStarterLintsCleanGeneratesAndCompilesWithTheCommandsItPrints() throws {
        try withTemporaryFolder("init") { folder in
            let target = folder.appendingPathComponent("Sources/Bookshelf").path  // missing, with a parent
            let result = CapturedConsole.run(["init", target])
            #expect(result.code == .success, "\(result.err)")
            #expect(result.err.isEmpty)
            #expect(result.out.hasPrefix("Wrote a starter spec and the example answer of its endpoint:\n"))
            #expect(result.out.contains("\n  \(target)/bookshelf.lucid.yaml\n  \(target)/book.json\n"))
            let commands = result.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("lucid-gen ") }
            #expect(
                commands == [
                    "lucid-gen lint \(target)/bookshelf.lucid.yaml",
                    "lucid-gen generate \(target)/bookshelf.lucid.yaml",
                ])
            for command in commands {
                let arguments = command.split(separator: " ").dropFirst().map(String.init)
                let run = CapturedConsole.run(arguments)
                #expect(run.code == .success, "\(command): \(run.err)")
                #expect(!run.err.contains("warning") && !run.err.contains("error"), "\(command): \(run.err)")
            }
            let generated = URL(fileURLWithPath: target).appendingPathComponent("Generated")
            let files = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            #expect(files.map(\.lastPathComponent).contains("Entities.swift"))
            guard SwiftCompiler.isAvailableOrSaysWhy() else {
                Issue.record("LucidRuntime's module is missing: build with --build-tests first")
                return
            }
            let outcome = try SwiftCompiler.typecheck(module: "Bookshelf", files: files)
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }

    @Test func theStarterHasOneEntityOneServiceAGETWithAnExampleAndAServer() throws {
        try withTemporaryFolder("init") { folder in
            #expect(CapturedConsole.run(["init", folder.path]).code == .success)
            let dump = CapturedConsole.run(["dump", folder.appendingPathComponent("bookshelf.lucid.yaml").path])
            #expect(dump.code == .success)
            let model = try #require(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
            #expect((model["entities"] as? [Any])?.count == 1)
            #expect((model["servers"] as? [Any])?.count == 1)
            let services = try #require(model["services"] as? [[String: Any]])
            let endpoints = try #require(services.first?["endpoints"] as? [[String: Any]])
            #expect(services.count == 1 && endpoints.count == 1)
            #expect(endpoints.first?["method"] as? String == "GET")
            #expect(endpoints.first?["example"] as? String == folder.appendingPathComponent("book.json").path)
        }
    }

    /// The starter is what a new user's editor checks first: it passes docs/lucid.schema.json.
    @Test func theStarterPassesTheEditorSchema() throws {
        try withTemporaryFolder("init") { folder in
            #expect(CapturedConsole.run(["init", folder.path]).code == .success)
            let spec = folder.appendingPathComponent("bookshelf.lucid.yaml")
            let json = try #require(
                SpecSchema.json(ofYAML: Array(try Data(contentsOf: spec)), file: "bookshelf.lucid.yaml"))
            #expect(try SpecSchema.errors(of: [("bookshelf.lucid.yaml", json)]) == ["bookshelf.lucid.yaml": []])
        }
    }

    @Test func withoutDIRItWritesIntoTheCurrentFolder() throws {
        try withTemporaryFolder("init") { folder in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestProducts.executable("lucid-gen"))
            process.arguments = ["init"]
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(out.contains("  lucid-gen lint bookshelf.lucid.yaml\n"))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["book.json", "bookshelf.lucid.yaml"])
            let spec = try String(contentsOf: folder.appendingPathComponent("bookshelf.lucid.yaml"), encoding: .utf8)
            #expect(spec == StarterSpec.spec)
        }
    }

    @Test(arguments: ["bookshelf.lucid.yaml", "book.json"])
    func anExistingFileIsNeverOverwrittenAndNothingIsWritten(existing: String) throws {
        try withTemporaryFolder("init") { folder in
            let path = folder.appendingPathComponent(existing).path
            try "mine\n".write(toFile: path, atomically: false, encoding: .utf8)
            let result = CapturedConsole.run(["init", folder.path])
            #expect(result.code == .specErrors)
            #expect(result.err.hasPrefix("lucid-gen: error: '\(path)' already exists"), "\(result.err)")
            #expect(result.out.isEmpty)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [existing])
        }
    }

    @Test func aLinkInTheWayIsRefusedAndNotFollowed() throws {
        try withTemporaryFolder("init") { folder in
            let target = folder.appendingPathComponent("elsewhere.json").path
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("book.json").path, withDestinationPath: target)
            let result = CapturedConsole.run(["init", folder.path])
            #expect(result.code == .specErrors)
            #expect(result.err.contains("book.json' already exists"))
            #expect(!FileManager.default.fileExists(atPath: target))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.json"])
        }
    }

    @Test func aDIRThatIsAFileIsAnError() throws {
        try withTemporaryFolder("init") { folder in
            let file = folder.appendingPathComponent("notes.txt").path
            try "notes\n".write(toFile: file, atomically: false, encoding: .utf8)
            let result = CapturedConsole.run(["init", file])
            #expect(result.code == .specErrors)
            #expect(
                result.err == "lucid-gen: error: '\(file)' is not a folder; name a folder (it is created when missing)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "notes\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        }
    }

    @Test func aFolderUnderAFileIsAnErrorThatCreatesNothing() throws {
        try withTemporaryFolder("init") { folder in
            let file = folder.appendingPathComponent("notes.txt").path
            try "notes\n".write(toFile: file, atomically: false, encoding: .utf8)
            let result = CapturedConsole.run(["init", file + "/api"])
            #expect(result.code == .specErrors)
            #expect(result.err.hasPrefix("lucid-gen: error: cannot create the folder '\(file)/api'"), "\(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        }
    }

    @Test func aFileMadeAfterTheCheckIsNotReplacedAndWhatWasWrittenIsTakenBack() throws {
        try withTemporaryFolder("init") { folder in
            // As if another process made b.json between the check and the writing, in a folder init created.
            let created = folder.appendingPathComponent("new").path
            let nested = created + "/api"
            try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
            try "theirs\n".write(toFile: nested + "/b.json", atomically: false, encoding: .utf8)
            let problem = Init.write(
                ["spec\n", "example\n"], to: [nested + "/a.yaml", nested + "/b.json"],
                createdFolders: [created, nested])
            #expect(problem == "cannot write '\(nested)/b.json': it already exists; nothing was written")
            #expect(try String(contentsOfFile: nested + "/b.json", encoding: .utf8) == "theirs\n")
            #expect(!FileManager.default.fileExists(atPath: nested + "/a.yaml"))
            // The folders hold their file, so they stay.
            #expect(try FileManager.default.contentsOfDirectory(atPath: nested) == ["b.json"])
        }
    }

    @Test func anEmptyFolderInitCreatedIsRemovedWhenItCannotWrite() throws {
        try withTemporaryFolder("init") { folder in
            let created = folder.appendingPathComponent("new").path
            try FileManager.default.createDirectory(atPath: created, withIntermediateDirectories: true)
            // A path in a missing folder cannot be created: the first file fails, and the empty folder goes.
            let problem = Init.write(["spec\n"], to: [created + "/missing/a.yaml"], createdFolders: [created])
            #expect(problem?.hasPrefix("cannot write '\(created)/missing/a.yaml': ") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test func initHasAHelpAndALineInTheGeneralHelp() {
        let help = CapturedConsole.run(["init", "--help"])
        #expect(help.code == .success)
        #expect(help.out.contains("USAGE: lucid-gen init [DIR]"))
        #expect(help.out.contains("never overwrites"))
        #expect(CapturedConsole.run(["--help"]).out.contains("\n  init [DIR]   Write a starter spec"))
    }

    @Test func twoOperandsAreAUsageError() {
        let result = CapturedConsole.run(["init", "a", "b"])
        #expect(result.code == .usage)
        #expect(
            result.err.hasPrefix("lucid-gen: error: expected one DIR, found 2 arguments\nusage: lucid-gen init [DIR]"))
    }

    @Test func printedPathsAreQuotedForAShell() throws {
        #expect(Shell.quoted("Sources/My-API_2/x.lucid.yaml") == "Sources/My-API_2/x.lucid.yaml")
        #expect(Shell.quoted("my api/it's.yaml") == "'my api/it'\\''s.yaml'")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf %s " + Shell.quoted("a b'c$d`e\"f")]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(out == "a b'c$d`e\"f")
    }
}
