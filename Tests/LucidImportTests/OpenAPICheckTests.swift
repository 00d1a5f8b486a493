import LucidSpec
import Testing

@testable import LucidImport

/// The check stage: lint's word on the converted spec, reported where the user can act on it.
@Suite struct OpenAPICheckTests {
    private let origin = SourceLocation(file: "doc.yaml", line: 40, column: 5)

    /// A spec whose one subtype (made from the document at `origin`) has a property of an unknown type.
    private var document: SpecDocument {
        let property = SpecEntry(
            "owner", .text("Nobody"), origin: SourceLocation(file: "doc.yaml", line: 42, column: 9))
        let type = SpecEntry("Pet", .block([SpecEntry("properties", .block([property]))]), origin: origin)
        return SpecDocument(
            root: SpecMapping([
                SpecEntry("lucid", .literal("1")), SpecEntry("module", .literal("M")),
                SpecEntry("subtypes", .block([type])),
            ]))
    }

    @Test func anErrorIsAtTheConstructOfTheDocumentItWasMadeFrom() throws {
        let diagnostics = ImportDiagnostics()
        OpenAPICheck(specName: "<stdout>", overlay: nil, diagnostics: diagnostics).lint(document)
        let error = try #require(diagnostics.all.first { $0.severity == .error })
        // The spec is not written on error: its line would point nowhere.
        #expect(error.location == SourceLocation(file: "doc.yaml", line: 42, column: 9))
        #expect(error.message.hasPrefix("the converted spec: "))
        #expect(error.message.hasSuffix(" (in 'owner: Nobody')"))
    }

    @Test func aWarningStaysAtTheLineOfTheSpecThatIsWritten() throws {
        func endpoint(_ name: String, _ path: String) -> SpecEntry {
            SpecEntry(
                name,
                .block([
                    SpecEntry("get", .text(path)),
                    SpecEntry("params", .block([SpecEntry(String(path.dropFirst(4).dropLast()), .text("int"))])),
                ]), origin: origin)
        }
        let document = SpecDocument(
            root: SpecMapping([
                SpecEntry("lucid", .literal("1")), SpecEntry("module", .literal("M")),
                SpecEntry("servers", .block([SpecEntry("api", .text("https://api.test"))])),
                SpecEntry(
                    "services",
                    .block([
                        SpecEntry(
                            "s",
                            .block([SpecEntry("endpoints", .block([endpoint("a", "/a/{x}"), endpoint("b", "/a/{y}")]))])
                        )
                    ])),
            ]))
        let diagnostics = ImportDiagnostics()
        OpenAPICheck(specName: "pets.lucid.yaml", overlay: nil, diagnostics: diagnostics).lint(document)
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        let warning = try #require(diagnostics.all.first)
        #expect(warning.message.contains("repeats GET /a/{y}"), "\(warning)")
        #expect(warning.location.file == "pets.lucid.yaml")
    }
}
