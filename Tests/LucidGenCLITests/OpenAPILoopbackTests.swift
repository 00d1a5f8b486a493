// These tests start a server on 127.0.0.1 and child processes; like the other loopback tests they run on macOS and
// Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// Real documents end to end (issue 31): for three documents of ../shared/testdata/openapi, the spec
/// `import-openapi` writes is generated, compiled with a small program that calls a few operations through the
/// generated business controllers, and run against a loopback server answering each operation with the document's
/// own example (`Tests/Support/openapi_examples.py`). The test checks each request on the wire (method, path,
/// query, credential) and that each decoded value, encoded again, is the example (what the import kept of it).
///
/// Cost: each document's code is compiled once, with the program, by one `swiftc` against the LucidRuntime the test
/// build already made (its module and object files): no package to resolve or build, 5–15 s a document.
@Suite(.timeLimit(.minutes(5)))
struct OpenAPILoopbackTests {
    struct Case: Sendable {
        var document: String
        var module: String
        /// The operations the program calls, as `METHOD /path/{template}`, in order.
        var operations: [String]
        /// What each call sends, in order: the request line's method and target (path and query), and the header
        /// that carries the credential with its value.
        var requests: [(line: String, header: String, credential: String)]
        /// The program's calls; `show(operation, value)` prints the value as JSON.
        var calls: String
    }

    /// The credential the programs send (`visitor:secret`) as HTTP basic authentication.
    static let basic = "Basic dmlzaXRvcjpzZWNyZXQ="

    static let cases = [
        Case(
            document: "redocly-museum/openapi.yaml", module: "Museum",
            operations: ["GET /special-events", "GET /special-events/{eventId}", "GET /museum-hours"],
            requests: [
                ("GET /special-events?page=2&limit=3", "Authorization", basic),
                ("GET /special-events/dad4bce8-f5cb-4078-a211-995864315e39", "Authorization", basic),
                // `page` and `limit` have defaults, the server's: a call that does not set them sends neither.
                ("GET /museum-hours?startDate=2023-09-11", "Authorization", basic),
            ],
            calls: """
                let events = EventsBusinessController(accessible: client)
                try await show("GET /special-events", events.fetchSpecialEvents(page: 2, limit: 3).value)
                let id = UUID(uuidString: "dad4bce8-f5cb-4078-a211-995864315e39")!
                try await show("GET /special-events/{eventId}", events.fetchSpecialEvent(eventId: id))
                let operations = OperationsBusinessController(accessible: client)
                let start = Date(timeIntervalSince1970: 1_694_390_400)  // 2023-09-11
                try await show("GET /museum-hours", operations.fetchMuseumHours(startDate: start).value)
                """),
        Case(
            document: "swagger-petstore/openapi.yaml", module: "Petstore",
            operations: ["GET /pet/{petId}", "GET /pet/findByStatus", "GET /user/{username}"],
            requests: [
                ("GET /pet/10", "api_key", "visitor:secret"),
                ("GET /pet/findByStatus?status=sold", "Authorization", "Bearer visitor:secret"),
                ("GET /user/the%20user", "Authorization", ""),
            ],
            calls: """
                let pets = PetBusinessController(accessible: client)
                try await show("GET /pet/{petId}", pets.fetchPetById(petId: 10))
                try await show("GET /pet/findByStatus", pets.fetchPetsByStatus(status: .sold).value)
                let users = UserBusinessController(accessible: client)
                try await show("GET /user/{username}", users.fetchUserByName(username: "the user"))
                """),
        Case(
            document: "oai-learn/tictactoe.yaml", module: "TicTacToe",
            operations: ["GET /board", "GET /board/{row}/{column}"],
            requests: [
                ("GET /board", "api-key", "visitor:secret"),
                ("GET /board/1/3", "Authorization", "Bearer visitor:secret"),
            ],
            calls: """
                let gameplay = GameplayBusinessController(accessible: client)
                try await show("GET /board", gameplay.fetchBoard())
                try await show("GET /board/{row}/{column}", gameplay.fetchSquare(row: 1, column: 3).value)
                """),
    ]

