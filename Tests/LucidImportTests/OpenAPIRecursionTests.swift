import Foundation
import LucidImport
import LucidSpec
import Testing

/// Recursive schemas: a union may hold itself through its cases (the generated union stores such a case out of
/// line), so an expression tree keeps its required operands; a union that lists itself among its members adds
/// nothing and loses that member; a cycle of required properties alone is still broken at a nullable property.
@Suite struct OpenAPIRecursionTests {
    private func importing(_ schemas: String, response: String) throws -> (String, [String]) {
        try OpenAPITestDocuments.importing(
            """
            openapi: 3.0.3
            info: { title: Recursion, version: "1" }
            servers: [{ url: "https://r.test" }]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { $ref: "#/components/schemas/\(response)" } } }
            components:
              schemas:
            \(schemas)
            """)
    }

    @Test func anExpressionTreeKeepsItsRequiredOperands() throws {
        let (spec, diagnostics) = try importing(
            """
                Expr: { oneOf: [{ $ref: "#/components/schemas/Num" }, { $ref: "#/components/schemas/BinOp" }] }
                Num: { type: object, required: [value], properties: { value: { type: number } } }
                BinOp:
                  type: object
                  required: [left, right]
                  properties:
                    left: { $ref: "#/components/schemas/Expr" }
                    right: { $ref: "#/components/schemas/Expr" }
            """, response: "Expr")
        #expect(spec.contains("      left: Expr\n      right: Expr\n"), "\(spec)")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func aUnionThatListsItselfIsItsOtherMembers() throws {
        let (spec, diagnostics) = try importing(
            """
                RecursivePetAnyOf: { anyOf: [{ $ref: "#/components/schemas/RecursivePetAnyOf" }, { type: string }] }
            """, response: "RecursivePetAnyOf")
        #expect(spec.contains("        response: { type: string }"), "\(spec)")
        #expect(!spec.contains("one_of"))
        #expect(
            diagnostics == [
                "14:24: warning: 'RecursivePetAnyOf' lists itself among its members (its case 'RecursivePetAnyOf' is"
                    + " 'RecursivePetAnyOf'), which adds no value; that member is left out"
            ])
    }

    @Test func unionsThatListEachOtherAloneAreTheirOtherMembers() throws {
        let (spec, diagnostics) = try importing(
            """
                A: { oneOf: [{ $ref: "#/components/schemas/B" }, { type: integer }] }
                B: { oneOf: [{ $ref: "#/components/schemas/A" }, { type: boolean }] }
                Holder: { type: object, properties: { a: { $ref: "#/components/schemas/A" }, b: { $ref: "#/components/schemas/B" } } }
            """, response: "Holder")
        #expect(spec.contains("      a: { type: int, nullable: true }"), "\(spec)")
        #expect(spec.contains("      b: { type: bool, nullable: true }"), "\(spec)")
        #expect(diagnostics.count == 2)
    }

    @Test func aCycleOfRequiredPropertiesAloneIsBrokenAtANullableProperty() throws {
        let (spec, diagnostics) = try importing(
            """
                Person:
                  type: object
                  required: [partner]
                  properties: { partner: { $ref: "#/components/schemas/Person" } }
            """, response: "Person")
        #expect(spec.contains("      partner: { type: Person, nullable: true }"), "\(spec)")
        #expect(diagnostics.contains { $0.contains("'Person.partner' is a 'Person' itself") })
    }
}
