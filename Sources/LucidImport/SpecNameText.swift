/// Spec names made from names in an imported document (an OpenAPI schema, a Lucid endpoint's path).
enum SpecNameText {
    /// `text` as a valid spec name: its ASCII letters and digits, each run of other characters as one `_`; a name
    /// starting with a digit gets `prefix` and `_` before it; no letter or digit at all gives `empty`, else
    /// `prefix`.
    static func sanitized(_ text: String, prefix: String, empty: String? = nil) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
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
