import Foundation
import LucidSupport
import Testing

@testable import LucidFuzz
@testable import LucidImport
@testable import LucidSpec

/// The OpenAPI fuzz target without libFuzzer: every document `make fuzz-openapi` starts from — the fixtures, the
/// shared corpus's small documents when it is there, their structural mutants, past findings — and more mutants
/// from other seeds go through the import in process and keep every promise (`OpenAPIFuzzTarget`).
@Suite struct OpenAPIFuzzTests {
    static let package = FuzzReplayTests.package
    static let inputs = OpenAPIFuzzSeeds.inputs(in: package)

    @Test func theSeedsHoldTheFixturesAndMutantsOfEach() {
        let documents = OpenAPIFuzzSeeds.documents(in: Self.package)
        #expect(documents.filter { $0.name.hasPrefix("fixture-") }.count == 3)
        let mutants = Self.inputs.filter { $0.name.contains("-mutant-") }
        #expect(mutants.count == documents.count * OpenAPIFuzzSeeds.mutantsPerDocument)
        // The same on every machine: a seeded run starts from the same corpus.
        #expect(OpenAPIFuzzSeeds.inputs(in: Self.package).map(\.bytes) == Self.inputs.map(\.bytes))
    }

    @Test(arguments: inputs.map(\.name))
    func keepsEveryPromise(_ name: String) throws {
        let bytes = try #require(Self.inputs.first { $0.name == name }?.bytes)
        #expect(OpenAPIFuzzTarget.problems(in: bytes, alwaysRepeat: true) == [])
    }

    /// Twenty more mutants of each fixture, from seeds no seed corpus uses.
    @Test(arguments: 0..<3)
    func moreMutantsKeepEveryPromise(round: Int) throws {
        for (index, document) in OpenAPIFuzzSeeds.documents(in: Self.package).prefix(3).enumerated() {
            var mutator = OpenAPIMutator(seed: UInt64(1_000 + round * 10 + index))
            for mutant in mutator.mutants(of: document.bytes, count: 20) {
                let problems = OpenAPIFuzzTarget.problems(in: mutant.bytes)
                #expect(problems == [], "\(document.name) \(mutant.mutations): \(problems)")
            }
        }
    }

    @Test func eachMutationChangesTheDocumentAsItSays() throws {
        let fixture = try #require(OpenAPIFuzzSeeds.documents(in: Self.package).first { $0.name.contains("shop") })
        let document = try LocatedDocument.parse(fixture.bytes, file: "shop.yaml", what: "a document")
        var mutator = OpenAPIMutator(seed: 7)
        let plain = mutator.mutate(document, with: [])
        for mutation in OpenAPIMutator.Mutation.allCases {
            let mutant = mutator.mutate(document, with: [mutation])
            #expect(mutant != plain, "\(mutation) changed nothing")
            let text = String(decoding: mutant, as: UTF8.self)
            switch mutation {
            case .truncate: #expect(mutant.count < plain.count)
            case .aliasBomb: #expect(text.contains("&b0 [lol") && text.contains("enum: *b"))
            case .deepNesting:
                let objects = { (bytes: [UInt8]) in bytes.filter { $0 == UInt8(ascii: "{") }.count }
                #expect(objects(mutant) >= objects(plain) + 50)
            case .referenceCycle: #expect(text.contains("#/components/schemas/"))
            case .danglingReference, .retype: break
            }
        }
        // An alias bomb past the YAML reader's node limit (9^8 values) is refused, located, not expanded into memory.
        let bomb = Array(OpenAPIMutator.withAliasBomb(OpenAPIMutator.json(document), levels: 8).utf8)
        let result = OpenAPIImporter.importDocument(bytes: bomb, name: "/nonexistent/bomb.yaml")
        #expect(result.spec == nil)
        #expect(result.diagnostics.first?.message.contains("alias") == true, "\(result.diagnostics)")
        #expect(OpenAPIFuzzTarget.problems(in: bomb) == [])
    }

    @Test func anImportThatBreaksAPromiseIsReported() {
        // Not a document at all: an error, located in it, and no spec: every promise kept.
        #expect(OpenAPIFuzzTarget.problems(in: Array("{\"openapi\": ".utf8)) == [])
        #expect(OpenAPIFuzzTarget.problems(in: []) == [])
        // A spec without an error that lint refuses would be a finding: the checker says so.
        let broken = OpenAPIImportResult(spec: "lucid: 1\n", diagnostics: [], summary: "")
        #expect(OpenAPIFuzzTarget.diagnosticProblems(broken, bytes: [], name: "x") == [])
        let inconsistent = OpenAPIImportResult(
            spec: "lucid: 1\n", diagnostics: [.error("no", at: .start(of: "elsewhere.yaml"))], summary: "")
        #expect(
            OpenAPIFuzzTarget.diagnosticProblems(inconsistent, bytes: [], name: "x") == [
                "a spec despite errors", "elsewhere.yaml:1:1: error: no: in a file the import may not read",
            ])
    }
}
