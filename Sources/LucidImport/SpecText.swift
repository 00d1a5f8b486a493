import LucidSpec
import LucidSupport

/// Pieces of the YAML the import writes: scalars quoted only where YAML needs it, flow mappings, comments.
enum SpecText {
    /// Words YAML would read as something other than a string (core schema, plus YAML 1.1's booleans, which
    /// readers of the spec may still expect).
    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]

    /// `text` as a YAML scalar: plain when it is a simple word or path, otherwise double-quoted (JSON escapes).
    static func scalar(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "/" || first == "_",
            text.unicodeScalars.allSatisfy({ isPlain($0) }), !reserved.contains(text.lowercased()),
            first.isASCII
        else { return quoted(text) }
        return text
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_./-".unicodeScalars.contains(scalar))
    }

    /// `text` double-quoted, with JSON's escapes (a subset of YAML's).
    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    /// A flow list of scalars: `[a, b]`.
    static func list(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    /// A flow mapping of already rendered values: `{ type: int, nullable: true }`.
    static func mapping(_ pairs: [(String, String)]) -> String {
        "{ " + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
    }

    /// A key path as lucid-gen reads it: a dotted string, or a list when a key holds a dot.
    static func keyPath(_ keys: [String]) -> String {
        keys.contains { $0.contains(".") } ? list(keys) : scalar(keys.joined(separator: "."))
    }

    /// `line` with `comment` after it (`  # ...`), or alone. The comment may quote description text: control
    /// characters (a line break would end the comment) become spaces.
    static func line(_ line: String, comment: String?) -> String {
        guard let comment else { return line }
        return line + "  # " + self.comment(comment)
    }

    /// `text` safe inside a `#` comment: control characters become spaces.
    static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
