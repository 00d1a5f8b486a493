import Foundation
import LucidImport
import LucidSpec
import Testing

/// Documents that write every schema in place get one type per shape (`TypeDeduplication`), and the types made for
/// a construct that was then left out are not kept (`UnusedTypes`); the document's named schemas stay as written.
@Suite struct OpenAPIRepeatsTests {
    /// A forum-shaped document: the same user summary written in three places under three names, inside objects
    /// that are the same too; empty objects; an enum written twice; a union of two identical objects.
    static let forum = """
        openapi: 3.0.3
        info: { title: Forum, version: "1" }
        servers: [{ url: "https://forum.test" }]
        paths:
          /topics/{id}:
            get:
              operationId: getTopic
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          author:
                            type: object
                            properties: { id: { type: integer }, username: { type: string } }
                          last_user:
                            description: The last one to post.
                            type: object
                            properties: { id: { type: integer }, username: { type: string } }
                          custom_fields: { type: object }
                          stats: { type: object }
                          order: { type: string, enum: [asc, desc] }
                          pick:
                            oneOf:
                              - { type: object, properties: { a: { type: string } } }
                              - { type: object, properties: { a: { type: string } } }
          /users:
            get:
              operationId: listUsers
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          users:
                            type: array
                            items:
                              type: object
                              properties: { id: { type: integer }, username: { type: string } }
                          sort: { type: string, enum: [asc, desc] }
        components:
          schemas:
            Account:
              type: object
              properties: { id: { type: integer }, username: { type: string } }
            Profile:
              type: object
              properties: { id: { type: integer }, username: { type: string } }
        """

    @Test func identicalSchemasWrittenInPlaceAreOneTypeNamedFromWhatTheyShare() throws {
        let result = try OpenAPITestDocuments.with(Self.forum) { OpenAPIImporter.importDocument($0) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        // `author`, `last_user` and `users[]`: `user`, the last word two of their names end with.
        #expect(spec.contains("  user:\n    properties:\n      id: { type: int, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      author: { type: user, nullable: true }"))
        #expect(spec.contains("      users: { type: \"[user]\", nullable: true }"))
        #expect(!spec.contains("_author:\n") && !spec.contains("_last_user:\n"))
        #expect(spec.contains("      custom_fields: { type: empty_object, nullable: true }"))
        #expect(spec.contains("      stats: { type: empty_object, nullable: true }"))
        // The enum keeps its first name; the union of two identical objects is that object.
        #expect(spec.components(separatedBy: "\n    cases:\n      - asc\n      - desc\n").count == 2)
        #expect(spec.contains("      sort: { type: topic_response_order, nullable: true }"), "\(spec)")
        #expect(!spec.contains("one_of"))
        // Named schemas are the document's vocabulary: never merged, kept though unused.
        #expect(spec.contains("  Account:\n") && spec.contains("  Profile:\n"))
        #expect(SpecLoader().load(yaml: spec, file: "f.lucid.yaml").diagnostics.isEmpty)
        // One warning for the five types merged, at the first place (`last_user`, whose description differs).
        let merged = result.diagnostics.filter { $0.message.contains("is one type with it") }
        #expect(merged.count == 1, "\(merged)")
        #expect(
            merged.first?.message.hasSuffix(
                "its description differs, and the type keeps the first (5 places; the first is here)") == true)
        #expect(merged.first?.location.line == 21)
    }

    @Test func aTypeMadeForAConstructLeftOutIsNotKept() throws {
        let text = """
            openapi: 3.0.3
            info: { title: Left out, version: "1" }
            servers: [{ url: "https://x.test" }]
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - name: filter
                      in: cookie
                      schema: { type: object, properties: { a: { type: string } } }
                  responses: { "204": { description: none } }
            components:
              schemas:
                Unused: { type: object, properties: { b: { type: string } } }
            """
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("  Unused:\n"))
        #expect(!spec.contains("filter"))
    }
}
