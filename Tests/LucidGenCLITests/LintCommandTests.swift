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
        // A status line, on standard error like every command's; standard output stays for products.
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("\(path): ok"))
    }

    /// An example body that does not decode as the endpoint's response fails lint, the error located in the JSON
    /// file at the offending value; generate refuses the spec the same way.
    @Test func exampleMismatchFailsWithTheLocatedMessage() throws {
        try withTemporaryFolder("lint-example") { folder in
            let path = folder.appendingPathComponent("movies.lucid.yaml").path
            let example = folder.appendingPathComponent("movie.json").path
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
                  release_date: { type: date, format: yyyy-MM-dd }
            services:
              movies:
                endpoints:
                  movie:
                    get: /movies/{id}
                    params: { id: int }
                    response: { entity: movie }
                    example: movie.json
            """.write(toFile: path, atomically: true, encoding: .utf8)
            try "{\n  \"id\": 603,\n  \"release_date\": \"1999/03/30\"\n}\n".write(
                toFile: example, atomically: true, encoding: .utf8)
            let lint = Self.lucidGen("lint", path)
            #expect(lint.status == 1)
            #expect(lint.stdout == "")
            #expect(
                lint.stderr == """
                    \(example):1:1: error: the response of endpoint 'movie' reads property 'title' of entity 'movie' from the body root, but the example has no 'title'; if the server may leave it out, make it 'nullable: true'
                    \(example):3:19: error: the response of endpoint 'movie': 'release_date' is "1999/03/30", which is not a date in format 'yyyy-MM-dd'
                    2 errors, 0 warnings

                    """)
            let generate = Self.lucidGen("generate", path, "--output", folder.appendingPathComponent("Out").path)
            #expect(generate.status == 1)
            #expect(generate.stderr.contains("\(example):3:19: error: "))
        }
    }

    /// Keys no property reads are fine by default (real APIs send many); `--unread-keys` lists each, as a warning at
    /// the key, and lint still passes. A key a property probably meant to read is a warning either way.
    @Test func unreadKeysOnlyWhenAskedForAndMisreadKeysAlways() throws {
        try withTemporaryFolder("lint-unread") { folder in
            let path = folder.appendingPathComponent("social.lucid.yaml").path
            let example = folder.appendingPathComponent("status.json").path
            try """
            lucid: 1
            module: Social
            servers:
              api: https://social.example.com
            entities:
              status:
                identifier: string
                properties:
                  content: string
                  reblog: { type: status, nullable: true }
            services:
              statuses:
                endpoints:
                  status:
                    get: /statuses/{id}
                    params: { id: string }
                    response: { entity: status }
                    example: status.json
            """.write(toFile: path, atomically: true, encoding: .utf8)
            try #"{"id": "1", "content": "hi", "visibility": "public", "reblog": null}"#.write(
                toFile: example, atomically: true, encoding: .utf8)
            let quiet = Self.lucidGen("lint", path)
            #expect(quiet.status == 0 && quiet.stderr == "\(path): ok (0 subtypes, 1 entity, 1 service, 1 endpoint)\n")
            let unread = Self.lucidGen("lint", "--unread-keys", path)
            #expect(unread.status == 0)
            #expect(
                unread.stderr == """
                    \(example):1:30: warning: the response of endpoint 'status': 'visibility' is read by no property
                    0 errors, 1 warning
                    \(path): ok (0 subtypes, 1 entity, 1 service, 1 endpoint)

                    """)
            // The trap of an `id_only` reblog: it reads `reblog_id`, and a boost's object at `reblog` would be lost.
            let spec = try String(contentsOfFile: path, encoding: .utf8)
            try spec.replacingOccurrences(of: "nullable: true }", with: "nullable: true, id_only: true }")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let trap = Self.lucidGen("lint", "--quiet", path)
            #expect(trap.status == 0)
            #expect(
                trap.stderr == """
                    \(example):1:54: warning: the response of endpoint 'status': property 'reblog' of entity 'status' reads key 'reblog_id' (id_only reads the identifier alone, at the name with '_id'), which the object lacks; it has 'reblog', which no property reads; if 'reblog' holds the whole object, drop 'id_only'
                    0 errors, 1 warning

                    """)
        }
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
