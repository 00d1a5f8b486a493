import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// Operations imported beyond JSON in, JSON out: form, multipart and raw request bodies, several media types,
/// several success responses, response headers, the shared error payload, parameter styles and enums, and paging
/// guessed from the document. `Fixtures/OpenAPI/operations.openapi.yaml` holds one of each (golden:
/// `operations.lucid.yaml`); small documents check the rest.
struct OpenAPIOperationImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")
    static let document = fixtures.appendingPathComponent("operations.openapi.yaml").path
    static let golden = fixtures.appendingPathComponent("operations.lucid.yaml")

    static let result = OpenAPIImporter.importDocument(document)

    @Test func theSpecIsExactlyTheGoldenOneAndLintsClean() throws {
        let spec = try #require(Self.result.spec)
        let committed = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(
            spec == committed,
            "re-record with: lucid-gen import-openapi \(Self.document) --output \(Self.golden.path) --force")
        let lint = SpecLoader().load(yaml: spec, file: "operations.lucid.yaml")
        #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        #expect(OpenAPIImporter.importDocument(Self.document).spec == spec, "not deterministic")
    }

    @Test func formMultipartAndRawBodies() throws {
        let spec = try #require(Self.result.spec)
        // Form: `explode: false` on its only list is `comma`; the nested object (deepObject) is bracketed anyway.
        #expect(spec.contains("        post: /signup\n        body: { form: signup_body, form_lists: comma }\n"))
        #expect(spec.contains("      address: { type: signup_body_address, nullable: true }\n"))
        // Multipart: `format: binary` properties (and lists of them) are file uploads, in a struct of the body's.
        #expect(
            spec.contains(
                "  upload_body:\n    properties:\n      title: { type: string, nullable: true }\n"
                    + "      file: file_upload\n      pages: { type: \"[file_upload]\", nullable: true }\n"))
        #expect(spec.contains("        post: /upload\n        body: { multipart: upload_body }\n"))
        // Raw bytes: octet-stream is the spec's default content type. A body whose schema says it is a file's
        // bytes (`format: binary`) is an upload from a file.
        #expect(spec.contains("        put: /blob\n        body: { raw: true }\n"))
        #expect(spec.contains("        put: /avatar\n        body: { file: image/png }\n"))
        // JSON wins over XML, said at the XML one; a JSON list of strings goes raw, said too.
        #expect(spec.contains("        post: /notes\n        body: Note\n"))
        #expect(spec.contains("        post: /labels\n        body: { raw: true, content_type: application/json }\n"))
        // A list of objects cannot be comma-separated: the default convention, with a warning.
        #expect(spec.contains("        post: /orders\n        body: { form: order_body }\n"))
    }

    @Test func responsesHeadersAndTheErrorPayload() throws {
        let spec = try #require(Self.result.spec)
        // Every error response (`default`, `4XX`) with a JSON body has the schema Problem.
        #expect(spec.contains("\nmodule: Operations\nerror_payload: Problem\nservers:\n"))
        // 200 with a body beside a 204: the response is optional.
        #expect(
            spec.contains(
                "        delete: \"/items/{id}\"\n        params:\n          id: string\n"
                    + "        response: { type: Item, optional: true }\n"))
        // Headers: required ones non-nullable; a date-time is a date; a HEAD's headers alone.
        #expect(
            spec.contains(
                "        response:\n          type: items_response\n          headers:\n"
                    + "            X_Rate_Limit: { type: int, key: \"X-Rate-Limit\" }\n            X_Expires:\n"
                    + "              type: date\n              key: \"X-Expires\"\n              nullable: true\n"))
        #expect(
            spec.contains(
                "        response:\n          headers:\n            ETag: { type: string, key: \"ETag\", nullable: true }\n"
            ))
        // 201 and 202 with different bodies: the first is imported.
        #expect(spec.contains("        body: Item\n        response: { type: Item }\n"))
    }

    @Test func parametersReuseEnumsAndSayWhatTheyLeaveOut() throws {
        let spec = try #require(Self.result.spec)
        #expect(spec.contains("          status: { type: Item_state, nullable: true }\n"))
        #expect(spec.contains("          states: { type: \"[Item_state]\", nullable: true }\n"))
        #expect(!spec.contains("items_status"))
        #expect(spec.contains("          ids: { type: \"[int]\", nullable: true }\n"))
    }

    @Test func pagingIsGuessedWhereTheDocumentShowsIt() throws {
        let spec = try #require(Self.result.spec)
        #expect(
            spec.contains(
                "        # paging: guessed from the query item 'cursor' and the body's 'next_cursor'; check it\n"
                    + "        paging: { cursor: next_cursor, query: cursor }\n"))
        #expect(
            spec.contains(
                "        # paging: guessed from the query items 'offset' and 'limit' and the body's 'total'; check it\n"
                    + "        paging: { offset: offset, limit: limit, total: total }\n"))
        #expect(
            spec.contains(
                "        # paging: guessed from the query items 'page' and 'per_page' and the body's"
                    + " 'meta.total_pages'; check it\n        paging: { page: page, total_pages: meta.total_pages }\n"))
        #expect(
            spec.contains(
                "            Link: { type: links, key: \"Link\", nullable: true }\n"
                    + "        # paging: guessed from the response header 'Link'; check it\n        paging: link\n"))
        // `starting_after` and `has_more` say last_item, which needs items identified: Item is an entity (its `id`).
        #expect(
            spec.contains(
                "        response: { type: charges_response }\n"
                    + "        # paging: guessed from the query item 'starting_after' and the body's 'has_more'; check it\n"
                    + "        paging: { last_item: starting_after, more: has_more }\n"))
    }

    @Test func everyConstructLeftOutIsALocatedWarning() {
        let lines = Self.result.diagnostics.map { $0.description.replacingOccurrences(of: Self.document, with: "doc") }
        #expect(
            lines == [
                "doc:12:35: warning: parameter style 'pipeDelimited' has no equivalent in the spec (a list goes"
                    + " repeated, comma-separated or with brackets); the list is sent repeated (name=a&name=b)",
                "doc:14:28: warning: cookie parameter 'session' has no equivalent in the spec yet; it is left out",
                "doc:27:19: warning: 4 lists and maps drop an item that fails to decode, and report it, instead of"
                    + " failing the response (failable_items; a list of entities does by default):"
                    + " 'items_response.items' (entities), 'events_response.data' (entities), 'pages_response.results'"
                    + " (entities), 'charges_response.data' (entities)",
                "doc:43:9: warning: the 202 response's body differs from the 201 one's, which is imported; it is"
                    + " decoded like it",
                "doc:186:11: warning: request body media type 'application/xml' is left out: the body is imported as"
                    + " 'application/json' (JSON first, then form, multipart and raw bytes)",
                "doc:195:31: warning: a JSON body of type '[string]' has no equivalent (a JSON body is a struct subtype"
                    + " or a list of one); it is sent as raw bytes the caller encodes (body: { raw: true, content_type:"
                    + " application/json })",
                "doc:210:13: warning: 'explode: false' applies to some lists of this body only, or to lists of"
                    + " objects, and a spec sends one convention per body, single values only comma-separated; the"
                    + " lists are sent repeated (name=a&name=b), those of objects indexed (name[0][key]=v)",
                "doc:227:13: warning: the stream's terminator '[DONE]' is guessed from the text 'data: [DONE]' in the"
                    + " request body's schema; check it",
            ])
        #expect(
            Self.result.summary
                == "imported 19 operations, 6 schemas; 8 warnings: 2 left out, 5 approximated, 1 guess to check")
    }

    // MARK: Small documents

    /// Operations whose error responses have different schemas: no `error_payload`, one warning at the first
    /// that differs, naming both.
    @Test func errorResponsesThatDisagreeAreOneWarning() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  responses:
                    "200": { description: ok }
                    "400":
                      description: bad
                      content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } }
              /b:
                get:
                  responses:
                    "200": { description: ok }
                    "500":
                      description: bad
                      content: { application/json: { schema: { type: object, properties: { e: { type: string } } } } }
            components:
              schemas:
                Problem: { type: object, properties: { message: { type: string } } }
            """
        let (spec, warnings) = try importing(text)
        #expect(!spec.contains("error_payload"))
        #expect(
            warnings == [
                "18:42: warning: error responses have different schemas (an inline schema here,"
                    + " '#/components/schemas/Problem' at line 11), and a spec has one error_payload; none is imported:"
                    + " lucid-gen reports errors as APIError with the status code and the body"
            ])
    }

    /// The same inline error schema on every operation is one payload, named after what it is.
    @Test func anInlineErrorSchemaSharedByAllIsThePayload() throws {
        let error =
            "content: { application/json: { schema: { type: object, properties: { code: { type: integer } } } } }"
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  responses:
                    "204": { description: ok }
                    default: { description: bad, \(error) }
              /b:
                get:
                  responses:
                    "204": { description: ok }
                    "404": { description: bad, \(error) }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.contains("\nerror_payload: error_response\n"))
        #expect(spec.contains("  error_response:\n    properties:\n      code: { type: int, nullable: true }\n"))
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// A multipart body whose schema is a component with a binary property gets a struct of its own, with the file
    /// as `file_upload`; the component stays as it is for JSON (a string).
    @Test func aMultipartComponentWithAFileGetsAStructOfItsOwn() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /docs:
                post:
                  operationId: addDocument
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { $ref: "#/components/schemas/Document" }
                        encoding:
                          scan: { contentType: image/png }
                  responses:
                    "201": { description: ok }
            components:
              schemas:
                Document:
                  type: object
                  required: [scan]
                  properties:
                    name: { type: string }
                    scan: { type: string, format: binary }
            """
        let (spec, warnings) = try importing(text)
        #expect(
            spec.contains(
                "  addDocument_body:\n    properties:\n      name: { type: string, nullable: true }\n"
                    + "      scan: file_upload\n"))
        #expect(spec.contains("        body: { multipart: addDocument_body }\n"))
        #expect(
            warnings == [
                "13:36: warning: a part's 'contentType' is not mapped; a file part sends its FileUpload's content"
                    + " type, a text part text/plain",
                "23:31: warning: 'format: binary' inside a JSON value is read as a string",
            ])
    }

    /// OpenAPI 3.1 says bytes as JSON Schema does: `contentEncoding: base64` is 3.0's `format: byte` (`data`), and
    /// `contentMediaType` without an encoding is a file's raw bytes (`format: binary`), a `file_upload` in a
    /// multipart part; an encoding without a scalar (`base64url`) is read as a string, with a warning.
    @Test func theContentKeywordsOf31AreBytesAndFiles() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /docs:
                post:
                  operationId: addDocument
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [scan]
                          properties:
                            scan: { type: string, contentMediaType: image/png }
                            pages: { type: array, items: { type: string, contentMediaType: application/pdf } }
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json: { schema: { $ref: "#/components/schemas/Stored" } }
            components:
              schemas:
                Stored:
                  type: object
                  required: [digest, thumbnail]
                  properties:
                    digest: { type: string, contentEncoding: base64 }
                    thumbnail: { type: string, contentEncoding: BASE64, contentMediaType: image/png }
                    token: { type: string, contentEncoding: base64url }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.contains("      scan: file_upload\n"), "\(spec)")
        #expect(spec.contains("      pages: { type: \"[file_upload]\", nullable: true }\n"), "\(spec)")
        #expect(spec.contains("      digest: data\n      thumbnail: data\n"), "\(spec)")
        #expect(spec.contains("      token: { type: string, nullable: true }\n"), "\(spec)")
        #expect(
            warnings == [
                // What the decoded bytes are has no place in the spec: an ignored keyword.
                "29:61: warning: 'contentMediaType' of a schema has no equivalent in the spec yet; it is ignored",
                "30:32: warning: contentEncoding 'base64url' has no scalar of its own; the value is read as 'string'",
            ])
    }

    /// A multipart body lint refuses (files joined by commas, as `explode: false` on a list of files says) is left
    /// out with its struct of files, which no other body may hold; a media range is raw bytes.
    @Test func aMultipartBodyLintRefusesIsLeftOutWithItsStruct() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /scans:
                post:
                  operationId: scan
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            pages: { type: array, items: { type: string, format: binary } }
                        encoding:
                          pages: { explode: false }
                  responses:
                    "204": { description: ok }
              /photos:
                post:
                  operationId: photo
                  requestBody:
                    content:
                      image/*: {}
                  responses:
                    "204": { description: ok }
            """
        let (spec, warnings) = try importing(text)
        #expect(!spec.contains("file_upload") && !spec.contains("scan_body"))
        #expect(spec.contains("        post: /scans\n\n"))
        #expect(spec.contains("        post: /photos\n        body: { raw: true }\n"))
        #expect(
            warnings == [
                "10:11: warning: the multipart body of type 'scan_body' does not fit the spec (lint: the multipart body"
                    + " of endpoint 'scan' cannot send 'pages', a list of files, with 'form_lists: comma'); it is left"
                    + " out",
                "24:11: warning: a body of media type 'image/*' is sent as raw bytes of type"
                    + " application/octet-stream; set 'content_type' to what the server reads",
            ])
    }

    /// A guess whose body field the document lacks is no guess: `offset` without `limit` and a cursor no body
    /// field feeds give no paging; `offset` and `limit` without a total page without one.
    @Test func pagingIsNotGuessedWithoutItsEvidence() throws {
        let list = "content: { application/json: { schema: { type: array, items: { type: string } } } }"
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  operationId: a
                  parameters:
                    - { name: offset, in: query, schema: { type: integer } }
                  responses:
                    "200": { description: ok, \(list) }
              /b:
                get:
                  operationId: b
                  parameters:
                    - { name: cursor, in: query, schema: { type: string } }
                  responses:
                    "200": { description: ok, \(list) }
              /c:
                get:
                  operationId: c
                  parameters:
                    - { name: offset, in: query, schema: { type: integer } }
                    - { name: limit, in: query, schema: { type: integer } }
                  responses:
                    "200": { description: ok, \(list) }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.components(separatedBy: "\n        paging:").count == 2)
        #expect(
            spec.contains(
                "        # paging: guessed from the query items 'offset' and 'limit'; check it\n"
                    + "        paging: { offset: offset, limit: limit }\n"))
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// `starting_after` and `has_more` say last_item, which sends the last item's identifier: items without one
    /// (no required `id`, so no entity) make lint refuse the guess, which is left out with a warning.
    @Test func aLastItemGuessWhoseItemsAreNoEntitiesIsLeftOut() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /charges:
                get:
                  operationId: charges
                  parameters:
                    - { name: starting_after, in: query, schema: { type: string } }
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: { type: array, items: { $ref: "#/components/schemas/Charge" } }
                              has_more: { type: boolean }
            components:
              schemas:
                Charge:
                  type: object
                  properties:
                    id: { type: string }
            """
        let (spec, warnings) = try importing(text)
        #expect(!spec.contains("paging") && !spec.contains("entities:"))
        #expect(
            warnings == [
                "9:11: warning: the paging guessed from the query item 'starting_after' and the body's 'has_more'"
                    + " does not fit the spec (lint: 'last_item' paging sends the last item's identifier, but the"
                    + " items of endpoint 'charges' have none); it is left out"
            ], "\(warnings)")
    }

    private func importing(_ text: String) throws -> (String, [String]) {
        try OpenAPITestDocuments.importing(text)
    }
}