    /// What every program starts with: a client on the loopback server (the first argument) that sends the same
    /// credential for every scheme, and `show`.
    static let prelude = """
        import Foundation
        import LucidRuntime

        let client = APIClient(
            environments: ServerEnvironments(["api": ["local": CommandLine.arguments[1]]]),
            credentials: .basic(user: "visitor", password: "secret"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func show(_ operation: String, _ value: some Encodable) throws {
            print(operation + "\\t" + String(decoding: try encoder.encode(value), as: UTF8.self))
        }

        """

    @Test(arguments: cases.map(\.module))
    func operationsOfARealDocumentGoOverTheWireAndDecodeItsExamples(_ module: String) async throws {
        let test = try #require(Self.cases.first { $0.module == module })
        guard ConformanceSuites.shouldRun("openapi") else {
            print("skipped \(test.document): \(ConformanceSuites.skipReason("openapi"))")
            return
        }
        let corpus = try #require(ConformanceSuites.folder("openapi"), "\(ConformanceSuites.skipReason("openapi"))")
        let runtime = TestProducts.folder.appendingPathComponent("LucidRuntime.build")
        let objects = ((try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? [])
            .filter { $0.hasSuffix(".o") }.sorted().map { runtime.appendingPathComponent($0).path }
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        guard !objects.isEmpty else {
            print("skipped \(test.document): no LucidRuntime object files in \(runtime.path); build the package first")
            return
        }
        let document = corpus.appendingPathComponent(test.document).path
        guard let examples = try Self.examples(document, test.operations) else { return }

        try withTemporaryFolder("openapi-loopback") { folder in
            let spec = folder.appendingPathComponent("imported.lucid.yaml").path
            let imported = CapturedConsole.run(["import-openapi", document, "--output", spec])
            try #require(imported.code == .success, "\(imported.err.suffix(600))")
            let generated = folder.appendingPathComponent("Generated")
            let generate = CapturedConsole.run(["generate", spec, "--output", generated.path, "--quiet"])
            try #require(generate.code == .success, "\(generate.err)")
            let main = folder.appendingPathComponent("main.swift")
            try Data((Self.prelude + test.calls + "\n").utf8).write(to: main)
            let sources = try FileManager.default.contentsOfDirectory(atPath: generated.path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { generated.appendingPathComponent($0).path }
            let program = folder.appendingPathComponent("program").path
            let compiled = try Self.run(
                "swiftc",
                ["-swift-version", "6", "-module-name", test.module, "-I", SwiftCompiler.modules.path, main.path]
                    + sources + objects + ["-o", program])
            try #require(compiled.status == 0, "\(compiled.output.suffix(3000))")

            let bodies = examples.compactMapValues {
                try? JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed)
            }
            let server = try ScriptedHTTPServer { request in Self.answer(request, bodies) }
            defer { server.stop() }
            let ran = try Self.run(program, [server.baseURL])
            #expect(ran.status == 0, "\(ran.output.suffix(2000))")

            let received = server.received
            #expect(received.map(\.requestLine) == test.requests.map { $0.line + " HTTP/1.1" })
            for (request, expected) in zip(received, test.requests) {
                // An empty credential: the operation needs none, and the request carries no such header.
                let credential = request.header(expected.header)
                #expect(credential == (expected.credential.isEmpty ? nil : expected.credential), "\(request.head)")
            }
            var shown: [String: Any] = [:]
            for line in ran.output.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
                guard fields.count == 2 else { continue }
                shown[fields[0]] = try JSONSerialization.jsonObject(
                    with: Data(fields[1].utf8), options: .fragmentsAllowed)
            }
            #expect(shown.keys.sorted() == test.operations.sorted(), "\(ran.output.prefix(2000))")
            for operation in test.operations {
                guard let value = shown[operation], let example = examples[operation] else { continue }
                let problems = Self.mismatches(value, example, at: operation)
                #expect(problems.isEmpty, "\(problems.prefix(5))")
                #expect(Self.leaves(value) >= 1, "\(operation): nothing decoded")
            }
        }
    }

