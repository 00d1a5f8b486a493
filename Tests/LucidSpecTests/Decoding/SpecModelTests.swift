import Foundation
import Testing

@testable import LucidSpec

/// Decoding of every part of the format into the model, with its defaults.
@Suite struct SpecModelTests {
    private func load(_ yaml: String, files: [String: String] = [:]) throws -> Spec {
        let result = TemporarySpec.load(yaml, files: files)
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    @Test func moduleSettingsDefaults() throws {
        let spec = try load("lucid: 1\nmodule: Shop\n")
        #expect(spec.version == 1)
        #expect(spec.module == "Shop")
        #expect(spec.access == .internal)
        #expect(spec.output == "Generated")
        #expect(spec.lexicon == [])
        #expect(spec.entitySuffix == "")
        #expect(spec.errorPayload == nil)
        #expect(spec.servers.isEmpty && spec.authSchemes.isEmpty && spec.subtypes.isEmpty)
        #expect(spec.entities.isEmpty && spec.services.isEmpty)
        #expect(spec.files.count == 1 && spec.files[0].hasSuffix("/spec.lucid.yaml"))
    }

    /// `identifier: { type: T, nullable: true }`: some bodies send the entity with `"id": null`.
    @Test func aNullableIdentifier() throws {
        let spec = try load(
            """
            lucid: 1
            module: Shop
            entities:
              track: { identifier: { type: string, nullable: true }, properties: { name: string } }
              album: { identifier: { type: string, nullable: false }, properties: { name: string } }
              artist: { identifier: string, properties: { name: string } }
            """)
        #expect(spec.entities.map(\.identifierNullable) == [true, false, false])
        #expect(spec.entities[0].identifier == .scalar(type: .string, key: "id"))
        // The dump says so; other identifiers dump as they did.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let dumped = try spec.entities.map { entity in
            let object = try JSONSerialization.jsonObject(with: encoder.encode(entity)) as? [String: Any]
            return try JSONSerialization.data(withJSONObject: object?["identifier"] ?? "", options: .sortedKeys)
        }
        #expect(
            dumped.map { String(decoding: $0, as: UTF8.self) } == [
                #"{"key":"id","nullable":true,"type":"string"}"#, #"{"key":"id","type":"string"}"#,
                #"{"key":"id","type":"string"}"#,
            ])
    }

    @Test func moduleSettingsWritten() throws {
        let spec = try load(
            """
            lucid: 1
            module: Shop
            access: package
            output: Sources/Gen
            lexicon: [ID, URL]
            entity_suffix: Entity
            x-notes: ignored, holds anchors
            """)
        #expect(spec.access == .package)
        #expect(spec.output == "Sources/Gen")
        #expect(spec.lexicon == ["ID", "URL"])
        #expect(spec.entitySuffix == "Entity")
    }

    @Test func serversAndAuth() throws {
        let result = TemporarySpec.load(
            """
            lucid: 1
            module: Shop
            servers:
              api:
                production: https://api.example.com/v1/
                local: http://127.0.0.1:8080
              cdn: https://cdn.example.com
            auth:
              key: { in: query, name: api_key }
              token: { in: header, name: Authorization, prefix: "Token " }
              user: bearer
            """)
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:4:3: warning: server 'api' has no 'default' environment; it uses 'production' there",
                "spec.lucid.yaml:7:3: warning: server 'cdn' has no 'production' or 'local' environment; it uses 'default' there",
            ])
        let spec = try #require(result.spec)
        #expect(spec.servers.map(\.name) == ["api", "cdn"])
        #expect(
            spec.servers[0].environments.map { "\($0.name) \($0.url) \($0.location.line):\($0.location.column)" } == [
                "production https://api.example.com/v1 5:5", "local http://127.0.0.1:8080 6:5",
            ])
        #expect(spec.servers[1].environments.map { "\($0.name) \($0.url)" } == ["default https://cdn.example.com"])
        let auth = spec.authSchemes.map { "\($0.name) \($0.placement) \($0.parameterName) [\($0.prefix)]" }
        #expect(
            auth == [
                "key query api_key []", "token header Authorization [Token ]", "user header Authorization [Bearer ]",
            ])
        #expect(spec.servers[0].location.line == 4 && spec.servers[0].location.column == 3)
    }

    @Test func subtypes() throws {
        let spec = try load(
            TemporarySpec.header + """

                subtypes:
                  kind:
                    description: What it is.
                    cases: [a, { name: b_c, value: b-c, description: The second. }]
                    unknown: true
                  plain:
                    cases: [x]
                    deprecated: true
                  flags:
                    options: [read, write]
                  point:
                    deprecated: Use place.
                    properties:
                      x: double
                      y: double?
                """)
        let kind = try #require(spec.subtype(named: "kind"))
        #expect(kind.description == "What it is.")
        guard case .enumeration(let cases, let unknown) = kind.kind else {
            Issue.record("not an enum")
            return
        }
        #expect(cases.map(\.name) == ["a", "b_c"] && cases.map(\.value) == ["a", "b-c"])
        #expect(cases[1].description == "The second." && unknown)
        guard case .enumeration(_, let plainUnknown) = try #require(spec.subtype(named: "plain")).kind else { return }
        #expect(!plainUnknown)
        #expect(spec.subtype(named: "plain")?.deprecated == "")
        #expect(spec.subtype(named: "flags")?.kind == .optionSet(options: ["read", "write"]))
        let point = try #require(spec.subtype(named: "point"))
        #expect(point.deprecated == "Use place.")
        #expect(point.properties.map(\.nullable) == [false, true])
        #expect(point.properties.map(\.type) == [.scalar(.double), .scalar(.double)])
    }

    @Test func identifiers() throws {
        let spec = try load(
            TemporarySpec.header + """

                entities:
                  a: { identifier: int, properties: { n: string } }
                  b: { identifier: { type: uuid, key: b_id }, properties: { n: string } }
                  c: { identifier: { property: email }, properties: { email: string } }
                  d: { identifier: none, properties: { n: string } }
                  e: { properties: { n: string } }
                  f: { identifier: { type: string }, properties: { n: string } }
                """)
        #expect(
            spec.entities.map(\.identifier) == [
                .scalar(type: .int, key: "id"), .scalar(type: .uuid, key: "b_id"), .property("email"), .none, .none,
                .scalar(type: .string, key: "id"),
            ])
    }

    @Test func propertyDefaultsWhenShorthand() throws {
        let spec = try load(TemporarySpec.header + "\nentities:\n  a:\n    properties:\n      title: string\n")
        let property = try #require(spec.entities.first?.properties.first)
        #expect(property.name == "title" && property.keyPath == ["title"] && property.type == .scalar(.string))
        #expect(!property.nullable && property.defaultValue == nil && !property.lazy && !property.mutable)
        #expect(property.useForEquality && !property.lenient && property.description == nil)
        #expect(property.deprecated == nil && property.dateFormat == nil && !property.idOnly)
        #expect(!property.failableItems && !property.matchExactKey)
        #expect(property.location.line == 8 && property.location.column == 7)
    }

    @Test func everyPropertyOption() throws {
        let spec = try load(
            TemporarySpec.header + """

                subtypes:
                  kind: { cases: [alpha, beta] }
                  flags: { options: [read, write] }
                entities:
                  genre: { identifier: int, properties: { name: string } }
                  movie:
                    identifier: int
                    properties:
                      title: { type: string, key: info.title, description: The title., deprecated: Old. }
                      rating: { type: double, default: 3, mutable: true, use_for_equality: false }
                      count: { type: int, lazy: true }
                      score: { type: int64, lenient: true, nullable: true }
                      born: { type: date, format: yyyy-MM-dd, default: now }
                      seen: { type: "[date]" }
                      kind: { type: kind, default: .beta }
                      other_kind: { type: kind, default: alpha }
                      flags: { type: flags, default: [write] }
                      genres: { type: "[genre]", id_only: true }
                      main_genre: { type: genre, id_only: true }
                      exact: { type: genre, id_only: true, key: genre, match_exact_key: true }
                      named: { type: genre, id_only: true, key: primary_genre }
                      nested: "[genre]"
                      strict: { type: "[genre]", failable_items: false }
                      tags: { type: "[string]", default: [a, b], failable_items: true }
                      extra: { type: "{string: [int]}", default: {} }
                      gone: { type: string, nullable: true, default: null }
                      color: { type: color, default: "#ABC" }
                      link: { type: url, default: "https://example.com" }
                      uid: { type: uuid, default: 6BA7B810-9DAD-11D1-80B4-00C04FD430C8 }
                      blob: { type: data, default: aGk= }
                """)
        let movie = try #require(spec.entity(named: "movie"))
        func property(_ name: String) throws -> Property { try #require(movie.property(named: name)) }
        #expect(try property("title").keyPath == ["info", "title"])
        #expect(try property("title").description == "The title." && property("title").deprecated == "Old.")
        #expect(try property("rating").defaultValue == .double(3) && property("rating").mutable)
        #expect(try !property("rating").useForEquality && property("count").lazy)
        #expect(try property("score").lenient && property("score").nullable)
        #expect(try property("born").dateFormat == .pattern("yyyy-MM-dd") && property("born").defaultValue == .now)
        #expect(try property("seen").dateFormat == .iso8601)
        #expect(try property("kind").defaultValue == .enumCase("beta"))
        #expect(try property("other_kind").defaultValue == .enumCase("alpha"))
        #expect(try property("flags").defaultValue == .options(["write"]))
        #expect(try property("genres").keyPath == ["genre_ids"] && property("genres").failableItems)
        #expect(try property("main_genre").keyPath == ["main_genre_id"] && !property("main_genre").failableItems)
        #expect(try property("exact").keyPath == ["genre"] && property("exact").matchExactKey)
        #expect(try property("named").keyPath == ["primary_genre"])
        #expect(try property("nested").type == .array(.entity("genre")) && property("nested").failableItems)
        #expect(try !property("nested").idOnly && !property("strict").failableItems)
        #expect(
            try property("tags").defaultValue == .array([.string("a"), .string("b")]) && property("tags").failableItems)
        #expect(
            try property("extra").type == .map(.array(.scalar(.int))) && property("extra").defaultValue == .emptyMap)
        #expect(try property("gone").defaultValue == .null)
        #expect(try property("color").defaultValue == .string("#ABC"))
        #expect(try property("link").defaultValue == .string("https://example.com"))
        #expect(try property("uid").type == .scalar(.uuid) && property("blob").defaultValue == .string("aGk="))
    }

    @Test func relationshipKeysAndListKeys() throws {
        let spec = try load(
            TemporarySpec.header + """

                entities:
                  person: { identifier: string, properties: { name: string } }
                  category: { identifier: int, properties: { name: string } }
                  movie:
                    properties:
                      cast: { type: "[person]", id_only: true }
                      crew: { type: "[person]", id_only: true }
                      categories: { type: "[category]", id_only: true }
                      director: { type: person, id_only: true }
                      known_for: { type: "[person]", id_only: true, match_exact_key: true }
                      dotted: { type: string, key: [meta, first.name] }
                """)
        let movie = try #require(spec.entity(named: "movie"))
        #expect(
            movie.properties.map(\.keyPath) == [
                ["cast_ids"], ["crew_ids"], ["category_ids"], ["director_id"], ["known_for"], ["meta", "first.name"],
            ])
    }

    @Test func metadata() throws {
        let spec = try load(
            TemporarySpec.header + """

                entities:
                  movie:
                    properties: { title: string }
                    metadata:
                      rank: int?
                      at: { type: date, key: meta.at, default: now }
                """)
        let metadata = try #require(spec.entity(named: "movie")?.metadata)
        #expect(metadata.map(\.name) == ["rank", "at"])
        #expect(metadata[0].nullable && metadata[1].keyPath == ["meta", "at"] && metadata[1].defaultValue == .now)
    }
}
