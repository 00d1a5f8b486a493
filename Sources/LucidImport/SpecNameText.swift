import Foundation

/// Spec names made from names in an imported document (an OpenAPI schema, a Lucid endpoint's path).
enum SpecNameText {
    /// `text` as a valid spec name: its ASCII letters and digits (accented letters without their accents), each run
    /// of other characters as one `_`; a name starting with a digit gets `prefix` and `_` before it; no letter or
    /// digit at all gives `empty`, else `prefix`.
    static func sanitized(_ text: String, prefix: String, empty: String? = nil) -> String {
        var result = ""
        var pendingUnderscore = false
        // Decomposed, a letter with an accent is the letter and a mark: `élan` keeps its `e` (`elan`, not `lan`).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        for scalar in (ascii ? text : text.decomposedStringWithCanonicalMapping).unicodeScalars {
            // The checks on ASCII first: Unicode property lookups cost, and names are made by the hundred thousand.
            if !scalar.isASCII, scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII, TypeExpressions.isNameByte(UInt8(scalar.value)), scalar != "_" {
                if pendingUnderscore, !result.isEmpty { result += "_" }
                pendingUnderscore = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        if result.isEmpty { return empty ?? prefix }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = prefix + "_" + result }
        return result
    }
}
