/// Named, already-parsed templates that `{{> name}}` tags include.
///
/// Parse partials once, store them here, and pass the same store to every render: a partial is never parsed
/// again per use. Each partial starts with the default `{{ }}` delimiters, whatever the including template set.
public struct MustachePartials: Sendable {
    private var templates: [String: MustacheTemplate]

    /// An empty store: every partial tag renders as nothing.
    public init() {
        templates = [:]
    }

    /// A store of templates parsed elsewhere, under the names partial tags use.
    public init(_ templates: [String: MustacheTemplate]) {
        self.templates = templates
    }

    /// Parses each source under its name (which errors also show). Sources are parsed in name order, so the
    /// error reported for several bad partials is always the same one.
    public init(parsing sources: [String: String]) throws(MustacheError) {
        templates = [:]
        for name in sources.keys.sorted() {
            try add(sources[name] ?? "", named: name)
        }
    }

    /// Parses `source` and stores it as `name`, replacing any partial of that name.
    public mutating func add(_ source: String, named name: String) throws(MustacheError) {
        templates[name] = try MustacheTemplate(source, name: name)
    }

    /// The partial named `name`; setting nil removes it.
    public subscript(name: String) -> MustacheTemplate? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// The names of the stored partials, sorted.
    public var names: [String] {
        templates.keys.sorted()
    }
}
