/// A Mustache template, parsed once and rendered any number of times.
///
/// Logic-less Mustache as the official spec defines it — variables, dotted names, sections, inverted
/// sections, comments, partials and set delimiters, with the spec's standalone-line rules — except that
/// `{{x}}` does not HTML-escape unless asked to: the templates emit Swift source. Lambdas are not supported.
///
/// Two choices the spec leaves open suit generated code: the empty string is falsey (as in JavaScript
/// Mustache), and the blank lines of an indented standalone partial stay empty instead of receiving the
/// indentation, so the output has no trailing whitespace.
///
/// ```swift
/// let template = try MustacheTemplate("struct {{name}} {}\n", name: "Entity")
/// let swift = template.render(["name": "Movie"])  // "struct Movie {}\n"
/// ```
public struct MustacheTemplate: Sendable {
    /// The name given at creation; errors name it.
    public let name: String
    /// Kept for the line and column of errors found while rendering.
    let source: String
    let program: MustacheProgram

    /// Parses `text`. `name` appears in errors (as `name:line:column: message`), so pass the template's
    /// file name or partial name.
    public init(_ text: String, name: String = "") throws(MustacheError) {
        var parser = MustacheParser(source: text, templateName: name)
        self.program = try parser.parse()
        self.name = name
        self.source = text
    }

    /// Renders the template against `value`, following the spec: a partial that `partials` does not have
    /// renders as nothing, and rendering stops (returning the output so far) where partials nest deeper than
    /// 100 levels. Use `renderChecked` to have both reported instead.
    public func render(
        _ value: MustacheValue, partials: MustachePartials = MustachePartials(),
        escaping: MustacheEscaping = .none
    ) -> String {
        var renderer = makeRenderer(value, partials: partials, escaping: escaping, reportsMissingPartials: false)
        renderer.render()
        return renderer.text
    }

    /// Renders like `render`, but throws for a partial that `partials` does not have and for partials nested
    /// deeper than 100 levels, with the location of the partial tag at fault.
    public func renderChecked(
        _ value: MustacheValue, partials: MustachePartials = MustachePartials(),
        escaping: MustacheEscaping = .none
    ) throws(MustacheError) -> String {
        var renderer = makeRenderer(value, partials: partials, escaping: escaping, reportsMissingPartials: true)
        renderer.render()
        if let failure = renderer.failure { throw failure }
        return renderer.text
    }

    private func makeRenderer(
        _ value: MustacheValue, partials: MustachePartials, escaping: MustacheEscaping,
        reportsMissingPartials: Bool
    ) -> MustacheRenderer {
        // The template's own size is a fair first guess for the output; the buffer doubles from there.
        MustacheRenderer(
            self, root: value, partials: partials, escaping: escaping,
            reportsMissingPartials: reportsMissingPartials, capacity: source.utf8.count * 2)
    }
}
