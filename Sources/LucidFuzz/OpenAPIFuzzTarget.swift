import Foundation
import LucidImport
import LucidSpec

/// What the OpenAPI fuzzer runs on each input: import the bytes as one OpenAPI document, in memory, from a folder
/// that does not exist (so that no `$ref` can reach a file on the machine), and check the import's promises.
///
/// A crash, a trap or a hang is a finding; so is a broken promise, which `problems(in:)` returns: a spec handed out
/// beside an error (or none, without one), a diagnostic outside the document or past its end, a spec that lint
/// refuses or that does not generate, an import that differs when repeated.
public enum OpenAPIFuzzTarget {
    /// Where the input is read from: a folder that does not exist.
    static let folder = "/nonexistent-lucid-fuzz"

    /// Every promise the document `bytes` breaks, as sentences; empty when it keeps them all.
    public static func problems(in bytes: [UInt8], alwaysRepeat: Bool = false) -> [String] {
        let first = bytes.first { ![UInt8(ascii: " "), 0x0A, 0x0D, 0x09].contains($0) }
        let name = folder + (first == UInt8(ascii: "{") ? "/fuzz.json" : "/fuzz.yaml")
        let result = OpenAPIImporter.importDocument(bytes: bytes, name: name, specName: "fuzz.lucid.yaml")
        var problems = diagnosticProblems(result, bytes: bytes, name: name)
        let repeats = alwaysRepeat || hash(bytes) % 16 == 0
        if repeats {
            let again = OpenAPIImporter.importDocument(bytes: bytes, name: name, specName: "fuzz.lucid.yaml")
            if again.spec != result.spec || again.diagnostics != result.diagnostics {
                problems.append("importing the same document twice gave different results")
            }
        }
        guard let spec = result.spec else { return problems }
        // Import ok ⇒ lint ok ⇒ generates (compiling is sampled by a test: ImportMeansCompilesTests). Generating is
        // most of an input's time: one in four, chosen by content, so that a replay generates the same ones.
        let loaded = SpecLoader().load(yaml: spec, file: "fuzz.lucid.yaml")
        for diagnostic in loaded.diagnostics where diagnostic.severity == .error {
            problems.append("the import handed out a spec that lint refuses: \(diagnostic)")
        }
        if let spec = loaded.spec, alwaysRepeat || hash(bytes) % 4 == 0 {
            problems += FuzzTarget.generationProblems(spec, repeats: false)
        }
        return problems
    }

    /// FNV-1a of the input: which inputs are imported twice and generated is chosen by content.
    static func hash(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    /// A spec only without errors, each diagnostic with a message, in the document (or the converted spec, for
    /// lint's warnings), inside it.
    static func diagnosticProblems(_ result: OpenAPIImportResult, bytes: [UInt8], name: String) -> [String] {
        var problems: [String] = []
        let errors = result.diagnostics.contains { $0.severity == .error }
        if (result.spec == nil) != errors {
            problems.append(result.spec == nil ? "nothing imported, yet no error says why" : "a spec despite errors")
        }
        let positions = TextPositions(bytes)
        for diagnostic in result.diagnostics + result.diagnostics.flatMap(\.notes) {
            if diagnostic.message.isEmpty {
                problems.append("a diagnostic without a message at \(diagnostic.location)")
            }
            let file = diagnostic.location.file
            if file == name {
                if !positions.contains(line: diagnostic.location.line, column: diagnostic.location.column) {
                    problems.append("\(diagnostic): the position is outside the document")
                }
            } else if file != "fuzz.lucid.yaml" && !file.hasPrefix(folder + "/") {
                problems.append("\(diagnostic): in a file the import may not read")
            }
        }
        return problems
    }
}
