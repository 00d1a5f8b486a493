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
extension OperationTranslator {
    /// The example file of the endpoint being converted, when its response's JSON media type (`media`) has an
    /// example; records the example.
    func examplePath(service: String, endpoint: String, media: LocatedValue?) -> String? {
        guard let media, let (node, location) = exampleValue(of: media) else { return nil }
        guard let text = OpenAPIExamples.json(node) else {
            report(
                .leftOut(
                    "the response example of endpoint '\(endpoint)' holds a value JSON cannot write (such as .inf);"
                        + " it is not written", at: location))
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
            // An example is documentation: one that cannot be read is left out, and the import goes on.
            let value = document.resolved(member.value) { problem in
                self.report(
                    .leftOut(
                        "the response example '\(member.key)' cannot be read (\(problem.message)); it is not written",
                        at: member.keyLocation),
                    group: "unreadable-example")
            }
            if let value = value?["value"] { return (value, value.location) }
        }
        if let schema = media["schema"].flatMap(resolved), let example = schema["example"] {
            // Used: no longer among the schema keys warned of as ignored.
            sink.withdraw(group: "a schema:example", at: schema.location(of: "example"))
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
}
