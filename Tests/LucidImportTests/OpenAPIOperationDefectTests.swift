import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Operation defects the real documents showed (issue 39), each from the smallest document that showed it:
/// security requirements of several schemes and alternatives, names that clash with an auth scheme's type, path
/// keys with a query or fragment, `deepObject` query parameters, endpoint and module names, parameter defaults,
/// paging guessed from a page inside a resource, Stripe's "emptyable" form fields, and smaller things.
struct OpenAPIOperationDefectTests {
    /// A document of `paths` (indented under `paths:`), `components` (under `components:`) and a top-level `extra`.
    static func document(
        title: String = "Defects", paths: String, components: String = "", extra: String = ""
    )
        -> String
    {
        """
        openapi: 3.0.3
        info: {title: \(title), version: "1"}
        servers: [{url: "https://api.example.org"}]
        \(extra)
        paths:
        \(paths)
        components:
          schemas: {}
        \(components)
        """
    }

    static let okResponse = """
        responses:
          "200":
            description: ok
            content:
              application/json:
                schema: {type: object, properties: {name: {type: string}}}
        """

    /// `okResponse`, indented by `spaces`.
    static func ok(_ spaces: Int) -> String {
        okResponse.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }

    // MARK: Security

    static let schemes = """
          securitySchemes:
            PAT: {type: http, scheme: bearer}
            OAuth:
              type: oauth2
              flows:
                clientCredentials: {tokenUrl: "https://example.org/token", scopes: {read: read}}
            ClientId: {type: apiKey, in: header, name: X-Client-Id}
            Secret: {type: apiKey, in: header, name: X-Secret}
            Basic: {type: http, scheme: basic}
            Cookie: {type: apiKey, in: cookie, name: session}
        """

    /// The `auth:` line of the endpoint imported for an operation with `security`.
    static func auth(_ security: String, parameters: String = "") throws -> (String?, [String]) {
        let text = Self.document(
            paths: """
                  /me:
                    get:
                      operationId: me
                      security: \(security)
                \(parameters)
                \(ok(6))
                """, components: schemes)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        let line = spec.split(separator: "\n").first { $0.hasPrefix("        auth: ") }
        return (line.map { String($0.dropFirst("        auth: ".count)) }, diagnostics)
    }

    @Test func schemesRequiredTogetherAreSentTogether() throws {
        #expect(try Self.auth("[{ClientId: [], Secret: []}]").0 == "[ClientId, Secret]")
        // One scheme alone is its name; scopes say nothing to the spec.
        #expect(try Self.auth("[{OAuth: [read]}]").0 == "OAuth")
        let (auth, diagnostics) = try Self.auth("[{ClientId: [], Secret: []}]")
        #expect(auth != nil && !diagnostics.contains { $0.contains("several schemes") })
    }

    @Test func alternativesAreAnyOfInTheDocumentsOrderWithNoneLast() throws {
        #expect(try Self.auth("[{PAT: []}, {OAuth: [read]}]").0 == "{ any_of: [PAT, OAuth] }")
        #expect(try Self.auth("[{}, {PAT: []}]").0 == "{ any_of: [PAT, none] }")
        #expect(try Self.auth("[{ClientId: [], Secret: []}, {PAT: []}]").0 == "{ any_of: [[ClientId, Secret], PAT] }")
    }

