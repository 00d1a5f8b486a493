import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen dump`: stable JSON of the resolved model.
@Suite struct DumpCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let movies = root + "/Examples/Movies/Sources/Movies/movies.lucid.yaml"

    @Test func dumpIsValidSortedAndDeterministic() throws {
        let first = CapturedConsole.run(["dump", Self.movies])
        let second = CapturedConsole.run(["dump", Self.movies])
        #expect(first.code == .success && first.err == "")
        #expect(first.out == second.out)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "access", "auth_schemes", "entities", "entity_suffix", "error_payload", "files",
                "lexicon", "module", "output", "servers", "services", "subtypes", "version",
            ])
        #expect(object["module"] as? String == "Movies")
        // Keys are written sorted, so the text itself is canonical.
        let topLevelKeys = first.out.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.split(separator: "\"")[1]
        }
        #expect(topLevelKeys == topLevelKeys.sorted())
    }

    @Test func dumpShowsResolvedValues() throws {
        let result = CapturedConsole.run(["dump", Self.movies])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let entities = try #require(object["entities"] as? [[String: Any]])
        let movie = try #require(entities.first { $0["name"] as? String == "movie" })
        let properties = try #require(movie["properties"] as? [[String: Any]])
        let genres = try #require(properties.first { $0["name"] as? String == "genres" })
        #expect(genres["key"] as? String == "genre_ids")
        #expect(genres["failable_items"] as? Bool == true)
        // `<<: *audit` put the merged properties first, where the merge key stands.
        #expect(properties.prefix(2).compactMap { $0["name"] as? String } == ["created_at", "updated_at"])
        // Empty containers print as [] (Foundation's printer would spread them over three lines).
        #expect(result.out.contains("\"excluded_paths\": []"))
        #expect(!result.out.contains("[\n\n") && !result.out.contains("\" : "))
    }

    @Test func dumpOfABrokenSpecPrintsDiagnosticsOnly() {
        withTemporaryFolder("dump") { folder in
            let path = folder.appendingPathComponent("bad.lucid.yaml").path
            _ = FileManager.default.createFile(atPath: path, contents: Data("lucid: 1\nmodule: A\nentites: {}\n".utf8))
            let result = CapturedConsole.run(["dump", path])
            #expect(result.code == .specErrors)
            #expect(result.out == "")
            #expect(
                result.err
                    == "\(path):3:1: error: unknown key 'entites' in the spec; did you mean 'entities'?\n1 error, 0 warnings"
            )
        }
    }

    @Test func lintOfTheExample() {
        let result = CapturedConsole.run(["lint", Self.movies])
        #expect(result.code == .success && result.out == "")
        #expect(result.err == "\(Self.movies): ok (8 subtypes, 6 entities, 3 services, 17 endpoints)")
    }

    @Test(arguments: [
        (["frobnicate"], "lucid-gen: error: unknown command 'frobnicate'\nrun 'lucid-gen --help' for usage"),
        (["lnit"], "lucid-gen: error: unknown command 'lnit' (did you mean 'lint'?)\nrun 'lucid-gen --help' for usage"),
        (["dump"], "lucid-gen: error: missing SPEC\nusage: lucid-gen dump SPEC"),
        (
            ["lint", "a", "b"],
            "lucid-gen: error: expected one SPEC, found 2 arguments\nusage: lucid-gen lint SPEC [--quiet] [--unread-keys]"
        ),
        (
            ["lint", "--fast", "a"],
            "lucid-gen: error: unknown option '--fast' for 'lint'\nusage: lucid-gen lint SPEC [--quiet] [--unread-keys]"
        ),
        (["help", "nope"], "lucid-gen: error: unknown command 'nope'\nrun 'lucid-gen --help' for usage"),
        ([], Help.general),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = CapturedConsole.run(arguments)
        #expect(result.code == .usage)
        #expect(result.err == message)
        #expect(result.out == "")
    }

    @Test func helpAndVersion() {
        #expect(CapturedConsole.run(["--version"]).out == "lucid-gen \(LucidGenCommand.version)")
        #expect(CapturedConsole.run(["--help"]).out == Help.general)
        #expect(CapturedConsole.run(["help", "dump"]).out == Help.text(for: .dump))
        #expect(CapturedConsole.run(["lint", "--help"]).out == Help.text(for: .lint))
        #expect(Help.general.contains("EXIT CODES:") && Help.text(for: .lint).contains("2  the command line is wrong"))
    }
}
