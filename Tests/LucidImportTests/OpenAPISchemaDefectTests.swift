import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Schema defects real documents showed (issue 39), each from the smallest document that failed before: what a
/// generated client must decode is what the document's servers send.
struct OpenAPISchemaDefectTests {
    /// Plaid's 153 required properties that refer to a nullable object or enum: `{"error": null}` must decode.
    @Test func aComponentsNullableGoesWhereverItIsReferredTo() throws {
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(
            """
            openapi: 3.1.0
            info: {title: Nullable ref, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Item"}
            components:
              schemas:
                Item:
                  type: object
                  required: [name, error, status, kind, owner, later]
                  properties:
                    name: {type: string}
                    error: {$ref: "#/components/schemas/Err"}
                    status: {$ref: "#/components/schemas/Status"}
                    kind: {$ref: "#/components/schemas/Kind"}
                    owner: {$ref: "#/components/schemas/Owner"}
                    later: {$ref: "#/components/schemas/Err"}
                Err:
                  type: object
                  nullable: true
                  properties:
                    code: {type: integer}
                Status:
                  type: string
                  nullable: true
                  enum: [active, paused, null]
                Kind:
                  type: string
                  enum: [a, b, null]
                Owner:
                  type: [object, "null"]
                  properties:
                    name: {type: string}
            """)
        #expect(spec.contains("      error: { type: Err, nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      status: { type: Status, nullable: true }\n"))
        #expect(spec.contains("      kind: { type: Kind, nullable: true }\n"))
        #expect(spec.contains("      owner: { type: Owner, nullable: true }\n"))
        #expect(spec.contains("      later: { type: Err, nullable: true }\n"))
        #expect(spec.contains("      name: string\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }
}
