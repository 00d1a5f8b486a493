import Foundation
import Testing

@testable import LucidSpec

/// Generic struct subtypes (`generic: item`) and their instances (`page<track>`): how they are written, what the
/// resolved model holds, and how the example check reads an instance.
@Suite struct GenericModelTests {
    private func load(_ yaml: String) throws -> Spec {
        let result = TemporarySpec.load(yaml)
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    static let spec =
        TemporarySpec.header + """

            subtypes:
              page:
                generic: item
                properties:
                  items: { type: "[item]", failable_items: true }
                  first: item?
                  by_id: "{string: item}"
                  total: int
              pair:
                generic: [left, right]
                properties: { left: left, right: "[right]" }
              search:
                properties:
                  tracks: page<track>?
                  artists: page < artist >?
            entities:
              artist: { identifier: string, properties: { name: string } }
              track: { identifier: string, properties: { name: string } }
              album:
                identifier: string
                properties:
                  tracks: page<track>
                  shelves: "[page<page<int>>]"
                  pairs: "pair<string, [artist]>?"
            services:
              catalog:
                endpoints:
                  tracks: { get: /tracks, response: { type: page<track> } }
                  seeds: { get: /seeds, response: { type: page<string>, headers: { etag: string? } } }
            """

    @Test func aGenericDeclaresItsParametersAndItsPropertiesUseThem() throws {
        let spec = try load(Self.spec)
        let page = try #require(spec.subtype(named: "page"))
        #expect(page.isGeneric && page.typeParameters == ["item"] && page.instance == nil)
        #expect(
            page.properties.map(\.type) == [
                .array(.parameter("item")), .parameter("item"), .map(.parameter("item")), .scalar(.int),
            ])
        #expect(page.properties[0].failableItems && !page.properties[2].failableItems)
        #expect(try #require(spec.subtype(named: "pair")).typeParameters == ["left", "right"])
        // Which property holds the items, for code that walks pages: one list of a parameter, or none.
        #expect(page.itemList?.property.name == "items" && page.itemList?.parameter == "item")
        #expect(try #require(spec.subtype(named: "pair")).itemList?.property.name == "right")
        #expect(try #require(spec.subtype(named: "search")).itemList == nil)
    }

    @Test func eachDistinctUseIsOneInstanceWithItsArgumentsInPlace() throws {
        let spec = try load(Self.spec)
        let instances = spec.subtypes.filter { $0.instance != nil }
        // In the order first met; `page<track>` written three times is one instance, spaces and all.
        #expect(
            instances.map(\.name) == [
                "page<track>", "page<artist>", "page<int>", "page<page<int>>", "pair<string, [artist]>",
                "page<string>",
            ])
        let tracks = try #require(spec.subtype(named: "page<track>"))
        #expect(tracks.instance == GenericInstance(generic: "page", arguments: [.entity("track")]))
        #expect(
            tracks.properties.map(\.type) == [
                .array(.entity("track")), .entity("track"), .map(.entity("track")), .scalar(.int),
            ])
        // Flags stay the generic's: the generated code is the generic's.
        #expect(tracks.properties.map(\.failableItems) == [true, false, false, false])
        #expect(!tracks.isGeneric && tracks.isStructure)
        let nested = try #require(spec.subtype(named: "page<page<int>>"))
        #expect(nested.properties[0].type == .array(.subtype("page<int>")))
        let pair = try #require(spec.subtype(named: "pair<string, [artist]>"))
        #expect(pair.properties.map(\.type) == [.scalar(.string), .array(.array(.entity("artist")))])
        // Uses name the instance.
        #expect(
            spec.subtype(named: "search")?.properties.map(\.type) == [
                .subtype("page<track>"), .subtype("page<artist>"),
            ])
        #expect(spec.entity(named: "album")?.properties.first?.type == .subtype("page<track>"))
        #expect(spec.isResolved)
    }

    @Test func aResponseOfAnInstanceIsAnsweredDirectly() throws {
        let spec = try load(Self.spec)
        let direct = spec.directTypes()
        let endpoints = spec.services[0].endpoints
        #expect(direct(endpoints[0].response) == .subtype("page<track>"))
        #expect(direct(endpoints[1].response) == nil, "headers beside it need a payload")
    }

    @Test func theDumpShowsParametersAndInstances() throws {
        let spec = try load(Self.spec)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let page = String(decoding: try encoder.encode(try #require(spec.subtype(named: "page"))), as: UTF8.self)
        #expect(page.contains(#""generic":["item"]"#))
        let instance = String(
            decoding: try encoder.encode(try #require(spec.subtype(named: "page<track>"))), as: UTF8.self)
        #expect(instance.contains(#""instance_of":{"arguments":["track"],"generic":"page"}"#))
    }

    @Test func theExampleCheckReadsAnInstanceWithItsArgument() throws {
        let result = TemporarySpec.load(
            TemporarySpec.header + """

                subtypes:
                  page:
                    generic: item
                    properties: { items: "[item]", total: int }
                entities:
                  track: { identifier: string, properties: { name: string } }
                services:
                  catalog:
                    endpoints:
                      tracks: { get: /tracks, response: { type: page<track> }, example: tracks.json }
                """,
            files: ["tracks.json": #"{"items": [{"id": "a", "name": "A"}, {"id": "b"}], "total": "2"}"#])
        #expect(
            TemporarySpec.messages(result) == [
                "tracks.json:1:38: error: the response of endpoint 'tracks' reads property 'name' of entity 'track' "
                    + "from 'items[1]', but the example has no 'name'; if the server may leave it out, make it 'nullable: true'",
                "tracks.json:1:61: error: the response of endpoint 'tracks': 'total' is \"2\", which is not an integer",
            ])
    }
}
