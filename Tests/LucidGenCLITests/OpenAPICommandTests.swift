import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen openapi`: an OpenAPI 3.1 document of a spec's services.
@Suite struct OpenAPICommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let movies = root + "/Examples/Movies/Sources/Movies/movies.lucid.yaml"

    /// Every spec of the repository: the examples' and the golden cases' (not those of packages checked out into
    /// an example's `.build`).
    static var exampleSpecs: [String] {
        var specs: [String] = []
        for folder in [root + "/Examples", root + "/Tests/Golden"] {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix(".build") { enumerator.skipDescendants() }
                let isGoldenSpec = folder.hasSuffix("Golden") ? path.contains("/Spec/") : true
                if path.hasSuffix(".lucid.yaml"), isGoldenSpec { specs.append(folder + "/" + path) }
            }
        }
        return specs.sorted()
    }

    @Test func everyExampleSpecExportsAValidDocument() throws {
        let specs = Self.exampleSpecs
        #expect(specs.count >= 16)
        try withTemporaryFolder("openapi") { folder throws in
            var outputs: [String] = []
            var dumps: [String] = []
            for (index, spec) in specs.enumerated() {
                let output = folder.appendingPathComponent("\(index).json").path
                let result = CapturedConsole.run(["openapi", spec, "--output", output])
                #expect(result.code == .success, "\(spec): \(result.err)")
                #expect(result.out == "")
                outputs.append(output)
                dumps.append(folder.appendingPathComponent("\(index).dump.json").path)
                try Data(CapturedConsole.run(["dump", spec]).out.utf8).write(to: URL(fileURLWithPath: dumps[index]))
            }
            switch OpenAPIValidator.validate(outputs) {
            case .failure(let missing): Issue.record(Comment(rawValue: missing.message))
            case .success(let verdicts):
                #expect(verdicts.count == specs.count)
                for verdict in verdicts {
                    let spec = outputs.firstIndex(of: verdict.path).map { specs[$0] } ?? verdict.path
                    #expect(verdict.problem == nil, "\(spec): \(verdict.problem ?? "")")
                }
            }
            checkExamples(Array(zip(outputs, dumps)))
        }
    }

    /// Every `example:` body fits the schema of its endpoint's response, base keys included.
    private func checkExamples(_ pairs: [(document: String, dump: String)]) {
        switch OpenAPIValidator.checkExamples(pairs) {
        case .failure(let missing): Issue.record(Comment(rawValue: missing.message))
        case .success(let lines):
            for line in lines where line.hasPrefix("FAIL") { Issue.record(Comment(rawValue: line)) }
            let checked = lines.last { $0.hasPrefix("CHECKED\t") }.flatMap { Int($0.dropFirst(8)) }
            #expect((checked ?? 0) >= 8, "examples checked: \(lines)")
        }
    }

    @Test func theValidatorRejectsABrokenDocument() throws {
        try withTemporaryFolder("openapi") { folder throws in
            let path = folder.appendingPathComponent("bad.json").path
            try Data(#"{"openapi": "3.1.0", "info": {"title": "x"}, "paths": {"a": {}}}"#.utf8)
                .write(to: URL(fileURLWithPath: path))
            guard case .success(let verdicts) = OpenAPIValidator.validate([path]) else {
                Issue.record("python3 with openapi-spec-validator is needed; run 'make test-deps'")
                return
            }
            #expect(verdicts.count == 1 && verdicts[0].problem != nil)
        }
    }

    /// A server's `{variables}` stay in its URLs and are listed as OpenAPI server variables; one without a default
    /// gets a value that fits (OpenAPI requires a default) and `x-lucid-required`.
    @Test func serverVariablesAreOpenAPIServerVariables() throws {
        let document = try Self.export(path: Self.root + "/Tests/Golden/Servers/Spec/servers.lucid.yaml")
        let servers = try #require(at(document, "servers") as? [[String: Any]])
        #expect(
            servers.compactMap { $0["url"] as? String } == ["https://{instance}/api/v1", "http://{instance}/api/v1"])
        let instance = try #require(at(servers[0], "variables", "instance") as? [String: Any])
        #expect(instance["default"] as? String == "example.com")
        #expect(instance["x-lucid-required"] as? Bool == true)
        #expect(instance["description"] as? String == "The user's own instance, such as mastodon.social.")
        let ping = try #require(at(document, "paths", "/ping", "get", "servers") as? [[String: Any]])
        #expect(ping.compactMap { $0["url"] as? String }.last == "http://127.0.0.1:{port}/{version}")
        #expect(at(ping[0], "variables", "region", "enum") as? [String] == ["eu-west-1", "us"])
        #expect(at(ping[0], "variables", "region", "default") as? String == "us")
        #expect(at(ping[0], "variables", "port") == nil, "only the variables of that URL")
        #expect(at(ping[1], "variables", "port", "default") as? String == "8080")
        #expect(at(document, "paths", "/assets/{name}", "get", "servers", 0, "variables") == nil)
    }

    // MARK: - Movies

    @Test func moviesServersTagsAndSecurity() throws {
        let document = try Self.export(path: Self.movies)
        #expect(at(document, "openapi") as? String == "3.1.0")
        #expect(at(document, "info", "title") as? String == "Movies")
        let servers = try #require(at(document, "servers") as? [[String: Any]])
        #expect(servers.compactMap { $0["url"] as? String }.first == "https://api.example-movies.com/3")
        #expect(servers.compactMap { $0["x-lucid-environment"] as? String } == ["production", "staging", "local"])
        let tags = try #require(at(document, "tags") as? [[String: Any]])
        #expect(tags.compactMap { $0["name"] as? String } == ["account", "images", "movies"])
        #expect(at(document, "components", "securitySchemes", "api_key", "type") as? String == "apiKey")
        #expect(at(document, "components", "securitySchemes", "api_key", "in") as? String == "query")
        #expect(at(document, "components", "securitySchemes", "api_key", "name") as? String == "api_key")
        let discover = try #require(at(document, "paths", "/discover/movie", "get") as? [String: Any])
        #expect(discover["operationId"] as? String == "Movies.fetchDiscover")
        #expect(discover["tags"] as? [String] == ["movies"])
        #expect(discover["summary"] as? String == "Movies matching filters, most popular first.")
        #expect(at(discover, "security", 0, "api_key") as? [Any] != nil)
        #expect(at(document, "paths", "/status", "head", "security") == nil)
    }

    @Test func moviesDiscoverResponseDescribesTheBaseKeyWrapper() throws {
        let document = try Self.export(path: Self.movies)
        let discover = try #require(at(document, "paths", "/discover/movie", "get") as? [String: Any])
        let parameters = try #require(discover["parameters"] as? [[String: Any]])
        let page = try #require(parameters.first { $0["name"] as? String == "page" })
        #expect(page["in"] as? String == "query" && page["required"] as? Bool == false)
        #expect(at(page, "schema", "default") as? Int == 1)
        #expect(page["description"] as? String == "1-based page number.")
        let genres = try #require(parameters.first { $0["name"] as? String == "with_genres" })
        #expect(at(genres, "schema", "type") as? [String] == ["array", "null"])
        #expect(genres["style"] as? String == "form" && genres["explode"] as? Bool == true)
        let body = try #require(at(discover, "responses", "2XX", "content", "application/json") as? [String: Any])
        #expect(at(body, "schema", "required") as? [String] == ["data"])
        let data = try #require(at(body, "schema", "properties", "data") as? [String: Any])
        #expect(at(data, "properties", "results", "items", "$ref") as? String == "#/components/schemas/Movie")
        #expect(at(data, "properties", "total_pages", "type") as? String == "integer")
        #expect(Set(at(data, "required") as? [String] ?? []) == ["results", "total_results", "total_pages"])
        #expect(body["x-lucid-excluded-paths"] as? [String] == ["results.credits"])
        #expect(at(discover, "responses", "304") != nil)
        let error = at(discover, "responses", "default", "content", "application/json", "schema", "$ref")
        #expect(error as? String == "#/components/schemas/MoviesError")
    }

    @Test func moviesComponents() throws {
        let document = try Self.export(path: Self.movies)
        let schemas = try #require(at(document, "components", "schemas") as? [String: Any])
        let movie = try #require(schemas["Movie"] as? [String: Any])
        #expect(at(movie, "properties", "id", "type") as? String == "integer")
        #expect((at(movie, "required") as? [String])?.contains("id") == true)
        // id_only: the identifiers of the related entities, at the derived key.
        #expect(at(movie, "properties", "genre_ids", "items", "type") as? String == "integer")
        #expect(at(movie, "properties", "genres") == nil)
        let releaseDate = try #require(at(movie, "properties", "release_date") as? [String: Any])
        #expect(releaseDate["type"] as? [String] == ["string", "null"])
        #expect(releaseDate["format"] as? String == "date")
        // Entity metadata sits in the entity's object.
        #expect(at(movie, "properties", "rank") != nil)
        #expect(at(movie, "x-lucid-metadata") as? [String] == ["rank", "fetched_at"])
        // The collections endpoint's nested arrays, two base keys deep.
        let collections = at(
            document, "paths", "/collections", "get", "responses", "2XX", "content", "application/json", "schema",
            "properties", "data", "properties", "items", "items", "properties", "movies", "items", "$ref")
        #expect(collections as? String == "#/components/schemas/Movie")
    }

    @Test func outputIsDeterministicAndTheFileMatchesStandardOutput() throws {
        let first = CapturedConsole.run(["openapi", Self.movies])
        let second = CapturedConsole.run(["openapi", Self.movies])
        #expect(first.code == .success && first.err == "")
        #expect(first.out == second.out)
        try withTemporaryFolder("openapi") { folder throws in
            let path = folder.appendingPathComponent("movies.json").path
            #expect(CapturedConsole.run(["openapi", Self.movies, "--output=\(path)"]).code == .success)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == first.out + "\n")
        }
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any]).keys
        #expect(Set(keys) == ["x-generated-by", "openapi", "info", "servers", "tags", "paths", "components"])
        #expect(
            first.out.hasPrefix(
                "{\n  \"x-generated-by\": \"lucid-gen from movies.lucid.yaml. Do not edit: regenerate with "
                    + "`lucid-gen openapi`.\",\n  \"openapi\": \"3.1.0\",\n  \"info\": {"))
    }

    // MARK: - Errors and the command line

    @Test func aSpecWithErrorsPrintsLocatedErrorsAndNothingElse() throws {
        try withTemporaryFolder("openapi") { folder throws in
            let spec = folder.appendingPathComponent("bad.lucid.yaml").path
            let output = folder.appendingPathComponent("out.json").path
            try Data("lucid: 1\nmodule: A\nentities:\n  a: { propertes: {} }\n".utf8)
                .write(to: URL(fileURLWithPath: spec))
            for arguments in [["openapi", spec], ["openapi", spec, "--output", output]] {
                let result = CapturedConsole.run(arguments)
                #expect(result.code == .specErrors)
                #expect(result.out == "")
                #expect(result.err.hasPrefix("\(spec):4:8: error: unknown key 'propertes'"))
            }
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func theOutputMayNotBeTheSpecAndMustBeWritable() throws {
        try withTemporaryFolder("openapi") { folder throws in
            let spec = try Self.write("lucid: 1\nmodule: A\n", in: folder)
            let result = CapturedConsole.run(["openapi", spec, "--output", spec])
            #expect(result.code == .usage)
            #expect(result.err.hasPrefix("lucid-gen: error: --output '\(spec)' is a file the spec is read from"))
            #expect(try String(contentsOfFile: spec, encoding: .utf8) == "lucid: 1\nmodule: A\n")
            // Missing folders are created, as generate creates its output folder.
            let missingFolder = folder.appendingPathComponent("no/such/folder/openapi.json").path
            #expect(CapturedConsole.run(["openapi", spec, "--output", missingFolder]).code == .success)
            #expect(FileManager.default.fileExists(atPath: missingFolder))
            // A file where a folder should be is named in plain words.
            let behindAFile = spec + "/openapi.json"
            let unwritable = CapturedConsole.run(["openapi", spec, "--output", behindAFile])
            #expect(unwritable.code == .specErrors && unwritable.out == "")
            #expect(
                unwritable.err
                    == "lucid-gen: error: cannot write '\(behindAFile)': '\(spec)' is a file, not a folder")
        }
    }

    @Test func anEmptySpecHasNoPathsAndNoComponents() throws {
        let document = try Self.export("")
        #expect(document.keys.sorted() == ["info", "openapi", "paths", "x-generated-by"])
        #expect((document["paths"] as? [String: Any])?.isEmpty == true)
    }

    @Test func helpAndUsage() {
        let help = CapturedConsole.run(["openapi", "--help"])
        #expect(help.code == .success)
        #expect(help.out.contains("OpenAPI 3.1") && help.out.contains("USAGE: lucid-gen openapi SPEC [--output FILE]"))
        #expect(CapturedConsole.run(["--help"]).out.contains("\n  openapi SPEC [--output FILE]"))
        let missing = CapturedConsole.run(["openapi"])
        #expect(missing.code == .usage)
        #expect(missing.err == "lucid-gen: error: missing SPEC\nusage: lucid-gen openapi SPEC [--output FILE]")
    }

    // MARK: - Helpers

    /// The document of the spec at `path`, parsed.
    static func export(path: String) throws -> [String: Any] {
        let result = CapturedConsole.run(["openapi", path])
        #expect(result.code == .success, "\(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    /// The document of `yaml` (a whole spec), parsed and checked with openapi-spec-validator; `lucid: 1` and
    /// `module: Shop` are added in front.
    static func export(_ yaml: String) throws -> [String: Any] {
        try withTemporaryFolder("openapi") { folder throws in
            let spec = try write("lucid: 1\nmodule: Shop\n" + yaml, in: folder)
            let output = folder.appendingPathComponent("openapi.json").path
            let result = CapturedConsole.run(["openapi", spec, "--output", output])
            #expect(result.code == .success, "\(result.err)")
            expectValid(output)
            let data = try Data(contentsOf: URL(fileURLWithPath: output))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    /// Records an issue unless openapi-spec-validator finds the document at `path` valid.
    static func expectValid(_ path: String) {
        switch OpenAPIValidator.validate([path]) {
        case .failure(let missing): Issue.record(Comment(rawValue: missing.message))
        case .success(let verdicts): #expect(verdicts.map(\.problem) == [nil], "\(verdicts.map(\.problem))")
        }
    }

    static func write(_ yaml: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("shop.lucid.yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The value at `keys` (object keys as strings, array indices as integers) inside parsed JSON.
func at(_ value: Any?, _ keys: Any...) -> Any? {
    keys.reduce(value) { current, key in
        if let key = key as? String { return (current as? [String: Any])?[key] }
        if let index = key as? Int, let array = current as? [Any], array.indices.contains(index) { return array[index] }
        return nil
    }
}
