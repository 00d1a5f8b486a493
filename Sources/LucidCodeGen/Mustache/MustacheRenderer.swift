/// Renders compiled nodes into one buffer of UTF-8 bytes.
///
/// A template's nodes and bytes are read through unsafe buffers for the whole of its render, and its nodes hold
/// only numbers, so walking them retains nothing; literal text is copied from the template's bytes with one
/// `memcpy` per node. The context stack is an array of values; pushing an object copies only a reference to its
/// dictionary's storage. Indentation of standalone partials is applied lazily: after a line break of template
/// text the renderer remembers that a line starts, and writes the indentation just before the line's first
/// output, so blank lines stay blank and text that a variable interpolates is never re-indented.
struct MustacheRenderer {
    /// How deep partials may include partials. A partial that includes itself without end would otherwise
    /// recurse until the stack overflows; reaching the limit stops the whole render, so that a partial
    /// including itself twice does not explore 2^100 branches either.
    static let maxPartialDepth = 100

    /// The output so far, as UTF-8.
    let output: MustacheOutput
    /// The first error; rendering stops once it is set.
    private(set) var failure: MustacheError?
    private var contexts: [MustacheValue]
    private let partials: MustachePartials
    private let escapesHTML: Bool
    private let reportsMissingPartials: Bool
    /// The indentation of the standalone partial being rendered (nested ones add up).
    private var indentation: [UInt8] = []
    private var atLineStart = true
    private var partialDepth = 0
    /// The template or partial whose nodes are being rendered, for the location of errors. Kept here rather
    /// than passed down every call, which would retain and release it for each section and item.
    private var template: MustacheTemplate

    /// The template being rendered, borrowed for the length of its render.
    private struct Code {
        let nodes: UnsafeBufferPointer<MustacheNode>
        let bytes: UnsafeBufferPointer<UInt8>
        let names: UnsafeBufferPointer<MustacheName>
        /// Its partial names.
        let program: MustacheProgram

        /// The name at `index`, to be read in place: a copy would retain and release its parts for every tag.
        func name(_ index: Int) -> UnsafePointer<MustacheName> { names.baseAddress! + index }
    }

    init(
        _ template: MustacheTemplate, root: MustacheValue, partials: MustachePartials, escaping: MustacheEscaping,
        reportsMissingPartials: Bool, capacity: Int
    ) {
        self.template = template
        contexts = [root]
        self.partials = partials
        escapesHTML = escaping == .html
        self.reportsMissingPartials = reportsMissingPartials
        output = MustacheOutput(capacity: capacity)
    }

    /// The output as a string.
    var text: String { output.text }

    mutating func render() {
        render(template.program)
    }

    /// Renders every node of `program`, with its nodes and bytes borrowed throughout.
    private mutating func render(_ program: MustacheProgram) {
        program.nodes.withUnsafeBufferPointer { nodes in
            program.bytes.withUnsafeBufferPointer { bytes in
                program.names.withUnsafeBufferPointer { names in
                    render(0..<nodes.count, of: Code(nodes: nodes, bytes: bytes, names: names, program: program))
                }
            }
        }
    }

    /// Renders the nodes in `range`; a section renders its body and rendering goes on after it.
    private mutating func render(_ range: Range<Int>, of code: Code) {
        var index = range.lowerBound
        while index < range.upperBound, failure == nil {
            switch code.nodes[index] {
            case .text(let start, let end, let endsLine):
                appendText(UnsafeBufferPointer(rebasing: code.bytes[start..<end]), endsLine: endsLine)
            case .variable(let name, let escapable):
                appendValue(resolve(code.name(name)), escaped: escapable && escapesHTML)
            case .section(let name, let inverted, let end):
                renderSection(resolve(code.name(name)), inverted: inverted, body: index + 1..<end, of: code)
                index = end
                continue
            case .partial(let name, let indentation, let offset):
                let tagIndentation = indentation.map { UnsafeBufferPointer(rebasing: code.bytes[$0]) }
                renderPartial(code.program.partialNames[name], indentation: tagIndentation, offset: offset)
            }
            index += 1
        }
    }

    // MARK: Sections and partials

    /// `value` is consumed, so that a truthy value other than a list goes onto the context stack without a copy.
    private mutating func renderSection(
        _ value: consuming MustacheValue, inverted: Bool, body: Range<Int>, of code: Code
    ) {
        if inverted {
            if !value.isTruthy { render(body, of: code) }
            return
        }
        if case .list(let items) = value {
            for item in items { render(body, of: code, in: item) }
        } else if value.isTruthy {
            render(body, of: code, in: value)
        }
    }

    /// `context` is consumed: the stack takes it over rather than holding a copy.
    private mutating func render(_ body: Range<Int>, of code: Code, in context: consuming MustacheValue) {
        contexts.append(context)
        render(body, of: code)
        contexts.removeLast()
    }

    /// A standalone partial starts a line and indents each of its lines by the tag's indentation (added to the
    /// current one). An inline partial continues the current line and is not indented, as if its text were
    /// pasted in place of the tag.
    private mutating func renderPartial(
        _ name: String, indentation tagIndentation: UnsafeBufferPointer<UInt8>?, offset: Int
    ) {
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
            indentation = []
        }
        let enclosingTemplate = template
        template = partial
        partialDepth += 1
        render(partial.program)
        partialDepth -= 1
        template = enclosingTemplate
        indentation = enclosingIndentation
        if tagIndentation == nil { atLineStart = false }
    }

    private mutating func fail(_ message: String, at offset: Int) {
        failure = MustacheError(message, at: offset, in: template.source, templateName: template.name)
    }

    // MARK: Output

    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, endsLine: Bool) {
        // A bare line break is a blank line: it gets no indentation (no trailing whitespace in generated code).
        if !(endsLine && Self.isLineBreak(text)) { startLineIfNeeded() }
        output.append(text)
        atLineStart = endsLine
    }

    /// `\n` or `\r\n` alone.
    private static func isLineBreak(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == 1 || (text.count == 2 && text[0] == UInt8(ascii: "\r"))
    }

    private mutating func appendValue(_ value: MustacheValue, escaped: Bool) {
        guard let text = value.interpolatedText, !text.isEmpty else { return }
        startLineIfNeeded()
        if escaped { appendEscapingHTML(text) } else { output.append(text) }
        atLineStart = false
    }

    /// Writes the pending indentation when output is about to start a line.
    private mutating func startLineIfNeeded() {
        guard atLineStart else { return }
        if !indentation.isEmpty { indentation.withUnsafeBufferPointer { output.append($0) } }
        atLineStart = false
    }

    /// Copies ordinary bytes and replaces only the four characters HTML gives meaning to.
    private mutating func appendEscapingHTML(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            default: output.append(byte)
            }
        }
    }

    // MARK: Names

    /// The spec's lookup: `.` is the top of the stack; a dotted name's first part is looked up from the top of
    /// the stack down, and the other parts strictly inside the value found. Anything missing is `null`.
    ///
    /// `name` is read through its pointer at each use: binding its parts to a local would retain them.
    private func resolve(_ name: UnsafePointer<MustacheName>) -> MustacheValue {
        guard let first = name.pointee.parts.first else { return contexts[contexts.count - 1] }
        guard var value = lookUp(first) else { return .null }
        if name.pointee.parts.count == 1 { return value }
        for part in name.pointee.parts.dropFirst() {
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
