/// Turns spec text into Swift source text that cannot escape its literal or comment.
enum SwiftLiteral {
    /// A double-quoted Swift string literal: quotes, backslashes (so no `\(` interpolation), and every control
    /// character are escaped, so a spec string can never end the literal early.
    static func string(_ text: String) -> String {
        // Most spec strings (keys, paths) are printable ASCII without quote or backslash: nothing to escape.
        if text.utf8.allSatisfy({ isPrintableASCII($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
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

    /// The lines of a `///` doc comment: one per line of text (every kind of line break, the Unicode
    /// separators included), tabs turned into spaces and other control characters dropped, so a description
    /// can neither end the comment nor start code on a new line.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        // Most descriptions are one line of printable ASCII: nothing to split or drop, which walking the text's
        // Characters (for line breaks) and scalars (for control characters) would find out slowly.
        if text.utf8.allSatisfy(isPrintableASCII) {
            let line = text.trimmingTrailingSpaces()
            return line.isEmpty ? [] : [line]
        }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { line in
                var scalars = String.UnicodeScalarView()
                for scalar in line.unicodeScalars {
                    if scalar == "\t" {
                        scalars.append(" ")
                    } else if scalar.value >= 0x20, scalar.value != 0x7F {
                        scalars.append(scalar)
                    }
                }
                return String(scalars).trimmingTrailingSpaces()
            }
        while lines.last?.isEmpty == true { lines.removeLast() }  // a block scalar's final line break makes no line
        return lines
    }

    /// A byte of a printable ASCII character: no control character, line break or tab.
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The doc comment as whole lines: `/// text`, and a bare `///` for an empty line (no trailing space).
    static func docComment(_ text: String?) -> [String] {
        docLines(text).map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// `@available(*, deprecated)` with the message as an escaped literal, or nil when not deprecated.
    static func deprecation(_ message: String?) -> String? {
        guard let message else { return nil }
        return message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(string(message)))"
    }
}

extension String {
    /// The identifier without the backticks that escape a keyword: `` `default` `` → `default`.
    var unescaped: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }

    /// The identifier as an argument label in a call: bare, since a call's labels may be keywords, except
    /// `inout`, which Swift reads as the keyword there.
    var argumentLabel: String {
        let bare = unescaped
        return bare == "inout" ? "`inout`" : bare
    }

    /// The identifier as a parameter's declaration: `` `self` _self `` for `self`, which as a parameter's local
    /// name would hide Swift's `self` in the body (spec names cannot start with `_`, so `_self` is free).
    var declaredParameter: String { unescaped == "self" ? "`self` _self" : self }

    /// How a function's body refers to the parameter declared by `declaredParameter`.
    var parameterReference: String { unescaped == "self" ? "_self" : self }

    /// `self`, else `alternative` (`self` + `List` by default), else `alternative2`, `alternative3`, …: the first
    /// name not in `taken`. Generated locals sit beside parameters named by the spec, so they take a name no
    /// parameter has.
    func freshLocal(avoiding taken: Set<String>, alternative: String? = nil) -> String {
        if !taken.contains(self) { return self }
        let base = alternative ?? self + "List"
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = base + "\(number)"
            number += 1
        }
        return candidate
    }

    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
