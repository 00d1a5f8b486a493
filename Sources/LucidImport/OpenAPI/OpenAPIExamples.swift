import Foundation
import LucidSpec
import LucidSupport

/// A response example of the document, written as a JSON file beside the spec and named by its endpoint's
/// `example:` key, so that `lint` checks it against the imported types.
public struct ImportedExample: Sendable, Equatable {
    /// The file's path relative to the spec's folder: `examples/<service>/<endpoint>.json`.
    public var path: String
    /// The file's text: the example as JSON, two spaces of indentation, ending with a line break.
    public var text: String
    /// The endpoint, for messages.
    var endpoint: String
    /// Where the example is written in the document.
    var location: SourceLocation
}

/// Response examples → example files: the first success response's JSON example (its media type's `example`, else
/// the first of its `examples`, else its schema's own `example`).
extension OpenAPIConverter {
    /// The example file of the endpoint being converted, when its response's JSON media type (`media`) has an
    /// example; records the example.
    func examplePath(service: String, endpoint: String, media: LocatedValue?) -> String? {
        guard let media, let (node, location) = exampleValue(of: media) else { return nil }
        guard let text = OpenAPIExamples.json(node) else {
            warn(
                "the response example of endpoint '\(endpoint)' holds a value JSON cannot write (such as .inf);"
                    + " it is not written", at: location)
            return nil
        }
        var path = "examples/\(service)/\(endpoint).json"
        // Distinct also on file systems that ignore case (`getItem`, `getitem`).
        var counter = 2
        while examples.contains(where: { $0.path.lowercased() == path.lowercased() }) {
            path = "examples/\(service)/\(endpoint)_\(counter).json"
            counter += 1
        }
        examples.append(ImportedExample(path: path, text: text, endpoint: endpoint, location: location))
        return path
    }

    /// The example value a JSON media type shows, and where it is written.
    func exampleValue(of media: LocatedValue) -> (LocatedValue, SourceLocation)? {
        if let example = media["example"] { return (example, example.location) }
        for member in media["examples"]?.members ?? [] {
            if let value = resolved(member.value)?["value"] { return (value, value.location) }
        }
        if let schema = media["schema"].flatMap(resolved), let example = schema["example"] {
            // Used: no longer among the schema keys warned of as ignored.
            let kind = "a schema:example"
            unmapped[kind]?.locations.remove(schema.location(of: "example"))
            if unmapped[kind]?.locations.isEmpty == true { unmapped[kind] = nil }
            return (example, example.location)
        }
        return nil
    }
}

/// Writing examples as JSON, and checking them against the imported spec.
enum OpenAPIExamples {
    /// `node` as pretty JSON (keys in document order), or nil when it holds a number JSON has no spelling for.
    static func json(_ node: LocatedValue) -> String? {
        var text = ""
        guard write(node, indent: "", into: &text) else { return nil }
        return text + "\n"
    }

