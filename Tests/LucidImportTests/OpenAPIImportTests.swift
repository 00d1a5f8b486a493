import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// The hand-written OpenAPI document `Fixtures/OpenAPI/shop.openapi.yaml` imported: the exact spec (golden), the
/// warnings at their places in the document, and the errors that stop an import.
struct OpenAPIImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")
    static let document = fixtures.appendingPathComponent("shop.openapi.yaml").path
    static let golden = fixtures.appendingPathComponent("shop.lucid.yaml")

    static let result = OpenAPIImporter.importDocument(document)

    @Test func theSpecIsExactlyTheGoldenOne() throws {
        let committed = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(
            Self.result.spec == committed,
            "re-record with: lucid-gen import-openapi \(Self.document) --output \(Self.golden.path) --force")
    }

    @Test func theSpecLintsCleanAndHoldsTheMappedConstructs() throws {
        let spec = try #require(Self.result.spec)
        let lint = SpecLoader().load(yaml: spec, file: "shop.lucid.yaml")
        #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        let model = try #require(lint.spec)
        #expect(model.services.map(\.name) == ["items", "health"])
        #expect(
            model.services[0].endpoints.map(\.name) == ["items", "createItem", "item", "delete_items_item_id"])
        #expect(model.subtypes.map(\.name).contains("ItemKind"))
        #expect(spec.contains("      - { name: sci_fi, value: \"sci-fi\" }\n"))
        #expect(spec.contains("      display_name: { type: string, key: display-name, nullable: true }\n"))
        // A query default is the server's when the item is absent: not sent, said in the description.
        #expect(
            spec.contains(
                "          page_size:\n            type: int\n            key: \"page-size\"\n            nullable: true\n"
                    + "            description: \"Default: `20`.\"\n"))
        #expect(spec.contains("          tags: { type: \"[string]\", nullable: true, style: comma }\n"))
        #expect(
            spec.contains(
                "        delete: \"/items/{item_id}\"\n        auth: token\n        params:\n          item_id: uuid\n")
        )
        #expect(spec.contains("      released: { type: date, nullable: true, format: yyyy-MM-dd }\n"))
        #expect(spec.contains("      homepage: { type: url, nullable: true }\n"))  // type: [string, "null"]
        #expect(spec.contains("      weight: { type: float, nullable: true, deprecated: true }\n"))
        // Security: the document's requirement on every operation, an operation's own, `security: []` as none.
        #expect(spec.contains("\nauth:\n  token: bearer\n  apiKey: { in: header, name: \"X-Api-Key\" }\n"))
        #expect(spec.contains("        get: /items\n        description: \"Lists items.\"\n        auth: token\n"))
        #expect(spec.contains("        get: \"/items/{item_id}\"\n        auth: apiKey\n        params:\n"))
        #expect(spec.contains("        description: \"Whether the shop is up.\"\n        response:"))
        #expect(model.services[0].endpoints[2].auth == "apiKey")
    }

    @Test func everyConstructLeftOutIsALocatedWarning() {
        let lines = Self.result.diagnostics.map { $0.description.replacingOccurrences(of: Self.document, with: "doc") }
        #expect(
            lines == [
                "doc:12:5: warning: only the first server is imported; the others are not",
                "doc:41:11: warning: cookie parameter 'session' has no equivalent in the spec yet; it is left out",
                "doc:75:11: warning: header parameter 'X-Api-Key' is what auth scheme 'apiKey' sends; it is left out"
                    + " (the credential provider supplies it)",
                "doc:114:30: warning: an API key in 'cookie' has no equivalent in the spec (only header and query);"
                    + " operations that use it are imported without auth",
                "doc:137:30: warning: 'pattern' of a schema has no equivalent in the spec yet; it is ignored",
                "doc:141:9: warning: 1 list or map drops an item that fails to decode, and reports it, instead of"
                    + " failing the response (failable_items; a list of entities does by default): 'ItemList.items'"
                    + " (entities)",
            ])
        #expect(
            Self.result.summary
                == "imported 5 operations, 3 schemas; 6 warnings: 4 left out, 1 approximated, 1 ignored keyword")
    }

    @Test func theImportIsDeterministic() {
        #expect(OpenAPIImporter.importDocument(Self.document).spec == Self.result.spec)
    }

    /// The same document as JSON, read by the project's JSON parser: a surrogate-pair escape (which libyaml
    /// rejects) is read, and the spec is the YAML document's.
    @Test func aJSONDocumentIsReadWithTheJSONParser() throws {
        try withDocument(
            #"{"openapi": "3.0.3", "info": {"title": "Emoji \ud83d\ude00", "version": "1"},"#
                + #" "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {"description": "ok"}}}}}}"#,
            name: "emoji.json"
        ) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.hasPrefix("# Converted by `lucid-gen import-openapi` from emoji.json (Emoji 😀 1).\n"))
            #expect(spec.contains("      ping:\n        get: /ping\n"))
        }
    }

    @Test func aJSONSyntaxErrorIsLocated() throws {
        try withDocument("{\"openapi\": \"3.0.0\",\n  \"info\": }", name: "bad.json") { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            #expect(result.diagnostics.map(\.description) == ["\(path):2:11: error: expected a value, found '}'"])
        }
    }

    @Test func swagger2IsRefusedWithWhatToDo() throws {
        try withDocument("swagger: \"2.0\"\ninfo: { title: T, version: \"1\" }\npaths: {}\n") { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            let message = try #require(result.diagnostics.first?.description)
            #expect(message.hasPrefix("\(path):1:1: error: this is a Swagger 2.0 document; import-openapi reads"))
            #expect(message.contains("convert it to OpenAPI 3 first"))
        }
    }

    @Test func referencesToURLsAreErrorsNamingThem() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            paths: {}
            components:
              schemas:
                A: { $ref: "https://example.com/schemas.yaml#/A" }
                B: { $ref: "//example.com/b.yaml" }
                C: { $ref: "#/components/schemas/Missing" }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            #expect(
                result.diagnostics.map(\.description) == [
                    "\(path):6:16: error: '$ref: https://example.com/schemas.yaml#/A' points at a URL; import-openapi"
                        + " fetches nothing; download that document and refer to the copy, or bundle it into this one",
                    "\(path):7:16: error: '$ref: //example.com/b.yaml' points at a URL; import-openapi fetches"
                        + " nothing; download that document and refer to the copy, or bundle it into this one",
                ])
        }
    }

    @Test func aLocalReferenceToNothingIsAnError() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Missing" }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            #expect(
                result.diagnostics.map(\.description) == [
                    "\(path):1:1: warning: the document names no server; the spec uses https://api.example.com",
                    "\(path):11:31: error: '$ref: #/components/schemas/Missing' points at nothing in the document",
                ])
        }
    }

    @Test func aDocumentWithoutVersionIsNotOpenAPI() throws {
        try withDocument("info: { title: T }\n") { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            #expect(result.diagnostics.first?.message == "no 'openapi' version key: this is not an OpenAPI document")
        }
    }

    /// A document in several files joined by relative `$ref`s: a path item, a parameter and schemas in other files,
    /// `../` back to the root; a schema file that is one object becomes one subtype named after the file, however
    /// many places refer to it, and warnings are located in the file that holds the construct.
    @Test func relativeFileReferencesAreFollowed() throws {
        let root = Self.fixtures.appendingPathComponent("MultiFile/root.yaml").path
        let result = OpenAPIImporter.importDocument(root)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(
            spec.hasSuffix(
                """
                subtypes:
                  Kind:
                    cases:
                      - cat
                      - dog

                  Keeper:
                    properties:
                      name: string
                      animals: { type: "[animal]", nullable: true }
                entities:
                  # an entity: it has the identifier 'id' (int64)
                  animal:
                    identifier: { property: id }
                    properties:
                      id: int64
                      kind: { type: Kind, nullable: true }
                      keeper: { type: Keeper, nullable: true }
                      x_internal: { type: string, key: x-internal, nullable: true }
                services:
                  animals:
                    endpoints:
                      animal:
                        get: "/animals/{id}"
                        params:
                          id: int64
                        response: { type: animal }

                """), "\(spec)")
        let folder = Self.fixtures.appendingPathComponent("MultiFile").path
        #expect(
            result.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") } == [
                "root.yaml:15:9: warning: 1 list or map drops an item that fails to decode, and reports it, instead"
                    + " of failing the response (failable_items; a list of entities does by default):"
                    + " 'Keeper.animals' (entities)",
                "schemas/common.yaml:8:39: warning: 'minimum' of a schema has no equivalent in the spec yet; it is"
                    + " ignored",
            ])
        #expect(result.summary == "imported 1 operation, 3 schemas; 2 warnings: 1 approximated, 1 ignored keyword")
    }

    @Test func aReferenceToAMissingFileIsAnErrorAtTheReference() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            paths: {}
            components:
              schemas:
                A: { type: object, properties: { b: { $ref: "missing/b.yaml" } } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            #expect(result.spec == nil)
            let missing = (path as NSString).deletingLastPathComponent + "/missing/b.yaml"
            #expect(
                result.diagnostics.map(\.description) == [
                    "\(path):6:49: error: '$ref' points at '\(missing)', which does not exist"
                ])
        }
    }

    /// Schemas that include each other through `allOf`, or are aliases of each other, end in warnings, not a crash.
    @Test func cyclesOfAllOfAndAliasesAreWarnedNotFollowedForever() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/A" }
            components:
              schemas:
                A: { allOf: [{ $ref: "#/components/schemas/B" }, { type: object }] }
                B: { allOf: [{ $ref: "#/components/schemas/A" }, { type: object }] }
                C: { type: array, items: { $ref: "#/components/schemas/D" } }
                D: { type: array, items: { $ref: "#/components/schemas/C" } }
                E: { type: object, properties: { c: { $ref: "#/components/schemas/C" } } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("  E:\n    properties: {}\n"))
            #expect(
                result.diagnostics.map(\.message).contains(
                    "schema '#/components/schemas/C' refers to itself through lists or aliases; it is left out"))
        }
    }

    /// Names are cut so that the Swift names lucid-gen derives from them stay within its 64 characters.
    @Test func longNamesAreCutToFitSwiftNames() throws {
        let long = String(repeating: "veryLongWord_", count: 8) + "end"
        let text = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://t.example.com" }]
            paths:
              /a:
                get:
                  operationId: \(long)
                  responses: { "204": { description: ok } }
            components:
              schemas:
                \(long): { type: object, properties: { \(long): { type: string } } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("\n  veryLongWord_veryLongWord_veryLongWord_veryLongWord:\n    properties:\n"))
            // The endpoint's name leaves room for its service's in `<Service><Endpoint>ResponseMetadata`.
            #expect(spec.contains("\n      veryLongWord_veryLongWord_veryLongWord:\n        get: /a\n"))
        }
    }

    private func withDocument(
        _ text: String, name: String = "doc.yaml", _ body: (String) throws -> Void
    ) throws {
        try OpenAPITestDocuments.with(text, name: name, body)
    }
}
