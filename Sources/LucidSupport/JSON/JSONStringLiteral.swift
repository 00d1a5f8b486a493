/// Writes a string as a JSON string literal: `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, else
/// `\u00XX`); DEL, NEL (U+0085), the line and paragraph separators (U+2028, U+2029) and the byte order mark too,
/// which JSON allows raw but a YAML double-quoted scalar would not keep (YAML reads the first three as line breaks
/// and folds them), so that the literal reads back the same in both. Everything else is written as is, slashes
/// included.
package enum JSONStringLiteral {
    /// Appends `string`, quoted, to `text`.
    package static func append(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || [0x7F, 0x85, 0x2028, 0x2029, 0xFEFF].contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// `string` as a quoted literal.
    package static func quoted(_ string: String) -> String {
        var text = ""
        append(string, to: &text)
        return text
    }
}
