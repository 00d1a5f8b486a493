import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen init [DIR]`: the starter spec lints clean, generates, and its code compiles with the Swift file init
/// writes beside it; the commands it prints (on standard error, which is for status lines) run; and it never
/// writes over anything.
@Suite struct InitCommandTests {
    @Test func theStarterLintsCleanGeneratesAndCompilesWithTheCommandsItPrints() throws {
        try withTemporaryFolder("init") { folder in
            let target = folder.appendingPathComponent("Sources/Bookshelf").path  // missing, with a parent
            let result = CapturedConsole.run(["init", target])
            #expect(result.code == .success, "\(result.err)")
            #expect(result.out.isEmpty, "standard output is for a command's product: \(result.out)")
            #expect(
                result.err.hasPrefix(
                    "Wrote a starter spec, the example answer of its endpoint and a Swift file for the module's own "
                        + "code:\n"))
            #expect(
                result.err.contains(
                    "\n  \(target)/bookshelf.lucid.yaml\n  \(target)/book.json\n  \(target)/Bookshelf.swift\n"))
            let commands = result.err.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
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
            // The Swift file's commented example, as a user would uncomment it.
            let example = folder.appendingPathComponent("Example.swift")
            let lines = StarterSpec.swiftFile.split(separator: "\n").filter { $0.hasPrefix("//     ") }
            #expect(lines.first == "//     extension Book {")
            try lines.map { $0.dropFirst(7) }.joined(separator: "\n").write(
                to: example, atomically: false, encoding: .utf8)
            guard SwiftCompiler.isAvailableOrSaysWhy() else {
                Issue.record("LucidRuntime's module is missing: build with --build-tests first")
                return
            }
            let swiftFile = URL(fileURLWithPath: target).appendingPathComponent("Bookshelf.swift")
            let outcome = try SwiftCompiler.typecheck(module: "Bookshelf", files: files + [swiftFile, example])
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }

    /// The plugin path `init` points to works for a folder holding only what it wrote: SwiftPM makes a target of
    /// a folder only when it holds a Swift file (Examples/PluginDemo/check.sh builds such a target), and the report
    /// says why the file is there.
    @Test func theSwiftFileIsWhatMakesTheFolderATargetAndTheReportSaysSo() throws {
        try withTemporaryFolder("init") { folder in
            let result = CapturedConsole.run(["init", folder.path])
            #expect(result.code == .success)
            #expect(StarterSpec.files.map(\.name) == ["bookshelf.lucid.yaml", "book.json", "Bookshelf.swift"])
            let plugin = [
                "Or, instead of running generate, let SwiftPM generate the code at every build: keep the three files "
                    + "in a",
                "target's folder and apply LucidGenPlugin to the target (README, \"At build time: the SwiftPM "
                    + "build-tool",
                "plugin\"). Bookshelf.swift is what makes the folder a target: SwiftPM builds none without a Swift "
                    + "file.",
            ]
            #expect(result.err.hasSuffix(plugin.joined(separator: "\n")), "\(result.err)")
            let swiftFile = try String(
                contentsOf: folder.appendingPathComponent("Bookshelf.swift"), encoding: .utf8)
            #expect(swiftFile == StarterSpec.swiftFile)
            #expect(
                swiftFile.contains(
                    "SwiftPM builds a\n// target, and runs its plugins, only when its folder holds a Swift file."))
            // Only comments: it compiles whatever the spec becomes.
            #expect(swiftFile.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
        }
    }

    /// Generated declarations are internal unless the spec says `access: public`; the starter says where that goes
    /// and when it is needed (the generated code in a target of its own, imported by others), and generates the
    /// same code as a spec without the key.
    @Test func theStarterSaysWhereAccessPublicGoesAndWhenItIsNeeded() throws {
        let lines = StarterSpec.spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let key = try #require(lines.firstIndex(of: "access: internal"))
        let comment = lines[..<key].reversed().prefix { $0.hasPrefix("# ") }.reversed().map { $0.dropFirst(2) }
            .joined(separator: " ")
        #expect(
            comment.contains("Write `access: public` when they are a target of their own that other targets import"))
        #expect(comment.contains("cannot find 'BookshelfServers' in scope"))
        try withTemporaryFolder("init") { folder in
            #expect(CapturedConsole.run(["init", folder.path]).code == .success)
            let spec = folder.appendingPathComponent("bookshelf.lucid.yaml")
            func entities(_ name: String) throws -> String {
                let output = folder.appendingPathComponent(name).path
                let run = CapturedConsole.run(["generate", spec.path, "--output", output])
                #expect(run.code == .success, "\(run.err)")
                return try String(contentsOfFile: output + "/Entities.swift", encoding: .utf8)
            }
            let starter = try entities("Starter")
            #expect(starter.contains("\nstruct Book: "))
            let text = try String(contentsOf: spec, encoding: .utf8)
            try text.replacingOccurrences(of: "\naccess: internal\n", with: "\n").write(
                to: spec, atomically: false, encoding: .utf8)
            #expect(try entities("Default") == starter)
            try text.replacingOccurrences(of: "\naccess: internal\n", with: "\naccess: public\n").write(
                to: spec, atomically: false, encoding: .utf8)
            #expect(try entities("Public").contains("\npublic struct Book: "))
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
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let report = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(report.contains("  lucid-gen lint bookshelf.lucid.yaml\n"))
            #expect(printed.isEmpty)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["Bookshelf.swift", "book.json", "bookshelf.lucid.yaml"])
            let spec = try String(contentsOf: folder.appendingPathComponent("bookshelf.lucid.yaml"), encoding: .utf8)
            #expect(spec == StarterSpec.spec)
        }
    }

    @Test(arguments: ["bookshelf.lucid.yaml", "book.json", "Bookshelf.swift"])
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

    /// `init ok.lucid.yaml/x`: the message names the file in the way and says it is one, in plain words.
    @Test func aFolderUnderAFileIsAnErrorThatSaysItIsAFileAndCreatesNothing() throws {
        try withTemporaryFolder("init") { folder in
            let file = folder.appendingPathComponent("ok.lucid.yaml").path
            try "lucid: 1\n".write(toFile: file, atomically: false, encoding: .utf8)
            for dir in [file + "/x", file + "/x/y"] {
                let result = CapturedConsole.run(["init", dir])
                #expect(result.code == .specErrors)
                #expect(
                    result.err
                        == "lucid-gen: error: cannot create the folder '\(dir)': '\(file)' is a file, not a folder; "
                        + "nothing was written")
                #expect(result.out.isEmpty)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ok.lucid.yaml"])
        }
    }

    /// The same from the folder that holds the file, as the issue ran it: relative paths, named as typed.
    @Test func aFolderUnderAFileNamedRelativelyIsNamedAsTyped() throws {
        try withTemporaryFolder("init") { folder in
            try "lucid: 1\n".write(
                toFile: folder.appendingPathComponent("ok.lucid.yaml").path, atomically: false, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestProducts.executable("lucid-gen"))
            process.arguments = ["init", "ok.lucid.yaml/x"]
            process.currentDirectoryURL = folder
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            #expect(
                message
                    == "lucid-gen: error: cannot create the folder 'ok.lucid.yaml/x': 'ok.lucid.yaml' is a file, not a "
                    + "folder; nothing was written\n")
        }
    }

    @Test func aBrokenLinkInTheWayOfTheFolderIsNamed() throws {
        try withTemporaryFolder("init") { folder in
            let link = folder.appendingPathComponent("gone").path
            try FileManager.default.createSymbolicLink(
                atPath: link, withDestinationPath: folder.appendingPathComponent("missing").path)
            let itself = CapturedConsole.run(["init", link])
            #expect(
                itself.err
                    == "lucid-gen: error: '\(link)' is a link to something that does not exist; name a folder (it is "
                    + "created when missing)")
            let under = CapturedConsole.run(["init", link + "/api"])
            #expect(
                under.err
                    == "lucid-gen: error: cannot create the folder '\(link)/api': '\(link)' is a link to something that "
                    + "does not exist; nothing was written")
            #expect(itself.code == .specErrors && under.code == .specErrors)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
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
