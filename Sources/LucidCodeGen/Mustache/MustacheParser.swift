/// Compiles template text into a `MustacheProgram` in one pass over its UTF-8 bytes.
///
/// The parser searches for the opening delimiter byte by byte and records text as ranges of the bytes, never
/// walking Characters. A section's node is appended when it opens and told where its body ends when it closes.
struct MustacheParser {
    /// A section whose closing tag has not been read yet.
    private struct OpenSection {
        var name: MustacheName
        var nameIndex: Int
        var inverted: Bool
        /// Where its node is in `nodes`.
        var node: Int
        /// The UTF-8 offset of its tag.
        var start: Int
    }

    private let source: String
    private let bytes: [UInt8]
    private let templateName: String
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)
    /// Where the text not yet turned into nodes starts.
    private var position = 0
    private var nodes: [MustacheNode] = []
    private var openSections: [OpenSection] = []
    private var names: [MustacheName] = []
    /// The index in `names` of each name text, so that a name used by several tags is stored once.
    private var nameIndices: [String: Int] = [:]
    private var partialNames: [String] = []

    init(source: String, templateName: String) {
        self.source = source
        self.bytes = Array(source.utf8)
        self.templateName = templateName
    }

    /// The compiled template.
    mutating func parse() throws(MustacheError) -> MustacheProgram {
        while let start = find(openDelimiter, from: position) {
            let tag = try readTag(at: start)
            let line = tag.kind.canStandAlone ? standaloneLine(from: tag.start, to: tag.end) : nil
            appendText(upTo: line?.lowerBound ?? tag.start)
            position = line?.upperBound ?? tag.end
            try apply(tag, indentation: line.map { $0.lowerBound..<tag.start })
        }
        appendText(upTo: bytes.count)
        if let section = openSections.last {
            throw error(
                "unclosed section '\(section.name.text)': expected '\(delimited("/" + section.name.text))' "
                    + "before the end of the template",
                at: section.start)
        }
        return MustacheProgram(bytes: bytes, nodes: nodes, names: names, partialNames: partialNames)
    }

    // MARK: Tags

    private func readTag(at start: Int) throws(MustacheError) -> MustacheTag {
        let afterOpen = start + openDelimiter.count
        let kind = MustacheTag.Kind(sigil: afterOpen < bytes.count ? bytes[afterOpen] : 0)
        let contentStart = kind.hasSigil ? afterOpen + 1 : afterOpen
        let closer = kind.closingPrefix.map { [$0] + closeDelimiter } ?? closeDelimiter
        guard let closerStart = find(closer, from: contentStart) else {
            let opener = text(start..<min(contentStart, bytes.count))
            throw error("unclosed tag: '\(opener)' without a matching '\(text(closer))'", at: start)
        }
        return MustacheTag(
            kind: kind, content: trimmedText(contentStart..<closerStart),
            start: start, end: closerStart + closer.count)
    }

    private mutating func apply(_ tag: MustacheTag, indentation: Range<Int>?) throws(MustacheError) {
        switch tag.kind {
        case .comment:
            break
        case .variable:
            nodes.append(.variable(name: index(of: try name(of: tag)), escapable: true))
        case .tripleMustache, .ampersand:
            nodes.append(.variable(name: index(of: try name(of: tag)), escapable: false))
        case .section, .inverted:
            let name = try name(of: tag)
            let section = OpenSection(
                name: name, nameIndex: index(of: name), inverted: tag.kind == .inverted, node: nodes.count,
                start: tag.start)
            openSections.append(section)
            // The body's end is set once the section closes.
            nodes.append(.section(name: section.nameIndex, inverted: section.inverted, end: nodes.count + 1))
        case .close:
            try closeSection(tag)
        case .partial:
            partialNames.append(try partialName(of: tag))
            nodes.append(.partial(name: partialNames.count - 1, indentation: indentation, offset: tag.start))
        case .delimiters:
            try setDelimiters(tag)
        }
    }

    /// Where `name` is in `names`, added when new.
    private mutating func index(of name: MustacheName) -> Int {
        if let index = nameIndices[name.text] { return index }
        names.append(name)
        nameIndices[name.text] = names.count - 1
        return names.count - 1
    }

    private mutating func closeSection(_ tag: MustacheTag) throws(MustacheError) {
        let name = try name(of: tag)
        guard let section = openSections.popLast() else {
            throw error("closing tag '\(text(tag.start..<tag.end))' without an open section", at: tag.start)
        }
        guard section.name.text == name.text else {
            let opened = MustacheError.location(of: section.start, in: source)
            throw error(
                "mismatched closing tag '\(text(tag.start..<tag.end))': expected "
                    + "'\(delimited("/" + section.name.text))' to close the section opened at \(opened.line):\(opened.column)",
                at: tag.start)
        }
        nodes[section.node] = .section(name: section.nameIndex, inverted: section.inverted, end: nodes.count)
    }

    /// `{{=<% %>=}}`: two delimiters, separated by whitespace, neither containing whitespace or `=`.
    private mutating func setDelimiters(_ tag: MustacheTag) throws(MustacheError) {
        let parts = tag.content.utf8.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2, parts.allSatisfy({ !$0.contains(UInt8(ascii: "=")) }) else {
            throw error(
                "bad delimiter change '\(text(tag.start..<tag.end))': expected two delimiters separated by "
                    + "whitespace, neither containing '='",
                at: tag.start)
        }
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    private func name(of tag: MustacheTag) throws(MustacheError) -> MustacheName {
        try checkNotEmpty(tag)
        guard let name = MustacheName(tag.content) else { throw invalidName(tag) }
        return name
    }

    /// Partial names are not dotted (`Entity/Header.swift` is one name) but have no whitespace inside.
    private func partialName(of tag: MustacheTag) throws(MustacheError) -> String {
        try checkNotEmpty(tag)
        guard !tag.content.utf8.contains(where: Self.isWhitespace) else { throw invalidName(tag) }
        return tag.content
    }

    private func checkNotEmpty(_ tag: MustacheTag) throws(MustacheError) {
        guard tag.content.isEmpty else { return }
        throw error("empty tag '\(text(tag.start..<tag.end))'", at: tag.start)
    }

    private func invalidName(_ tag: MustacheTag) -> MustacheError {
        error("invalid name '\(tag.content)' in tag '\(text(tag.start..<tag.end))'", at: tag.start)
    }

    // MARK: Text and standalone lines

    /// The whole line around a tag, from its start to past its line break, when nothing but spaces and tabs
    /// share the line with the tag: such a tag is "standalone" and the line leaves no trace in the output.
    private func standaloneLine(from start: Int, to end: Int) -> Range<Int>? {
        var lineStart = start
        while lineStart > position, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") else { return nil }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 { lineEnd += 1 }
        if lineEnd == bytes.count { return lineStart..<lineEnd }
        if bytes[lineEnd] == UInt8(ascii: "\n") { return lineStart..<lineEnd + 1 }
        if bytes[lineEnd] == UInt8(ascii: "\r"), lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == UInt8(ascii: "\n") {
            return lineStart..<lineEnd + 2
        }
        return nil
    }

    /// Turns the text from `position` to `end` into text nodes, cut after each line break.
    private mutating func appendText(upTo end: Int) {
        var lineStart = position
        var index = position
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                nodes.append(.text(start: lineStart, end: index + 1, endsLine: true))
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < end { nodes.append(.text(start: lineStart, end: end, endsLine: false)) }
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func text(_ pattern: [UInt8]) -> String {
        String(decoding: pattern, as: UTF8.self)
    }

    private func trimmedText(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return text(lower..<upper)
    }

    /// `content` between the current delimiters, for messages.
    private func delimited(_ content: String) -> String {
        text(openDelimiter) + content + text(closeDelimiter)
    }

    private func error(_ message: String, at offset: Int) -> MustacheError {
        MustacheError(message, at: offset, in: source, templateName: templateName)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
