import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Schemas → spec types: `oneOf`/`anyOf` → tagged and untagged unions, the real documents' idioms (nullable
/// members, enums of `const`, single members, `$ref` with siblings), maps, and objects with an identifier →
/// entities (and the options that decide otherwise). `Fixtures/OpenAPI/unions.openapi.yaml` is imported whole
/// (golden: `unions.lucid.yaml`); small documents check one construct each.
struct OpenAPISchemaImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")
    static let document = fixtures.appendingPathComponent("unions.openapi.yaml").path
    static let golden = fixtures.appendingPathComponent("unions.lucid.yaml")
    static let result = OpenAPIImporter.importDocument(document)

    @Test func theUnionDocumentIsExactlyTheGoldenOneAndLintsClean() throws {
        let spec = try #require(Self.result.spec, "\(Self.result.diagnostics)")
        #expect(
            spec == (try String(contentsOf: Self.golden, encoding: .utf8)),
            "re-record with: lucid-gen import-openapi \(Self.document) --output \(Self.golden.path) --force")
        let lint = SpecLoader().load(yaml: spec, file: "unions.lucid.yaml")
        #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        let model = try #require(lint.spec)
        #expect(model.entities.map(\.name) == ["Owner", "Node"])
        #expect(model.subtypes.contains { $0.name == "Pet" })
    }

    @Test func aDiscriminatorWithMappingIsATaggedUnionNamedByTheMapping() throws {
        let spec = try #require(Self.result.spec)
        #expect(
            spec.contains(
                """
                  Pet:
                    description: "A cat or a dog."
                    discriminator: petType
                    unknown: true
                    one_of:
                      cat: Cat
                      good_dog: { type: Dog, value: "good-dog" }

                """))
    }

    @Test func withoutMappingTheValueIsTheMembersOwnSingleValueElseTheSchemaName() throws {
        let spec = try #require(Self.result.spec)
        // Track's `type: {enum: [track]}`, Episode's `type: {const: episode}`: what the JSON really holds.
        #expect(
            spec.contains(
                "  Media:\n    discriminator: type\n    unknown: true\n    one_of:\n      track: Track\n      episode: Episode\n"
            ))
        // Nothing says: OpenAPI's rule, the schema's name.
        #expect(
            spec.contains(
                "  Shape:\n    discriminator: kind\n    unknown: true\n    one_of:\n      Circle: Circle\n      Square: Square\n"
            ))
    }

    @Test func untaggedCasesGoNarrowestFirst() throws {
        let spec = try #require(Self.result.spec)
        // The object with more required properties before the one it would also decode, then lists, then scalars;
        // a member's title names its case.
        #expect(
            spec.contains(
                """
                  Idioms_either:
                    one_of:
                      Big: Idioms_either_Big
                      Small: Idioms_either_Small
                      string_list: "[string]"
                      int: int

                """))
        #expect(spec.contains("  Cat_owner:\n    one_of: [Owner, string]\n"))  // an expandable field
    }

    @Test func theIdiomsOfRealDocumentsReadAsACarefulReaderWould() throws {
        let spec = try #require(Self.result.spec)
        let expected = [
            "      single: Leaf\n",  // oneOf of one member
            "      optional_owner: { type: Owner, nullable: true }\n",  // anyOf [X, {type: null}]
            "      nickname: { type: string, nullable: true }\n",  // type: [string, "null"]
            "      legacy: { type: string, nullable: true }\n",  // x-nullable
            "      described:\n        type: Leaf\n        nullable: true\n        description: \"A leaf.\"\n",
            "      fixed: Idioms_fixed\n",  // const alone: an enum of one case
            "      text: string\n",  // strings of several formats
            "      amount: double\n",  // integer or number
            "      when: string_or_int\n",  // a date among the members: read as its text
            // Free-form values: the spec has no any-JSON type; a union of what JSON holds, never failing its holder.
            "      free: { type: any_value, nullable: true, lenient: true }\n",
            "      extras: { type: \"{string: any_value}\", nullable: true, failable_items: true }\n",
            "      bag: { type: \"[any_value]\", nullable: true, failable_items: true }\n",
            "  any_value:\n    description: \"A JSON value of any type but null (the document does not say which).\"\n"
                + "    one_of:\n      list: \"[any_value]\"\n      map: \"{string: any_value}\"\n      string: string\n"
                + "      number: double\n      bool: bool\n",
            // Several types: a union of them (named after them, shared), or the one they all read as.
            "      multi: { type: string_or_int, nullable: true }\n",
            "      numbers: { type: double, nullable: true }\n",
            "      sized: string\n",  // anyOf of formats only constrains
            // oneOf of const: an enum, titles and descriptions kept.
            "    cases:\n      - { name: open, description: \"Not paid yet.\" }\n"
                + "      - { name: paid_out, value: \"paid-out\", description: Paid }\n",
            "  string_or_int:\n    one_of: [string, int]\n",
            "  Idioms_mixed:\n    one_of: [Leaf, string]\n",
        ]
        for line in expected { #expect(spec.contains(line), "missing: \(line)") }
    }

    @Test func whatTheSpecCannotSayIsALocatedWarning() {
        let lines = Self.result.diagnostics.map { $0.description.replacingOccurrences(of: Self.document, with: "doc") }
        #expect(
            lines == [
                "doc:10:38: warning: query parameter 'filter' of type 'string_or_int' is not a simple value (a spec's"
                    + " query items are single values and lists); it is left out",
                "doc:120:7: warning: an object with an identifier that a form or multipart body sends stays a"
                    + " struct: such a body sends struct subtypes only",
                "doc:133:9: warning: 3 lists and maps drop an item that fails to decode, and report it, instead of"
                    + " failing the response (failable_items; a list of entities does by default): 'Node.children'"
                    + " (entities), 'Idioms.extras', 'Idioms.bag'",
                "doc:161:25: warning: a date in a 'oneOf' or 'anyOf' is read as a string: a union cannot apply a"
                    + " date format",
                "doc:171:15: warning: the discriminator 'kind' is not used: a member of 'oneOf' is no object; the"
                    + " cases are told apart by their types",
                "doc:175:11: warning: 'anyOf' of members that only constrain the value (formats, required names) is"
                    + " not checked",
                "doc:179:9: warning: a free-form value (no type, or 'additionalProperties: true') is read as"
                    + " 'any_value': a string, number, boolean, list or map; a null inside a list or map of them drops"
                    + " that value (3 places; the first is here)",
            ])
        #expect(
            Self.result.summary
                == "imported 5 operations, 15 schemas; 7 warnings: 1 left out, 5 approximated, 1 ignored keyword")
    }

    // MARK: Entities

    @Test func anObjectWithARequiredIdIsAnEntitySaidSoInAComment() throws {
        let spec = try #require(Self.result.spec)
        #expect(
            spec.contains(
                """
                entities:
                  # an entity: it has the identifier 'id' (string)
                  Owner:
                    identifier: { property: id }
                    properties:
                      id: string
                      name: string
                      pets: { type: "[Pet]", nullable: true }
                      best_friend: { type: Owner, nullable: true }

                """))
        // Everywhere a struct went: a body, a response, a list, a union case, recursion through a union.
        #expect(spec.contains("        body: Owner\n        response: { type: Owner }\n"))
        #expect(spec.contains("        response: { type: \"[Owner]\" }\n"))
        #expect(spec.contains("  Node_next:\n    one_of: [Leaf, Node]\n"))  // Leaf requires 2, Node 1
        // A form body sends it: it stays a struct.
        #expect(spec.contains("subtypes:\n") && spec.contains("\n  Upload:\n    properties:\n      id: int64\n"))
        #expect(spec.contains("        post: /uploads\n        body: { form: Upload }\n"))
    }

    static let entityDocument = """
        openapi: 3.0.3
        info: { title: E, version: "1" }
        paths: {}
        components:
          schemas:
            User:
              type: object
              required: [id]
              properties: { id: { type: string, format: uuid }, name: { type: string } }
            Invoice:
              type: object
              required: [InvoiceID]
              properties: { InvoiceID: { type: integer, format: int64 } }
            Loose:
              type: object
              properties: { id: { type: string } }
            NullableId:
              type: object
              required: [id]
              properties: { id: { type: string, nullable: true } }
            DatedId:
              type: object
              required: [id]
              properties: { id: { type: string, format: date-time } }
        """

    @Test func onlyARequiredNonNullIdOfAnIdentifierTypeMakesAnEntity() throws {
        try withDocument(Self.entityDocument) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("entities:\n  # an entity: it has the identifier 'id' (uuid)\n  User:\n"))
            for name in ["Invoice", "Loose", "NullableId", "DatedId"] {
                #expect(!spec.contains("an entity, as asked") && spec.contains("\n  \(name):\n    properties:"))
            }
            #expect(!spec.components(separatedBy: "\nentities:")[0].contains("  User:"))
        }
    }

    @Test func theOptionsKeepAStructOrMakeAnEntity() throws {
        try withDocument(Self.entityDocument) { path in
            let options = OpenAPIImportOptions(
                structs: ["User"], entities: ["Invoice": "InvoiceID", "Loose": "id"])
            let result = OpenAPIImporter.importDocument(path, options: options)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains(
                    """
                    entities:
                      # an entity, as asked: it has the identifier 'InvoiceID' (int64)
                      Invoice:
                        identifier: { property: InvoiceID }
                        properties:
                          InvoiceID: int64

                    """))
            #expect(spec.contains("subtypes:\n  User:\n    properties:\n"))
            // `id` of Loose is not required: it cannot identify it.
            #expect(
                result.diagnostics.map(\.message) == [
                    "schema 'Loose' cannot become an entity identified by 'id', as asked: it needs a required"
                        + " string, integer or uuid property 'id'; it stays a struct"
                ])
            let none = OpenAPIImporter.importDocument(path, options: OpenAPIImportOptions(findsEntities: false))
            #expect(none.spec?.contains("entities:") == false)
        }
    }

    /// An entity asked for where a form body sends the schema would not lint: it stays a struct, with a warning.
    @Test func anEntityAskedForAFormBodysSchemaStaysAStruct() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Forms, version: "1" }
            servers: [{ url: "https://forms.example.com" }]
            paths:
              /signup:
                post:
                  operationId: signup
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { $ref: "#/components/schemas/Signup" }
                  responses:
                    "204": { description: Done. }
            components:
              schemas:
                Signup:
                  type: object
                  required: [name]
                  properties:
                    name: { type: string }
            """
        try withDocument(document) { path in
            let result = OpenAPIImporter.importDocument(
                path, options: OpenAPIImportOptions(entities: ["Signup": "name"]))
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("subtypes:\n  Signup:\n") && !spec.contains("entities:"))
            #expect(spec.contains("        body: { form: Signup }\n"))
            #expect(
                result.diagnostics.map(\.message) == [
                    "schema 'Signup' cannot become an entity, as asked: a form or multipart body sends it, and such a"
                        + " body sends struct subtypes only; it stays a struct"
                ])
        }
    }

    // MARK: Small documents

    @Test func aUnionReferredToBeforeItsPlaceIsMadeOnceAndCountedOnce() throws {
        let text = """
            openapi: 3.1.0
            info: { title: U, version: "1" }
            paths: {}
            components:
              schemas:
                Holder:
                  type: object
                  properties:
                    a: { $ref: "#/components/schemas/Either" }
                    b: { type: array, items: { $ref: "#/components/schemas/Either" } }
                    c: { $ref: "#/components/schemas/Collapsed" }
                Either:
                  oneOf: [{ type: string }, { type: boolean }]
                Collapsed:
                  anyOf: [{ type: integer }, { type: integer, format: int64 }]
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.hasSuffix(
                    """
                    subtypes:
                      Either:
                        one_of: [string, bool]

                      Holder:
                        properties:
                          a: { type: Either, nullable: true }
                          b: { type: "[Either]", nullable: true }
                          c: { type: int64, nullable: true }

                    """), "\(spec)")
            #expect(result.summary == "imported 0 operations, 2 schemas; 0 warnings")
        }
    }

    @Test func aUnionInAnotherFileIsNamedAfterItAndTaggedByItsMembersValues() throws {
        try withTemporaryFolder("openapi") { folder in try unionInAnotherFile(folder) }
    }

    private func unionInAnotherFile(_ folder: URL) throws {
        let files = [
            "root.yaml": """
            openapi: 3.0.3
            info: { title: F, version: "1" }
            paths: {}
            components:
              schemas:
                Box: { type: object, properties: { proof: { $ref: "proof.yaml" } } }
            """,
            "proof.yaml": """
            discriminator: { propertyName: kind }
            oneOf:
              - { title: Letter Proof, type: object, properties: { kind: { type: string, enum: [letter] } } }
              - { title: Card Proof, type: object, properties: { kind: { type: string, enum: [card] } } }
            """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = OpenAPIImporter.importDocument(folder.appendingPathComponent("root.yaml").path)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(
            spec.contains(
                """
                  proof:
                    discriminator: kind
                    unknown: true
                    one_of:
                      letter: proof_letter
                      card: proof_card

                """), "\(spec)")
        #expect(spec.contains("      proof: { type: proof, nullable: true }\n"))
    }

    @Test func theSameUnionWrittenInSeveralPlacesIsOneSubtype() throws {
        let text = """
            openapi: 3.0.3
            info: { title: S, version: "1" }
            paths: {}
            components:
              schemas:
                A: { type: object, properties: { x: { type: string } } }
                B: { type: object, properties: { y: { type: integer } } }
                Player:
                  type: object
                  properties:
                    item: { oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] }
                    queue:
                      type: array
                      items: { oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] }
            """
        try withDocument(text) { path in
            let spec = try #require(OpenAPIImporter.importDocument(path).spec)
            #expect(spec.contains("  Player_item:\n    one_of: [A, B]\n"))
            #expect(!spec.contains("Player_queue_item"))
            #expect(spec.contains("      queue: { type: \"[Player_item]\", nullable: true }\n"))
        }
    }

    @Test func aRequiredCycleOfPropertiesIsBrokenAtItsLastPropertyNotOneThroughAUnion() throws {
        let text = """
            openapi: 3.1.0
            info: { title: R, version: "1" }
            paths: {}
            components:
              schemas:
                Expr:
                  oneOf: [{ $ref: "#/components/schemas/Literal" }, { $ref: "#/components/schemas/BinOp" }]
                Literal: { type: object, required: [value], properties: { value: { type: number } } }
                BinOp:
                  type: object
                  required: [left, right]
                  properties:
                    left: { $ref: "#/components/schemas/Expr" }
                    right: { $ref: "#/components/schemas/Expr", description: The right side. }
                Person:
                  type: object
                  required: [id, partner]
                  properties: { id: { type: integer }, partner: { $ref: "#/components/schemas/Person" } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains(
                    """
                      BinOp:
                        properties:
                          left: Expr
                          right:
                            type: Expr
                            description: "The right side."

                    """), "\(spec)")
            #expect(spec.contains("    properties:\n      id: int\n      partner: { type: Person, nullable: true }\n"))
            #expect(
                result.diagnostics.map(\.message) == [
                    "'Person.partner' is a 'Person' itself; Swift cannot store a value inside itself, so 'partner' is"
                        + " read as nullable"
                ])
        }
    }

    static let pageDocument = """
        openapi: 3.0.3
        info: { title: P, version: "1" }
        paths:
          /tracks:
            get:
              operationId: tracks
              responses:
                "200":
                  description: Tracks.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/ListPageTrack" }
          /categories:
            get:
              operationId: categories
              responses:
                "200":
                  description: Categories, the page written in place.
                  content:
                    application/json:
                      schema:
                        allOf:
                          - $ref: "#/components/schemas/ListPage"
                          - { type: object, properties: { items: { type: array, items: { $ref: "#/components/schemas/Track" } } } }
        components:
          schemas:
            ListPage:
              type: object
              required: [items, total]
              properties: { next: { type: string, nullable: true }, total: { type: integer } }
            ListPageTrack:
              allOf:
                - $ref: "#/components/schemas/ListPage"
                - { type: object, properties: { items: { type: array, items: { $ref: "#/components/schemas/Track" } } } }
            ListPageArtist:
              allOf:
                - $ref: "#/components/schemas/ListPage"
                - { type: object, properties: { items: { type: array, items: { $ref: "#/components/schemas/Artist" } } } }
            Track: { type: object, properties: { name: { type: string } } }
            Artist: { type: object, properties: { name: { type: string }ARTIST } }
        """

    @Test func pagesAroundOneBaseShareOneGenericStruct() throws {
        try withDocument(Self.pageDocument.replacingOccurrences(of: "ARTIST", with: "")) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains(
                    """
                      ListPage:
                        generic: item
                        properties:
                          next: { type: string, nullable: true }
                          total: int
                          items: "[item]"

                    """), "\(spec)")
            #expect(!spec.contains("  ListPageTrack:") && !spec.contains("  ListPageArtist:"))
            #expect(spec.contains("        response: { type: \"ListPage<Track>\" }\n"))
            #expect(spec.contains("      categories:\n        get: /categories\n"))
            #expect(spec.hasSuffix("        response: { type: \"ListPage<Track>\" }\n"))
            let lint = SpecLoader().load(yaml: spec, file: "pages.lucid.yaml")
            #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        }
        // The base used on its own too: it stays a struct, and so do the pages.
        let alone = Self.pageDocument.replacingOccurrences(
            of: "ARTIST", with: ", paging: { $ref: \"#/components/schemas/ListPage\" }")
        try withDocument(alone) { path in
            let spec = try #require(OpenAPIImporter.importDocument(path).spec)
            #expect(!spec.contains("generic:") && spec.contains("  ListPageTrack:\n    properties:\n"))
        }
    }

    @Test func aSchemaReachedFromSeveralPlacesIsOneSubtypeNamedAfterTheFirst() throws {
        let text = """
            openapi: 3.0.3
            info: { title: S, version: "1" }
            paths: {}
            components:
              schemas:
                Tags:
                  type: array
                  items: { type: object, properties: { kind: { type: string, enum: [a, b] } } }
                Post:
                  type: object
                  properties: { tags: { $ref: "#/components/schemas/Tags" } }
                Page:
                  type: object
                  properties: { tags: { $ref: "#/components/schemas/Tags" } }
            """
        try withDocument(text) { path in
            let spec = try #require(OpenAPIImporter.importDocument(path).spec)
            #expect(spec.contains("  Post_tags_item:\n    properties:\n      kind: { type: Post_tags_item_kind"))
            #expect(spec.contains("      tags: { type: \"[Post_tags_item]\", nullable: true }\n\n  Page:"))
            #expect(
                spec.hasSuffix("  Page:\n    properties:\n      tags: { type: \"[Post_tags_item]\", nullable: true }\n")
            )
            #expect(!spec.contains("Page_tags_item"))
        }
    }

    @Test func valuesWithoutATypeAreReadAsTheTypeOfTheirConstOrEnum() throws {
        let text = """
            openapi: 3.1.0
            info: { title: V, version: "1" }
            paths: {}
            components:
              schemas:
                Fixed:
                  type: object
                  required: [version, ratio, flag, level]
                  properties:
                    version: { const: 2 }
                    ratio: { enum: [0.5, 1] }
                    flag: { const: true }
                    level: { enum: [1, 2, 3] }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.hasSuffix("      version: int\n      ratio: double\n      flag: bool\n      level: int\n"),
                "\(spec)")
            #expect(
                result.diagnostics.map(\.message) == [
                    "a 'const' that is not a string is read as its type; the value is not checked (2 places; the"
                        + " first is here)",
                    "an enum of values that are not all strings is read as its type; the values are not checked (2"
                        + " places; the first is here)",
                ])
        }
    }

    /// `allOf` beside `properties` (a Dog that is a Pet and barks): both are read, the schema's own last; the
    /// own part was dropped without a word before.
    @Test func theOwnPropertiesBesideAllOfAreReadToo() throws {
        let text = """
            openapi: 3.0.3
            info: { title: A, version: "1" }
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  required: [name]
                  properties:
                    name: { type: string }
                Dog:
                  allOf:
                    - $ref: "#/components/schemas/Pet"
                  type: object
                  required: [bark]
                  properties:
                    bark: { type: boolean }
                    name: { type: string, description: The dog's name. }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.hasSuffix(
                    "  Dog:\n    properties:\n      bark: bool\n      name:\n        type: string\n"
                        + "        description: \"The dog's name.\"\n"),
                "\(spec)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
    }

    @Test func listAndMapDefaultsAreKeptWhenEachItemFits() throws {
        let text = """
            openapi: 3.0.3
            info: { title: D, version: "1" }
            paths: {}
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    tags: { type: array, items: { type: string }, default: [] }
                    modes: { type: array, items: { type: string, enum: [fast, slow] }, default: [fast] }
                    scores: { type: object, additionalProperties: { type: number }, default: {} }
                    names: { type: array, items: { type: string }, default: ["a b", c] }
                    bad: { type: array, items: { type: integer }, default: ["x"] }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("tags: { type: \"[string]\", nullable: true, default: [] }"), "\(spec)")
            #expect(spec.contains("modes: { type: \"[Thing_modes_item]\", nullable: true, default: [fast] }"))
            #expect(spec.contains("scores: { type: \"{string: double}\", nullable: true, default: {} }"))
            #expect(spec.contains("names: { type: \"[string]\", nullable: true, default: [\"a b\", \"c\"] }"))
            #expect(spec.contains("bad: { type: \"[int]\", nullable: true }"))
            #expect(result.diagnostics.map(\.message) == ["default a list does not fit type '[int]'; it is left out"])
            #expect(SpecLoader().load(yaml: spec, file: "d.lucid.yaml").diagnostics.isEmpty)
        }
    }

    @Test func localDefinitionsAreReadWhereTheyAreReferenced() throws {
        let text = """
            openapi: 3.1.0
            info: { title: D, version: "1" }
            paths: {}
            components:
              schemas:
                Order:
                  type: object
                  required: [line]
                  properties:
                    line: { $ref: "#/components/schemas/Order/$defs/Line" }
                  $defs:
                    Line: { type: object, properties: { sku: { type: string } } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("  Line:\n    properties:\n      sku: { type: string, nullable: true }\n"), "\(spec)")
            #expect(spec.contains("      line: Line\n"), "\(spec)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")  // no "'$defs' … is ignored"
        }
    }

    /// PagerDuty's `$ref: "#/components/schemas/Field/properties/value/oneOf/0"`: a member of a schema written in
    /// place elsewhere is one subtype with the place that writes it, named as it is there (its `title`, else its
    /// place from 1), not after the pointer's last token (`n_0`).
    @Test func aReferenceIntoAnotherSchemasMemberIsThatMembersSubtype() throws {
        let text = """
            openapi: 3.0.3
            info: { title: P, version: "1" }
            paths: {}
            components:
              schemas:
                Field:
                  type: object
                  properties:
                    value:
                      oneOf:
                        - { type: object, title: Flag, required: [flag], properties: { flag: { type: boolean } } }
                        - { type: object, required: [count], properties: { count: { type: integer } } }
                ReadModel:
                  type: object
                  properties:
                    value:
                      oneOf:
                        - $ref: "#/components/schemas/Field/properties/value/oneOf/0"
                        - $ref: "#/components/schemas/Field/properties/value/oneOf/1"
                Early:
                  type: object
                  properties:
                    other: { $ref: "#/components/schemas/Late/properties/choice/anyOf/1" }
                Late:
                  type: object
                  properties:
                    choice:
                      anyOf:
                        - { type: string }
                        - { type: object, properties: { note: { type: string } } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("  Field_value_Flag:\n    properties:\n      flag: bool\n"), "\(spec)")
            #expect(spec.contains("  Field_value_2:\n    properties:\n      count: int\n"), "\(spec)")
            #expect(spec.contains("one_of: [Field_value_Flag, Field_value_2]"), "\(spec)")
            #expect(!spec.contains("n_0") && !spec.contains("n_1") && !spec.contains("ReadModel_value_"), "\(spec)")
            // Reached by its `$ref` first: named after what holds it, and the place that writes it uses that.
            #expect(spec.contains("  Late_choice_2:\n    properties:\n      note:"), "\(spec)")
            #expect(spec.contains("      other: { type: Late_choice_2, nullable: true }\n"), "\(spec)")
            #expect(spec.components(separatedBy: "note: { type: string, nullable: true }").count == 2, "\(spec)")
            #expect(SpecLoader().load(yaml: spec, file: "p.lucid.yaml").diagnostics.isEmpty)
        }
    }

    @Test func scalarsInAOneOfBesidePropertiesMakeAUnionWithTheObject() throws {
        // Lob's `return_envelope`: `false`, or an object with the properties. JSON Schema applies `properties` to
        // objects only, so a struct alone would fail to decode `false`.
        let text = """
            openapi: 3.0.3
            info: { title: L, version: "1" }
            paths: {}
            components:
              schemas:
                Returned:
                  oneOf: [{ type: boolean }, { type: object }]
                  properties:
                    id: { type: string }
                Letter:
                  type: object
                  required: [returned]
                  properties:
                    returned: { $ref: "#/components/schemas/Returned" }
                    size:
                      anyOf: [{ type: integer }, { type: object }]
                      properties: { width: { type: number } }
                    strict:
                      oneOf: [{ type: boolean }, { type: array, items: { type: string } }]
                      properties: { id: { type: string } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains("  Returned:\n    one_of:\n      bool: bool\n      object: Returned_object\n"), "\(spec)")
            #expect(spec.contains("  Returned_object:\n    properties:\n      id: { type: string, nullable: true }\n"))
            #expect(spec.contains("      returned: Returned\n"))
            #expect(spec.contains("  Letter_size:\n    one_of:\n      int: int\n      object: Letter_size_object\n"))
            #expect(spec.contains("      size: { type: Letter_size, nullable: true }\n"))
            // A member the properties cannot describe (a list): the object alone, as before, with the note; its
            // properties are Returned_object's, so it is that type (written in place, merged, with a warning).
            #expect(spec.contains("      strict: { type: Returned_object, nullable: true }\n"), "\(spec)")
            #expect(!spec.contains("Letter_strict"))
            #expect(
                result.diagnostics.map(\.message).contains { $0.contains("is one type with it, 'Returned_object'") })
            #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("'oneOf' in an object is not mapped") })
            #expect(SpecLoader().load(yaml: spec, file: "l.lucid.yaml").diagnostics.isEmpty)
        }
    }

    @Test func lucidGensOwnExportReadsBackAsItsUnionsAndEnums() throws {
        // What `lucid-gen openapi` writes: tagged cases as `allOf` of the case and a pinned discriminator, untagged
        // cases titled with their names, enum case descriptions in `x-lucid-case-descriptions`.
        let text = """
            x-generated-by: "lucid-gen from pets.lucid.yaml. Do not edit: regenerate with `lucid-gen openapi`."
            openapi: 3.1.0
            info: { title: X, version: "1" }
            paths: {}
            components:
              schemas:
                Dog: { type: object, properties: { bark: { type: string } } }
                Cat: { type: object, properties: { lives: { type: integer } } }
                Pet:
                  oneOf:
                    - allOf:
                        - $ref: "#/components/schemas/Dog"
                        - { type: object, required: [kind], properties: { kind: { const: good-dog } } }
                      title: good_dog
                    - allOf:
                        - $ref: "#/components/schemas/Cat"
                        - { type: object, required: [kind], properties: { kind: { const: cat } } }
                      title: cat
                  discriminator:
                    propertyName: kind
                    mapping: { good-dog: "#/components/schemas/Dog", cat: "#/components/schemas/Cat" }
                OpenPet:
                  oneOf:
                    - allOf:
                        - $ref: "#/components/schemas/Cat"
                        - { type: object, required: [kind], properties: { kind: { const: cat } } }
                      title: cat
                    - type: object
                      required: [kind]
                      properties: { kind: { type: string, not: { enum: [cat] } } }
                  discriminator:
                    propertyName: kind
                    mapping: { cat: "#/components/schemas/Cat" }
                Id:
                  anyOf: [{ type: string, title: text }, { type: integer, title: number }]
                  x-lucid-union: untagged
                Mood:
                  type: string
                  enum: [calm, wild]
                  x-lucid-case-descriptions: { wild: Runs around. }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains(
                    "  Pet:\n    discriminator: kind\n    one_of:\n"
                        + "      good_dog: { type: Dog, value: \"good-dog\" }\n      cat: Cat\n"), "\(spec)")
            // Closed as exported: the export says `unknown: true` by a member that takes any other value.
            #expect(
                spec.contains(
                    "  OpenPet:\n    discriminator: kind\n    unknown: true\n    one_of:\n      cat: Cat\n"),
                "\(spec)")
            #expect(spec.contains("  Id:\n    one_of:\n      text: string\n      number: int\n"))
            #expect(spec.contains("    cases:\n      - calm\n      - { name: wild, description: \"Runs around.\" }\n"))
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")  // the titles name the cases: read
        }
    }

    @Test func anEnumOrAnyStringIsAnEnumThatKeepsUnknownValues() throws {
        let text = """
            openapi: 3.1.0
            info: { title: O, version: "1" }
            paths: {}
            components:
              schemas:
                Thing:
                  type: object
                  required: [status]
                  properties:
                    status: { $ref: "#/components/schemas/Status" }
                    kind: { anyOf: [{ type: string, enum: [a, b] }, { type: string }], x-lucid-unknown-fallback: true }
                Status:
                  description: Where it stands.
                  anyOf:
                    - { type: string, enum: [active, closed] }
                    - { type: string }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(
                spec.contains(
                    """
                      Status:
                        description: "Where it stands."
                        cases:
                          - active
                          - closed
                        unknown: true

                    """), "\(spec)")
            #expect(spec.contains("  Thing_kind:\n    cases:\n      - a\n      - b\n    unknown: true\n"))
            #expect(spec.contains("      kind: { type: Thing_kind, nullable: true }\n"))
            #expect(result.diagnostics.isEmpty && result.summary.hasSuffix("2 schemas; 0 warnings"))
        }
    }

    @Test func objectsWithConstraintOnlyAlternativesStayObjects() throws {
        // Lob's `allOf: [{anyOf: [{required: [city]}, {required: [zip]}]}, {properties: …}]`.
        let text = """
            openapi: 3.0.3
            info: { title: C, version: "1" }
            paths: {}
            components:
              schemas:
                Address:
                  allOf:
                    - anyOf: [{ required: [city] }, { required: [zip] }]
                    - type: object
                      required: [line]
                      properties: { line: { type: string }, city: { type: string }, zip: { type: string } }
            """
        try withDocument(text) { path in
            let result = OpenAPIImporter.importDocument(path)
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("  Address:\n    properties:\n      line: string\n"))
            #expect(
                result.diagnostics.map(\.message) == [
                    "'anyOf' in an object is not mapped: the object reads its own properties, without the"
                        + " alternatives' constraints"
                ])
        }
    }

    private func withDocument(_ text: String, _ body: (String) throws -> Void) throws {
        try OpenAPITestDocuments.with(text, body)
    }
}
