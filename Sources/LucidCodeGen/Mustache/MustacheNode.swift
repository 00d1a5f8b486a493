/// One element of a compiled template. Sections hold their body, so a template is a small tree that the
/// renderer walks without re-reading any text.
enum MustacheNode: Sendable {
    /// Literal text. The parser cuts text after every line break (`endsLine`), so the renderer can indent
    /// the lines of a standalone partial without scanning the text again.
    case text(String, endsLine: Bool)
    /// `{{x}}` (`escapable`: HTML escaping applies when asked for), `{{{x}}}` or `{{& x}}`.
    case variable(MustacheName, escapable: Bool)
    /// `{{#x}}…{{/x}}` or, when `inverted`, `{{^x}}…{{/x}}`.
    case section(MustacheName, inverted: Bool, body: [MustacheNode])
    /// `{{> name}}`. `indentation` is the whitespace before a standalone partial tag (nil when the tag is
    /// inline); `offset` is the tag's UTF-8 offset, for errors found while rendering.
    case partial(name: String, indentation: String?, offset: Int)
}
