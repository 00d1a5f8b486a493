import Foundation
import LucidSpec
import LucidSupport

/// A value of an OpenAPI document, read from JSON or YAML alike, with where it is written.
///
/// JSON documents are read with the project's JSON parser (libyaml rejects valid JSON, such as surrogate-pair
/// escapes), YAML ones with libyaml; the converter sees one tree either way.
struct OpenAPINode {
    enum Value {
        case null
        case bool(Bool)
        /// A number as written (`1`, `2.5`).
        case number(String)
        case string(String)
        case array([OpenAPINode])
        case object([Member])
    }

    /// One `key: value` pair of an object, in document order.
    struct Member {
        var key: String
        var keyLocation: SourceLocation
        var value: OpenAPINode
    }

    var value: Value
    var location: SourceLocation

    /// The value of the first member called `key`, when the node is an object.
    subscript(key: String) -> OpenAPINode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Where the member `key` is written (its key), else where the node starts.
    func location(of key: String) -> SourceLocation {
        guard case .object(let members) = value, let member = members.first(where: { $0.key == key }) else {
            return location
        }
        return member.keyLocation
    }

    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    var items: [OpenAPINode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// A scalar's text (a string, a number, a boolean), for values such as server variable defaults.
    var scalarText: String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// "an object", "a string", ... for messages.
    var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

extension OpenAPINode {
    /// The node of a YAML value (scalars typed by the core schema; a number keeps its text).
    init(yaml node: YAMLNode) {
        let location = node.location
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: self.init(value: .null, location: location)
            case .bool(let flag): self.init(value: .bool(flag), location: location)
            case .int, .float: self.init(value: .number(scalar.text), location: location)
            case .string(let text): self.init(value: .string(text), location: location)
            }
        case .sequence(let items):
            self.init(value: .array(items.map(OpenAPINode.init(yaml:))), location: location)
        case .mapping(let pairs):
            let members = pairs.map { pair in
                Member(
                    key: pair.key.scalar?.text ?? "", keyLocation: pair.key.location,
                    value: OpenAPINode(yaml: pair.value))
            }
            self.init(value: .object(members), location: location)
        }
    }

    /// The node of a JSON value read from `file`.
    init(json node: JSONNode, file: String) {
        let location = node.position.location(in: file)
        switch node.content {
        case .null: self.init(value: .null, location: location)
        case .bool(let flag): self.init(value: .bool(flag), location: location)
        case .number(let text): self.init(value: .number(text), location: location)
        case .string(let text): self.init(value: .string(text), location: location)
        case .array(let items):
            self.init(value: .array(items.map { OpenAPINode(json: $0, file: file) }), location: location)
        case .object(let object):
            let members = object.members.map { member in
                Member(
                    key: member.key, keyLocation: member.keyPosition.location(in: file),
                    value: OpenAPINode(json: member.value, file: file))
            }
            self.init(value: .object(members), location: location)
        }
    }

    /// Reads the document at `path`: JSON when the file name ends in `.json` or its text starts with `{`, YAML
    /// otherwise. Nil after reporting when it cannot be read or parsed.
    static func read(_ path: String, diagnostics: ImportDiagnostics) -> OpenAPINode? {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            diagnostics.error(
                exists ? "'\(path)' cannot be read" : "no such file '\(path)'", at: .start(of: path),
                hint: "name an OpenAPI 3.0 or 3.1 document, JSON or YAML")
            return nil
        }
        let bytes = Array(data)
        let firstCharacter = bytes.first { ![UInt8(ascii: " "), 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }
        if path.lowercased().hasSuffix(".json") || firstCharacter == UInt8(ascii: "{") {
            do throws(JSONSyntaxError) {
                return OpenAPINode(json: try JSONParser.parse(bytes), file: path)
            } catch {
                diagnostics.error(error.message, at: error.position.location(in: path))
                return nil
            }
        }
        do throws(YAMLError) {
            let documents = try YAMLLoader.loadAll(bytes, file: path)
            guard let first = documents.first else {
                diagnostics.error("the file is empty; expected an OpenAPI document", at: .start(of: path))
                return nil
            }
            return OpenAPINode(yaml: first)
        } catch {
            diagnostics.add(error.diagnostic)
            return nil
        }
    }
}
