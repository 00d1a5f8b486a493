import Testing

@testable import LucidSpec

/// The response shapes real APIs return, as the model holds them: values from headers, metadata read at the
/// body's root, optional bodies, plain dates below a base key and maps that drop bad values.
@Suite struct ResponseShapeModelTests {
    private static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://api.example.com
        entities:
          item:
            properties:
              name: string
              prices: { type: "{string: double}", failable_items: true }
        services:
          items:
            endpoints:
              list:
                get: /items
                response:
                  base_key: results
                  entity: { name: item, structure: array, key: items }
                  metadata:
                    status: { type: string, root: true }
                    total: int
                  headers:
                    etag: { type: string, key: ETag, nullable: true }
                    link: links?
                    modified: { type: date, key: Last-Modified, format: "EEE, dd MMM yyyy HH:mm:ss zzz" }
              remove:
                delete: /items/{id}
                params: { id: int }
                response: { entity: item, optional: true }
              opened:
                get: /opened
                response: { base_key: results.opened, type: date, format: iso8601 }
              ping:
                head: /ping
                response: { headers: { wait: { type: seconds, key: Retry-After, description: How long to wait. } } }
        """

    private func endpoints() throws -> [String: Endpoint] {
        let result = TemporarySpec.load(Self.spec)
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        return Dictionary(uniqueKeysWithValues: spec.services.flatMap(\.endpoints).map { ($0.name, $0) })
    }

    @Test func headersAreTypedAndKeepTheirWireNames() throws {
        let list = try #require(try endpoints()["list"]).response
        #expect(list.headers.map(\.name) == ["etag", "link", "modified"])
        #expect(list.headers.map(\.key) == ["ETag", "link", "Last-Modified"])
        #expect(list.headers.map(\.type) == [.scalar(.string), .links, .scalar(.date)])
        #expect(list.headers.map(\.nullable) == [true, true, false])
        #expect(list.headers[2].dateFormat == .pattern("EEE, dd MMM yyyy HH:mm:ss zzz"))
        let ping = try #require(try endpoints()["ping"]).response
        #expect(ping.body == .none && ping.headers.map(\.type) == [.scalar(.seconds)])
        #expect(ping.headers.first?.description == "How long to wait.")
    }

    @Test func metadataReadAtTheRootIsMarked() throws {
        let list = try #require(try endpoints()["list"]).response
        #expect(list.metadata.map(\.root) == [true, false])
        #expect(list.baseKey == ["results"])
    }

    @Test func optionalBodiesAndPlainDates() throws {
        let all = try endpoints()
        #expect(all["remove"]?.response.optional == true && all["list"]?.response.optional == false)
        let opened = try #require(all["opened"]).response
        #expect(opened.body == .type(.scalar(.date)))
        #expect(opened.dateFormat == .iso8601 && opened.baseKey == ["results", "opened"])
    }

    @Test func mapsMayDropBadValues() throws {
        let result = TemporarySpec.load(Self.spec)
        let item = try #require(result.spec?.entity(named: "item"))
        #expect(item.properties.last?.failableItems == true && item.properties.last?.type == .map(.scalar(.double)))
    }
}
