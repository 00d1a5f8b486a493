/// Renders compiled nodes into one output buffer.
///
/// The context stack is an array of values; pushing an object copies only a reference to its dictionary's
/// storage. Indentation of standalone partials is applied lazily: after a line break of template text the
/// renderer remembers that a line starts, and writes the indentation just before the line's first output, so
/// blank lines stay blank and text that a variable interpolates is never re-indented.
struct MustacheRenderer {
    /// How deep partials may include partials. A partial that includes itself without end would otherwise
    /// recurse until the stack overflows; reaching the limit stops the whole render, so that a partial
    /// including itself twice does not explore 2^100 branches either.
    static let maxPartialDepth = 100

    private(set) var output = ""
    /// The first error; rendering stops once it is set.
    private(set) var failure: MustacheError?
    private var contexts: [MustacheValue]
    private let partials: MustachePartials
    private let escapesHTML: Bool
    private let reportsMissingPartials: Bool
    /// The indentation of the standalone partial being rendered (nested ones add up).
    private var indentation = ""
    private var atLineStart = true
    private var partialDepth = 0
    /// The template or partial whose nodes are being rendered, for the location of errors. Kept here rather
    /// than passed down every call, which would retain and release it for each section and item.
    private var template: MustacheTemplate

    init(
        _ template: MustacheTemplate, root: MustacheValue, partials: MustachePartials, escaping: MustacheEscaping,
        reportsMissingPartials: Bool, capacity: Int
    ) {
        self.template = template
        contexts = [root]
        self.partials = partials
        escapesHTML = escaping == .html
        self.reportsMissingPartials = reportsMissingPartials
        output.reserveCapacity(capacity)
    }

    mutating func render() {
        render(template.nodes)
    }

    private mutating func render(_ nodes: [MustacheNode]) {
        for node in nodes {
            guard failure == nil else { return }
            switch node {
            case .text(let text, let endsLine):
                appendText(text, endsLine: endsLine)
            case .variable(let name, let escapable):
                appendValue(resolve(name), escaped: escapable && escapesHTML)
            case .section(let name, let inverted, let body):
                renderSection(resolve(name), inverted: inverted, body: body)
            case .partial(let name, let indentation, let offset):
                renderPartial(name, indentation: indentation, offset: offset)
            }
        }
    }

    // MARK: Sections and partials

    private mutating func renderSection(_ value: MustacheValue, inverted: Bool, body: [MustacheNode]) {
        if inverted {
            if !value.isTruthy { render(body) }
            return
        }
        if case .list(let items) = value {
            for item in items { render(body, in: item) }
        } else if value.isTruthy {
            render(body, in: value)
        }
    }

    private mutating func render(_ body: [MustacheNode], in context: MustacheValue) {
        contexts.append(context)
        render(body)
        contexts.removeLast()
    }

    /// A standalone partial starts a line and indents each of its lines by the tag's indentation (added to the
    /// current one). An inline partial continues the current line and is not indented, as if its text were
    /// pasted in place of the tag.
    private mutating func renderPartial(_ name: String, indentation tagIndentation: String?, offset: Int) {
        guard let partial = partials[name] else {
            if reportsMissingPartials { fail("unknown partial '\(name)'", at: offset) }
            return
        }
        guard partialDepth < Self.maxPartialDepth else {
            fail(
                "partial '\(name)' nested more than \(Self.maxPartialDepth) levels deep; does it include itself "
                    + "without end?", at: offset)
            return
        }
        let enclosingIndentation = indentation
        if let tagIndentation {
            indentation += tagIndentation
            atLineStart = true
        } else {
            startLineIfNeeded()
            indentation = ""
        }
        let enclosingTemplate = template
        template = partial
        partialDepth += 1
        render(partial.nodes)
        partialDepth -= 1
        template = enclosingTemplate
        indentation = enclosingIndentation
        if tagIndentation == nil { atLineStart = false }
    }

    private mutating func fail(_ message: String, at offset: Int) {
        failure = MustacheError(message, at: offset, in: template.source, templateName: template.name)
    }

    // MARK: Output

    private mutating func appendText(_ text: String, endsLine: Bool) {
        // A bare line break is a blank line: it gets no indentation (no trailing whitespace in generated code).
        if !(endsLine && Self.isLineBreak(text)) { startLineIfNeeded() }
        output += text
        atLineStart = endsLine
    }

    /// `\n` or `\r\n` alone.
    private static func isLineBreak(_ text: String) -> Bool {
        let utf8 = text.utf8
        return utf8.count == 1 || (utf8.count == 2 && utf8.first == UInt8(ascii: "\r"))
    }

    private mutating func appendValue(_ value: MustacheValue, escaped: Bool) {
        guard let text = value.interpolatedText, !text.isEmpty else { return }
        startLineIfNeeded()
        if escaped { appendEscapingHTML(text) } else { output += text }
        atLineStart = false
    }

    /// Writes the pending indentation when output is about to start a line.
    private mutating func startLineIfNeeded() {
        guard atLineStart else { return }
        if !indentation.isEmpty { output += indentation }
        atLineStart = false
    }

    /// Copies runs of ordinary bytes whole and replaces only the four characters HTML gives meaning to.
    private mutating func appendEscapingHTML(_ text: String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        for index in utf8.indices {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: continue
            }
            output += Substring(utf8[runStart..<index])
            output += entity
            runStart = utf8.index(after: index)
        }
        output += Substring(utf8[runStart...])
    }

    // MARK: Names

    /// The spec's lookup: `.` is the top of the stack; a dotted name's first part is looked up from the top of
    /// the stack down, and the other parts strictly inside the value found. Anything missing is `null`.
    private func resolve(_ name: MustacheName) -> MustacheValue {
        guard let first = name.parts.first else { return contexts[contexts.count - 1] }
        guard var value = lookUp(first) else { return .null }
        for part in name.parts.dropFirst() {
            guard case .object(let members) = value, let member = members[part] else { return .null }
            value = member
        }
        return value
    }

    private func lookUp(_ key: String) -> MustacheValue? {
        var index = contexts.count
        while index > 0 {
            index -= 1
            if case .object(let members) = contexts[index], let value = members[key] { return value }
        }
        return nil
    }
}
