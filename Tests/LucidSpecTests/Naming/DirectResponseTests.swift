import Testing

@testable import LucidSpec

/// Which responses answer their entity or struct subtype directly (no wrapper payload), and that every other shape
/// keeps its wrapper — one endpoint per restriction of the rule.
@Suite struct DirectResponseTests {
    private static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://api.example.com
        entities:
          item:
            properties: { name: string }
          ranked:
            properties: { name: string }
            metadata: { rank: int }
        subtypes:
          info:
            properties: { note: string }
          edit:
            patch: true
            properties: { note: string? }
          kind: { cases: [a, b] }
        services:
          shop:
            endpoints:
              entity: { get: /a, response: { entity: item } }
              named: { get: /b, response: { entity: { name: item } } }
              optional: { delete: /c, response: { entity: item, optional: true } }
              typed_entity: { get: /d, response: { type: item } }
              typed_struct: { get: /e, response: { type: info } }
              typed_ranked: { get: /f, response: { type: ranked } }
              keyed: { get: /g, response: { entity: { name: item, key: data } } }
              based: { get: /h, response: { base_key: data, entity: item } }
              based_type: { get: /i, response: { base_key: data, type: info } }
              nullable: { get: /j, response: { entity: { name: item, nullable: true } } }
              list: { get: /k, response: { entity: { name: item, structure: array } } }
              with_metadata: { get: /l, response: { entity: item, metadata: { total: int } } }
              with_headers: { get: /m, response: { entity: item, headers: { etag: string? } } }
              excluding: { get: /n, response: { entity: item, excluded_paths: [name] } }
              entity_metadata: { get: /o, response: { entity: ranked } }
              enum: { get: /p, response: { type: kind } }
              list_type: { get: /q, response: { type: "[info]" } }
              scalar: { get: /r, response: { type: string } }
              none: { get: /s, response: none }
              patch_body: { patch: /t, body: edit, response: none }
        """

    @Test func onlyOneValueAtTheRootIsAnsweredDirectly() throws {
        let result = TemporarySpec.load(Self.spec)
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        let direct = spec.directTypes()
        let answers = Dictionary(
            uniqueKeysWithValues: spec.services.flatMap(\.endpoints).map { ($0.name, direct($0.response)) })
        #expect(answers["entity"] == .entity("item") && answers["named"] == .entity("item"))
        #expect(answers["optional"] == .entity("item"))
        #expect(answers["typed_entity"] == .entity("item") && answers["typed_struct"] == .subtype("info"))
        // A plain `type` holds the entity alone, so its entity metadata does not keep a wrapper.
        #expect(answers["typed_ranked"] == .entity("ranked"))
        let wrapped = [
            "keyed", "based", "based_type", "nullable", "list", "with_metadata", "with_headers", "excluding",
            "entity_metadata", "enum", "list_type", "scalar", "none", "patch_body",
        ]
        for name in wrapped { #expect(answers[name] == .some(nil), "\(name) keeps its wrapper") }
        #expect(spec.directlyAnsweredTypes(direct) == [.entity("item"), .subtype("info"), .entity("ranked")])
    }

    /// No wrapper is declared for a direct answer, so its name is left out of the names lint checks.
    @Test func aDirectAnswerDeclaresNoPayloadType() throws {
        let spec = try #require(TemporarySpec.load(Self.spec).spec)
        let names = GeneratedNames(spec: spec)
        let declared = Set(names.declarations(of: spec, moduleLocation: spec.services[0].location).map(\.typeName))
        #expect(!declared.contains("ShopEntityResponse") && !declared.contains("ShopTypedStructResponse"))
        #expect(declared.contains("ShopKeyedResponse") && declared.contains("ShopEntityMetadataResponse"))
    }
}
