import Foundation

/// Graphviz DOT's quoting. Every identifier and attribute value `lucid-gen graph` writes goes through here:
/// names and descriptions come from anyone's spec, and none of them may end a string, start an attribute or
/// a statement, or change a label's layout.
public enum DOTSyntax {
    /// `text` as a DOT quoted string: `"` and `\` escaped (`\` starts an escape sequence in labels and
    /// tooltips), a line break as the escape `\n`, other control characters as a space.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// Several lines as one quoted label: each escaped, joined with DOT's centred line break `\n`.
    public static func quoted(lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "\\n") + "\""
    }

    /// The inside of a quoted string for `text`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r": result += "\\n"
            default:
                if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `name=value` pairs as a DOT attribute list (`[shape="box", label="movie"]`), in the order given; nothing
    /// for none.
    static func attributes(_ pairs: [(String, String)]) -> String {
        guard !pairs.isEmpty else { return "" }
        return " [" + pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ", ") + "]"
    }
}
