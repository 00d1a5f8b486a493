import Foundation
import LucidSupport

/// Reads a document that may be JSON or YAML (an OpenAPI document, an import overlay) into one located tree.
///
/// JSON is read with lucid-gen's own strict parser, since libyaml rejects valid JSON (surrogate-pair escapes such as
/// `"\ud83d\ude00"`); YAML with libyaml. A file is JSON when its name ends in `.json` or its text starts with `{`.
package enum LocatedDocument {
    /// The document at `path`; throws the diagnostic that says why it cannot be read. `what` names what the file should
    /// hold, for the message about an empty file (`an OpenAPI document`).
    package static func read(_ path: String, what: String) throws(DocumentError) -> LocatedValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DocumentError(
                .error(exists ? "'\(path)' cannot be read" : "no such file '\(path)'", at: .start(of: path)))
        }
        return try parse(Array(data), file: path, what: what)
    }

    /// The document `bytes`, read from `file`.
    package static func parse(_ bytes: [UInt8], file: String, what: String) throws(DocumentError) -> LocatedValue {
        let blank: Set<UInt8> = [UInt8(ascii: " "), 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF]
        guard let first = bytes.first(where: { !blank.contains($0) }) else {
            throw DocumentError(.error("the file is empty; expected \(what)", at: .start(of: file)))
        }
        if file.lowercased().hasSuffix(".json") || first == UInt8(ascii: "{") {
            do throws(JSONSyntaxError) {
                return LocatedValue(json: try JSONParser.parse(bytes), file: file)
            } catch {
                throw DocumentError(.error(error.message, at: error.position.location(in: file)))
            }
        }
        let documents: [YAMLNode]
        do throws(YAMLError) {
            documents = try YAMLLoader.loadAll(bytes, file: file)
        } catch {
            throw DocumentError(error.diagnostic)
        }
        // Comments alone are no document.
        guard let document = documents.first else {
            throw DocumentError(.error("the file is empty; expected \(what)", at: .start(of: file)))
        }
        return LocatedValue(yaml: document)
    }
}

/// Why a document cannot be read, located.
package struct DocumentError: Error {
    package var diagnostic: Diagnostic

    package init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}

extension LocatedValue {
    /// The value of a YAML node (scalars typed by the core schema; a number keeps its text).
    package init(yaml node: YAMLNode) {
        let location = node.location
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: self.init(.null, at: location)
            case .bool(let flag): self.init(.bool(flag), at: location)
            case .int, .float: self.init(.number(scalar.text), at: location)
            case .string(let text): self.init(.string(text), at: location)
            }
        case .sequence(let items):
            self.init(.array(items.map(LocatedValue.init(yaml:))), at: location)
        case .mapping(let pairs):
            let members = pairs.map { pair in
                Member(
                    key: pair.key.scalar?.text ?? "", keyLocation: pair.key.location,
                    value: LocatedValue(yaml: pair.value))
            }
            self = .object(members, at: location)
        }
    }
}
