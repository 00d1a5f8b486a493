import Foundation

/// The OpenAPI documents the OpenAPI fuzzer starts from, and `OpenAPIFuzzTests` imports: the import tests' fixture
/// documents, the small documents of the shared corpus when it is beside the checkout (../shared/testdata/openapi,
/// or `$LUCID_TESTDATA/openapi`), mutants of each (`OpenAPIMutator`, from a fixed seed), and the raw inputs of past
/// findings.
public enum OpenAPIFuzzSeeds {
    /// Where past findings of the OpenAPI fuzzer are kept as raw inputs, relative to the package folder.
    public static let findingsFolder = "Tests/LucidFuzzTests/OpenAPIFindings"
    /// The corpus documents small enough to start from (a fuzz input is imported thousands of times a second).
    static let corpusDocuments = [
        "oai/petstore-expanded.yaml", "oai/uspto.yaml", "oai/link-example.yaml", "oai/callback-example.yaml",
        "oai-learn/tictactoe.yaml", "oai-learn/webhook-example.yaml", "redocly-museum/openapi.yaml",
        "swagger-petstore/openapi.yaml",
    ]
    /// Mutants made of each document.
    static let mutantsPerDocument = 8

    /// The documents, by name: fixtures first, then the corpus's, sorted.
    public static func documents(in package: String) -> [(name: String, bytes: [UInt8])] {
        let fixtures = package + "/Tests/LucidImportTests/Fixtures/OpenAPI"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).sorted()
        var found = names.filter { $0.hasSuffix(".openapi.yaml") }.compactMap { name in
            read(fixtures + "/" + name).map { ("fixture-" + name, $0) }
        }
        if let corpus = corpusFolder(package) {
            for path in corpusDocuments {
                if let bytes = read(corpus + "/" + path) {
                    found.append((path.replacingOccurrences(of: "/", with: "_"), bytes))
                }
            }
        }
        return found
    }

    /// The documents and their mutants (`mutantsPerDocument` of each, the same on every machine), and the findings.
    public static func inputs(in package: String) -> [(name: String, bytes: [UInt8])] {
        var inputs: [(name: String, bytes: [UInt8])] = []
        for (index, document) in documents(in: package).enumerated() {
            inputs.append(document)
            var mutator = OpenAPIMutator(seed: UInt64(index + 1))
            for (number, mutant) in mutator.mutants(of: document.bytes, count: mutantsPerDocument).enumerated() {
                inputs.append(("\(document.name)-mutant-\(number)", mutant.bytes))
            }
        }
        let findings = package + "/" + findingsFolder
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: findings)) ?? []).sorted()
        where !name.hasPrefix(".") && !name.hasSuffix(".md") {
            if let bytes = read(findings + "/" + name) { inputs.append(("finding-" + name, bytes)) }
        }
        return inputs
    }

    /// The shared corpus's `openapi` folder, when it is there.
    static func corpusFolder(_ package: String) -> String? {
        let candidates =
            [ProcessInfo.processInfo.environment["LUCID_TESTDATA"].map { $0 + "/openapi" }]
            + [package + "/../shared/testdata/openapi"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func read(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }
}
