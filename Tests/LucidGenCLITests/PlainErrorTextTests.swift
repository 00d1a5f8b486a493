import Foundation
import LucidTestSupport
import Testing

/// No Foundation error text reaches the user: every error about a file names the path and the cause in plain
/// words ("'notes.txt' is a file, not a folder"), never "The operation could not be completed. (NSCocoaErrorDomain
/// error 512.)".
struct PlainErrorTextTests {
    static let foundationWords = [
        "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "The operation could not be completed", "couldn’t be",
        "doesn’t exist", "The file “",
    ]

    /// The commands a newcomer gets wrong, pointed at paths under a file, missing folders and missing files.
    @Test func failingFileOperationsSpeakPlainly() throws {
        try withTemporaryFolder("plain-errors") { folder in
            let root = folder.path
            let spec = root + "/shop.lucid.yaml"
            try "lucid: 1\nmodule: Shop\n".write(toFile: spec, atomically: true, encoding: .utf8)
            let runs: [([String], String)] = [
                (["generate", spec, "--output", spec + "/sub"], "'\(spec)' is a file, not a folder"),
                (["init", spec + "/x"], "'\(spec)' is a file, not a folder"),
                (["openapi", spec, "--output", spec + "/x.json"], "'\(spec)' is a file, not a folder"),
                (["generate", spec, "--templates", root + "/missing"], "'\(root)/missing' does not exist"),
                (["generate", spec, "--templates", spec], "is a file, not a folder of templates"),
                (["lint", root + "/missing.lucid.yaml"], "does not exist"),
                (["import-lucid", spec], "already a lucid-gen spec"),
            ]
            for (arguments, plain) in runs {
                let run = CapturedConsole.run(arguments)
                #expect(run.code != .success, "\(arguments)")
                #expect(run.err.contains(plain), "\(arguments): \(run.err)")
                for words in Self.foundationWords {
                    #expect(!run.err.contains(words), "\(arguments) printed Foundation's text: \(run.err)")
                }
            }
        }
    }

    /// The tool's own modules never print an error's `localizedDescription` (Foundation's words).
    @Test func noModuleOfTheToolPrintsLocalizedDescriptions() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        for module in [
            "LucidGenCLI", "LucidCodeGen", "LucidSpec", "LucidSupport", "LucidImport", "LucidExport", "lucid-gen",
        ] {
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.subpaths(atPath: folder.path)?.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "\(module) has no sources")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains(".localizedDescription"), "\(module)/\(file) prints localizedDescription")
            }
        }
    }
}