    /// The example answers of `operations`, by operation (nil where the document shows none: a failure); nil, with
    /// the reason printed, when python3 with PyYAML is missing.
    static func examples(_ document: String, _ operations: [String]) throws -> [String: Any]? {
        guard let python = SpecSchema.python, FileManager.default.isExecutableFile(atPath: python.path) else {
            print("skipped \(document): \(SpecSchema.noPythonMessage)")
            return nil
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/openapi_examples.py").path
        let result = try run(python.path, [script, document] + operations)
        guard result.status == 0, !result.output.hasPrefix("MISSING") else {
            print(
                "skipped \(document): \(python.path) with PyYAML is needed (make test-deps): "
                    + "\(result.output.prefix(300))"
            )
            return nil
        }
        let answers = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        for operation in operations {
            #expect(!(answers[operation] is NSNull), "\(document): no example for \(operation)")
        }
        return answers
    }

    /// The example of the operation whose method and path template match the request (a template without
    /// placeholders first: `/pet/findByStatus` before `/pet/{petId}`); a 404 for anything else.
    static func answer(_ request: ScriptedHTTPServer.Request, _ bodies: [String: Data]) -> ScriptedHTTPServer.Response {
        let parts = request.requestLine.split(separator: " ")
        let method = parts.first.map(String.init) ?? ""
        let path = request.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let placeholders = { (operation: String) in operation.filter { $0 == "{" }.count }
        for (operation, body) in bodies.sorted(by: { (placeholders($0.key), $0.key) < (placeholders($1.key), $1.key) })
        {
            let template = operation.split(separator: " ", maxSplits: 1).map(String.init)
            guard template.count == 2, template[0] == method else { continue }
            let pattern =
                "^" + template[1].replacingOccurrences(of: #"\{[^}]*\}"#, with: "[^/]+", options: .regularExpression)
                + "$"
            guard path.range(of: pattern, options: .regularExpression) != nil else { continue }
            return ScriptedHTTPServer.Response(status: 200, headers: [("Content-Type", "application/json")], body: body)
        }
        return ScriptedHTTPServer.Response(status: 404)
    }

    /// Where `value` (what the program decoded and encoded again) is not `example`: every key it has must be the
    /// example's, with the same value (the import may leave a property out, never change one); lists have the
    /// same length. A UUID's letters may change case (`UUID.uuidString` is upper case).
    static func mismatches(_ value: Any, _ example: Any, at path: String) -> [String] {
        switch (value, example) {
        case (let object as [String: Any], let expected as [String: Any]):
            return object.keys.sorted().flatMap { key -> [String] in
                guard let other = expected[key] else { return ["\(path).\(key): not in the example"] }
                return mismatches(object[key]!, other, at: "\(path).\(key)")
            }
        case (let list as [Any], let expected as [Any]):
            guard list.count == expected.count else { return ["\(path): \(list.count) items, not \(expected.count)"] }
            return zip(list, expected).enumerated().flatMap { mismatches($1.0, $1.1, at: "\(path)[\($0)]") }
        case (let text as String, let expected as String):
            let same = text == expected || (UUID(uuidString: text) != nil && text.lowercased() == expected.lowercased())
            return same ? [] : ["\(path): \(text) is not \(expected)"]
        case (let number as NSNumber, let expected as NSNumber):
            return number == expected ? [] : ["\(path): \(number) is not \(expected)"]
        default:
            return ["\(path): \(value) is not \(example)"]
        }
    }

    /// How many scalar values `value` holds.
    static func leaves(_ value: Any) -> Int {
        switch value {
        case let object as [String: Any]: object.values.map(leaves).reduce(0, +)
        case let list as [Any]: list.map(leaves).reduce(0, +)
        default: 1
        }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) and returns its exit status and what it printed
    /// (standard output and standard error, in one pipe).
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
        process.arguments = executable.contains("/") ? arguments : [executable] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
#endif
