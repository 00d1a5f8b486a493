import Foundation

/// The templates one generation run uses: the embedded ones, each replaceable by a file of the same name.
public struct TemplateSet: Sendable {
    /// Every template, usable both as a file template and as a partial.
    let templates: MustachePartials
    /// The template files read from disk (overrides), in name order; empty for the embedded set. A build system
    /// that regenerates when an input changes needs them beside the spec's files.
    public let files: [String]

    /// The templates compiled into the binary.
    public static func embedded() throws(GenerationError) -> TemplateSet {
        try TemplateSet(sources: EmbeddedTemplates.all.map { ($0.key, $0.value, "Templates/\($0.key).mustache") })
    }

    /// The embedded templates with any `NAME.mustache` in `directory` used instead of the embedded `NAME`.
    /// A file whose name matches no template is an error, so a misspelled override is not silently ignored.
    public static func overriding(from directory: String) throws(GenerationError) -> TemplateSet {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            throw GenerationError("cannot read templates folder '\(directory)': \(error.localizedDescription)")
        }
        var sources = EmbeddedTemplates.all.map { ($0.key, $0.value, "Templates/\($0.key).mustache") }
        var overrides: [String] = []
        for file in names where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let path = directory + "/" + file
            guard let index = sources.firstIndex(where: { $0.0 == name }) else {
                throw GenerationError(
                    "\(path): error: no template is named '\(name)'; templates are \(EmbeddedTemplates.all.keys.sorted().joined(separator: ", "))"
                )
            }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else {
                throw GenerationError("\(path): error: cannot read the template as UTF-8 text")
            }
            sources[index] = (name, text, path)
            overrides.append(path)
        }
        return try TemplateSet(sources: sources, files: overrides)
    }

    private init(sources: [(name: String, text: String, path: String)], files: [String] = []) throws(GenerationError) {
        self.files = files
        var partials = MustachePartials()
        for source in sources {
            do { try partials.add(source.text, named: source.name) } catch {
                throw GenerationError("\(source.path):\(error.line):\(error.column): error: \(error.message)")
            }
        }
        templates = partials
    }

    /// Renders template `name` with `value`; a missing partial or runaway recursion in a user's template is an error.
    func render(_ name: String, _ value: MustacheValue) throws(GenerationError) -> String {
        guard let template = templates[name] else { throw GenerationError("no template is named '\(name)'") }
        do { return try template.renderChecked(value, partials: templates) } catch {
            // The error may be in a partial: name the template it is really in.
            throw GenerationError(
                "template \(error.templateName.isEmpty ? name : error.templateName):\(error.line):\(error.column): error: \(error.message)"
            )
        }
    }
}

/// Generation failed: a template could not be read, parsed or rendered.
public struct GenerationError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
