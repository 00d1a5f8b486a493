// These tests run parsers as child processes. iOS, tvOS, watchOS and visionOS have no `Process`, so there the file
// is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What servers make of each `FormListStyle`: the exact form and multipart bytes the encoders write for a
/// Mastodon-like status (a top-level list, a list inside a struct, a list of structs, an empty list) fed to Rails'
/// parser (Rack, `Tests/Support/form_parse.rb`), PHP's (its built-in server, `form_parse.php`) and Python's
/// (`form_parse.py`, each name's values as Django and Flask list them), and the structure each decodes. This is the
/// evidence behind docs/Spec.md §7.3's table; and the query of a map sent as a deep object (`metadata[order]=42`)
/// fed to Rack and PHP, behind §7.2's. A parser that is not installed is skipped, saying so (`make
/// test-deps` installs php-cli and ruby-rack).
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FormParserTests {
    /// The conventions, each with the value it sends (`repeated` and `comma` cannot send a list of structs).
    static let conventions: [(FormListStyle, FormListsStatus)] = [
        (.mixed, FormListsStatus()), (.brackets, FormListsStatus()), (.indexed, FormListsStatus()),
        (.repeated, .flat), (.comma, .flat),
    ]

    /// The requests: each convention as a form body, then as a multipart body.
    static func requests() throws -> [(contentType: String, body: Data)] {
        let forms = try conventions.map { lists, value in
            ("application/x-www-form-urlencoded", try FormURLEncoder.encode(value, lists: lists))
        }
        let parts = try conventions.map { lists, value in
            (
                "multipart/form-data; boundary=lucid-B",
                try MultipartFormEncoder.encode(value, boundary: "lucid-B", lists: lists)
            )
        }
        return forms + parts
    }

    static let support = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support")

    /// `name` from PATH, or nil after printing why the test is skipped.
    static func tool(_ name: String, for what: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        print("FormParserTests: skipping \(what): '\(name)' is not on PATH (make test-deps installs it)")
        return nil
    }

    /// Runs `tool` with `arguments`, one JSON request a line on its stdin; its stdout's lines.
    static func run(
        _ tool: URL, _ arguments: [String], requests: [(contentType: String, body: Data)]
    ) throws
        -> [String]
    {
        try run(
            tool, arguments,
            lines: requests.map { ["content_type": $0.contentType, "body": $0.body.base64EncodedString()] })
    }

    /// Runs `tool` with `arguments`, each of `lines` as a JSON object a line on its stdin; its stdout's lines.
    static func run(_ tool: URL, _ arguments: [String], lines requests: [[String: String]]) throws -> [String] {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var lines = ""
        for request in requests {
            lines += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool.lastPathComponent): \(problems)")
        return String(decoding: result, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Checks `decoded`, one structure per request, against the structure each convention should give, the same
    /// for a form and a multipart body.
    static func check(_ decoded: [String], _ expected: [String], parser: String) {
        #expect(decoded.count == expected.count * 2, "\(parser) answered \(decoded.count) lines")
        for (index, (lists, _)) in conventions.enumerated() where index < expected.count {
            #expect(
                decoded.count > index && decoded[index] == expected[index], "\(parser), form, \(lists)")
            let part = index + conventions.count
            #expect(
                decoded.count > part && decoded[part] == expected[index], "\(parser), multipart, \(lists)")
        }
    }

    /// Ruby with Rack, or nil after printing why the test is skipped.
    static func rubyWithRack() throws -> URL? {
        guard let ruby = Self.tool("ruby", for: "Rack") else { return nil }
        let probe = try Self.run(ruby, ["-e", "require 'rack'; puts :ok"], requests: [])
        guard probe == ["ok"] else {
            print("FormParserTests: skipping Rack: ruby cannot load rack (make test-deps installs ruby-rack)")
            return nil
        }
        return ruby
    }

    @Test func rackReadsBracketsAsListsAndIndexedAsHashes() throws {
        guard let ruby = try Self.rubyWithRack() else { return }
        let decoded = try Self.run(
            ruby, [Self.support.appendingPathComponent("form_parse.rb").path], requests: try Self.requests())
        Self.check(decoded, Self.rack, parser: "Rack")
    }

    // MARK: Maps in a query (`QueryMapStyle.deepObject`)

    /// Stripe-like query maps as `ParameterList` writes them: keys sorted, each `name[key]` percent-encoded whole
    /// (`metadata%5Border%5D=42`), keys and values that need it too.
    static var deepObjectQuery: String {
        var query = ParameterList()
        query.add("metadata", ["ref": "a b", "order": "42", "x&y": "1=2"], style: .deepObject)
        query.add("created", ["lt": 1_800_000_000, "gt": 1_700_000_000], style: .deepObject)
        query.add("limit", 10)
        return URLEncoding.encode(query.items)
    }

    /// What Rack and PHP make of `deepObjectQuery`: a nested map per name, each key and value as sent.
    static let deepObjectParsed =
        #"{"metadata":{"order":"42","ref":"a b","x&y":"1=2"},"created":{"gt":"1700000000","lt":"1800000000"},"#
        + #""limit":"10"}"#

    @Test func theDeepObjectQueryIsTheOneBothParsersRead() {
        #expect(
            Self.deepObjectQuery
                == "metadata%5Border%5D=42&metadata%5Bref%5D=a%20b&metadata%5Bx%26y%5D=1%3D2"
                + "&created%5Bgt%5D=1700000000&created%5Blt%5D=1800000000&limit=10")
    }

    @Test func rackReadsADeepObjectQueryAsNestedMaps() throws {
        guard let ruby = try Self.rubyWithRack() else { return }
        let decoded = try Self.run(
            ruby, [Self.support.appendingPathComponent("form_parse.rb").path],
            lines: [["query": Self.deepObjectQuery]])
        #expect(decoded == [Self.deepObjectParsed])
    }

    @Test func phpReadsBracketsAndIndexedAsListsButNotListsOfStructsInBrackets() async throws {
        guard let php = Self.tool("php", for: "PHP") else { return }
        let decoded = try await Self.withPHPServer(php) { url, session in
            var decoded: [String] = []
            for request in try Self.requests() {
                var post = URLRequest(url: url)
                post.httpMethod = "POST"
                post.setValue(request.contentType, forHTTPHeaderField: "Content-Type")
                post.httpBody = request.body
                let (data, _) = try await session.data(for: post)
                decoded.append(String(decoding: data, as: UTF8.self))
            }
            return decoded
        }
        Self.check(decoded, Self.php, parser: "PHP")
    }

    @Test func phpReadsADeepObjectQueryAsNestedMaps() async throws {
        guard let php = Self.tool("php", for: "PHP") else { return }
        let decoded = try await Self.withPHPServer(php) { url, session in
            let get = try #require(URL(string: url.absoluteString + "?" + Self.deepObjectQuery))
            let (data, _) = try await session.data(for: URLRequest(url: get))
            return String(decoding: data, as: UTF8.self)
        }
        #expect(decoded == Self.deepObjectParsed)
    }

    /// Runs `body` against PHP's built-in server answering with `form_parse.php`, then stops the server.
    static func withPHPServer<T>(
        _ php: URL, _ body: (_ url: URL, _ session: URLSession) async throws -> T
    ) async throws -> T {
        let server = Process()
        server.executableURL = php
        server.arguments = ["-S", "127.0.0.1:0", Self.support.appendingPathComponent("form_parse.php").path]
        let log = Pipe()
        server.standardOutput = log
        server.standardError = log
        try server.run()
        defer {
            // PHP's server can outlive a SIGTERM sent from here; SIGKILL it, and reap it.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        // PHP prints `PHP 8.2.36 Development Server (http://127.0.0.1:36471) started` once it listens.
        var text = ""
        while !text.contains(") started") {
            let chunk = log.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let match = try #require(text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\)/), "php -S printed: \(text)")
        let url = try #require(URL(string: "http://127.0.0.1:\(match.1)/"))
        return try await body(url, URLSession(configuration: .ephemeral))
    }

    @Test func pythonReadsRepeatedNamesAndKeepsBracketsInNames() throws {
        guard let python = Self.tool("python3", for: "Python") else { return }
        let decoded = try Self.run(
            python, [Self.support.appendingPathComponent("form_parse.py").path], requests: try Self.requests())
        Self.check(decoded, Self.python, parser: "Python")
    }

    // MARK: What each parser decodes, in the order of `conventions`

    /// Rack 2.2: `[]` makes a list, a position a hash keyed by it, a repeated name keeps its last value.
    static let rack: [String] = [
        #"{"status":"Hi","media_ids":"2","poll":{"options":{"0":"tea","1":"milk"},"#
            + #""expires_in":"300"},"items":{"0":{"name":"x","qty":"1","tags":{"0":"a","1":"b"}},"#
            + #""1":{"name":"y","tags":{"0":"c"}}}}"#,
        #"{"status":"Hi","media_ids":["1","2"],"poll":{"options":["tea","milk"],"#
            + #""expires_in":"300"},"items":[{"name":"x","qty":"1","tags":["a","b"]},{"name":"y","#
            + #""tags":["c"]}]}"#,
        #"{"status":"Hi","media_ids":{"0":"1","1":"2"},"poll":{"options":{"0":"tea","1":"milk"},"#
            + #""expires_in":"300"},"items":{"0":{"name":"x","qty":"1","tags":{"0":"a","1":"b"}},"#
            + #""1":{"name":"y","tags":{"0":"c"}}}}"#,
        #"{"status":"Hi","media_ids":"2","poll":{"options":"milk","expires_in":"300"}}"#,
        #"{"status":"Hi","media_ids":"1,2","poll":{"options":"tea,milk","expires_in":"300"}}"#,
    ]

    /// PHP 8.2: `[]` and positions make lists, but `[]` opens a new item for every field of a list of structs.
    static let php: [String] = [
        #"{"status":"Hi","media_ids":"2","poll":{"options":["tea","milk"],"expires_in":"300"},"#
            + #""items":[{"name":"x","qty":"1","tags":["a","b"]},{"name":"y","tags":["c"]}]}"#,
        #"{"status":"Hi","media_ids":["1","2"],"poll":{"options":["tea","milk"],"#
            + #""expires_in":"300"},"items":[{"name":"x"},{"qty":"1"},{"tags":["a"]},{"tags":["b"]},"#
            + #"{"name":"y"},{"tags":["c"]}]}"#,
        #"{"status":"Hi","media_ids":["1","2"],"poll":{"options":["tea","milk"],"#
            + #""expires_in":"300"},"items":[{"name":"x","qty":"1","tags":["a","b"]},{"name":"y","#
            + #""tags":["c"]}]}"#,
        #"{"status":"Hi","media_ids":"2","poll":{"options":"milk","expires_in":"300"}}"#,
        #"{"status":"Hi","media_ids":"1,2","poll":{"options":"tea,milk","expires_in":"300"}}"#,
    ]

    /// Python: every name as written, brackets included, with its values in order.
    static let python: [String] = [
        #"{"status":["Hi"],"media_ids":["1","2"],"poll[options][0]":["tea"],"#
            + #""poll[options][1]":["milk"],"poll[expires_in]":["300"],"items[0][name]":["x"],"#
            + #""items[0][qty]":["1"],"items[0][tags][0]":["a"],"items[0][tags][1]":["b"],"#
            + #""items[1][name]":["y"],"items[1][tags][0]":["c"]}"#,
        #"{"status":["Hi"],"media_ids[]":["1","2"],"poll[options][]":["tea","milk"],"#
            + #""poll[expires_in]":["300"],"items[][name]":["x","y"],"items[][qty]":["1"],"#
            + #""items[][tags][]":["a","b","c"]}"#,
        #"{"status":["Hi"],"media_ids[0]":["1"],"media_ids[1]":["2"],"poll[options][0]":["tea"],"#
            + #""poll[options][1]":["milk"],"poll[expires_in]":["300"],"items[0][name]":["x"],"#
            + #""items[0][qty]":["1"],"items[0][tags][0]":["a"],"items[0][tags][1]":["b"],"#
            + #""items[1][name]":["y"],"items[1][tags][0]":["c"]}"#,
        #"{"status":["Hi"],"media_ids":["1","2"],"poll[options]":["tea","milk"],"#
            + #""poll[expires_in]":["300"]}"#,
        #"{"status":["Hi"],"media_ids":["1,2"],"poll[options]":["tea,milk"],"#
            + #""poll[expires_in]":["300"]}"#,
    ]
}
#endif
