import LucidSupport

/// Writes a `SpecDocument` as YAML text in the one style lucid-gen writes specs in: block mappings indented by two
/// spaces, flow mappings and lists on one line, block lists of `- ` items, scalars plain where YAML reads them back
/// as the same string and double-quoted (JSON's escapes) elsewhere, comments made safe for one line.
///
/// What it writes loads back as the tree it was given (`SpecWriterTests` round-trips random trees through libyaml).
package enum SpecWriter {
    /// One line of the written spec, with the keys of the innermost entry it belongs to and where that entry comes
    /// from: a diagnostic at a line of the spec is thereby one about that entry.
    package struct Line: Sendable {
        package var text: String
        /// The keys from the root to the entry (a list item's place as its index).
        package var path: [String]
        /// The origin of the entry, or of the nearest entry around it that has one.
        package var origin: SourceLocation?
    }

    /// The spec's text, ending with a line break.
    package static func write(_ document: SpecDocument) -> String {
        lines(document).map(\.text).joined(separator: "\n") + "\n"
    }

    /// The spec's lines, each with its entry.
    package static func lines(_ document: SpecDocument) -> [Line] {
        var output = Output()
        for comment in document.header { output.append("# " + Self.comment(comment), path: [], origin: nil) }
        output.mapping(document.root, indent: 0, path: [], origin: nil)
        return output.lines
    }

    /// `text` safe inside a `#` comment: control characters and what YAML reads as a line break (a line break would
    /// end the comment) become spaces.
    package static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { breaksComment($0) ? " " : $0 }))
    }

    private static func breaksComment(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return scalar == "\u{FEFF}"
        }
    }

    /// `text` as a YAML scalar: plain when it is a simple word or path that YAML reads as a string, otherwise
    /// double-quoted with JSON's escapes (a subset of YAML's).
    package static func scalar(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first.isASCII,
            first.properties.isAlphabetic || first == "/" || first == "_",
            text.unicodeScalars.allSatisfy(isPlain), !reservedWords.contains(text.lowercased())
        else { return JSONStringLiteral.quoted(text) }
        return text
    }

    /// Words YAML would read as something other than a string (the core schema, and YAML 1.1's booleans, which
    /// readers of the spec may still expect).
    private static let reservedWords: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_./-".unicodeScalars.contains(scalar))
    }

    static func spelled(_ scalar: SpecScalar) -> String {
        switch scalar {
        case .text(let text): return Self.scalar(text)
        case .quoted(let text): return JSONStringLiteral.quoted(text)
        case .literal(let text): return text
        }
    }

    /// A value on one line: a scalar, `{ k: v, … }`, `[a, b]`.
    package static func flow(_ value: SpecValue) -> String {
        switch value {
        case .scalar(let scalar): return spelled(scalar)
        case .mapping(let mapping):
            guard !mapping.entries.isEmpty else { return "{}" }
            return "{ " + mapping.entries.map { scalar($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + " }"
        case .list(let list):
            return "[" + list.items.map(flow).joined(separator: ", ") + "]"
        }
    }

    /// Whether a value is written on its key's line.
    static func isInline(_ value: SpecValue) -> Bool {
        switch value {
        case .scalar: return true
        case .mapping(let mapping): return mapping.flow || mapping.entries.isEmpty
        case .list(let list): return list.flow || list.items.isEmpty
        }
    }

    private struct Output {
        var lines: [Line] = []

        mutating func append(_ text: String, path: [String], origin: SourceLocation?) {
            lines.append(Line(text: text, path: path, origin: origin))
        }

        mutating func mapping(_ mapping: SpecMapping, indent: Int, path: [String], origin: SourceLocation?) {
            let pad = String(repeating: " ", count: indent)
            for entry in mapping.entries {
                let path = path + [entry.key]
                let origin = entry.origin ?? origin
                if entry.blankLineBefore { append("", path: path, origin: origin) }
                for comment in entry.comments {
                    append(pad + "# " + SpecWriter.comment(comment), path: path, origin: origin)
                }
                var head = pad + SpecWriter.scalar(entry.key) + ":"
                if SpecWriter.isInline(entry.value) { head += " " + SpecWriter.flow(entry.value) }
                if let trailing = entry.trailingComment { head += "  # " + SpecWriter.comment(trailing) }
                append(head, path: path, origin: origin)
                guard !SpecWriter.isInline(entry.value) else { continue }
                value(entry.value, indent: indent + 2, path: path, origin: origin)
            }
        }

        /// A block mapping's entries, or a block list's items, below their key.
        private mutating func value(_ value: SpecValue, indent: Int, path: [String], origin: SourceLocation?) {
            switch value {
            case .mapping(let nested): mapping(nested, indent: indent, path: path, origin: origin)
            case .list(let list):
                for (index, item) in list.items.enumerated() {
                    self.item(item, indent: indent, path: path + [String(index)], origin: origin)
                }
            case .scalar: break
            }
        }

        /// `- item`: on one line, or a block mapping whose first key follows the `- `.
        private mutating func item(_ item: SpecValue, indent: Int, path: [String], origin: SourceLocation?) {
            let pad = String(repeating: " ", count: indent)
            guard case .mapping(let mapping) = item, !SpecWriter.isInline(item) else {
                append(pad + "- " + SpecWriter.flow(item), path: path, origin: origin)
                return
            }
            let start = lines.count
            self.mapping(mapping, indent: indent + 2, path: path, origin: origin)
            // The first line of the item's mapping (after its comments) carries the `- `.
            if let first = lines[start...].firstIndex(where: {
                $0.text.hasPrefix(pad + "  ") && !$0.text.dropFirst(indent + 2).hasPrefix("#")
            }) {
                lines[first].text = pad + "- " + lines[first].text.dropFirst(indent + 2)
            }
        }
    }
}
