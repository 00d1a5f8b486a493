import Foundation
import LucidSupport
import Testing

@testable import LucidSpec

/// Documents that may be JSON or YAML (OpenAPI documents, overlays) read into one located tree.
@Suite struct LocatedDocumentTests {
    private func read(_ text: String, file: String) -> String {
        do throws(DocumentError) {
            let value = try LocatedDocument.parse(Array(text.utf8), file: file, what: "an OpenAPI document")
            return (value.members ?? []).map { "\($0.key)@\($0.keyLocation.line):\($0.keyLocation.column)" }
                .joined(separator: " ")
        } catch {
            return error.diagnostic.description
        }
    }

    @Test func jsonAndYAMLReadAsOneTree() {
        #expect(read("{\"openapi\": \"3.1.0\", \"x\": 1}", file: "a.json") == "openapi@1:2 x@1:22")
        #expect(read("openapi: 3.1.0\nx: 1\n", file: "a.yaml") == "openapi@1:1 x@2:1")
        // JSON without a `.json` name is told by its first character; libyaml would refuse the escape.
        #expect(read("  {\"s\": \"\\ud83d\\ude00\"}", file: "a.yaml") == "s@1:4")
    }

    @Test func anEmptyFileSaysWhatItShouldHold() {
        for text in ["", "  \n", "\u{FEFF}", "# only a comment\n"] {
            for file in ["e.json", "e.yaml"] where !(text.hasPrefix("#") && file.hasSuffix(".json")) {
                #expect(
                    read(text, file: file) == "\(file):1:1: error: the file is empty; expected an OpenAPI document",
                    "\(text.debugDescription) in \(file)")
            }
        }
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(read("{\"a\": }", file: "b.json").hasPrefix("b.json:1:7: error: "))
        #expect(read("a: [1\n", file: "b.yaml").hasPrefix("b.yaml:"))
    }

    @Test func aMissingFileIsAnError() {
        do throws(DocumentError) {
            _ = try LocatedDocument.read("/no/such/file.yaml", what: "an overlay")
            Issue.record("read a file that does not exist")
        } catch {
            #expect(error.diagnostic.message == "no such file '/no/such/file.yaml'")
        }
    }
}