    private static func write(_ node: LocatedValue, indent: String, into text: inout String) -> Bool {
        switch node.value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .string(let string): text += JSONStringLiteral.quoted(string)
        case .number(let number):
            guard let spelled = jsonNumber(number) else { return false }
            text += spelled
        case .array(let items):
            guard !items.isEmpty else {
                text += "[]"
                return true
            }
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += indent + "  "
                guard write(item, indent: indent + "  ", into: &text) else { return false }
                text += index < items.count - 1 ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let object):
            let members = object.members
            guard !members.isEmpty else {
                text += "{}"
                return true
            }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += indent + "  " + JSONStringLiteral.quoted(member.key) + ": "
                guard write(member.value, indent: indent + "  ", into: &text) else { return false }
                text += index < members.count - 1 ? ",\n" : "\n"
            }
            text += indent + "}"
        }
        return true
    }

    /// A number as JSON spells it: as written when it is JSON already (`12`, `-0.5`, `1e3`), else its value
    /// (YAML's `+1`, `.5`, `0x1F`); nil for `.inf` and `.nan`.
    static func jsonNumber(_ text: String) -> String? {
        if text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil {
            return text
        }
        let plain = text.replacingOccurrences(of: "_", with: "")
        let unsigned = plain.hasPrefix("+") || plain.hasPrefix("-") ? String(plain.dropFirst()) : plain
        let sign = plain.hasPrefix("-") ? "-" : ""
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where unsigned.lowercased().hasPrefix(prefix) {
            return Int64(unsigned.dropFirst(2), radix: radix).map { sign + String($0) }
        }
        guard let value = Double(unsigned.hasPrefix(".") ? "0" + unsigned : unsigned), value.isFinite else {
            return nil
        }
        return value == value.rounded() && abs(value) < 1e15 ? sign + String(Int64(value)) : sign + String(value)
    }

    /// Lints the spec `text` with its examples the way `lint` does (once, in a temporary folder): the spec's own
    /// diagnostics as `LucidImporter.check` reports them, and an example that does not fit as a warning at the
    /// example in the document, its `example:` line taken out. Returns the spec without those lines and the
    /// examples kept. `folder` is where the spec will be written: example files the spec names that are not the
    /// import's (an overlay's) are read there.
    static func check(
        _ text: String, examples: [ImportedExample], folder: String, specName: String,
        diagnostics: ImportDiagnostics
    ) -> (spec: String, examples: [ImportedExample]) {
        let temporary = NSTemporaryDirectory() + "lucid-gen-import-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let own = Set(examples.map(\.path))
        // Example files the import does not write are read where the spec will be.
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let checked = lines.map { line -> String in
            guard line.hasPrefix("        example: "), !line.hasPrefix("         ") else { return line }
            let path = unquote(String(line.dropFirst("        example: ".count)))
            guard !own.contains(path), !path.hasPrefix("/") else { return line }
            return "        example: " + JSONStringLiteral.quoted(base + "/" + path)
        }.joined(separator: "\n")
        let specPath = temporary + "/spec.lucid.yaml"
        do {
            for example in examples {
                let path = temporary + "/" + example.path
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(example.text.utf8).write(to: URL(fileURLWithPath: path))
            }
            try Data(checked.utf8).write(to: URL(fileURLWithPath: specPath))
        } catch {
            diagnostics.warning(
                "the response examples could not be checked (\(PlainFileErrors.reason(error))); none is written",
                at: examples[0].location)
            let plain = strip(text, examples)
            LucidImporter.check(plain, specName: specName, diagnostics: diagnostics)
            return (plain, [])
        }
        let result = SpecLoader().load(path: specPath)
        var dropped: [ImportedExample] = []
        for example in examples {
            let file = temporary + "/" + example.path
            let found = result.diagnostics.filter { $0.location.file == file }
            let errors = found.filter { $0.severity == .error }
            for diagnostic in found {
                let position = "\(diagnostic.location.line):\(diagnostic.location.column)"
                if errors.isEmpty {
                    diagnostics.warning(
                        "the response example of endpoint '\(example.endpoint)' (line \(position) of"
                            + " \(example.path)): \(diagnostic.message)", at: example.location)
                } else if diagnostic == errors[0] {
                    diagnostics.warning(
                        "the response example of endpoint '\(example.endpoint)' does not fit the imported types"
                            + " (line \(position) of \(example.path)): \(diagnostic.message); it is not written",
                        at: example.location)
                }
            }
            if !errors.isEmpty { dropped.append(example) }
        }
        // The spec's own diagnostics, on the lines of the spec without the dropped examples' lines.
        let droppedLines = Set(dropped.map { "        example: " + $0.path })
        let removed = lines.indices.filter { droppedLines.contains(lines[$0]) }
        for diagnostic in result.diagnostics where diagnostic.location.file == specPath {
            var converted = diagnostic
            let index = diagnostic.location.line - 1
            converted.location.file = specName
            converted.location.line -= removed.filter { $0 < index }.count
            // Lint names the example files where it read them: name them as the spec does.
            converted.message =
                "the converted spec: " + diagnostic.message.replacingOccurrences(of: temporary + "/", with: "")
            converted.hint = diagnostic.hint?.replacingOccurrences(of: temporary + "/", with: "")
            if lines.indices.contains(index) {
                converted.message += " (in '\(lines[index].trimmingCharacters(in: .whitespaces))')"
            }
            diagnostics.add(converted)
        }
        let kept = examples.filter { example in !dropped.contains(example) }
        return (strip(text, dropped), kept)
    }

    /// A YAML scalar as the import writes it (plain or JSON-quoted) → its text.
    static func unquote(_ scalar: String) -> String {
        guard scalar.hasPrefix("\""), let node = try? JSONParser.parse(Array(scalar.utf8)),
            case .string(let text) = node.content
        else { return scalar }
        return text
    }

    /// `text` without the `example:` lines naming `examples`.
    static func strip(_ text: String, _ examples: [ImportedExample]) -> String {
        guard !examples.isEmpty else { return text }
        let lines = Set(examples.map { "example: " + $0.path })
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !lines.contains($0.trimmingCharacters(in: .whitespaces)) }
            .joined(separator: "\n")
    }
}
