import LucidSpec
import Testing

@testable import LucidCodeGen

/// `identifier: { type: T, nullable: true }`: an `id: ID?` read with `decodeIfPresent`, and no `Identifiable`.
@Suite struct NullableIdentifierSnippetTests {
    @Test func anEntityWhoseIdentifierMayBeNull() throws {
        let yaml = """
            lucid: 1
            module: Shop
            entities:
              track:
                identifier: { type: string, nullable: true }
                properties:
                  name: string
            """
        #expect(
            try SnippetTests.swift(yaml, file: "Entities/Track.swift", from: "struct Track") == #"""
                struct Track: Sendable, Hashable {
                    typealias ID = Identifier<Track, String>

                    let id: ID?
                    let name: String

                    init(
                        id: ID?,
                        name: String
                    ) {
                        self.id = id
                        self.name = name
                    }
                }

                extension Track: Codable {
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        id = try container.decodeIfPresent(ID.self, at: "id")
                        name = try container.decode(String.self, at: "name")
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encode(id, at: "id")
                        try container.encode(name, at: "name")
                    }
                }
                """# + "\n")
    }
}
