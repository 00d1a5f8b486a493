import Foundation
import LucidImport
import LucidSpec
import LucidTestSupport
import Testing

/// The read stage: an imported document is untrusted input. Its `$ref`s reach files in its folder only (or under the
/// folder the user names); anything else is an error at the `$ref`, and the file is never read, so nothing of it can
/// reach a message or the spec. An example that cannot be read is left out, not an error.
@Suite struct OpenAPIReadTests {
    /// A document whose one response's schema is `$ref: REF`.
    private func document(ref: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Read, version: "1" }
        servers: [{ url: "https://api.test" }]
        paths:
          /a:
            get:
              operationId: getA
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: "\(ref)" }
        """
    }

    /// Writes `files` (relative paths → text) under a temporary folder and runs `body` with the folder.
    private func with(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("openapi-read") { folder in
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try body(folder)
        }
    }

    private func messages(_ result: OpenAPIImportResult) -> [String] { result.diagnostics.map(\.message) }

    @Test func aReferenceOutOfTheFolderIsAnErrorAndTheFileIsNeverRead() throws {
        let secret = "sentinel-key-not-to-be-echoed"
        try with([
            "outside/creds.yaml": "\(secret): 1\ntype: \(secret)\n",
            "api/doc.yaml": document(ref: "../outside/creds.yaml"),
        ]) {
            folder in
            let result = OpenAPIImporter.importDocument(folder.appendingPathComponent("api/doc.yaml").path)
            #expect(result.spec == nil)
            let error = try #require(result.diagnostics.first { $0.severity == .error })
            #expect(error.location.line == 13 && error.location.file.hasSuffix("api/doc.yaml"))
            #expect(error.message.hasPrefix("'$ref' points at '"))
            #expect(error.message.contains("outside the document's folder"))
            #expect(error.hint?.contains("--ref-root") == true)
            #expect(!result.diagnostics.contains { $0.description.contains(secret) })
        }
    }

    @Test func anAbsoluteReferenceIsThatPathWhateverTheDocumentIsCalled() throws {
        try with(["doc.yaml": document(ref: "/etc/hostname")]) { folder in
            for path in [folder.appendingPathComponent("doc.yaml").path, folder.path + "/./doc.yaml"] {
                let result = OpenAPIImporter.importDocument(path)
                #expect(result.spec == nil)
                #expect(messages(result).contains { $0.contains("'/etc/hostname', outside the document's folder") })
            }
        }
    }

    @Test func aLinkOutOfTheFolderIsRefusedLikeAPath() throws {
        try with(["outside/s.yaml": "type: string\n", "api/doc.yaml": document(ref: "s.yaml")]) { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("api/s.yaml").path,
                withDestinationPath: folder.appendingPathComponent("outside/s.yaml").path)
            let result = OpenAPIImporter.importDocument(folder.appendingPathComponent("api/doc.yaml").path)
            #expect(result.spec == nil)
            #expect(messages(result).contains { $0.contains("outside the document's folder") })
        }
    }

    @Test func aFolderTheUserNamesAllowsReferencesUnderIt() throws {
        try with([
            "shared/s.yaml": "type: object\nproperties: { name: { type: string } }\n",
            "api/doc.yaml": document(ref: "../shared/s.yaml"),
        ]) {
            folder in
            let result = OpenAPIImporter.importDocument(
                folder.appendingPathComponent("api/doc.yaml").path,
                options: OpenAPIImportOptions(referenceRoot: folder.path))
            let spec = try #require(result.spec, "\(result.diagnostics)")
            #expect(spec.contains("  s:\n    properties:\n      name: { type: string, nullable: true }"))
        }
    }

    @Test func aReferenceToAFileThatIsNoRegularFileIsRefused() throws {
        try with(["doc.yaml": document(ref: "pipe.yaml")]) { folder in
            let pipe = folder.appendingPathComponent("pipe.yaml").path
            #expect(mkfifo(pipe, 0o600) == 0)
            let result = OpenAPIImporter.importDocument(folder.appendingPathComponent("doc.yaml").path)
            #expect(result.spec == nil)
            #expect(messages(result).contains { $0.contains("'\(pipe)', which is no regular file") })
        }
    }

    @Test func anExampleThatCannotBeReadIsLeftOutAndOneOnlyAnExampleNamesIsRead() throws {
        let doc = """
            openapi: 3.0.3
            info: { title: Examples, version: "1" }
            servers: [{ url: "https://api.test" }]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { type: object, properties: { id: { type: integer } } }
                          examples:
                            one: { $ref: "examples.yaml#/one" }
              /b:
                get:
                  operationId: getB
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { type: object, properties: { id: { type: integer } } }
                          examples:
                            gone: { $ref: "missing.yaml#/gone" }
            """
        try with(["doc.yaml": doc, "examples.yaml": "one: { value: { id: 7 } }\n"]) { folder in
            let result = OpenAPIImporter.importDocument(
                folder.appendingPathComponent("doc.yaml").path,
                options: OpenAPIImportOptions(examplesFolder: folder.appendingPathComponent("out").path))
            #expect(result.spec != nil, "\(result.diagnostics)")
            #expect(result.examples.map(\.path) == ["examples/a/a.json"])
            #expect(result.examples.first?.text == "{\n  \"id\": 7\n}\n")
            let warning = try #require(result.diagnostics.first { $0.message.contains("cannot be read") })
            #expect(warning.severity == .warning && warning.location.line == 26)
            #expect(warning.message.hasPrefix("the response example 'gone' cannot be read ('$ref' points at"))
        }
    }

    @Test func anEmptyFileSaysWhatItShouldHold() throws {
        try with(["doc.json": "", "ref.yaml": document(ref: "empty.yaml"), "empty.yaml": "# nothing\n"]) { folder in
            let json = OpenAPIImporter.importDocument(folder.appendingPathComponent("doc.json").path)
            #expect(messages(json) == ["the file is empty; expected an OpenAPI document"])
            let referenced = OpenAPIImporter.importDocument(folder.appendingPathComponent("ref.yaml").path)
            #expect(
                messages(referenced).contains(
                    "the file is empty; expected the part of an OpenAPI document that a '$ref' names"))
        }
    }

    @Test func anEmptyOverlayHasNoEditsYet() throws {
        try with([
            "doc.yaml": document(ref: "#/components/schemas/S")
                + "\ncomponents: { schemas: { S: { type: string } } }\n", "o.yaml": "# my edits, later\n",
            "list.yaml": "[]\n",
        ]) {
            folder in
            let doc = folder.appendingPathComponent("doc.yaml").path
            let empty = OpenAPIImporter.importDocument(
                doc, options: OpenAPIImportOptions(overlay: folder.appendingPathComponent("o.yaml").path))
            #expect(empty.spec != nil, "\(empty.diagnostics)")
            let list = OpenAPIImporter.importDocument(
                doc, options: OpenAPIImportOptions(overlay: folder.appendingPathComponent("list.yaml").path))
            #expect(messages(list) == ["an overlay is a mapping whose keys mirror the spec's, not a list"])
        }
    }
}
