import Foundation
import LucidTestSupport
import Testing

/// `lucid-gen lint` and the command line's exit codes, run as the real binary in a child process.
@Suite struct LintCommandTests {
    /// The invalid-spec corpus of the LucidSpec tests.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidSpecTests/Invalid").path

    /// Runs the real `lucid-gen` binary (see `ChildProcess`).
    static func lucidGen(_ arguments: String...) -> ChildProcess.Outcome {
        let outcome = ChildProcess.run(arguments)
        #expect(!outcome.timedOut)
        return outcome
    }

    /// A corpus spec fails with exit 1 and prints its first expected diagnostic (from its `# expect:` line)
    /// under the path it was given, then the count line.
    @Test(arguments: ["unknown-top-level-key", "duplicate-key", "undeclared-path-param"])
    func invalidSpecExitsWithErrors(_ name: String) throws {
        let path = Self.corpus + "/" + name + ".lucid.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expectation = try #require(text.split(separator: "\n").first { $0.hasPrefix("# expect: ") })
        let diagnostic = "\(path):\(expectation.dropFirst("# expect: ".count))"
        let run = Self.lucidGen("lint", path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(diagnostic + "\n"))
        #expect(run.stderr.hasSuffix("\n1 error, 0 warnings\n"))
    }

    @Test func validSpecPasses() throws {
        try withTemporaryFolder("lint-valid") { folder in try Self.expectValidSpecPasses(in: folder) }
    }

    /// Lints a valid spec written into `folder`: exit 0, `ok` on stdout, nothing on stderr.
    static func expectValidSpecPasses(in folder: URL) throws {
        let path = folder.appendingPathComponent("movies.lucid.yaml").path
        try """
        lucid: 1
        module: Movies
        servers:
          api: https://api.example.com
        entities:
          movie:
            identifier: int
            properties:
              title: string
        services:
          movies:
            endpoints:
              movie:
                get: /movies/{id}
                params: { id: int }
                response: { entity: movie }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let run = lucidGen("lint", path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("\(path): ok"))
    }

    @Test func version() throws {
        let run = Self.lucidGen("--version")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("lucid-gen "))
    }

    @Test func unknownCommandSuggestsTheClosest() throws {
        let run = Self.lucidGen("lnt", "spec.lucid.yaml")
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown command 'lnt' (did you mean 'lint'?)"))
    }

    @Test func lintWithoutSpecIsAUsageError() throws {
        let run = Self.lucidGen("lint")
        #expect(run.status == 2)
        #expect(run.stderr.contains("missing SPEC"))
    }

    @Test func lintHelp() throws {
        let run = Self.lucidGen("lint", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: lucid-gen lint SPEC"))
    }
}
