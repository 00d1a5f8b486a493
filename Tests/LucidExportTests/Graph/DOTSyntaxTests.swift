import Testing

@testable import LucidExport

/// How `lucid-gen graph` quotes spec text in DOT: whatever the text, it stays one DOT string on one line.
@Suite struct DOTSyntaxTests {
    @Test func quotingEscapesWhatDOTReads() {
        #expect(DOTSyntax.quoted(##"a"b\c"##) == ##""a\"b\\c""##)
        #expect(DOTSyntax.quoted("one\ntwo\r\nthree\rfour") == ##""one\ntwo\nthree\nfour""##)
        #expect(DOTSyntax.quoted("tab\tbell\u{7}del\u{7F}sep\u{2028}") == ##""tab bell del sep ""##)
        #expect(DOTSyntax.quoted(lines: ["a\"", "b"]) == ##""a\"\nb""##)
        #expect(DOTSyntax.quoted("") == #""""#)
    }
}
