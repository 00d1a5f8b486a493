import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// Round trips through OpenAPI (issue 31): every spec of Examples/ and of the golden cases, exported with
/// `lucid-gen openapi` and imported back with `import-openapi`, lints clean, generates, and has the same public API
/// (`PublicAPISummary`) but for the losses docs/OpenAPIImport.md lists ("What a round trip loses"); and the spec
/// imported from each corpus document exports a document openapi-spec-validator accepts.
@Suite struct OpenAPIRoundTripTests {
    @Test func everyExampleSpecComesBackWithTheSamePublicAPI() throws {
        let specs = OpenAPICommandTests.exampleSpecs
        #expect(specs.count >= 16)
        try withTemporaryFolder("roundtrip") { folder throws in
            var compared = 0
            for (index, spec) in specs.enumerated() {
                let name = spec.split(separator: "/").suffix(3).joined(separator: "/")
                let document = folder.appendingPathComponent("\(index).json").path
                let export = CapturedConsole.run(["openapi", spec, "--output", document])
                try #require(export.code == .success, "\(name): \(export.err)")
                let imported = folder.appendingPathComponent("\(index).lucid.yaml").path
                let result = CapturedConsole.run(["import-openapi", document, "--output", imported])
                #expect(result.code == .success, "\(name): \(result.err)")
                guard result.code == .success else { continue }
                let lint = CapturedConsole.run(["lint", imported])
                #expect(lint.code == .success && !lint.err.contains(": error: "), "\(name): \(lint.err)")
                let output = folder.appendingPathComponent("Generated\(index)").path
                let generate = CapturedConsole.run(["generate", imported, "--output", output, "--quiet"])
                #expect(generate.code == .success, "\(name): \(generate.err)")

                let before = try PublicAPISummary(dump: Self.dump(spec))
                let after = try PublicAPISummary(dump: Self.dump(imported))
                for difference in before.differences(to: after) {
                    Issue.record("\(name): \(difference)")
                }
                compared += before.operations.count
            }
            #expect(compared >= 80, "operations compared: \(compared)")
        }
    }

