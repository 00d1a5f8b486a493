import Foundation
import Testing

@testable import LucidSpec

/// `paging`: each style decodes to its model with body paths split at dots, an endpoint without it is not paged,
/// the list a style reads is found, and a query item is sent by its wire name.
@Suite struct PagingModelTests {
    private static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://api.example.com
        entities:
          customer: { identifier: string, properties: { name: string } }
        subtypes:
          note: { properties: { text: string } }
          note_page: { properties: { notes: "[note]", next: url? } }
          two_lists: { properties: { a: "[note]", b: "[string]" } }
        services:
          shop:
            endpoints:
              plain:
                get: /plain
              link:
                get: /link
                paging: link
                response: { type: note }
              next_url:
                get: /next
                paging: { next_url: links.next }
                response: { type: "[note]" }
              cursor:
                get: /cursor
                query: { cursor: { type: string, key: page_token, nullable: true } }
                paging: { cursor: response_metadata.next_cursor, query: cursor }
              last_item:
                get: /customers
                query: { limit: int? }
                paging: { last_item: starting_after, more: has_more }
                response: { entity: { name: customer, key: data, structure: array } }
              offset:
                get: /offset
                query: { offset: { type: int, default: 0 }, limit: { type: int, key: page_size, default: 20 } }
                paging: { offset: offset, limit: limit, total: total }
                response: { base_key: items, entity: { name: customer, structure: array } }
              page:
                get: /page
                query: { page: { type: int, default: 1 } }
                paging: { page: page, total_pages: data.total_pages }
                response: { type: note }
              struct_page:
                get: /notes
                paging: { next_url: next }
                response: { type: note_page }
              two_lists:
                get: /two
                paging: link
                response: { type: two_lists }
        """

    private func endpoints() throws -> [String: Endpoint] {
        Dictionary(uniqueKeysWithValues: try loaded().services.flatMap(\.endpoints).map { ($0.name, $0) })
    }

    private func loaded() throws -> Spec {
        let result = TemporarySpec.load(Self.spec)
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    @Test func eachStyleDecodesWithItsPathsSplitAtDots() throws {
        let all = try endpoints()
        #expect(all["plain"]?.paging == nil)
        #expect(all["link"]?.paging?.style == .link)
        #expect(all["next_url"]?.paging?.style == .nextURL(path: ["links", "next"]))
        #expect(all["cursor"]?.paging?.style == .cursor(path: ["response_metadata", "next_cursor"], query: "cursor"))
        #expect(all["last_item"]?.paging?.style == .lastItem(query: "starting_after", more: ["has_more"]))
        #expect(all["offset"]?.paging?.style == .offset(query: "offset", limit: "limit", total: ["total"]))
        #expect(all["page"]?.paging?.style == .page(query: "page", totalPages: ["data", "total_pages"]))
    }

    @Test func whichStylesNeedItemsAndWhichResponsesHaveThem() throws {
        let all = try endpoints()
        #expect(all["last_item"]?.paging?.style.needsItems == true)
        #expect(all["offset"]?.paging?.style.needsItems == true)
        #expect(all["page"]?.paging?.style.needsItems == false)
        #expect(EndpointPaging.Style.page(query: "page", totalPages: nil).needsItems)
        #expect(all["cursor"]?.paging?.style.needsItems == false)
        let spec = try loaded()
        let list = { (name: String) in all[name].flatMap { spec.pageList(of: $0.response) } }
        #expect(list("last_item") == .entities("customer", nullable: false))
        #expect(list("next_url") == .values(.subtype("note")))
        #expect(list("page") == nil, "a struct without a list")
        #expect(list("struct_page") == .member(property: "notes", element: .subtype("note"), nullable: false))
        #expect(list("two_lists") == nil, "a struct with two lists has no one list of items")
    }

    @Test func queryItemsAreSentByTheirWireNames() throws {
        let all = try endpoints()
        #expect(all["cursor"]?.pagingWireName("cursor") == "page_token")
        #expect(all["offset"]?.pagingWireName("limit") == "page_size")
        #expect(all["offset"]?.pagingWireName("offset") == "offset")
        #expect(all["last_item"]?.pagingWireName("starting_after") == "starting_after")
    }

    @Test func theDumpTagsTheStyle() throws {
        let endpoint = try #require(try endpoints()["cursor"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(try #require(endpoint.paging)), as: UTF8.self)
        #expect(json.contains(#""path":["response_metadata","next_cursor"]"#))
        #expect(json.contains(#""query":"cursor""#) && json.contains(#""style":"cursor""#))
    }

    /// A body path is dotted keys: JSONPath's `$` and indices are errors rather than keys no body has.
    @Test(arguments: ["$.next", "links[0].next"]) func jsonPathIsNotABodyPath(_ path: String) {
        let yaml = Self.spec.replacingOccurrences(of: "{ next_url: links.next }", with: "{ next_url: \"\(path)\" }")
        let messages = TemporarySpec.messages(TemporarySpec.load(yaml))
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'\(path)' is not a body path") == true, "\(messages)")
    }

    /// The example shows whether a body path is right: one it lacks would end the pages after the first, silently.
    @Test func aBodyPathTheExampleLacksIsAWarning() {
        let yaml = Self.spec.replacingOccurrences(
            of: "paging: { next_url: links.next }", with: "paging: { next_url: links.next }\n        example: next.json"
        )
        let typo = TemporarySpec.messages(TemporarySpec.load(yaml, files: ["next.json": #"[{"text": "a"}]"#]))
        #expect(typo.count == 1)
        #expect(
            typo.first?.contains(
                "warning: 'next_url' of the paging of endpoint 'next_url' reads 'links.next', but its example next.json "
                    + "has no 'links'") == true, "\(typo)")
        // A list body has no keys: nothing to check against. An object with the path, or null on the way, is fine.
        let objectYAML = yaml.replacingOccurrences(
            of: #"response: { type: "[note]" }"#, with: "response: { type: note_page }")
        for body in [#"{"notes": [], "links": {"next": null}}"#, #"{"notes": [], "links": null}"#] {
            #expect(TemporarySpec.messages(TemporarySpec.load(objectYAML, files: ["next.json": body])) == [], "\(body)")
        }
        let missing = TemporarySpec.messages(TemporarySpec.load(objectYAML, files: ["next.json": #"{"notes": []}"#]))
        #expect(missing.count == 1 && missing.first?.contains("has no 'links'") == true, "\(missing)")
    }
}
