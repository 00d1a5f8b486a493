import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// What `import-openapi --output SPEC` writes besides the spec — the document's response examples and their
/// manifest — under the rule that a file lucid-gen did not write is never replaced or deleted; and a re-import of
/// a changed document that keeps the hand edits of an overlay.
struct ImportOpenAPIFilesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/OpenAPI/Reimport")
    static let v1 = fixtures.appendingPathComponent("pets-v1.openapi.yaml").path
    static let v2 = fixtures.appendingPathComponent("pets-v2.openapi.yaml").path

    private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    private func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }.sorted()
    }

    @Test func examplesAreWrittenBesideTheSpecWhichNamesThemAndLintChecksThem() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(run.code == .success, "\(run.err)")
            #expect(
                run.err.hasSuffix(
                    "import-openapi: imported 5 operations, 2 schemas, 3 examples; 2 warnings: 1 left out, 1 approximated"
                ))
            #expect(
                files(in: folder) == [
                    ".pets.lucid.yaml.import-openapi-files", "examples/pets/createPet.json",
                    "examples/pets/pet.json", "examples/pets/pets.json", "pets.lucid.yaml",
                ])
            let manifest = try read(folder.appendingPathComponent(".pets.lucid.yaml.import-openapi-files"))
            #expect(manifest.hasPrefix("# Written by lucid-gen import-openapi for pets.lucid.yaml: "))
            #expect(manifest.contains("  examples/pets/pet.json\n"))
            #expect(try read(spec).contains("        example: examples/pets/createPet.json\n"))
            let lint = CapturedConsole.run(["lint", spec.path])
            #expect(lint.code == .success && !lint.err.contains(": warning: "), "\(lint.err)")

            // Lint does check them: an example edited to misfit is an error.
            let example = folder.appendingPathComponent("examples/pets/pet.json")
            try Data("{\"id\": \"seven\", \"name\": \"Schema\"}\n".utf8).write(to: example)
            let failing = CapturedConsole.run(["lint", spec.path])
            #expect(failing.code == .specErrors)
            #expect(failing.err.contains("pet.json:1:8: error: the response of endpoint 'pet': 'id'"))
        }
    }

    @Test func withoutOutputTheExamplesAreNotWrittenAndANoteSaysSo() {
        let run = CapturedConsole.run(["import-openapi", Self.v1])
        #expect(run.code == .success)
        #expect(!run.out.contains("example:"))
        #expect(
            run.err.contains(
                "import-openapi: note: the document's 4 response example(s) are not written: the spec goes to"
                    + " standard output; with --output SPEC they become example files beside it that the spec"
                    + " names"))
    }

    @Test func aUsersFileAtAnExamplePathStopsTheImportBeforeItWritesAnything() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            let own = folder.appendingPathComponent("examples/pets/pet.json")
            try FileManager.default.createDirectory(
                at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{\"mine\": true}\n".utf8).write(to: own)
            for arguments in [[String](), ["--force"]] {
                let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path] + arguments)
                #expect(run.code == .specErrors)
                #expect(
                    run.err.contains(
                        "lucid-gen: error: import-openapi found a path it may not write over; nothing was written:\n"
                            + "  \(own.path): a file import-openapi did not write (its manifest,"
                            + " .pets.lucid.yaml.import-openapi-files, does not list it)\nMove that file, or write"
                            + " the spec into another folder."), "\(run.err)")
                #expect(files(in: folder) == ["examples/pets/pet.json"])
                #expect(try read(own) == "{\"mine\": true}\n")
            }
            // A link where an example goes is refused too.
            try FileManager.default.removeItem(at: own)
            try FileManager.default.createSymbolicLink(atPath: own.path, withDestinationPath: "/etc/hostname")
            let linked = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(linked.code == .specErrors)
            #expect(linked.err.contains("\(own.path): a symbolic link"))
            #expect(!FileManager.default.fileExists(atPath: spec.path))
        }
    }

    @Test func forceReplacesOnlyTheImportsOwnUnchangedExamplesAndDeletesOnlyThose() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            #expect(CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path]).code == .success)
            let getPet = folder.appendingPathComponent("examples/pets/pet.json")
            let listPets = folder.appendingPathComponent("examples/pets/pets.json")
            let listed = try read(listPets)

            // Without --force an existing spec is kept, and so is everything else.
            let kept = CapturedConsole.run(["import-openapi", Self.v2, "--output", spec.path])
            #expect(kept.code == .specErrors)
            #expect(try read(spec).contains("from pets-v1.openapi.yaml"))

            // v2: listPets unchanged; getPet's example still the schema's; updatePet new.
            let forced = CapturedConsole.run(["import-openapi", Self.v2, "--output", spec.path, "--force"])
            #expect(forced.code == .success, "\(forced.err)")
            #expect(try read(spec).contains("from pets-v2.openapi.yaml"))
            #expect(try read(listPets) == listed)
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("examples/pets/updatePet.json").path))

            // An example edited by hand is no longer the import's: the next import refuses to replace it...
            try Data("{\"id\": 1, \"name\": \"Edited\"}\n".utf8).write(to: getPet)
            let refused = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path, "--force"])
            #expect(refused.code == .specErrors)
            #expect(
                refused.err.contains("\(getPet.path): an example you have edited since import-openapi wrote it"))
            #expect(try read(getPet) == "{\"id\": 1, \"name\": \"Edited\"}\n")
            #expect(try read(spec).contains("from pets-v2.openapi.yaml"))

            // ...and when the document no longer has it, it is kept (with a note), not deleted; an unchanged
            // example the document dropped is deleted.
            let overlay = folder.appendingPathComponent("pets.overlay.yaml")
            try Data("services:\n  pets:\n    endpoints:\n      pet:\n        example: null\n".utf8).write(
                to: overlay)
            let dropped = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path, "--force"])
            #expect(dropped.code == .success, "\(dropped.err)")
            #expect(dropped.err.contains("import-openapi: note: \(getPet.path) is kept"))
            #expect(try read(getPet) == "{\"id\": 1, \"name\": \"Edited\"}\n")
            #expect(
                !FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("examples/pets/updatePet.json").path))
            let manifest = try read(folder.appendingPathComponent(".pets.lucid.yaml.import-openapi-files"))
            #expect(!manifest.contains("getPet") && !manifest.contains("updatePet") && manifest.contains("pets.json"))
        }
    }

    @Test func aManifestTheUserWroteIsNeverReplaced() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            let manifest = folder.appendingPathComponent(".pets.lucid.yaml.import-openapi-files")
            try Data("my notes\n".utf8).write(to: manifest)
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path])
            #expect(run.code == .specErrors)
            #expect(run.err.contains("\(manifest.path): a file lucid-gen did not write"))
            #expect(files(in: folder) == [".pets.lucid.yaml.import-openapi-files"])
        }
    }

    /// The issue's "Keeping up with the backend": import v1, add hand edits in the overlay, import v2 (an endpoint
    /// added, one removed, a property added): every hand edit is in the new spec, the removed endpoint's entry is
    /// a warning in the overlay, and the spec lints, generates and compiles.
    @Test func aReimportOfAChangedDocumentKeepsTheHandEdits() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            #expect(CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path]).code == .success)
            let overlay = folder.appendingPathComponent("pets.overlay.yaml")
            try Data(
                """
                rename:
                  types: { Pet: Animal }
                  endpoints: { pets.pets: list }
                services:
                  pets:
                    endpoints:
                      list:
                        cache: { ttl: 60 }
                        paging: { cursor: next, query: cursor }
                      createPet:
                        queue: { persist: true, retry: [network, 503] }
                      pet:
                        example: fixtures/rex.json
                      deletePet:
                        queue: true

                """.utf8
            ).write(to: overlay)
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
            try Data("{\"id\": 9, \"name\": \"Rex\", \"tag\": \"dog\"}\n".utf8)
                .write(to: folder.appendingPathComponent("fixtures/rex.json"))

            let run = CapturedConsole.run(["import-openapi", Self.v2, "--output", spec.path, "--force"])
            #expect(run.code == .success, "\(run.err)")
            #expect(
                run.err.contains(
                    "\(overlay.path):14:7: warning: 'services.pets.endpoints.deletePet' matches nothing in the"
                        + " imported spec (the document no longer has it?); this entry is not applied"))
            #expect(run.err.contains("import-openapi: applied the overlay \(overlay.path)\n"))
            let text = try read(spec)
            // Pet has a required `id`: an entity, renamed like a struct would be.
            #expect(
                text.contains(
                    "\n  Animal:\n    identifier: { property: id }\n    properties:\n      id: int64\n      name: string\n"
                ))
            #expect(text.contains("      tag: { type: string, nullable: true }\n"))  // added in v2
            #expect(text.contains("\n      list:\n        get: /pets\n"))
            #expect(text.contains("        cache:\n          ttl: 60\n        paging:\n          cursor: next\n"))
            #expect(text.contains("        queue:\n          persist: true\n          retry: [network, 503]\n"))
            #expect(text.contains("        response: { type: Animal }\n        example: fixtures/rex.json\n"))
            #expect(text.contains("\n      updatePet:\n        put: \"/pets/{petId}\"\n"))  // added in v2
            #expect(!text.contains("deletePet"))  // removed in v2
            #expect(
                !FileManager.default.fileExists(atPath: folder.appendingPathComponent("examples/pets/pet.json").path)
            )

            let lint = CapturedConsole.run(["lint", spec.path])
            #expect(lint.code == .success && !lint.err.contains(": warning: "), "\(lint.err)")
            // Importing again is deterministic.
            let before = files(in: folder).map { (try? read(folder.appendingPathComponent($0))) ?? "" }
            #expect(
                CapturedConsole.run(["import-openapi", Self.v2, "--output", spec.path, "--force"]).code == .success)
            #expect(files(in: folder).map { (try? read(folder.appendingPathComponent($0))) ?? "" } == before)

            guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
            let generated = folder.appendingPathComponent("Generated")
            let generate = CapturedConsole.run(["generate", spec.path, "--output", generated.path, "--quiet"])
            #expect(generate.code == .success, "\(generate.err)")
            let swiftFiles = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            let outcome = try SwiftCompiler.typecheck(module: "Pets", files: swiftFiles)
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }

    /// A direct edit to an imported spec is replaced by the next `--force` import: the header says so, and names
    /// the overlay to edit instead, whether or not it exists yet (issue 42).
    @Test func theSpecsHeaderAlwaysNamesTheOverlayAndSaysTheNextImportReplacesIt() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            #expect(CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path]).code == .success)
            let lost = "# The next import replaces this file: edits made to it directly are lost.\n"
            let merged = "# merged over every import: edit that file, not this one.\n"
            #expect(
                try read(spec).contains(
                    "\n# Hand edits go in pets.overlay.yaml (create it beside this file),\n" + merged + lost))
            try Data("module: Pets\n".utf8).write(to: folder.appendingPathComponent("pets.overlay.yaml"))
            #expect(
                CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path, "--force"]).code == .success)
            #expect(
                try read(spec).contains(
                    "\n# Hand edits are kept in pets.overlay.yaml,\n" + merged + lost))
            let printed = CapturedConsole.run(["import-openapi", Self.v1])
            // The header's lines stay within 120 columns, on standard output too (the longest wording).
            let header = printed.out.split(separator: "\n").prefix { $0.hasPrefix("#") }
            #expect(header.count > 3 && header.allSatisfy { $0.count <= 120 }, "\(header)")
            #expect(
                printed.out.contains(
                    "\n# Hand edits go in an overlay beside this spec (api.overlay.yaml for api.lucid.yaml),\n" + merged
                        + lost), "\(printed.out)")
        }
    }

    /// An overlay entry under a name its own `rename:` replaced fails the import, which writes nothing: the
    /// setting is not dropped with exit 0 (issue 42).
    @Test func anEntryUnderARenamedEndpointsOldNameFailsTheImport() throws {
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("pets.lucid.yaml")
            #expect(CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path]).code == .success)
            let before = try read(spec)
            let overlay = folder.appendingPathComponent("pets.overlay.yaml")
            try Data(
                "rename:\n  endpoints: { pets.pets: list }\nservices:\n  pets:\n    endpoints:\n      pets:\n"
                    .appending("        cache: { ttl: 60 }\n").utf8
            ).write(to: overlay)
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--output", spec.path, "--force"])
            #expect(run.code == .specErrors)
            #expect(
                run.err.contains(
                    "\(overlay.path):6:7: error: 'services.pets.endpoints.pets' names the endpoint by its old name:"
                        + " the overlay's 'rename' makes 'pets' 'list'; write this entry under 'list'"), "\(run.err)")
            #expect(try read(spec) == before)
        }
    }

    @Test func anOverlayIsAppliedToStandardOutputToo() throws {
        try withTemporaryFolder { folder in
            let overlay = folder.appendingPathComponent("edits.yaml")
            try Data("module: Pets\n".utf8).write(to: overlay)
            let run = CapturedConsole.run(["import-openapi", Self.v1, "--overlay", overlay.path])
            #expect(run.code == .success)
            #expect(run.out.contains("\nmodule: Pets\n"))
            #expect(run.err.contains("import-openapi: applied the overlay \(overlay.path)\n"))
            let missing = CapturedConsole.run(["import-openapi", Self.v1, "--overlay", folder.path + "/none.yaml"])
            #expect(missing.code == .specErrors)
            #expect(missing.out.isEmpty)
            #expect(missing.err.contains("error: no such overlay file '\(folder.path)/none.yaml'"))
        }
    }

    @Test func helpNamesTheOverlayAndTheExampleFiles() {
        let help = CapturedConsole.run(["import-openapi", "--help"])
        #expect(help.out.contains("USAGE: lucid-gen import-openapi DOC [--output FILE [--force]] [--overlay FILE]"))
        #expect(help.out.contains("  --overlay FILE"))
        #expect(help.out.contains("examples/"))
    }
}
