/// One instruction of a compiled template. A template is a flat list of them: a section's body is the nodes that
/// follow it, up to its `end`. Every payload is a plain number (an offset into the template's UTF-8 bytes or an
/// index into its tables), so the renderer walks a template without retaining or releasing anything.
enum MustacheNode: Sendable {
    /// Literal text: the template's bytes `start..<end`. The parser cuts text after every line break
    /// (`endsLine`), so the renderer can indent the lines of a standalone partial without scanning the text again.
    case text(start: Int, end: Int, endsLine: Bool)
    /// `{{x}}` (`escapable`: HTML escaping applies when asked for), `{{{x}}}` or `{{& x}}`; `name` indexes
    /// `MustacheProgram.names`.
    case variable(name: Int, escapable: Bool)
    /// `{{#x}}…{{/x}}` or, when `inverted`, `{{^x}}…{{/x}}`: its body is the nodes after it, before `end`.
    case section(name: Int, inverted: Bool, end: Int)
    /// `{{> name}}`; `name` indexes `MustacheProgram.partialNames`. `indentation` is the range of the whitespace
    /// before a standalone partial tag (nil when the tag is inline); `offset` is the tag's UTF-8 offset, for
    /// errors found while rendering.
    case partial(name: Int, indentation: Range<Int>?, offset: Int)
}

/// A parsed template as the renderer reads it: the nodes, the UTF-8 bytes their text comes from, and the names
/// their tags use. A class, so that a template and its renders share it with a single reference.
final class MustacheProgram: Sendable {
    /// The template's text as UTF-8: text nodes and partial indentations are ranges of it.
    let bytes: [UInt8]
    let nodes: [MustacheNode]
    /// Each distinct name of a variable or section tag, once.
    let names: [MustacheName]
    /// Each distinct partial name, once.
    let partialNames: [String]

    init(bytes: [UInt8], nodes: [MustacheNode], names: [MustacheName], partialNames: [String]) {
        self.bytes = bytes
        self.nodes = nodes
        self.names = names
        self.partialNames = partialNames
    }
}
