import Foundation
import Testing

@testable import LucidSpec

/// Spec text quoted in a diagnostic cannot drive the terminal or hide text: control characters are escaped.
struct DiagnosticEscapingTests {
    @Test func aTerminalEscapeInAKeyIsPrintedEscaped() {
        let result = TemporarySpec.load("lucid: 1\nmodule: A\n\"\\e[2J\\e[31mred\\u202Eevil\\r\": 1\n")
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:3:1: error: unknown key '\\u{1B}[2J\\u{1B}[31mred\\u{202E}evil\\u{D}' in the spec"
            ])
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("tab\there", "tab\\u{9}here"),
        ("bell\u{7}", "bell\\u{7}"),
        ("del\u{7F}c1\u{9B}", "del\\u{7F}c1\\u{9B}"),
        ("bidi \u{2066}x\u{2069} \u{200F}", "bidi \\u{2066}x\\u{2069} \\u{200F}"),
        ("émoji 🎬 and ü stay", "émoji 🎬 and ü stay"),
    ])
    func controlCharactersAreEscaped(text: String, printed: String) {
        #expect(Diagnostic.escapingControlCharacters(text) == printed)
        let diagnostic = Diagnostic.error("name '\(text)'", at: SourceLocation(file: "a.yaml", line: 1, column: 1))
        #expect(diagnostic.description == "a.yaml:1:1: error: name '\(printed)'")
    }
}
