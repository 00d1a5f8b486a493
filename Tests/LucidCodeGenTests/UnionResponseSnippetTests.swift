import LucidSpec
import Testing

@testable import LucidCodeGen

/// A response whose type is a union answers the union itself, as entities and structs do.
@Suite struct UnionResponseSnippetTests {
    static let yaml =
        SnippetTests.shop + """
            subtypes:
              card: { properties: { last4: string } }
              bank: { properties: { bank_name: string } }
              source:
                discriminator: object
                one_of: [card, bank]
            services:
              sources:
                endpoints:
                  source:
                    get: /sources/{id}
                    params: { id: string }
                    response: { type: source }
            """

    @Test func theResourceAnswersTheUnion() throws {
        #expect(
            try SnippetTests.swift(Self.yaml, file: "Services/SourcesService.swift", from: "enum SourcesService")
                == #"""
                enum SourcesService {
                    static func fetchSourceResource(id: String) -> BackendResource<Void, Source, NoAuth> {
                        return BackendResource(
                            name: "sources.source",
                            server: "api",
                            method: .get,
                            path: ResourcePath("/sources/{id}", parameters: ["id": id.parameterText]),
                            deduplicate: true,
                            readResponse: { try Source.decode(from: $0) }
                        )
                    }

                    /// The credentials each endpoint's requests carry, by endpoint name (`BackendResource.name`, `APIError.endpoint`).
                    static let acceptedAuth: [String: AcceptedAuth] = [
                        "sources.source": AcceptedAuth(NoAuth.self),
                    ]
                }
                """# + "\n")
    }

    @Test func theUnionIsAResponsePayload() throws {
        let swift = try SnippetTests.swift(Self.yaml, file: "Subtypes/Source.swift", from: "enum Source")
        #expect(swift.hasPrefix("enum Source: Sendable, Hashable, ResponsePayload {\n    case card(Card)\n"))
        let generator = try #require(SpecLoader().load(yaml: Self.yaml, file: "shop.lucid.yaml").spec)
        let files = try Generator(spec: generator, specFile: "shop.lucid.yaml", templates: TemplateSet.embedded())
            .files()
        #expect(!files.contains { $0.path.hasPrefix("Payloads/") }, "no payload type: \(files.map(\.path))")
    }

    /// An untagged union tries its cases in order through `UnionCaseAttempts`, which keeps each case's reason.
    @Test func anUntaggedUnionKeepsEachCasesReason() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              card: { properties: { last4: string } }
              card_ref:
                one_of: { id: string, card: card }
            """
        let swift = try SnippetTests.swift(yaml, file: "Subtypes/CardRef.swift", from: "    /// Takes the first")
        let end = try #require(swift.range(of: "\n\n    /// Writes")).lowerBound
        #expect(
            swift[..<end] == #"""
                    /// Takes the first case whose type decodes, in the order the cases are declared; when none does, the error
                    /// gives each case's reason.
                    init(from decoder: any Decoder) throws {
                        var attempts = try UnionCaseAttempts(decoder)
                        if let value = attempts.decode(String.self) {
                            self = .id(value)
                        } else if let value = attempts.decode(Card.self) {
                            self = .card(value)
                        } else {
                            throw attempts.failure(CardRef.self, expected: "Expected String or Card.")
                        }
                    }
                """#)
    }
}