    /// The comparison finds what it should: a lost operation, a renamed query key, a lost property, a body that
    /// became another kind, a lost response, a lost form body, a lost property of an enum type, a lost map query item.
    @Test func theComparisonTellsALossFromAListedOne() throws {
        let original = try PublicAPISummary(dump: Self.dump(yaml: Self.sample))
        #expect(original.differences(to: original).isEmpty)
        let changes: [(String, String, String)] = [
            ("get: /movies/{id}", "get: /films/{id}", "GET /movies/{}: not imported"),
            ("page: int", "pages: int", #"GET /movies/{}: query ["page"] became ["pages"]"#),
            ("title: string", "name: string", "model movie: property 'title' lost"),
            ("body: { json: movie }", "body: { form: login }", "PUT /movies/{}: a json body became form"),
            ("response: { entity: movie }", "", "GET /movies/{}: the response was lost"),
        ]
        for (old, new, expected) in changes {
            let changed = try PublicAPISummary(
                dump: Self.dump(yaml: Self.sample.replacingOccurrences(of: old, with: new)))
            let differences = original.differences(to: changed)
            #expect(differences.contains { $0.hasPrefix(expected) }, "\(old) → \(new): \(differences)")
        }
        // Once listed losses, mapped since: a form body, and a property typed by an enum.
        let formless = try PublicAPISummary(
            dump: Self.dump(yaml: Self.sample.replacingOccurrences(of: "      body: { form: login }\n", with: "")))
        #expect(original.differences(to: formless) == ["POST /login: a form body became none"])
        let moodless = try PublicAPISummary(
            dump: Self.dump(yaml: Self.sample.replacingOccurrences(of: "      mood: mood\n", with: "")))
        #expect(original.differences(to: moodless) == ["model movie: property 'mood' lost"])
        // …and a map query item (`style: deep_object`), which the import reads back from `style: deepObject`.
        let mapped = try PublicAPISummary(
            dump: Self.dump(
                yaml: Self.sample.replacingOccurrences(
                    of: "query: { page: int }",
                    with: "query: { page: int, tags: { type: \"{string: string}\", style: deep_object } }")))
        #expect(mapped.differences(to: original) == [#"GET /movies/{}: query ["page", "tags"] became ["page"]"#])
    }

    /// Streams, downloads and uploads (issue 40) come back as they were: the Streams golden case's OpenAI-shaped
    /// chat stream with its terminator, named events with their options, a JSON Lines export, a download with its
    /// limits and a file upload. The export says them with their media types (`text/event-stream`, …) and
    /// `x-lucid-events`, `x-lucid-stream`, `x-lucid-download`, `x-lucid-file`.
    @Test func streamsDownloadsAndUploadsComeBackAsTheyWere() throws {
        let spec = OpenAPICommandTests.root + "/Tests/Golden/Streams/Spec/streams.lucid.yaml"
        try withTemporaryFolder("roundtrip") { folder throws in
            let document = folder.appendingPathComponent("streams.json").path
            let export = CapturedConsole.run(["openapi", spec, "--output", document])
            try #require(export.code == .success, "\(export.err)")
            let text = try String(contentsOfFile: document, encoding: .utf8)
            for media in ["text/event-stream", "application/jsonl", "application/octet-stream", "image/jpeg"] {
                #expect(text.contains("\"\(media)\": {"), "\(media)")
            }
            for key in ["x-lucid-events", "x-lucid-stream", "x-lucid-download", "x-lucid-file"] {
                #expect(text.contains("\"\(key)\": "), "\(key)")
            }
            let imported = folder.appendingPathComponent("streams.lucid.yaml").path
            let result = CapturedConsole.run(["import-openapi", document, "--output", imported])
            try #require(result.code == .success, "\(result.err)")
            for key in ["x-lucid-events", "x-lucid-stream", "x-lucid-download", "x-lucid-file"] {
                #expect(!result.err.contains("'\(key)'"), "read, so never said to be ignored: \(result.err)")
            }
            let before = try PublicAPISummary(dump: Self.dump(spec))
            let after = try PublicAPISummary(dump: Self.dump(imported))
            #expect(before.differences(to: after).isEmpty, "\(before.differences(to: after))")
            #expect(
                after.operations["POST /chat/completions"]?.reading == "events chatchunk terminator=[DONE]",
                "\(after.operations)")
            #expect(
                after.operations["POST /messages"]?.reading
                    == "events message_start:messagestart,content_block_delta:contentblockdelta,"
                    + "message_stop:messagestop resume=3 idle=120 max_item_bytes=65536")
            #expect(after.operations["GET /exports/{}"]?.reading == "json_lines exportrecord idle=30")
            #expect(
                after.operations["GET /files/{}/content"]?.reading
                    == "download content_type=application/octet-stream max_bytes=2000000000 idle=45 resume=5")
            #expect(after.operations["POST /photos/{}"]?.body == "file image/jpeg")
            let generated = folder.path + "/Generated"
            let generate = CapturedConsole.run(["generate", imported, "--output", generated, "--quiet"])
            #expect(generate.code == .success, "\(generate.err)")
        }
    }

    /// What the import makes of an operation that answers JSON or a stream as its request asks (two endpoints on
    /// one route) the export writes back as one operation with both media types (OpenAPI has one operation per
    /// method and path), and the import makes two endpoints of it again.
    @Test func aRouteReadWholeAndAsAStreamIsOneOperationAndTwoEndpointsAgain() throws {
        try withTemporaryFolder("roundtrip") { folder throws in
            let spec = folder.appendingPathComponent("chat.lucid.yaml")
            try Data(Self.twoReadings.utf8).write(to: spec)
            let document = folder.appendingPathComponent("chat.json").path
            let export = CapturedConsole.run(["openapi", spec.path, "--output", document])
            try #require(export.code == .success, "\(export.err)")
            #expect(!export.err.contains("left out"), "\(export.err)")
            let exported = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: document)))
                    as? [String: Any])
            let paths = exported["paths"] as? [String: [String: Any]] ?? [:]
            let post = paths["/chat/completions"]?["post"] as? [String: Any]
            let responses = post?["responses"] as? [String: Any]
            let content = (responses?["2XX"] as? [String: Any])?["content"] as? [String: Any]
            #expect(content.map { Set($0.keys) } == ["application/json", "text/event-stream"], "\(paths)")
            let imported = folder.appendingPathComponent("back.lucid.yaml").path
            let result = CapturedConsole.run(["import-openapi", document, "--output", imported])
            try #require(result.code == .success, "\(result.err)")
            #expect(!result.err.contains("repeats"), "\(result.err)")
            let services = try Self.dump(imported)["services"] as? [[String: Any]] ?? []
            let readings = services.flatMap { $0["endpoints"] as? [[String: Any]] ?? [] }.map { endpoint in
                "\(endpoint["name"] ?? "") \(PublicAPISummary.reading(endpoint) ?? "whole")"
            }
            #expect(
                readings == [
                    "Chat_complete whole", "Chat_complete_stream events chunk terminator=[DONE]",
                    "Chat_fetchVideo download content_type=video/mp4", "Chat_fetchVideo_stream json_lines chunk",
                ], "\(readings)")
        }
    }

    /// A spec with two routes each read two ways: JSON or events, a file or JSON Lines.
    static let twoReadings = """
        lucid: 1
        module: Chat
        servers:
          api: https://api.example.com
        subtypes:
          chat_request: { properties: { model: string, stream: bool } }
          reply: { properties: { text: string } }
          chunk: { properties: { delta: string } }
        services:
          chat:
            endpoints:
              complete:
                post: /chat/completions
                body: chat_request
                response: { type: reply }
              complete_stream:
                post: /chat/completions
                body: chat_request
                stream: { events: chunk, terminator: "[DONE]" }
              video:
                get: /videos/{id}
                params: { id: string }
                download: { content_type: video/mp4 }
              video_stream:
                get: /videos/{id}
                params: { id: string }
                stream: { json_lines: chunk }

        """

    /// The spec imported from each document of ../shared/testdata/openapi exports (`lucid-gen openapi`) a
    /// document openapi-spec-validator accepts.
    @Test func theCorpusImportsExportValidDocuments() throws {
        guard ConformanceSuites.shouldRun("openapi") else {
            print("skipped: \(ConformanceSuites.skipReason("openapi"))")
            return
        }
        let corpus = try #require(ConformanceSuites.folder("openapi"), "\(ConformanceSuites.skipReason("openapi"))")
        try withTemporaryFolder("roundtrip") { folder throws in
            var outputs: [String: String] = [:]
            for (index, name) in ImportOpenAPICommandTests.corpus.enumerated() {
                let spec = folder.appendingPathComponent("\(index).lucid.yaml").path
                let imported = CapturedConsole.run([
                    "import-openapi", corpus.appendingPathComponent(name).path, "--output", spec,
                ])
                #expect(imported.code == .success, "\(name): \(imported.err.suffix(600))")
                let document = folder.appendingPathComponent("\(index).json").path
                let export = CapturedConsole.run(["openapi", spec, "--output", document])
                #expect(export.code == .success, "\(name): \(export.err.suffix(600))")
                if export.code == .success { outputs[document] = name }
            }
            switch OpenAPIValidator.validate(outputs.keys.sorted()) {
            case .failure(let missing):
                print("skipped the validation of \(outputs.count) documents: \(missing.message)")
            case .success(let verdicts):
                #expect(verdicts.count == outputs.count)
                for verdict in verdicts {
                    #expect(
                        verdict.problem == nil, "\(outputs[verdict.path] ?? verdict.path): \(verdict.problem ?? "")")
                }
            }
        }
    }

    // MARK: Support

    static func dump(_ spec: String) throws -> [String: Any] {
        let result = CapturedConsole.run(["dump", spec])
        try #require(result.code == .success, "\(spec): \(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    static func dump(yaml: String) throws -> [String: Any] {
        try withTemporaryFolder("roundtrip") { folder in
            let path = folder.appendingPathComponent("sample.lucid.yaml")
            try Data(yaml.utf8).write(to: path)
            return try dump(path.path)
        }
    }

    static let sample = """
        lucid: 1
        module: Sample
        servers:
          api: https://api.example.com
        subtypes:
          mood:
            cases: [calm, busy]
          login:
            properties:
              user: string
        entities:
          movie:
            properties:
              title: string
              mood: mood
        services:
          movies:
            endpoints:
              movie:
                get: /movies/{id}
                params: { id: int }
                query: { page: int }
                response: { entity: movie }
              update:
                put: /movies/{id}
                params: { id: int }
                body: { json: movie }
              login:
                post: /login
                body: { form: login }

        """
}

