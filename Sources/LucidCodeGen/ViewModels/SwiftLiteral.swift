/// Turns spec text into Swift source text that cannot escape its literal or comment.
enum SwiftLiteral {
    /// A double-quoted Swift string literal: quotes, backslashes (so no `\(` interpolation), and every control
    /// character are escaped, so a spec string can never end the literal early.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The lines of a `///` doc comment: one per line of text, control characters dropped, so a description
    /// can neither end the comment nor start code on a new line.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
            .map { line in
                String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
                    .trimmingTrailingSpaces()
            }
    }

    /// `@available(*, deprecated)` with the message as an escaped literal, or nil when not deprecated.
    static func deprecation(_ message: String?) -> String? {
        guard let message else { return nil }
        return message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(string(message)))"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
