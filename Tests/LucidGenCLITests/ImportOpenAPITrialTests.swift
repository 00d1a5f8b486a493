import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// What a new user of `import-openapi` meets on a first try (issue 31's trial): each mistake gets a message located
/// where the user fixes it, and the names the import gives read like hand-written ones.
struct ImportOpenAPITrialTests {
    static let v1 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/OpenAPI/Reimport/pets-v1.openapi.yaml").path

    /// A misspelt key in the overlay makes the merged spec invalid: the error is at the overlay's line (the
    /// converted spec is not written, so a location in it points at nothing the user can open).
    @Test func anOverlaysMisspeltKeyIsAnErrorInTheOverlay() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            let overlay = folder.appendingPathComponent("pets.overlay.yaml")
            try Data(
                """
                services:
                  pets:
                    endpoints:
                      pets:
                        cahce: { ttl: 60 }
                kind:
                  Pet: entity

                """.utf8
            ).write(to: overlay)
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(run.code == .specErrors)
            #expect(
                run.err.contains(
                    "\(overlay.path):5:9: error: the overlay makes the spec invalid: unknown key 'cahce' in endpoint"
                        + " 'pets'; did you mean 'cache'?\n"), "\(run.err)")
            #expect(
                run.err.contains(
                    "\(overlay.path):6:1: error: the overlay makes the spec invalid: unknown key 'kind' in the spec;"
                        + " did you mean 'kinds'?\n"), "\(run.err)")
            #expect(!run.err.contains("\(spec.path):"), "\(run.err)")
            #expect(!FileManager.default.fileExists(atPath: spec.path))
        }
    }

    /// A long `info.title` gives a module name of whole words, the prefix of `…Servers` and every name the user
    /// types (Spotify's title made `SpotifyWebAPIWithFixesAndImprovementsFro`): its joining words go first, and it
    /// keeps its last words, which tell it from its siblings' (SendGrid's 46 documents are all `Twilio SendGrid …`).
    @Test func aLongTitleIsCutAtAWordForTheModuleName() throws {
        try withTemporaryFolder { folder in
            let document = folder.appendingPathComponent("spotify.yaml")
            try Data(
                """
                openapi: 3.0.3
                info: { title: Spotify Web API with fixes and improvements from sonallux, version: "1" }
                paths: {}

                """.utf8
            ).write(to: document)
            let run = CapturedConsole.run(["import-openapi", document.path])
            #expect(run.code == .success, "\(run.err)")
            #expect(
                run.out.split(separator: "\n").contains("module: SpotifyWebAPIFixesImprovementsSonallux"), "\(run.out)")
        }
    }

    /// `--help` says what the import maps today (unions, entities, error payloads, paging), not its first slice.
    @Test func helpSaysWhatTheImportMaps() {
        let run = CapturedConsole.run(["import-openapi", "--help"])
        #expect(run.code == .success)
        #expect(run.out.contains("schemas as subtypes, unions and entities"), "\(run.out)")
        #expect(!run.out.contains("a JSON request body"))
    }

    /// Redocly's museum keeps its response examples in `components.examples`, which the import writes as example
    /// files: it is no "ignored" construct (a new user read that warning as "my examples are lost").
    @Test func componentsExamplesReachedByAResponseAreNotReportedAsIgnored() throws {
        try withTemporaryFolder { folder in
            let document = folder.appendingPathComponent("museum.yaml")
            try Data(
                """
                openapi: 3.1.0
                info: { title: Museum, version: "1" }
                servers: [{ url: "https://museum.example.com" }]
                paths:
                  /hours:
                    get:
                      operationId: getHours
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: { $ref: "#/components/schemas/Hours" }
                              examples:
                                default: { $ref: "#/components/examples/Hours" }
                components:
                  schemas:
                    Hours:
                      type: object
                      required: [open]
                      properties: { open: { type: string } }
                  examples:
                    Hours:
                      value: { open: "09:00" }

                """.utf8
            ).write(to: document)
            let spec = folder.appendingPathComponent("museum.lucid.yaml")
            let run = CapturedConsole.run(["import-openapi", document.path, "--output", spec.path])
            #expect(run.code == .success, "\(run.err)")
            #expect(!run.err.contains("'examples' of components"), "\(run.err)")
            #expect(run.err.hasSuffix("imported 1 operation, 1 schema, 1 example; 0 warnings"), "\(run.err)")
        }
    }

    /// Lint's warnings about the converted spec that name an example file name it as the spec does
    /// (`examples/items/items.json`), not by the temporary folder the import checked it in, which is gone.
    @Test func warningsNameExampleFilesAsTheSpecDoes() throws {
        try withTemporaryFolder { folder in
            let document = folder.appendingPathComponent("items.yaml")
            try Data(
                """
                openapi: 3.0.3
                info: { title: Items, version: "1" }
                servers: [{ url: "https://items.example.com" }]
                paths:
                  /items:
                    get:
                      operationId: listItems
                      parameters:
                        - { name: offset, in: query, schema: { type: integer } }
                        - { name: limit, in: query, schema: { type: integer } }
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
                                  total_count: { type: integer }
                              example: { data: ["a"], totalCount: 1 }

                """.utf8
            ).write(to: document)
            let spec = folder.appendingPathComponent("items.lucid.yaml")
            let run = CapturedConsole.run(["import-openapi", document.path, "--output", spec.path])
            #expect(run.code == .success, "\(run.err)")
            #expect(run.err.contains("(line 5:3 of examples/items/items.json)"), "\(run.err)")
            #expect(run.err.contains("reads key 'total_count', which the object lacks"), "\(run.err)")
            // The example has no `total_count`: the paging guess leaves `total` out rather than warn of it at once.
            #expect(!run.err.contains("has no 'total_count'"), "\(run.err)")
            let text = try String(contentsOf: spec, encoding: .utf8)
            #expect(text.contains("paging: { offset: offset, limit: limit }\n"), "\(text)")
            #expect(!run.err.contains("lucid-gen-import-"), "\(run.err)")
        }
    }

    /// `--output` names the spec, where `generate --output` names a folder: a folder given instead, existing or
    /// not (`out/`), is refused with what to write, before anything is written.
    @Test func aFolderAsOutputIsRefusedBeforeAnythingIsWritten() throws {
        try withTemporaryFolder { folder in
            let existing = folder.appendingPathComponent("existing")
            try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: false)
            for output in [existing.path, folder.appendingPathComponent("new").path + "/"] {
                let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", output])
                #expect(run.code == .specErrors)
                #expect(
                    run.err.contains(
                        "lucid-gen: error: '\(output)' is a folder: --output names the spec file to write, such as '"),
                    "\(run.err)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["existing"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: existing.path).isEmpty)
        }
    }

    /// The README's advice for generated code in a target of its own: `access: public` (and a server of one's own)
    /// in the overlay reach the spec, which lints.
    @Test func theOverlaySetsAccessAndServerAsTheReadmeSays() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            try Data("access: public\nservers: { api: \"http://127.0.0.1:8080\" }\n".utf8)
                .write(to: folder.appendingPathComponent("pets.overlay.yaml"))
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(run.code == .success, "\(run.err)")
            let text = try String(contentsOf: spec, encoding: .utf8)
            #expect(text.contains("\naccess: public\n"), "\(text)")
            #expect(text.contains("\n  api: \"http://127.0.0.1:8080\"\n"), "\(text)")
            #expect(CapturedConsole.run(["lint", spec.path]).code == .success)
        }
    }

    /// A clash with the user's own file: the run ends with the error, not with "imported …" before it.
    @Test func aClashEndsWithTheErrorAndNoImportedSummary() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            let own = folder.appendingPathComponent("examples/pets/pet.json")
            try FileManager.default.createDirectory(
                at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}\n".utf8).write(to: own)
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(run.code == .specErrors)
            #expect(!run.err.contains("import-openapi: imported "), "\(run.err)")
            #expect(run.err.hasSuffix("Move that file, or write the spec into another folder."), "\(run.err)")
        }
    }
}
