import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen graph SPEC`: the DOT of the Movies example and of a small spec, hostile text kept inside its
/// strings, the same graph for the same spec, located errors; and, when Graphviz is installed, `dot` reads it all.
@Suite struct GraphCommandTests {
    static let movies = DumpCommandTests.movies

    static let small = """
        lucid: 1
        module: Shelf
        servers: { api: "https://api.example.com" }
        subtypes:
          kind: { cases: [paper, audio] }
          item: { one_of: [book, string] }
        entities:
          book:
            identifier: int
            properties:
              kind: kind
              authors: "[author]"
              editor: { type: author, nullable: true }
              translators: { type: "[author]", id_only: true }
              ratings: "{string: int}"
          author:
            identifier: string
            properties: { name: string }
        services:
          books:
            endpoints:
              list: { get: /books, response: { entity: { name: book, structure: array } } }
              book: { get: "/books/{id}", params: { id: book }, response: { entity: book } }
              kinds: { get: /kinds, response: { type: "{string: kind}" } }
              ping: { get: /ping }

        """

    @Test func aSmallSpecGivesExactlyThisGraph() throws {
        let result = try Self.graph(of: Self.small)
        #expect(result.code == .success && result.err.isEmpty, "\(result.err)")
        let body = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(5).map(String.init)
        #expect(
            body == [
                "",
                "  // services",
                ##"  "service:books" [label="books\nservice", shape="component", style="filled", "##
                    + ##"fillcolor="#e1f2dc", color="#4b8a3c"];"##,
                "",
                "  // entities",
                ##"  "entity:author" [label="author", style="rounded,filled", fillcolor="#dbe8f7", color="#3c6e9f"];"##,
                ##"  "entity:book" [label="book", style="rounded,filled", fillcolor="#dbe8f7", color="#3c6e9f"];"##,
                "",
                "  // subtypes",
                ##"  "subtype:item" [label="item\nunion", style="filled", fillcolor="#f5f5f0", color="#9a9a90", "##
                    + ##"fontcolor="#505050"];"##,
                ##"  "subtype:kind" [label="kind\nenum", style="filled", fillcolor="#f5f5f0", color="#9a9a90", "##
                    + ##"fontcolor="#505050"];"##,
                "",
                ##"  "entity:book" -> "entity:author" [label="authors[]", arrowhead="crow"];"##,
                ##"  "entity:book" -> "entity:author" [label="editor", arrowhead="normal", style="dashed"];"##,
                ##"  "entity:book" -> "entity:author" [label="translators[] (ids)", arrowhead="crow"];"##,
                ##"  "entity:book" -> "subtype:kind" [label="kind", color="#9a9a90", fontcolor="#707070", "##
                    + ##"arrowhead="normal"];"##,
                ##"  "service:books" -> "entity:book" [label="book\nlist[]", color="#4b8a3c", fontcolor="#3a6d2e", "##
                    + ##"arrowhead="vee", tooltip="book: GET /books/{id}\nlist: GET /books"];"##,
                ##"  "service:books" -> "subtype:kind" [label="kinds{}", color="#4b8a3c", fontcolor="#3a6d2e", "##
                    + ##"arrowhead="vee", tooltip="kinds: GET /kinds"];"##,
                ##"  "subtype:item" -> "entity:book" [label="book", arrowhead="normal"];"##,
                "}",
            ])
        #expect(
            result.out.hasPrefix(
                ##"// lucid-gen graph of module Shelf: render with `dot -Tsvg`"## + "\ndigraph \"Shelf\" {"))
        try Self.expectDotReads(result.out)
    }

    @Test func theMoviesGraphHasItsEntitiesRelationshipsAndServices() throws {
        let result = CapturedConsole.run(["graph", Self.movies])
        #expect(result.code == .success && result.err.isEmpty, "\(result.err)")
        let nodes = Set(Self.statements(result.out).filter { !Self.isEdge($0) }.compactMap(Self.firstQuoted))
        for name in ["movie", "genre", "studio", "person", "review", "trending_day"] {
            #expect(nodes.contains("entity:\(name)"), "no node for entity \(name)")
        }
        for name in ["genre_kind", "video_quality", "permissions", "rating_result", "movies_error"] {
            #expect(nodes.contains("subtype:\(name)"), "no node for subtype \(name)")
        }
        #expect(nodes.isSuperset(of: ["service:movies", "service:account", "service:images"]))
        for edge in [
            ##""entity:movie" -> "entity:genre" [label="genres[] (ids)", arrowhead="crow"]"##,
            ##""entity:movie" -> "entity:person" [label="cast[]", arrowhead="crow"]"##,
            ##""entity:movie" -> "entity:studio" [label="studio", arrowhead="normal", style="dashed"]"##,
            ##""entity:review" -> "entity:movie" [label="movie (id)", arrowhead="normal"]"##,
            ##""entity:person" -> "entity:movie" [label="known_for[] (ids)", arrowhead="crow"]"##,
            ##""entity:movie" -> "subtype:video_quality" [label="qualities[]", color="#9a9a90""##,
            ##""service:movies" -> "entity:movie" [label="collections[][]\ndiscover[]\nmovie", color="#4b8a3c""##,
            ##""service:movies" -> "entity:person" [label="credits[]""##,
            ##""service:account" -> "entity:review" [label="reviews[]\nupdate_review""##,
            ##""service:images" -> "subtype:image_upload_result" [label="upload_poster""##,
        ] {
            #expect(result.out.contains("  " + edge), "missing edge \(edge)")
        }
        #expect(result.out.contains(##"tooltip="A film as the catalogue knows it.""##))
        try Self.expectDotReads(result.out)
    }

    /// A generic struct is one node; each instance another, whose items lead to their type.
    @Test func aGenericAndItsInstances() throws {
        let result = try Self.graph(
            of: """
                lucid: 1
                module: Pages
                servers: { api: https://api.example.com }
                subtypes:
                  page: { generic: item, properties: { items: "[item]", total: int } }
                entities:
                  track: { identifier: string, properties: { name: string } }
                services:
                  catalog:
                    endpoints:
                      tracks: { get: /tracks, response: { type: page<track> } }
                """)
        #expect(result.code == .success && result.err.isEmpty, "\(result.err)")
        #expect(result.out.contains(#"  "subtype:page" [label="page\ngeneric struct""#))
        #expect(result.out.contains(#"  "subtype:page<track>" [label="page<track>\ninstance of page""#))
        #expect(result.out.contains(#"  "subtype:page<track>" -> "entity:track" [label="items[]""#))
        #expect(result.out.contains(#"  "service:catalog" -> "subtype:page<track>" [label="tracks""#))
        try Self.expectDotReads(result.out)
    }

    @Test func everyGoldenSpecAndAnEmptyOneDrawWithoutAWordFromDot() throws {
        let golden = DumpCommandTests.root + "/Tests/Golden"
        let specs = try FileManager.default.contentsOfDirectory(atPath: golden).sorted().flatMap { name in
            let folder = golden + "/" + name + "/Spec"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return files.filter { $0.hasSuffix(".lucid.yaml") }.map { folder + "/" + $0 }
        }
        #expect(specs.count >= 10)
        for spec in specs {
            let result = CapturedConsole.run(["graph", spec])
            #expect(result.code == .success && result.err.isEmpty, "\(spec): \(result.err)")
            try Self.expectDotReads(result.out)
        }
        let empty = try Self.graph(of: "lucid: 1\nmodule: Empty\n")
        #expect(empty.code == .success && empty.out.hasSuffix("digraph \"Empty\" {\n" + Self.defaults + "\n}"))
        try Self.expectDotReads(empty.out, nodes: 0, edges: 0)
    }

    static let defaults = """
          graph [rankdir="LR", labelloc="t", fontname="Helvetica,Arial,sans-serif", fontsize="16", nodesep="0.3", \
        ranksep="0.9", bgcolor="white", label="Empty"];
          node [fontname="Helvetica,Arial,sans-serif", fontsize="11", shape="box", margin="0.15,0.06"];
          edge [fontname="Helvetica,Arial,sans-serif", fontsize="9", arrowsize="0.7"];
        """

    @Test func theSameSpecInAnotherOrderGivesTheSameBytes() throws {
        let reordered = """
            lucid: 1
            module: Shelf
            servers: { api: "https://api.example.com" }
            services:
              books:
                endpoints:
                  ping: { get: /ping }
                  kinds: { get: /kinds, response: { type: "{string: kind}" } }
                  book: { get: "/books/{id}", params: { id: book }, response: { entity: book } }
                  list: { get: /books, response: { entity: { name: book, structure: array } } }
            entities:
              author:
                identifier: string
                properties: { name: string }
              book:
                identifier: int
                properties:
                  ratings: "{string: int}"
                  translators: { type: "[author]", id_only: true }
                  editor: { type: author, nullable: true }
                  authors: "[author]"
                  kind: kind
            subtypes:
              item: { one_of: [book, string] }
              kind: { cases: [paper, audio] }

            """
        let first = try Self.graph(of: Self.small)
        #expect(first.code == .success)
        #expect(try Self.graph(of: Self.small).out == first.out)
        #expect(try Self.graph(of: reordered).out == first.out)
    }

    @Test func hostileTextStaysInsideItsStrings() throws {
        let spec = #"""
            lucid: 1
            module: digraph
            servers: { api: "https://api.example.com" }
            entities:
              node:
                description: "a \"quoted\" \\ back\\slash\nnew line\r\n}; \"evil\" -> \"x\" [label=1]; //"
                identifier: int
                properties: { edge: graph, subgraph: "[strict]" }
              graph:
                description: "\\N \\G \\E \\L \\l \\r ] { } <b>html</b> \u0007 é 漢字"
                properties: {}
              strict: { properties: {} }
            services:
              subgraph:
                description: '"; }; digraph x { '
                endpoints:
                  edge: { get: "/e/{id}\"", params: { id: string }, response: { entity: node } }

            """#
        let result = try Self.graph(of: spec)
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out.contains(
                ##"tooltip="a \"quoted\" \\ back\\slash\nnew line\n}; \"evil\" -> \"x\" [label=1]; //""##))
        #expect(result.out.contains(##"tooltip="\\N \\G \\E \\L \\l \\r ] { } <b>html</b>   é 漢字""##))
        #expect(result.out.contains(##"tooltip="\"; }; digraph x { ""##))
        // One statement per line: nothing the spec said made another.
        let statements = Self.statements(result.out)
        #expect(statements.filter { !Self.isEdge($0) }.count == 4)
        #expect(statements.filter(Self.isEdge).count == 3)
        try Self.expectDotReads(result.out, nodes: 4, edges: 3)
    }

    @Test func specErrorsAreLocatedAndPrintNoGraph() throws {
        let result = try Self.graph(of: "lucid: 1\nmodule: Shelf\nentities:\n  book: { propertes: {} }\n")
        #expect(result.code == .specErrors)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("spec.lucid.yaml:4:11: error: unknown key 'propertes'"), "\(result.err)")
    }

    @Test func graphHasAHelpAndALineInTheGeneralHelp() {
        let help = CapturedConsole.run(["graph", "--help"])
        #expect(help.code == .success)
        #expect(help.out.contains("USAGE: lucid-gen graph SPEC"))
        #expect(help.out.contains("Graphviz DOT"))
        #expect(CapturedConsole.run(["--help"]).out.contains("\n  graph SPEC   Print the spec's entities"))
    }

    @Test func aMissingSpecIsAnError() {
        let result = CapturedConsole.run(["graph", "/nonexistent/spec.lucid.yaml"])
        #expect(result.code == .specErrors)
        #expect(result.out.isEmpty && result.err.contains("error:"))
    }

    // MARK: - Helpers

    /// `lucid-gen graph` of `yaml`, written to a temporary `spec.lucid.yaml`.
    static func graph(of yaml: String) throws -> (code: ExitCode, out: String, err: String) {
        try withTemporaryFolder("graph") { folder in
            let path = folder.appendingPathComponent("spec.lucid.yaml").path
            try yaml.write(toFile: path, atomically: false, encoding: .utf8)
            let result = CapturedConsole.run(["graph", path])
            return (result.code, result.out, result.err.replacingOccurrences(of: folder.path + "/", with: ""))
        }
    }

    /// The node and edge statements: the lines inside the graph that end in `;`, but the defaults.
    static func statements(_ dot: String) -> [String] {
        dot.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("  \"") && $0.hasSuffix(";")
        }
    }

    /// Whether a statement is an edge: `"a" -> "b"` at its start, not inside a quoted value.
    static func isEdge(_ line: String) -> Bool {
        line.contains(/^  "[^"]*" -> "/)
    }

    static func firstQuoted(_ line: String) -> String? {
        line.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init)
    }

    /// Graphviz's `dot` parses `text` (and lays it out) without a word on standard error, and finds `nodes`
    /// nodes and `edges` edges when given; prints why nothing was checked when it is not installed, or fails when
    /// `LUCID_REQUIRE_DOT` asks for the check (CI).
    static func expectDotReads(
        _ text: String, nodes: Int? = nil, edges: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let dot = Graphviz.dot else {
            if Graphviz.required {
                let message =
                    "Graphviz's dot is not on PATH, and \(Graphviz.requiredVariable) asks for the DOT checks "
                    + "(`make test-deps` installs graphviz)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            } else {
                print(
                    "skipped: Graphviz's dot is not on PATH, so the DOT syntax is not checked (`make test-deps` "
                        + "installs graphviz)")
            }
            return
        }
        let svg = try Graphviz.run(dot, ["-Tsvg"], input: text)
        #expect(svg.status == 0 && svg.err.isEmpty, "dot: \(svg.err)", sourceLocation: sourceLocation)
        #expect(svg.out.contains("<svg"), sourceLocation: sourceLocation)
        guard nodes != nil || edges != nil else { return }
        let json = try Graphviz.run(dot, ["-Tjson0"], input: text)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let object = try #require(parsed, sourceLocation: sourceLocation)
        // json0 leaves out "objects" and "edges" when there are none.
        if let nodes { #expect((object["objects"] as? [Any])?.count ?? 0 == nodes, sourceLocation: sourceLocation) }
        if let edges { #expect((object["edges"] as? [Any])?.count ?? 0 == edges, sourceLocation: sourceLocation) }
    }
}

/// Graphviz's `dot`, when it is installed.
enum Graphviz {
    /// Set (to anything but empty or `0`), a missing `dot` fails the tests that would run it instead of skipping
    /// their checks: `.ci/run` sets it, as it sets `LUCID_TESTDATA` for the conformance suites.
    static let requiredVariable = "LUCID_REQUIRE_DOT"

    static var required: Bool {
        let value = ProcessInfo.processInfo.environment[requiredVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The path of `dot` on `PATH`, or nil.
    static var dot: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(
        _ tool: String, _ arguments: [String], input: String
    ) throws -> (
        status: Int32, out: String, err: String
    ) {
        try withTemporaryFolder("dot") { folder in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            let inputFile = folder.appendingPathComponent("in.dot")
            try input.write(to: inputFile, atomically: false, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            let out = folder.appendingPathComponent("out")
            let err = folder.appendingPathComponent("err")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            process.waitUntilExit()
            return (
                process.terminationStatus, try String(contentsOf: out, encoding: .utf8),
                try String(contentsOf: err, encoding: .utf8)
            )
        }
    }
}
