import Foundation
import LucidSpec
import LucidSupport

/// The templates one generation run uses: the embedded ones, each replaceable by a file of the same name.
public struct TemplateSet: Sendable {
    /// Every template, usable both as a file template and as a partial.
    let templates: MustachePartials
    /// The template files read from disk (overrides), in name order; empty for the embedded set. A build system
    /// that regenerates when an input changes needs them beside the spec's files.
    public let files: [String]
    /// Each template's file, for located errors: the override's path, or `Templates/<Name>.mustache`.
    let paths: [String: String]

    /// The templates compiled into the binary.
    public static func embedded() throws(GenerationError) -> TemplateSet {
        try TemplateSet(sources: EmbeddedTemplates.all.map { ($0.key, $0.value, "Templates/\($0.key).mustache") })
    }

    /// The embedded templates with any `NAME.mustache` in `directory` used instead of the embedded `NAME`.
    /// A file whose name matches no template is an error, so a misspelled override is not silently ignored.
    public static func overriding(from directory: String) throws(GenerationError) -> TemplateSet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) else {
            throw GenerationError("the templates folder '\(directory)' does not exist", at: nil)
        }
        guard isFolder.boolValue else {
            throw GenerationError("--templates '\(directory)' is a file, not a folder of templates", at: nil)
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            throw GenerationError(
                "cannot read the templates folder '\(directory)': \(PlainFileErrors.reason(error))", at: nil)
        }
        var sources = EmbeddedTemplates.all.map { ($0.key, $0.value, "Templates/\($0.key).mustache") }
        var overrides: [String] = []
        for file in names where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let path = directory + "/" + file
            guard let index = sources.firstIndex(where: { $0.0 == name }) else {
                let known = EmbeddedTemplates.all.keys.sorted().joined(separator: ", ")
                throw GenerationError(
                    "no template is named '\(name)'; templates are \(known)", at: .start(of: path))
            }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else {
                throw GenerationError("cannot read the template as UTF-8 text", at: .start(of: path))
            }
            sources[index] = (name, text, path)
            overrides.append(path)
        }
        return try TemplateSet(sources: sources, files: overrides)
    }

    private init(sources: [(name: String, text: String, path: String)], files: [String] = []) throws(GenerationError) {
        self.files = files
        var partials = MustachePartials()
        var paths: [String: String] = [:]
        for source in sources {
            paths[source.name] = source.path
            do { try partials.add(source.text, named: source.name) } catch {
                throw GenerationError(
                    error.message, at: SourceLocation(file: source.path, line: error.line, column: error.column))
            }
        }
        templates = partials
        self.paths = paths
    }

    /// Renders template `name` with `value`; a missing partial or runaway recursion in a user's template is an error.
    func render(_ name: String, _ value: MustacheValue) throws(GenerationError) -> String {
        guard let template = templates[name] else { throw GenerationError("no template is named '\(name)'", at: nil) }
        do { return try template.renderChecked(value, partials: templates) } catch {
            // The error may be in a partial: name the template it is really in.
            let culprit = error.templateName.isEmpty ? name : error.templateName
            let file = paths[culprit] ?? "Templates/\(culprit).mustache"
            throw GenerationError(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
        }
    }
}

/// Generation failed: a template could not be read, parsed or rendered.
/// Why generation failed, where: a template file or the spec (a located diagnostic, printed as
/// `file:line:col: error: message`), or nowhere in particular (`lucid-gen: error: message`).
public struct GenerationError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    /// The file and position at fault; nil when the failure has no place in a file (an unreadable folder).
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    /// As a diagnostic when it is located (control characters escaped like every diagnostic), else with the
    /// tool's name.
    public var description: String {
        guard let location else { return "lucid-gen: error: \(message)" }
        return Diagnostic.error(message, at: location).description
    }
}
