import Foundation
import Testing

@testable import LucidSpec

/// `form_lists`: set on the spec, a service or a body, the most specific winning; `mixed` when none is; only on
/// form and multipart bodies; and the lists a convention cannot send.
@Suite struct FormListsModelTests {
    private static func spec(top: String = "", service: String = "", body: String = "") -> String {
        """
        lucid: 1
        module: Shop
        \(top.isEmpty ? "" : "form_lists: \(top)")
        servers:
          api: https://api.example.com
        subtypes:
          line_item: { properties: { price: string, note: { type: string, nullable: true } } }
          order_form:
            properties:
              tags: "[string]"
              items: "[line_item]"
          order: { properties: { id: string } }
        services:
          orders:
            \(service.isEmpty ? "" : "form_lists: \(service)")
            endpoints:
              create:
                post: /orders
                body: { form: order_form\(body.isEmpty ? "" : ", form_lists: \(body)") }
              upload:
                post: /orders/upload
                body: { multipart: order_form }
              update:
                post: /orders/json
                body: order
        """
    }

    private func endpoints(_ yaml: String) throws -> [String: Endpoint] {
        let result = TemporarySpec.load(yaml)
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        return Dictionary(uniqueKeysWithValues: spec.services.flatMap(\.endpoints).map { ($0.name, $0) })
    }

    @Test func mixedIsTheDefaultAndOnlyFormAndMultipartBodiesHaveOne() throws {
        let all = try endpoints(Self.spec())
        #expect(all["create"]?.formLists == .mixed)
        #expect(all["upload"]?.formLists == .mixed)
        #expect(all["update"]?.formLists == nil)
    }

    @Test func theMostSpecificLevelWins() throws {
        var all = try endpoints(Self.spec(top: "indexed"))
        #expect(all["create"]?.formLists == .indexed && all["upload"]?.formLists == .indexed)
        all = try endpoints(Self.spec(top: "indexed", service: "brackets"))
        #expect(all["create"]?.formLists == .brackets && all["upload"]?.formLists == .brackets)
        all = try endpoints(Self.spec(top: "indexed", service: "brackets", body: "mixed"))
        #expect(all["create"]?.formLists == .mixed && all["upload"]?.formLists == .brackets)
        #expect(all["update"]?.formLists == nil)
    }

    @Test func aBracketsListOfStructsWithoutARequiredFieldIsAWarning() {
        let yaml = Self.spec(service: "brackets").replacingOccurrences(
            of: "price: string, note:", with: "price: { type: string, nullable: true }, note:")
        #expect(
            TemporarySpec.messages(TemporarySpec.load(yaml)) == [
                "spec.lucid.yaml:19:23: warning: 'form_lists: brackets' sends 'items' item by item, and Rails starts "
                    + "a new item when a field repeats; 'line_item' has no property that is always sent, so two items "
                    + "with no field in common cannot be sent; make one of its single-value properties required, or "
                    + "use 'indexed'",
                "spec.lucid.yaml:22:28: warning: 'form_lists: brackets' sends 'items' item by item, and Rails starts "
                    + "a new item when a field repeats; 'line_item' has no property that is always sent, so two items "
                    + "with no field in common cannot be sent; make one of its single-value properties required, or "
                    + "use 'indexed'",
            ])
    }

    @Test func theDumpShowsTheEffectiveConvention() throws {
        let create = try #require(try endpoints(Self.spec(service: "indexed"))["create"])
        let dumped = String(decoding: try JSONEncoder().encode(create), as: UTF8.self)
        #expect(dumped.contains(#""formLists":"indexed""#))
    }
}
