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
                    body: ["json", "form", "multipart", "raw"].first { body?[$0] != nil },
                    response: response["body"] is [String: Any])
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