/// What a caller of a spec's generated client sees, by what goes on the wire, so that a spec and the spec a round
/// trip through OpenAPI gives back can be compared: each operation (method and path, placeholders unnamed) with its
/// service, its path parameters, the wire names of its query items and headers, its body's kind, and whether it
/// has a response; and each model (entity or struct subtype, by its name without case, `_` or an `Entity` suffix)
/// with the top-level JSON keys of its properties. Swift names are not compared: the losses docs/OpenAPIImport.md
/// lists say how they change.
struct PublicAPISummary {
    struct Operation: Equatable {
        var service: String
        var pathParameters: Int
        var query: [String]
        var headers: [String]
        var body: String?
        var response: Bool
        /// How a response never read whole is read: `events chatchunk terminator=[DONE]`, `download
        /// content_type=video/mp4`; type names normalized (their spelling is a listed loss).
        var reading: String?
    }

    var operations: [String: Operation] = [:]
    /// Each model's properties: the type of each, by top-level JSON key.
    var models: [String: [String: String]] = [:]
    /// The kind (`enum`, `option_set`, `union`, …) of each subtype, by spec name.
    var kinds: [String: String] = [:]
    var genericSubtypes: Set<String> = []

    init(dump: [String: Any]) {
        for service in dump["services"] as? [[String: Any]] ?? [] {
            for endpoint in service["endpoints"] as? [[String: Any]] ?? [] {
                let method = endpoint["method"] as? String ?? "?"
                let path = (endpoint["path"] as? String ?? "").replacingOccurrences(
                    of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
                let body = endpoint["body"] as? [String: Any]
                let response = endpoint["response"] as? [String: Any] ?? [:]
                operations["\(method) \(path)"] = Operation(
                    service: service["name"] as? String ?? "",
                    pathParameters: (endpoint["params"] as? [Any])?.count ?? 0,
                    query: Self.wireNames(endpoint, "query", "fixed_query"),
                    headers: Self.wireNames(endpoint, "headers", "fixed_headers").map { $0.lowercased() },
                    body: ["json", "form", "multipart", "raw", "file"].first { body?[$0] != nil }
                        .map { $0 == "file" ? "file \(body?["content_type"] ?? "")" : $0 },
                    response: response["body"] is [String: Any], reading: Self.reading(endpoint))
            }
        }
        for entity in dump["entities"] as? [[String: Any]] ?? [] {
            // An entity's metadata is read beside its properties, from the same JSON object.
            var properties = Self.properties(entity["properties"]).merging(Self.properties(entity["metadata"])) {
                a, _ in a
            }
            if let identifier = entity["identifier"] as? [String: Any], let key = identifier["key"] {
                properties[Self.topKey(key)] = identifier["type"] as? String ?? ""
            }
            models[Self.normalized(entity["name"] as? String ?? "")] = properties
        }
        for subtype in dump["subtypes"] as? [[String: Any]] ?? [] {
            let name = subtype["name"] as? String ?? ""
            let kind = subtype["kind"] as? [String: Any] ?? [:]
            kinds[name] = kind["kind"] as? String ?? "?"
            if !(subtype["generic"] as? [Any] ?? []).isEmpty { genericSubtypes.insert(name) }
            if kinds[name] == "struct", !genericSubtypes.contains(name) {
                models[Self.normalized(name)] = Self.properties(kind["properties"])
            }
        }
    }

    /// Every way `other` differs from this summary that no listed loss explains, as a sentence each.
    func differences(to other: PublicAPISummary) -> [String] {
        var found: [String] = []
        for (key, operation) in operations.sorted(by: { $0.key < $1.key }) {
            guard let back = other.operations[key] else {
                found.append("\(key): not imported")
                continue
            }
            if back.service != operation.service {
                found.append("\(key): service \(operation.service) became \(back.service)")
            }
            if back.pathParameters != operation.pathParameters {
                found.append("\(key): \(operation.pathParameters) path parameters became \(back.pathParameters)")
            }
            if back.query != operation.query {
                found.append("\(key): query \(operation.query) became \(back.query)")
            }
            if back.headers != operation.headers {
                found.append("\(key): headers \(operation.headers) became \(back.headers)")
            }
            if back.body != operation.body {
                found.append("\(key): a \(operation.body ?? "no") body became \(back.body ?? "none")")
            }
            if back.response != operation.response {
                found.append("\(key): the response was \(operation.response ? "lost" : "invented")")
            }
            if back.reading != operation.reading {
                found.append("\(key): read as \(operation.reading ?? "a whole") became \(back.reading ?? "a whole")")
            }
        }
        for key in other.operations.keys.sorted() where operations[key] == nil {
            found.append("\(key): invented")
        }
        for (name, properties) in models.sorted(by: { $0.key < $1.key }) {
            guard let back = other.models[name] else {
                found.append("model \(name): not imported")
                continue
            }
            for key in properties.keys.sorted() where back[key] == nil {
                found.append("model \(name): property '\(key)' lost")
            }
            for key in back.keys.sorted() where properties[key] == nil {
                found.append("model \(name): property '\(key)' invented")
            }
        }
        return found
    }

    /// The wire names of an endpoint's query items or headers, fixed ones included (listed loss: they come back
    /// as parameters); a list sent in the brackets style (`labels[]=a`) comes back as a parameter of that name
    /// (listed loss); the headers OpenAPI says are ignored (`Accept`, `Content-Type`, `Authorization`) are left out.
    /// The type of a property whose type is no name (an inline `one_of`).
    static let inlineUnion = "(inline union)"

    private static func wireNames(_ endpoint: [String: Any], _ key: String, _ fixedKey: String) -> [String] {
        let values = (endpoint[key] as? [[String: Any]] ?? []) + (endpoint[fixedKey] as? [[String: Any]] ?? [])
        return values.compactMap { value in
            let name = (value["key"] as? String) ?? (value["name"] as? String) ?? ""
            if key == "headers", ["accept", "content-type", "authorization"].contains(name.lowercased()) { return nil }
            return name.hasSuffix("[]") ? String(name.dropLast(2)) : name
        }.sorted()
    }

    /// An endpoint's `stream` or `download` from the dump, as one line; nil for a response read whole.
    static func reading(_ endpoint: [String: Any]) -> String? {
        func option(_ name: String, _ value: Any?) -> String? { value.map { "\(name)=\($0)" } }
        if let stream = endpoint["stream"] as? [String: Any] {
            let items = stream["items"] as? [String: Any] ?? [:]
            let types =
                (items["type"] as? String).map(normalized)
                ?? (items["named"] as? [[String: Any]] ?? []).map {
                    "\($0["name"] ?? ""):\(normalized($0["type"] as? String ?? ""))"
                }.joined(separator: ",")
            let resume = (stream["max_reconnections"] as? Int).flatMap { $0 == 0 ? nil : $0 }
            let options = [
                option("terminator", stream["terminator"]), option("resume", resume),
                option("idle", stream["idle_timeout"]), option("max_item_bytes", stream["max_item_bytes"]),
            ]
            return ([stream["format"] as? String ?? "?", types] + options.compactMap { $0 }).joined(separator: " ")
        }
        guard let download = endpoint["download"] as? [String: Any] else { return nil }
        let options = [
            option("content_type", download["content_type"]), option("max_bytes", download["max_bytes"]),
            option("idle", download["idle_timeout"]), option("resume", download["max_resumptions"]),
        ]
        return (["download"] + options.compactMap { $0 }).joined(separator: " ")
    }

    private static func properties(_ value: Any?) -> [String: String] {
        var properties: [String: String] = [:]
        for property in value as? [[String: Any]] ?? [] {
            properties[topKey(property["key"] ?? property["name"] ?? "")] = property["type"] as? String ?? inlineUnion
        }
        return properties
    }

    /// The JSON key at the top of a property's key: `a.b.c` → `a` (a key path), `[a.b, c]` → `a.b` (a path of
    /// literal keys).
    private static func topKey(_ key: Any) -> String {
        if let list = key as? [String] { return list.first ?? "" }
        return (key as? String ?? "").split(separator: ".").first.map(String.init) ?? ""
    }

    /// A model's name without case, `_` or an `Entity` suffix; a generic subtype's use (`page<track>`,
    /// `keyed<string, artist>`) by the name of the struct the import makes of it (`PageOfTrack`,
    /// `KeyedOfStringAndArtist`).
    static func normalized(_ name: String) -> String {
        let spelled = name.replacingOccurrences(of: "<", with: "of").replacingOccurrences(of: ",", with: "and")
        let plain = spelled.lowercased().filter { $0.isLetter || $0.isNumber }
        return plain.hasSuffix("entity") && plain.count > 6 ? String(plain.dropLast(6)) : plain
    }
}
