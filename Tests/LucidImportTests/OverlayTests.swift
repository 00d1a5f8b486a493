import Foundation
import LucidSpec
import LucidSupport
import LucidTestSupport
import Testing

@testable import LucidImport

/// Re-importing keeps hand edits: an overlay merged over the converted spec (`OpenAPIOverlay`), and the
/// document's response examples as example files (`OpenAPIExamples`).
struct OverlayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI/Reimport")
    static let v1 = fixtures.appendingPathComponent("pets-v1.openapi.yaml").path
    static let v2 = fixtures.appendingPathComponent("pets-v2.openapi.yaml").path

    /// Imports `document` with `overlay` (written into a temporary folder as `pets.overlay.yaml`).
    private func importing(
        _ document: String, overlay: String, findsEntities: Bool = true,
        body: (OpenAPIImportResult, URL) throws -> Void
    ) throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("pets.overlay.yaml")
            try Data(overlay.utf8).write(to: path)
            let result = OpenAPIImporter.importDocument(
                document, specName: folder.appendingPathComponent("pets.lucid.yaml").path,
                options: OpenAPIImportOptions(overlay: path.path, findsEntities: findsEntities))
            try body(result, path)
        }
    }

    private func messages(_ result: OpenAPIImportResult) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity): \($0.message)" }
    }

    @Test func mappingsMergeKeyByKeyScalarsAndListsReplaceAndNullDeletes() throws {
        let overlay = """
            servers:
              api: "https://staging.pets.example.com/v1"
            lexicon: [ID]
            services:
              pets:
                endpoints:
                  pets:
                    cache: { ttl: 60 }
                    query:
                      cursor: { description: "Where to start." }
                  createPet:
                    queue: { persist: true, retry: [network, 503] }
                    deprecated: true
                  stats: null
            subtypes:
              Pet:
                properties:
                  name: { description: "What it answers to." }
              stats_response: null
            """
        try importing(Self.v1, overlay: overlay) { result, _ in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("\nservers:\n  api: \"https://staging.pets.example.com/v1\"\n"))
            // A key the import did not write is added, where a spec keeps it.
            #expect(spec.contains("\nmodule: PetStore\nlexicon: [ID]\nservers:\n"))
            // A flow mapping (`cursor: { type: string, nullable: true }`) is written as a block to merge into.
            #expect(
                spec.contains(
                    "        query:\n          cursor:\n            type: string\n            nullable: true\n"
                        + "            description: \"Where to start.\"\n"))
            #expect(spec.contains("        cache:\n          ttl: 60\n"))
            #expect(spec.contains("        queue:\n          persist: true\n          retry: [network, 503]\n"))
            #expect(spec.contains("        deprecated: true\n"))
            // A property written as its type alone gets the keys beside its type. `subtypes.Pet` finds Pet among
            // the entities, where the import put it (it has a required `id`).
            #expect(
                spec.contains(
                    "\nentities:\n  # an entity: it has the identifier 'id' (int64)\n  Pet:\n"
                        + "    identifier: { property: id }\n    properties:\n      id: int64\n"
                        + "      name:\n        type: string\n        description: \"What it answers to.\"\n"))
            #expect(!spec.contains("stats"))
            // Untouched lines stay as the import wrote them.
            #expect(spec.contains("      next: { type: string, nullable: true }\n"))
            #expect(spec.contains("\n# Hand edits are kept in pets.overlay.yaml,\n# merged over every import"))
            #expect(SpecLoader().load(yaml: spec, file: "pets.lucid.yaml").diagnostics.isEmpty)
        }
    }

    @Test func renamesReachEveryReferenceAndTheRestOfTheOverlayUsesTheNewNames() throws {
        let overlay = """
            rename:
              types: { Pet: Animal }
              services: { pets: animals }
              endpoints: { pets.pets: list }
            services:
              animals:
                endpoints:
                  list:
                    cache: { ttl: 30 }
            """
        try importing(Self.v1, overlay: overlay) { result, _ in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(!spec.contains("\n  Pet:\n"))
            #expect(spec.contains("\n  Animal:\n    identifier: { property: id }\n    properties:\n"))
            #expect(spec.contains("      pets: \"[Animal]\"\n"))
            #expect(spec.contains("        body: Animal\n        response: { type: Animal }\n"))
            #expect(spec.contains("\n  animals:\n    endpoints:\n      list:\n        get: /pets\n"))
            #expect(spec.contains("        cache:\n          ttl: 30\n"))
            #expect(!result.diagnostics.contains { $0.location.file.hasSuffix("overlay.yaml") })
        }
    }

    /// An entry under a name the overlay's own `rename:` took away is the overlay's mistake, not the backend's
    /// change: an error at the entry that gives the new name (issue 42), and nothing is written, so that the
    /// setting is not lost.
    @Test func anEntryUnderANameTheOverlayRenamedIsAnErrorNamingTheNewName() throws {
        let overlay = """
            rename:
              types: { Pet: Animal }
              services: { pets: animals }
              endpoints: { pets.pets: list }
            services:
              animals:
                endpoints:
                  pets:
                    cache: { ttl: 30 }
              pets:
                description: "The old name."
            subtypes:
              Pet:
                description: "The old name."
            """
        try importing(Self.v1, overlay: overlay) { result, overlayPath in
            #expect(result.spec == nil)
            let inOverlay = result.diagnostics.filter { $0.location.file == overlayPath.path }.map {
                "\($0.location.line):\($0.location.column): \($0.severity): \($0.message); \($0.hint ?? "")"
            }
            #expect(
                inOverlay == [
                    "8:7: error: 'services.animals.endpoints.pets' names the endpoint by its old name: the overlay's"
                        + " 'rename' makes 'pets' 'list'; write this entry under 'list' (the rest of the overlay"
                        + " names things by their new names)",
                    "10:3: error: 'services.pets' names the service by its old name: the overlay's 'rename' makes"
                        + " 'pets' 'animals'; write this entry under 'animals' (the rest of the overlay names things"
                        + " by their new names)",
                    "13:3: error: 'subtypes.Pet' names the type by its old name: the overlay's 'rename' makes 'Pet'"
                        + " 'Animal'; write this entry under 'Animal' (the rest of the overlay names things by their"
                        + " new names)",
                ], "\(inOverlay)")
        }
    }

    /// A top-level key the import did not write lands where a spec keeps it, not after the last service: `access`
    /// beside `module`, `lexicon` and `output` too (issue 42: `access: public` ended a 4,000-line spec).
    @Test func aTopLevelKeyTheOverlayAddsLandsInTheSpecsOrder() throws {
        try importing(Self.v1, overlay: "access: public\noutput: Generated\n") { result, _ in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(
                spec.contains("\nlucid: 1\nmodule: PetStore\naccess: public\noutput: Generated\nservers:\n"), "\(spec)")
        }
    }

    /// `rename: endpoints:` names a GET endpoint as the import makes it: `getPet` is `pet` (its method
    /// `fetchPet`); the operationId's own spelling is no endpoint's name.
    @Test func aRenameNamesAGetEndpointWithoutItsGet() throws {
        try importing(Self.v1, overlay: "rename:\n  endpoints: { pets.pet: show, pets.getStats: numbers }\n") {
            result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("\n      show:\n        get: \"/pets/{petId}\"\n"), "\(spec)")
            #expect(spec.contains("\n      stats:\n        get: /stats\n"), "\(spec)")
            let warnings = result.diagnostics.filter { $0.location.file == overlayPath.path }.map(\.message)
            #expect(
                warnings == [
                    "rename: the import makes no endpoint 'getStats' in service 'pets' (any more); it is not renamed"
                ], "\(warnings)")
        }
    }

    @Test func whatMatchesNothingIsAWarningInTheOverlayNeverDroppedSilently() throws {
        let overlay = """
            rename:
              types: { Dog: Hound }
              endpoints: { pets.deletePet: remove }
            services:
              pets:
                endpoints:
                  deletePet:
                    queue: true
                  pet:
                    params:
                      pet_id: { description: "Renamed by the backend." }
              gone:
                description: "A service the document dropped."
            subtypes:
              Owner:
                description: "A schema the document dropped."
              Pet:
                properties:
                  tag: null
            """
        try importing(Self.v2, overlay: overlay) { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(!spec.contains("queue"))
            let inOverlay = result.diagnostics.filter { $0.location.file == overlayPath.path }.map {
                "\($0.location.line):\($0.location.column): \($0.severity): \($0.message)"
            }
            #expect(
                inOverlay == [
                    "2:12: warning: rename: the import makes no type 'Dog' (any more); 'Dog: Hound' is not applied",
                    "3:16: warning: rename: the import makes no endpoint 'deletePet' in service 'pets' (any more);"
                        + " it is not renamed",
                    "7:7: warning: 'services.pets.endpoints.deletePet' matches nothing in the imported spec (the"
                        + " document no longer has it?); this entry is not applied",
                    "11:11: warning: 'services.pets.endpoints.pet.params.pet_id' matches nothing in the imported"
                        + " spec (the document no longer has it?); this entry is not applied",
                    "12:3: warning: 'services.gone' matches nothing in the imported spec (the document no longer has"
                        + " it?); this entry is not applied",
                    "15:3: warning: 'subtypes.Owner' matches nothing in the imported spec (the document no longer has"
                        + " it?); this entry is not applied",
                ], "\(inOverlay)")
            // `tag` is there in v2: deleting it is no warning.
            #expect(!spec.contains("tag:"))
        }
    }

    @Test func aRenameOntoANameTheDocumentHasIsAWarning() throws {
        // Pet is made first: renaming PetPage to Pet is not applied.
        try importing(Self.v1, overlay: "rename:\n  types: { PetPage: Pet }\n") { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("\n  PetPage:\n"))
            let warning = try #require(result.diagnostics.first { $0.location.file == overlayPath.path })
            #expect(
                "\(warning.location.line):\(warning.location.column): \(warning.message)"
                    == "2:12: rename: the document has a type 'Pet' already; 'PetPage' is not renamed")
        }
        // PetPage is made after Pet was renamed to it: the document's PetPage becomes PetPage_2.
        try importing(Self.v1, overlay: "rename:\n  types: { Pet: PetPage }\n") { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("\n  PetPage_2:\n") && spec.contains("      pets: \"[PetPage]\"\n"))
            let warning = try #require(result.diagnostics.first { $0.location.file == overlayPath.path })
            #expect(
                "\(warning.location.line):\(warning.location.column): \(warning.message)"
                    == "2:12: rename: the document has a type 'PetPage' too, which becomes 'PetPage_2' beside"
                    + " 'Pet' renamed; choose another name")
        }
    }

    @Test func kindsMakeAStructAnEntityIdentifiedByOneOfItsProperties() throws {
        let overlay = """
            kinds:
              Pet: entity
              stats_response: { entity: total }
              Owner: entity
            entities:
              Pet:
                description: "Merged after the move."
            """
        // Pet has a required `id`: without `findsEntities: false` the import makes it an entity by itself.
        try importing(Self.v1, overlay: overlay, findsEntities: false) { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(
                spec.contains(
                    "\nentities:\n  # an entity, as asked: it has the identifier 'id' (int64)\n  Pet:\n"
                        + "    identifier: { property: id }\n    properties:\n      id: int64\n"
                        + "      name: string\n    description: \"Merged after the move.\"\nservices:\n"))
            #expect(spec.contains("\nsubtypes:\n  PetPage:\n"))
            #expect(spec.contains("      pets: \"[Pet]\"\n"))
            let inOverlay = result.diagnostics.filter { $0.location.file == overlayPath.path }.map {
                "\($0.location.line):\($0.location.column): \($0.message)"
            }
            #expect(
                inOverlay == [
                    "3:3: kinds: struct subtype 'stats_response' has no property 'total' to identify it; it stays a"
                        + " struct",
                    "4:3: kinds: the import makes no struct subtype 'Owner' (any more); this entry is not applied",
                ])
            let lint = SpecLoader().load(yaml: spec, file: "pets.lucid.yaml")
            #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
            #expect(lint.spec?.entities.map(\.name) == ["Pet"])
        }
    }

    /// The import's own choices: `kinds:` of a schema is the converter's choice (`OpenAPIImportOptions`), which
    /// knows where an entity cannot go; a kind the import makes by itself is a warning.
    @Test func kindsOfTheDocumentsSchemasAreTheImportsChoices() throws {
        let overlay = "kinds:\n  Pet: struct\n  PetPage: struct\n"
        try importing(Self.v1, overlay: overlay) { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("\nsubtypes:\n  Pet:\n    properties:\n      id: int64\n      name: string\n"))
            #expect(!spec.contains("entities:") && !spec.contains("identifier"))
            let inOverlay = result.diagnostics.filter { $0.location.file == overlayPath.path }.map {
                "\($0.location.line):\($0.location.column): \($0.message)"
            }
            #expect(inOverlay == ["3:3: kinds: 'PetPage' is a struct subtype already"], "\(inOverlay)")
        }
        try importing(Self.v1, overlay: "kinds:\n  Pet: entity\n") { result, overlayPath in
            let spec = try #require(result.spec, "\(messages(result))")
            #expect(spec.contains("  # an entity: it has the identifier 'id' (int64)\n  Pet:\n"))
            #expect(
                result.diagnostics.filter { $0.location.file == overlayPath.path }.map(\.message) == [
                    "kinds: 'Pet' is an entity already"
                ])
        }
        // By the new name of a renamed schema; the identifier by its spec name (or its JSON key, `tag-id`).
        let tags = """
            openapi: 3.0.3
            info: { title: Tags, version: "1" }
            servers: [{ url: "https://tags.example.com" }]
            paths:
              /tags:
                get:
                  operationId: listTags
                  responses:
                    "200":
                      description: Tags.
                      content:
                        application/json:
                          schema: { type: array, items: { $ref: "#/components/schemas/Tag" } }
            components:
              schemas:
                Tag:
                  type: object
                  required: [tag-id]
                  properties:
                    tag-id: { type: string }
            """
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("tags.openapi.yaml")
            try Data(tags.utf8).write(to: path)
            for identifier in ["tag_id", "tag-id"] {
                let overlay = "rename:\n  types: { Tag: Label }\nkinds:\n  Label: { entity: \(identifier) }\n"
                try importing(path.path, overlay: overlay) { result, _ in
                    let spec = try #require(result.spec, "\(messages(result))")
                    #expect(
                        spec.contains(
                            "\nentities:\n  # an entity, as asked: it has the identifier 'tag-id' (string)\n"
                                + "  Label:\n    identifier: { property: tag_id }\n"))
                    #expect(result.diagnostics.isEmpty, "\(messages(result))")
                }
            }
        }
        // A form body sends Signup: an entity there would not lint, so the import keeps it a struct and says so.
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
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("forms.openapi.yaml")
            try Data(document.utf8).write(to: path)
            try importing(path.path, overlay: "kinds:\n  Signup: { entity: name }\n") { result, overlayPath in
                let spec = try #require(result.spec, "\(messages(result))")
                #expect(spec.contains("\nsubtypes:\n  Signup:\n") && !spec.contains("entities:"))
                #expect(spec.contains("        body: { form: Signup }\n"))
                #expect(
                    result.diagnostics.filter { $0.location.file == overlayPath.path }.map {
                        "\($0.location.line):\($0.location.column): \($0.message)"
                    } == [
                        "2:3: kinds: 'Signup' cannot become an entity identified by 'name': a form or multipart body"
                            + " sends it, and such a body sends struct subtypes only; it stays a struct"
                    ])
            }
        }
    }

    @Test func kindsMakeAnEntityAStructItsIdentifierAProperty() throws {
        let text = """
            lucid: 1
            module: M
            subtypes:
              Tag:
                properties:
                  name: string
            entities:
              Owner:
                identifier: { type: int64, key: owner_id }
                properties:
                  name: string
                metadata:
                  rank: int

            """
        let overlayText = "kinds:\n  Owner: struct\n  Tag: struct\n"
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("o.overlay.yaml").path
            try Data(overlayText.utf8).write(to: URL(fileURLWithPath: path))
            let diagnostics = ImportDiagnostics()
            let overlay = try #require(OpenAPIOverlay.read(path, diagnostics: diagnostics))
            let spec = try LocatedDocument.parse(Array(text.utf8), file: "s.yaml", what: "a spec")
            var document = SpecDocument(root: try #require(OpenAPIOverlay.value(spec).mapping))
            overlay.apply(to: &document, outcomes: .init(), diagnostics: diagnostics)
            document.header = []
            #expect(
                SpecWriter.write(document) == """
                    lucid: 1
                    module: M
                    subtypes:
                      Tag:
                        properties:
                          name: string

                      Owner:
                        properties:
                          id:
                            type: int64
                            key: owner_id
                          name: string

                    """)
            #expect(
                diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                    "2:3: kinds: the metadata of entity 'Owner' has no place in a struct subtype; it is left out",
                    "3:3: kinds: 'Tag' is a struct subtype already",
                ])
        }
    }

    @Test func aMergedSpecThatDoesNotLintIsAnErrorAndNothingIsHandedOut() throws {
        let overlay = """
            services:
              pets:
                endpoints:
                  createPet:
                    cache: { ttl: 60 }
            """
        try importing(Self.v1, overlay: overlay) { result, _ in
            #expect(result.spec == nil)
            // At the overlay's `cache:` line, which the user fixes (the converted spec is not written).
            #expect(
                result.diagnostics.contains {
                    $0.severity == .error && $0.message.hasPrefix("the overlay makes the spec invalid: ")
                        && $0.location.line == 5 && $0.location.column == 9
                }, "\(result.diagnostics)")
        }
    }

    @Test func aBadOverlayIsALocatedError() throws {
        for (overlay, expected) in [
            ("- a list\n", "1:1: error: an overlay is a mapping whose keys mirror the spec's, not a list"),
            ("rename: [Pet]\n", "1:9: error: 'rename' is a mapping of 'types', 'services' and 'endpoints'"),
            (
                "rename:\n  types: { Pet: \"not valid\" }\n",
                "2:17: error: rename 'Pet': the new name is a spec name (letters, digits and single '_')"
            ),
            (
                "rename:\n  endpoints: { pets: list }\n",
                "2:16: error: an endpoint to rename is named '<service>.<endpoint>' (the imported names)"
            ),
            ("services: {\n", "error"),
            (
                "kinds:\n  Pet: table\n",
                "2:8: error: 'kinds' maps type names to 'entity' (identified by its property 'id'),"
                    + " '{ entity: <property> }' or 'struct'"
            ),
        ] {
            try importing(Self.v1, overlay: overlay) { result, _ in
                #expect(result.spec == nil)
                #expect(
                    messages(result).contains { $0.hasPrefix(expected) || ($0.contains(expected)) },
                    "\(messages(result))")
            }
        }
        let missing = OpenAPIImporter.importDocument(
            Self.v1, options: OpenAPIImportOptions(overlay: "/nonexistent/pets.overlay.yaml"))
        #expect(missing.spec == nil)
        #expect(missing.diagnostics.map(\.message) == ["no such overlay file '/nonexistent/pets.overlay.yaml'"])
    }

    // MARK: Examples

    @Test func examplesAreTheFirstSuccessResponsesInOrderOfPreference() throws {
        try withTemporaryFolder { folder in
            let result = OpenAPIImporter.importDocument(
                Self.v1, specName: folder.appendingPathComponent("pets.lucid.yaml").path,
                options: OpenAPIImportOptions(examplesFolder: folder.path))
            let spec = try #require(result.spec)
            #expect(
                result.examples.map(\.path) == [
                    "examples/pets/pets.json", "examples/pets/createPet.json", "examples/pets/pet.json",
                ])
            // The media type's `example`; the first of its `examples`; the schema's `example`.
            #expect(result.examples[0].text.hasPrefix("{\n  \"pets\": [\n    {\n      \"id\": 1,\n"))
            #expect(result.examples[1].text == "{\n  \"id\": 3,\n  \"name\": \"Rex\"\n}\n")
            #expect(result.examples[2].text == "{\n  \"id\": 7,\n  \"name\": \"Schema\"\n}\n")
            #expect(
                spec.contains("        response: { type: PetPage }\n        example: examples/pets/pets.json\n"))
            // stats's example says "many" where the schema says integer: a warning at the example, no file.
            #expect(!spec.contains("stats.json"))
            let warning = try #require(result.diagnostics.first { $0.message.contains("'stats'") })
            #expect(warning.severity == .warning)
            #expect(warning.location.file == Self.v1 && warning.location.line == 74)
            #expect(
                warning.message
                    == "the response example of endpoint 'stats' does not fit the imported types (line 2:12 of"
                    + " examples/pets/stats.json): the response of endpoint 'stats': 'count' is \"many\", which"
                    + " is not an integer; it is not written")
            #expect(result.summary.hasPrefix("imported 5 operations, 2 schemas, 3 examples; "))
            // Pet's `example` is used (getPet's): it is not warned of as ignored.
            #expect(!result.diagnostics.contains { $0.message.hasPrefix("'example' of a schema") })
        }
    }

    @Test func withoutAFolderNoExampleIsNamedAndTheyAreCounted() {
        let result = OpenAPIImporter.importDocument(Self.v1)
        #expect(result.examples.isEmpty)
        #expect(result.unwrittenExamples == 4)
        #expect(result.spec?.contains("example:") == false)
    }

    @Test func numbersAreWrittenAsJSONSpellsThem() {
        #expect(OpenAPIExamples.jsonNumber("12") == "12")
        #expect(OpenAPIExamples.jsonNumber("-0.5e3") == "-0.5e3")
        #expect(OpenAPIExamples.jsonNumber("+1") == "1")
        #expect(OpenAPIExamples.jsonNumber(".5") == "0.5")
        #expect(OpenAPIExamples.jsonNumber("0x1F") == "31")
        #expect(OpenAPIExamples.jsonNumber("-0o17") == "-15")
        #expect(OpenAPIExamples.jsonNumber(".inf") == nil)
        #expect(OpenAPIExamples.jsonNumber(".nan") == nil)
    }

    @Test func overlayValuesAreWrittenInTheImportsStyle() {
        let node = LocatedValue.object(
            [
                .init(key: "flat", keyLocation: .start(of: "o"), value: list(["a", "b c"])),
                .init(
                    key: "nested", keyLocation: .start(of: "o"),
                    value: LocatedValue(.array([list(["a"]), list([])]), at: .start(of: "o"))),
                .init(
                    key: "empty", keyLocation: .start(of: "o"),
                    value: LocatedValue.object([], at: .start(of: "o"))),
                .init(
                    key: "flag", keyLocation: .start(of: "o"),
                    value: LocatedValue(.bool(true), at: .start(of: "o"))),
                .init(
                    key: "number", keyLocation: .start(of: "o"),
                    value: LocatedValue(.number("2.5"), at: .start(of: "o"))),
                .init(
                    key: "text", keyLocation: .start(of: "o"),
                    value: LocatedValue(.string("20"), at: .start(of: "o"))),
            ], at: .start(of: "o"))
        let document = SpecDocument(
            root: SpecMapping([SpecEntry("top", OpenAPIOverlay.value(node), origin: .start(of: "o"))]))
        #expect(
            SpecWriter.write(document).split(separator: "\n") == [
                "top:", "  flat: [a, \"b c\"]", "  nested:", "    - [a]", "    - []", "  empty: {}", "  flag: true",
                "  number: 2.5", "  text: \"20\"",
            ])
    }

    private func list(_ items: [String]) -> LocatedValue {
        LocatedValue(.array(items.map { LocatedValue(.string($0), at: .start(of: "o")) }), at: .start(of: "o"))
    }
}
