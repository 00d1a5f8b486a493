import Foundation
import LucidSpec
import Testing

@testable import LucidImport

/// Shapes met in large real documents outside the corpus (GitHub's, Twilio's, Discord's, Box's, DigitalOcean's,
/// OpenAI's, Mastodon's), each written small: the import must lint clean on them, and say what it did. Also the
/// summary's warnings by kind, and paging from a next URL in the body.
struct OpenAPIStrangeDocumentTests {
    /// Long tags and operation ids (Twilio's `Api20100401AvailablePhoneNumberCountry` with
    /// `ListAvailablePhoneNumberCountry`) made payload names past lucid-gen's 64 characters: the service is cut to
    /// 30 and the endpoint so that both fit in 46, at a word (an `_`, else a capital letter).
    @Test func longTagsAndOperationIdsAreCutSoThatGeneratedNamesFit() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  tags: [Api20100401AvailablePhoneNumberCountryMachineToMachine]
                  operationId: ListAvailablePhoneNumberCountryMachineToMachineWithExtensions
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/A" } } } }
              /b:
                get:
                  tags: [oauth_authorizations]
                  operationId: oauth_authorizations_get_or_create_authorization_for_app_and_fingerprint
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/A" } } } }
            components:
              schemas:
                A: { type: object, properties: { id: { type: integer } } }
            """
        let (spec, _) = try importing(text)
        #expect(spec.contains("\n  Api20100401AvailablePhone:\n"))
        #expect(spec.contains("\n      availablePhoneNumber:\n"), "\(spec)")  // a GET's `List` goes too
        #expect(spec.contains("\n  oauth_authorizations:\n"))
        #expect(spec.contains("\n      oauth_authorizations_get_or:\n"))
    }

    /// Discord's `OAuth2GetOpenIDConnectUserInfoResponse` schema and its operation `get_openid_connect_userinfo`
    /// in tag `oauth2`: the payload `Oauth2GetOpenidConnectUserinfoResponse` differs from the subtype only in case,
    /// one file on macOS. The endpoint gets a number instead. (A POST here: a GET's `get` would be dropped.)
    @Test func anEndpointWhosePayloadWouldClashWithASubtypeInCaseGetsANumber() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /userinfo:
                post:
                  tags: [oauth2]
                  operationId: get_openid_connect_userinfo
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json: { schema: { $ref: "#/components/schemas/OAuth2GetOpenIDConnectUserInfoResponse" } }
            components:
              schemas:
                OAuth2GetOpenIDConnectUserInfoResponse: { type: object, properties: { sub: { type: string } } }
            """
        let (spec, _) = try importing(text)
        #expect(spec.contains("\n      get_openid_connect_userinfo_2:\n"))
    }

    /// OpenAI's `Createcontentprovenancecheck` (cut to fit its service) made an inline body type
    /// `Createcontentprovenance_body`, which differs from its schema `CreateContentProvenanceBody` only in case: type
    /// names are kept distinct ignoring case.
    @Test func typeNamesThatDifferOnlyInCaseAreKeptApart() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /checks:
                post:
                  operationId: Createcontentprovenance
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { type: object, properties: { file: { type: string, format: binary } } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/CreateContentProvenanceBody" } } } }
            components:
              schemas:
                CreateContentProvenanceBody: { type: object, properties: { ok: { type: boolean } } }
                PET: { type: object, properties: { id: { type: integer } } }
                Pet: { type: object, properties: { id: { type: integer } } }
            """
        let (spec, _) = try importing(text)
        #expect(spec.contains("\n  Createcontentprovenance_body_2:\n"))
        #expect(spec.contains("\n  PET:\n") && spec.contains("\n  Pet_2:\n"))
    }

    /// Okta's `Log` tag and `LogClient` schema: the service's client would be the subtype's name. The service gets a
    /// number; a schema named like one of the module's types (`ShopServers`) does too.
    @Test func servicesAndModuleTypesDoNotTakeASubtypesName() throws {
        let text = """
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /logs:
                get:
                  tags: [Log]
                  operationId: list
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/LogClient" } } } }
            components:
              schemas:
                LogClient: { type: object, properties: { ip: { type: string } } }
                ShopServers: { type: object, properties: { url: { type: string } } }
            """
        let (spec, _) = try importing(text)
        #expect(spec.contains("\n  Log_2:\n"))
        #expect(spec.contains("\n  ShopServers_2:\n"))
    }

    /// DocuSign answers every operation as `*/*`: a range that holds JSON, with a schema, is read as JSON (once
    /// warned), instead of the body being ignored.
    @Test func aMediaRangeWithASchemaIsReadAsJSON() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    "200": { description: ok, content: { "*/*": { schema: { $ref: "#/components/schemas/A" } } } }
              /b:
                get:
                  operationId: b
                  responses:
                    "200": { description: ok, content: { "*/*": { schema: { $ref: "#/components/schemas/A" } } } }
            components:
              schemas:
                A: { type: object, properties: { id: { type: integer } } }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.components(separatedBy: "        response: { type: A }\n").count == 3)
        #expect(
            warnings == [
                "9:46: warning: media type '*/*' with a schema is read as JSON (the spec's responses are JSON)"
                    + " (2 places; the first is here)"
            ])
    }

    /// Paths OpenAPI does not allow made the whole import fail, with errors in a spec never written: such a path's
    /// operations are left out, warned at the path; a path without its leading `/` gets one, and a path's query
    /// becomes `fixed_query`.
    @Test func invalidPathsAreLeftOutAndAPathWithoutSlashGetsOne() throws {
        let none = "responses: { \"204\": { description: none } }"
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /a/{id}/{id}: { get: { operationId: twice, \(none) } }
              /a/{b: { get: { operationId: unclosed, \(none) } }
              /a/{}: { get: { operationId: empty, \(none) } }
              /things?type=a: { get: { operationId: query, \(none) } }
              items: { get: { operationId: noSlash, \(none) } }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.contains("      noSlash:\n        get: /items\n"))
        // A query in the path is sent always (it was left out).
        #expect(spec.contains("      query:\n        get: /things\n        fixed_query: { type: \"a\" }\n"))
        #expect(!spec.contains("twice") && !spec.contains("unclosed") && !spec.contains("empty:"))
        #expect(
            warnings == [
                "5:3: warning: path '/a/{id}/{id}' is no valid path (it names '{id}' twice); its operations are left"
                    + " out",
                "6:3: warning: path '/a/{b' is no valid path (its braces are unbalanced or empty); its operations are"
                    + " left out",
                "7:3: warning: path '/a/{}' is no valid path (its braces are unbalanced or empty); its operations are"
                    + " left out",
                "9:3: warning: a path must start with '/'; it is read as if it did",
            ])
    }

    /// DigitalOcean writes each operation as a `$ref` to a file of its own: it is read where it points (before, the
    /// operations came out empty, with only their path placeholders).
    @Test func anOperationWrittenAsAReferenceIsReadWhereItPoints() throws {
        let operation = """
            operationId: droplets_get
            tags: [Droplets]
            parameters:
              - { name: droplet_id, in: path, required: true, schema: { type: integer } }
            responses:
              "200":
                description: ok
                content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } }
            """
        let document = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /v2/droplets/{droplet_id}:
                get: { $ref: "droplets_get.yml" }
            """
        let (spec, warnings) = try OpenAPITestDocuments.with(document) { path in
            let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("droplets_get.yml")
            try Data(operation.utf8).write(to: file)
            return try importing(at: path)
        }
        #expect(spec.contains("      droplets_get:\n        get: \"/v2/droplets/{droplet_id}\"\n"))
        #expect(spec.contains("          droplet_id: int\n"))
        #expect(spec.contains("        response: { type: droplets_get_response }\n"))
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// Box's `mdfilters`: a query list of objects. A query item holds single values or lists of them.
    @Test func aQueryListOfObjectsIsLeftOutWithAWarning() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - name: filters
                      in: query
                      schema: { type: array, items: { $ref: "#/components/schemas/Filter" } }
                    - name: grid
                      in: query
                      schema: { type: array, items: { type: array, items: { type: integer } } }
                  responses:
                    "204": { description: none }
            components:
              schemas:
                Filter: { type: object, properties: { scope: { type: string } } }
            """
        let (spec, warnings) = try importing(text)
        #expect(!spec.contains("filters"))
        #expect(!spec.contains("grid"))
        #expect(
            warnings == [
                "11:11: warning: query parameter 'filters' of type '[Filter]' is not a simple value (a spec's query"
                    + " items are single values and lists); it is left out",
                "14:11: warning: query parameter 'grid' of type '[[int]]' is not a simple value (a spec's query items"
                    + " are single values and lists); it is left out",
            ])
    }

    /// 3.1 shapes: `enum: [null]` is no enum (it made an enum subtype without cases), `type: "null"` is said to be
    /// always null (not "no 'type'"), and a property named "" is left out (a spec's key is never empty).
    @Test func nullEnumsNullTypesAndEmptyPropertyNamesAreLeftOutWithAWarning() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths: {}
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    id: { type: string }
                    nulls: { enum: [null] }
                    nothing: { type: "null" }
                    "": { type: string }
                    maybe: { enum: [a, null] }
            """
        let (spec, warnings) = try importing(text)
        #expect(spec.contains("      maybe: { type: Thing_maybe, nullable: true }\n"))
        #expect(!spec.contains("nulls") && !spec.contains("nothing") && !spec.contains("key: \"\""))
        #expect(
            warnings == [
                "11:9: warning: a value that is always null (type 'null') is not mapped; it is left out",
                "12:9: warning: a value that is always null (type 'null') is not mapped; it is left out",
                "13:9: warning: a property with an empty name has no equivalent in the spec (a key is never empty);"
                    + " it is left out",
            ])
    }

    /// A 3.1 tuple (`prefixItems`, with `items: false`) was said to have "no 'type'", at its property: it says
    /// what it is now.
    @Test func aTupleIsSaidToBeATuple() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths: {}
            components:
              schemas:
                Shape:
                  type: object
                  properties:
                    point: { type: array, prefixItems: [{ type: number }, { type: number }], items: false }
                    anything: { type: array, items: true }
            """
        let (spec, warnings) = try importing(text)
        #expect(!spec.contains("point") && !spec.contains("anything"))
        #expect(
            warnings.filter { !$0.contains("'prefixItems' of a schema") } == [
                "10:9: warning: a tuple ('prefixItems') is not mapped yet; it is left out",
                "11:9: warning: a list whose 'items' is true is not mapped yet; it is left out",
            ])
    }

    // MARK: The summary's warnings by kind

    @Test func theSummaryCountsWarningsByKind() throws {
        let text = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            x-origin: somewhere
            paths:
              /a:
                get:
                  operationId: a
                  parameters:
                    - { name: session, in: cookie, schema: { type: string } }
                    - { name: mail, in: query, schema: { type: string, format: email, pattern: "@" } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
            """
        let result = try OpenAPITestDocuments.with(text) { OpenAPIImporter.importDocument($0) }
        #expect(
            result.summary
                == "imported 1 operation, 0 schemas; 5 warnings: 1 left out, 1 approximated, 1 guess to check,"
                + " 2 ignored keywords")
    }

    /// The summary counts findings by kind, in the order a user should look at them, never by their text.
    @Test func theSummaryCountsFindingsByKind() {
        let kinds: [ImportFinding.Kind] = [
            .ignoredKeyword, .leftOut, .lint, .overlay, .guessed, .approximated, .leftOut, .guessed, .lint,
        ]
        #expect(
            ImportFinding.summary(of: kinds)
                == "9 warnings: 2 left out, 1 approximated, 2 guesses to check, 1 about the overlay, 2 from lint,"
                + " 1 ignored keyword")
        #expect(ImportFinding.summary(of: []) == "0 warnings")
        #expect(ImportFinding.summary(of: [.guessed]) == "1 warning: 1 guess to check")
    }

    /// A construct found in many places is one finding, at its first place, with that place's message.
    @Test func aGroupIsReportedOnceAtItsFirstPlace() {
        var groups = FindingGroups()
        let place = { (line: Int) in SourceLocation(file: "d.yaml", line: line, column: 1) }
        groups.add(.leftOut("the later one", at: place(9)), group: "g")
        groups.add(.leftOut("the first one", at: place(2)), group: "g")
        groups.add(.leftOut("the first one again", at: place(2)), group: "g")
        groups.add(.ignoredKeyword("alone", at: place(5)), group: "h")
        groups.add(.ignoredKeyword("taken back", at: place(1)), group: "i")
        groups.withdraw(group: "i", at: place(1))
        #expect(
            groups.reported.map { "\($0.location.line) \($0.kind) \($0.message)" } == [
                "2 leftOut the first one (2 places; the first is here)", "5 ignoredKeyword alone",
            ])
    }

    /// Every warning of the fixtures is a finding whose kind the summary counts.
    @Test func theFixturesWarningsAllHaveAKind() {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/OpenAPI")
        for name in ["shop.openapi.yaml", "operations.openapi.yaml", "unions.openapi.yaml"] {
            let result = OpenAPIImporter.importDocument(fixtures.appendingPathComponent(name).path)
            let warnings = result.diagnostics.filter { $0.severity == .warning }
            #expect(!warnings.isEmpty)
            #expect(
                result.summary.contains("; \(OpenAPIImporter.plural(warnings.count, "warning")): "), "\(result.summary)"
            )
            let counted = result.summary.split(separator: ": ").last!.split(separator: ", ").map {
                Int($0.prefix { $0.isNumber })!
            }
            #expect(counted.reduce(0, +) == warnings.count, "\(result.summary)")
        }
    }

    // MARK: Paging from a next URL in the body

    /// A `next` URL in the body (Spotify's `next`, Twilio's `meta.next_page_url`): `paging: { next_url: … }`, before
    /// `offset` and `limit`, which the server's URL makes needless.
    @Test func aNextURLInTheBodyIsGuessedAsNextURLPaging() throws {
        func document(_ page: String, query: String = "") -> String {
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /items:
                get:
                  operationId: items
                  parameters: [\(query)]
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              items: { type: array, items: { type: string } }
            \(page)
            """
        }
        let offset =
            "{ name: offset, in: query, schema: { type: integer } }, "
            + "{ name: limit, in: query, schema: { type: integer } }"
        let indent = String(repeating: " ", count: 18)
        let cases: [(String, String, String?)] = [
            // (body fields, query items, the paging guessed)
            (indent + "next: { type: string, format: uri, nullable: true }", "", "{ next_url: next }"),
            (indent + "next: { type: string, description: URL to the next page }", offset, "{ next_url: next }"),
            (indent + "next_url: { type: string }", "", "{ next_url: next_url }"),
            (indent + "next_page_uri: { type: string, nullable: true }", "", "{ next_url: next_page_uri }"),
            (
                indent + "links: { type: object, properties: { next: { type: string, example: \"https://x/2\" } } }",
                "", "{ next_url: links.next }"
            ),
            (
                indent + "meta: { type: object, properties: { next_page_url: { type: string } } }", "",
                "{ next_url: meta.next_page_url }"
            ),
            // No evidence of a URL: a cursor, perhaps.
            (indent + "next: { type: string }", "", nil),
            // Two candidates: ambiguous.
            (
                indent + "next_url: { type: string }\n" + indent
                    + "paging: { type: object, properties: { next: { type: string, format: uri } } }", "", nil
            ),
            // Not a string.
            (indent + "next: { type: integer, description: the next URL's page }", "", nil),
        ]
        for (fields, query, paging) in cases {
            let (spec, warnings) = try importing(document(fields, query: query))
            if let paging {
                let path = paging.dropFirst("{ next_url: ".count).dropLast(" }".count)
                #expect(
                    spec.contains(
                        "        # paging: guessed from the body's '\(path)', a URL; check it\n"
                            + "        paging: \(paging)\n"), "\(fields)\n\(spec)")
            } else {
                #expect(!spec.contains("        paging:"), "\(fields)\n\(spec)")
            }
            #expect(warnings.filter { !$0.contains("'example'") }.isEmpty, "\(warnings)")
        }
    }

    // MARK: Support

    private func importing(_ text: String) throws -> (String, [String]) {
        try OpenAPITestDocuments.importing(text)
    }

    private func importing(at path: String) throws -> (String, [String]) {
        try OpenAPITestDocuments.importing(at: path)
    }
}