    @Test func aLargerSetGoesBeforeASmallerOneItHoldsAndRepeatsGo() throws {
        // After `ClientId` alone, `[ClientId, Secret]` would never be chosen (lint refuses it).
        #expect(
            try Self.auth("[{ClientId: []}, {PAT: []}, {ClientId: [], Secret: []}]").0
                == "{ any_of: [[ClientId, Secret], ClientId, PAT] }")
        // Two requirements that differ only in scopes are one alternative.
        #expect(try Self.auth("[{OAuth: [read]}, {OAuth: [write]}, {PAT: []}]").0 == "{ any_of: [OAuth, PAT] }")
    }

    @Test func anAlternativeOfASchemeNotImportedOrOfSchemesWritingOneHeaderIsDropped() throws {
        let (auth, diagnostics) = try Self.auth("[{Cookie: []}, {PAT: []}]")
        #expect(auth == "PAT")
        #expect(
            diagnostics.contains {
                $0.contains("a security requirement that names 'Cookie', which is not imported, is left out")
            })
        // Basic and bearer both write `Authorization`: one request cannot carry both.
        let (together, warnings) = try Self.auth("[{Basic: [], PAT: []}, {ClientId: []}]")
        #expect(together == "ClientId")
        #expect(
            warnings.contains {
                $0.contains("the security requirement of schemes 'Basic' and 'PAT' together is left out")
            })
    }

    @Test func aParameterThatAnySchemeOfAnyAlternativeSendsIsLeftOut() throws {
        let parameters = """
                  parameters:
                    - {name: x-secret, in: header, schema: {type: string}}
                    - {name: q, in: query, schema: {type: string}}
            """
        let text = Self.document(
            paths: """
                  /me:
                    get:
                      operationId: me
                      security: [{PAT: []}, {ClientId: [], Secret: []}]
                \(parameters)
                \(Self.ok(6))
                """, components: Self.schemes)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("        auth: { any_of: [PAT, [ClientId, Secret]] }\n        query:\n          q:"))
        #expect(!spec.contains("x_secret"))
        #expect(diagnostics.contains { $0.contains("header parameter 'x-secret' is what auth scheme 'Secret' sends") })
    }

    @Test func theDocumentsSecurityIsEveryOperationsWithoutItsOwn() throws {
        let text = Self.document(
            paths: """
                  /a:
                    get:
                      operationId: a
                \(Self.ok(6))
                  /b:
                    get:
                      operationId: b
                      security: []
                \(Self.ok(6))
                """, components: Self.schemes, extra: "security: [{PAT: []}, {OAuth: []}]")
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("        get: /a\n        auth: { any_of: [PAT, OAuth] }\n"))
        #expect(spec.contains("        get: /b\n        response:"))
    }

    @Test func anAuthSchemesTypeIsNoSubtypesNameWhateverTheCase() throws {
        // Mistral: the scheme `ApiKey` is generated as `ApiKeyAuth`, and a schema is `APIKeyAuth`.
        let text = Self.document(
            paths: """
                  /keys:
                    get:
                      operationId: keys
                      responses:
                        "200":
                          description: ok
                          content: {application/json: {schema: {$ref: "#/components/schemas/APIKeyAuth"}}}
                """,
            components: """
                  securitySchemes:
                    ApiKey: {type: http, scheme: bearer}
                """, extra: "security: [{ApiKey: []}]"
        ).replacingOccurrences(
            of: "  schemas: {}",
            with: "  schemas:\n    APIKeyAuth: {type: object, properties: {value: {type: string}}}")
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("  APIKeyAuth_2:\n    properties:\n"))
        #expect(spec.contains("        auth: ApiKey\n        response: { type: APIKeyAuth_2 }\n"))
    }

    // MARK: Path keys with a query or fragment

    @Test func aPathKeysQueryIsSentAlwaysAndItsFragmentNever() throws {
        // OpenAI's `/responses?beta=true`, Box's `/files/{file_id}#get_shared_link`.
        let text = Self.document(
            paths: """
                  /responses:
                    post:
                      operationId: createResponse
                \(Self.ok(6))
                  /responses?beta=true&mode=a%20b:
                    post:
                      operationId: beta_createResponse
                      parameters:
                        - {name: beta, in: query, schema: {type: string}}
                \(Self.ok(6))
                  /files/{file_id}#get_shared_link:
                    get:
                      parameters:
                        - {name: file_id, in: path, required: true, schema: {type: string}}
                \(Self.ok(6))
                """)
        let result = try OpenAPITestDocuments.with(text) { OpenAPIImporter.importDocument($0) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(
            spec.contains(
                "      beta_createResponse:\n        post: /responses\n"
                    + "        fixed_query: { beta: \"true\", mode: \"a b\" }\n"))
        // Without an operationId, the fragment keeps the name apart from the bare path's.
        #expect(spec.contains("      files_file_id_get_shared_link:\n        get: \"/files/{file_id}\"\n"))
        let messages = result.diagnostics.map(\.description)
        #expect(!messages.contains { $0.contains("is no valid path") })
        #expect(messages.contains { $0.contains("query parameter 'beta' is sent with the value its path gives it") })
        #expect(messages.contains { $0.contains("a path's fragment ('#…') is never sent") })
        // The same method and path with another fixed query is another request: lint says nothing of it.
        #expect(result.diagnostics.allSatisfy { $0.severity != .error })
        #expect(!messages.contains { $0.contains("repeats POST /responses") }, "\(messages)")
    }

    @Test func aPathWhoseBracesAreWrongIsStillLeftOut() throws {
        let text = Self.document(
            paths: """
                  /a/{b?c=1:
                    get:
                      operationId: a
                \(Self.ok(6))
                """)
        let result = try OpenAPITestDocuments.with(text) { OpenAPIImporter.importDocument($0) }
        #expect(
            result.diagnostics.contains {
                $0.description.contains("path '/a/{b?c=1' is no valid path (its braces are unbalanced or empty)")
            })
    }

    // MARK: deepObject query parameters

    @Test func deepObjectParametersAreMapsBracketedItemsAndBracketedLists() throws {
        // Stripe's `expand` and `created`, OpenAI's `metadata`.
        let text = Self.document(
            paths: """
                  /v1/charges:
                    get:
                      operationId: GetCharges
                      parameters:
                        - name: expand
                          in: query
                          style: deepObject
                          explode: true
                          schema: {type: array, items: {type: string}}
                        - name: created
                          in: query
                          style: deepObject
                          description: When it was created.
                          schema:
                            anyOf:
                              - title: range_query_specs
                                type: object
                                properties:
                                  gt: {type: integer}
                                  lte: {type: integer, description: At most.}
                              - type: integer
                        - name: metadata
                          in: query
                          style: deepObject
                          schema: {type: object, additionalProperties: {type: string}}
                        - name: nested
                          in: query
                          style: deepObject
                          schema: {type: object, properties: {inner: {type: object, properties: {a: {type: string}}}}}
                \(Self.ok(6))
                """)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(
            spec.contains(
                """
                        query:
                          expand: { type: "[string]", nullable: true, style: brackets }
                          created:
                            type: int
                            nullable: true
                            description: "When it was created."
                          created_gt:
                            type: int
                            key: "created[gt]"
                            nullable: true
                            description: "When it was created."
                          created_lte:
                            type: int
                            key: "created[lte]"
                            nullable: true
                            description: "At most."
                          metadata: { type: "{string: string}", nullable: true, style: deep_object }

                """))
        // The object is no subtype: nothing uses one.
        #expect(!spec.contains("created_1") && !spec.contains("range_query_specs"))
        #expect(!diagnostics.contains { $0.contains("parameter style 'deepObject'") })
        // An object that holds an object is still left out.
        #expect(diagnostics.contains { $0.contains("query parameter 'nested' (style deepObject)") })
    }

    // MARK: Names

    static func getOperation(_ path: String, _ id: String, response: String = "") -> String {
        let schema = response.isEmpty ? "{type: object, properties: {name: {type: string}}}" : response
        return """
              \(path):
                get:
                  operationId: \(id)
                  tags: [Things]
                  responses:
                    "200": {description: ok, content: {application/json: {schema: \(schema)}}}
            """
    }

    @Test func aListAndAGetOfOneThingAreItsPluralAndItsName() throws {
        // SendGrid's `ListSingleSend` and `GetSingleSend`, Okta's `listJwk` and `getJwk`.
        let text = Self.document(
            paths: [
                Self.getOperation("/singlesends", "ListSingleSend"),
                Self.getOperation("/singlesends/{id}", "GetSingleSend"),
                Self.getOperation("/jwks/{id}", "getJwk"),
                Self.getOperation("/jwks", "listJwk"),
                // The plural is another operation's: the list keeps its whole name, the item takes the name.
                Self.getOperation("/policies", "ListPolicy"),
                Self.getOperation("/policies/{id}", "GetPolicy"),
                Self.getOperation("/policies/all", "policies"),
                // No plural to make (`status`): the same.
                Self.getOperation("/statuses", "listStatus"),
                Self.getOperation("/statuses/{id}", "getStatus"),
                // A list alone keeps today's name.
                Self.getOperation("/boxes", "listBox"),
            ].joined(separator: "\n"))
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        for (name, path) in [
            ("singleSends", "/singlesends"), ("singleSend", "\"/singlesends/{id}\""), ("jwk", "\"/jwks/{id}\""),
            ("jwks", "/jwks"), ("ListPolicy", "/policies"), ("policy", "\"/policies/{id}\""),
            ("listStatus", "/statuses"), ("status", "\"/statuses/{id}\""), ("box", "/boxes"),
        ] {
            #expect(spec.contains("      \(name):\n        get: \(path)\n"), "\(name)")
        }
    }

    @Test func pluralsFollowEnglishsRegularRulesOrAreNone() {
        let cases: [(String, String?)] = [
            ("SingleSend", "SingleSends"), ("Jwk", "Jwks"), ("policy", "policies"), ("key", "keys"),
            ("box", "boxes"), ("batch", "batches"), ("APIKey", "APIKeys"), ("customIP", "customIPs"),
            ("single_send", "single_sends"), ("items", nil), ("status", nil), ("metadata", nil), ("v2", nil),
            ("a", nil),
        ]
        for (name, plural) in cases {
            #expect(OperationTranslator.plural(name) == plural, "\(name)")
        }
    }

    @Test func anInlineResponseNamedLikeASchemaTakesTheOperationsNameRatherThanANumber() throws {
        // SendGrid's `ListVerifiedSender` → `verifiedSender_response`, beside the schema `VerifiedSenderResponse`.
        let list = "{type: object, properties: {results: {type: array, items: {$ref: \"#/components/schemas/X\"}}}}"
        let text = Self.document(paths: Self.getOperation("/senders", "ListVerifiedSender", response: list))
            .replacingOccurrences(
                of: "  schemas: {}",
                with: """
                      schemas:
                        VerifiedSenderResponse: {type: object, properties: {id: {type: integer}}}
                        X: {type: object, properties: {id: {type: integer}}}
                    """)
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("  ListVerifiedSender_response:\n"))
        #expect(spec.contains("        response: { type: ListVerifiedSender_response }\n"))
        #expect(!spec.contains("_response_2"))
    }

    @Test func anUntaggedOperationJoinsTheTagItsPathSegmentIsWhateverTheCase() throws {
        // OpenAI's `/responses/compact` has no tag, and the tag `Responses` has `/responses`.
        let text = Self.document(
            paths: """
                  /responses/compact:
                    post:
                      operationId: compact
                \(Self.ok(6))
                  /responses:
                    post:
                      operationId: create
                      tags: [Responses]
                \(Self.ok(6))
                  /other:
                    post:
                      operationId: other
                \(Self.ok(6))
                """)
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("  Responses:\n    endpoints:\n      compact:\n"))
        #expect(!spec.contains("responses_2") && !spec.contains("\n  responses:"))
        #expect(spec.contains("\n  other:\n"))
    }

    @Test func moduleNamesDropArticlesAndFillerAndKeepTheirDistinguishingTail() {
        let cases: [(String, String)] = [
            ("The Plaid API", "Plaid"), ("Discourse API Documentation", "Discourse"),
            ("Discord HTTP API (Preview)", "DiscordHTTP"), ("Swagger Petstore", "SwaggerPetstore"),
            ("API", "API"), ("Twilio SendGrid API Keys API", "TwilioSendGridAPIKeys"),
            ("Twilio SendGrid Marketing Campaigns Single Sends API", "TwilioSendGridMarketingSingleSends"),
            ("Twilio SendGrid Marketing Campaigns Segments API", "TwilioSendGridMarketingCampaignsSegments"),
            ("Twilio SendGrid Marketing Campaigns Segments 2.0 API", "TwilioSendGridMarketingSegments20"),
            ("Twilio SendGrid Legacy Marketing Campaigns Contacts API", "TwilioSendGridLegacyMarketingContacts"),
            (
                "Twilio SendGrid Legacy Marketing Campaigns Sender Identities API",
                "TwilioSendGridLegacySenderIdentities"
            ),
            ("Spotify Web API with fixes and improvements from sonallux", "SpotifyWebAPIFixesImprovementsSonallux"),
            ("2024 Reports", "Reports"),
            ("Supercalifragilisticexpialidocious Extraordinarily Long", "SupercalifragilisticexpialidociousLong"),
        ]
        for (title, module) in cases {
            #expect(ModuleName.of(title: title) == module, "\(title)")
            #expect(ModuleName.of(title: title).count <= ModuleName.maxLength)
        }
    }

    // MARK: Defaults

    @Test func aQueryOrHeaderDefaultIsTheServersAndNotSent() throws {
        // Figma's image endpoint sent `format=png&svg_outline_text=true&…` on every call.
        let text = Self.document(
            paths: """
                  /v1/images/{file_key}:
                    get:
                      operationId: getImages
                      parameters:
                        - {name: file_key, in: path, required: true, schema: {type: string}}
                        - {name: format, in: query, description: The format., schema: {type: string, enum: [png, svg], default: png}}
                        - {name: svg_outline_text, in: query, schema: {type: boolean, default: true}}
                        - {name: scale, in: query, schema: {type: number, default: 1}}
                        - {name: since, in: query, schema: {type: string, format: date, default: "2021-01-01"}}
                        - {name: limit, in: query, description: At most this many; the default is 10., schema: {type: integer, default: 10}}
                        - {name: X-Mode, in: header, required: true, schema: {type: string, default: fast}}
                \(Self.ok(6))
                """)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(!spec.contains("default:"))
        #expect(
            spec.contains(
                """
                          format:
                            type: images_format
                            nullable: true
                            description: "The format.\\n\\nDefault: `png`."
                          svg_outline_text:
                            type: bool
                            nullable: true
                            description: "Default: `true`."
                          scale:
                            type: double
                            nullable: true
                            description: "Default: `1`."
                          since:
                            type: date
                            nullable: true
                            format: yyyy-MM-dd
                            description: "Default: `2021-01-01`."
                          limit:
                            type: int
                            nullable: true
                            description: "At most this many; the default is 10."
                        headers:
                          X_Mode:
                            type: string
                            key: "X-Mode"
                            description: "Default: `fast`."

                """))
        // SendGrid's date default was refused as not fitting 'date' (it does): nothing to say now.
        #expect(!diagnostics.contains { $0.contains("does not fit") })
    }

    // MARK: Paging

    @Test func aPageInsideOneResourceIsNoPagingOfItsEndpoint() throws {
        // Spotify's `GET /albums/{id}` holds the first page of its tracks; `/browse/new-releases` is one page, and
        // `/browse/featured-playlists` a page beside a message, paged by `offset` and `limit`.
        func get(_ path: String, _ id: String, _ schema: String, query: String = "") -> String {
            """
              \(path):
                get:
                  operationId: \(id)
                  parameters:
                    - {name: id, in: query, schema: {type: string}}
            \(query)
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/\(schema)"}}}}
            """
        }
        let paged = """
                    - {name: offset, in: query, schema: {type: integer}}
                    - {name: limit, in: query, schema: {type: integer}}
            """
        let text = Self.document(
            paths: [
                get("/album", "album", "Album"), get("/new-releases", "newReleases", "NewReleases"),
                get("/featured", "featured", "Featured", query: paged),
            ].joined(separator: "\n")
        ).replacingOccurrences(
            of: "  schemas: {}",
            with: """
                  schemas:
                    Page:
                      type: object
                      required: [items]
                      properties:
                        next: {type: string, format: uri, nullable: true}
                        items: {type: array, items: {type: object, properties: {name: {type: string}}}}
                    Album:
                      type: object
                      properties:
                        name: {type: string}
                        tracks: {$ref: "#/components/schemas/Page"}
                    NewReleases:
                      type: object
                      properties:
                        albums: {$ref: "#/components/schemas/Page"}
                    Featured:
                      type: object
                      properties:
                        message: {type: string}
                        playlists: {$ref: "#/components/schemas/Page"}
                """)
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(!spec.contains("tracks.next"))
        #expect(
            spec.contains("        response: { type: NewReleases }\n")
                && spec.contains("paging: { next_url: albums.next }"))
        #expect(spec.contains("paging: { next_url: playlists.next }"))
    }

    // MARK: Stripe's form bodies

    @Test func aFormValueThatMayBeEmptyToClearItIsItsValueNullable() throws {
        // Stripe's "emptyable" idiom made half its POST bodies go raw: a form cannot send a union.
        let text = Self.document(
            paths: """
                  /v1/customers/{customer}:
                    post:
                      operationId: PostCustomersCustomer
                      parameters:
                        - {name: customer, in: path, required: true, schema: {type: string}}
                      requestBody:
                        content:
                          application/x-www-form-urlencoded:
                            schema:
                              type: object
                              required: [metadata]
                              properties:
                                metadata:
                                  description: Set of key-value pairs.
                                  anyOf:
                                    - {type: object, additionalProperties: {type: string}}
                                    - {type: string, enum: [""]}
                                address:
                                  anyOf:
                                    - type: object
                                      title: optional_fields_address
                                      properties:
                                        city: {type: string}
                                        line1:
                                          anyOf: [{type: string}, {type: string, enum: [""]}]
                                    - {type: string, enum: [""]}
                \(Self.ok(6))
                  /v1/customers:
                    get:
                      operationId: GetCustomers
                      requestBody:
                        content:
                          application/x-www-form-urlencoded:
                            schema: {type: object, additionalProperties: false, properties: {}}
                        required: false
                \(Self.ok(6))
                """)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("        body: { form: PostCustomersCustomer_body }\n"))
        #expect(
            spec.contains(
                """
                  PostCustomersCustomer_body_address:
                    properties:
                      city: { type: string, nullable: true }
                      line1: { type: string, nullable: true }

                  PostCustomersCustomer_body:
                    properties:
                      metadata:
                        type: "{string: string}"
                        nullable: true
                        description: "Set of key-value pairs."
                      address: { type: PostCustomersCustomer_body_address, nullable: true }

                """))
        let clearing = diagnostics.filter { $0.contains("the clearing value \"\" cannot be sent") }
        #expect(clearing.count == 1 && clearing[0].contains("(3 places; the first is here)"))
        // Stripe's GETs carry an empty form body: nothing to warn about.
        #expect(!diagnostics.contains { $0.contains("cannot send a body") })
    }

    @Test func aGETBodyThatSaysSomethingIsStillWarned() throws {
        let text = Self.document(
            paths: """
                  /search:
                    get:
                      operationId: search
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {q: {type: string}}}
                \(Self.ok(6))
                """)
        let (_, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(diagnostics.contains { $0.contains("a GET request cannot send a body; it is left out") })
    }

    // MARK: Smaller things

    @Test func aPathParameterOfSeveralSingleTypesIsAString() throws {
        // DigitalOcean's `image_id`: left out, then its placeholder read as a string: two warnings for one.
        let text = Self.document(
            paths: """
                  /images/{image_id}:
                    get:
                      operationId: image
                      parameters:
                        - name: image_id
                          in: path
                          required: true
                          schema:
                            oneOf: [{type: integer}, {type: string}]
                \(Self.ok(6))
                """)
        let (spec, diagnostics) = try OpenAPITestDocuments.importing(text)
        #expect(spec.contains("        get: \"/images/{image_id}\"\n        params:\n          image_id: string\n"))
        #expect(!spec.contains("one_of"))
        #expect(
            diagnostics.filter { $0.contains("image_id") || $0.contains("several types") } == [
                "13:11: warning: a path parameter of several types ('oneOf' of single values) is read as a string, the"
                    + " text of any of them"
            ])
    }

    @Test func anEmptyDescriptionIsNotWritten() throws {
        // Stripe's `description: ""` on 538 subtypes.
        let text = Self.document(
            paths: """
                  /images:
                    get:
                      operationId: images
                      description: ""
                      parameters:
                        - {name: q, in: query, description: "", schema: {type: string}}
                      responses:
                        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Image"}}}}
                """
        ).replacingOccurrences(
            of: "  schemas: {}",
            with: """
                  schemas:
                    Image:
                      description: "  "
                      type: object
                      properties:
                        id: {type: integer, description: ""}
                        kind: {type: string, enum: [a, b], description: ""}
                """)
        let (spec, _) = try OpenAPITestDocuments.importing(text)
        #expect(!spec.contains("description"))
    }
}
