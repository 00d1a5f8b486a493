import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// A paging guess checked against the operation's response example (the one written as its example file): the
/// example is evidence, so a body path it lacks is not guessed (Lob's `total: total_count`, whose example has none,
/// made lint warn at once of the import's own guess).
struct OpenAPIPagingEvidenceTests {
    static func operation(_ path: String, query: [String], properties: String, example: String) -> String {
        let parameters = query.map {
            "        - { name: \($0), in: query, schema: { type: \($0 == "cursor" ? "string" : "integer") } }"
        }
        return """
              \(path):
                get:
                  operationId: list_\(path.dropFirst())
                  parameters:
            \(parameters.joined(separator: "\n"))
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [data]
                            properties:
                              data: { type: array, items: { type: string } }
            \(properties)
                          example: \(example)

            """
    }

    static let document =
        """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        servers: [{ url: "https://items.example.com" }]
        paths:

        """
        + operation(
            "/lacking_total", query: ["offset", "limit"],
            properties: "                  total_count: { type: integer }",
            example: #"{ data: ["a"] }"#)
        + operation(
            "/with_total", query: ["offset", "limit"], properties: "                  total_count: { type: integer }",
            example: #"{ data: ["a"], total_count: 1 }"#)
        + operation(
            "/lacking_pages", query: ["page", "per_page"],
            properties: "                  total_pages: { type: integer }",
            example: #"{ data: ["a"] }"#)
        + operation(
            "/lacking_cursor", query: ["cursor"], properties: "                  next_cursor: { type: string }",
            example: #"{ data: ["a"] }"#)
        + operation(
            "/with_cursor", query: ["cursor"], properties: "                  next_cursor: { type: string }",
            example: #"{ data: ["a"], next_cursor: null }"#)
        + operation(
            "/lacking_next", query: [], properties: "                  next_url: { type: string }",
            example: #"{ data: ["a"] }"#)

    /// The lines of endpoint `name` in `spec`.
    static func endpoint(_ name: String, in spec: String) -> String {
        guard let start = spec.range(of: "      \(name):\n") else { return "" }
        let rest = spec[start.upperBound...]
        let end = rest.range(of: #"\n      [a-z_]+:\n"#, options: .regularExpression)?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func aBodyPathTheExampleLacksIsNotGuessed() throws {
        let result = try OpenAPITestDocuments.with(Self.document) { OpenAPIImporter.importDocument($0) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        // The responses of the same shape are one type (TypeDeduplication), which says so; nothing else is said.
        #expect(result.diagnostics.allSatisfy { $0.message.contains("is one type with it") }, "\(result.diagnostics)")
        // An optional part the example lacks is left out; one it shows is kept.
        #expect(
            Self.endpoint("lacking_total", in: spec).contains(
                "# paging: guessed from the query items 'offset' and 'limit'; check it\n"
                    + "        paging: { offset: offset, limit: limit }\n"), "\(spec)")
        #expect(
            Self.endpoint("with_total", in: spec).contains(
                "paging: { offset: offset, limit: limit, total: total_count }\n"), "\(spec)")
        #expect(Self.endpoint("lacking_pages", in: spec).contains("paging: { page: page }\n"), "\(spec)")
        // A required path the example lacks: no guess of that style (a null is there: a last page's `next: null`).
        #expect(!Self.endpoint("lacking_cursor", in: spec).contains("paging"), "\(spec)")
        #expect(
            Self.endpoint("with_cursor", in: spec).contains("paging: { cursor: next_cursor, query: cursor }\n"),
            "\(spec)")
        #expect(!Self.endpoint("lacking_next", in: spec).contains("paging"), "\(spec)")
        #expect(Self.endpoint("lacking_next", in: spec).contains("get: /lacking_next"), "\(spec)")
    }

}
