import Testing

@testable import LucidImport

/// Names from a document's text: ASCII letters and digits kept, accents dropped from their letters, every other run
/// one `_`.
struct SpecNameTextTests {
    @Test func accentedLettersKeepTheirLetter() {
        let cases: [(String, String)] = [
            ("élan", "elan"), ("café au lait", "cafe_au_lait"), ("Ångström", "Angstrom"), ("naïve-user", "naive_user"),
            ("Größe", "Gro_e"), ("plain_name", "plain_name"), ("2fa", "n_2fa"), ("日本", "n"), ("a\u{301}b", "ab"),
        ]
        for (text, expected) in cases {
            #expect(SpecNameText.sanitized(text, prefix: "n") == expected, "\(text)")
        }
    }
}
