import LucidSpec
import LucidSupport

/// One JSON object of a Lucid description, read with a fixed set of keys: an unknown key is an error (with a
/// did-you-mean), and every getter reports a value of the wrong shape where it is written.
struct DescriptionObject {
    let object: JSONObject
    /// Where the object's `{` is.
    let location: SourceLocation
    /// What the object is, for messages: `entity 'movie'`, `property 'title' of entity 'movie'` (named once its
    /// name is read).
    var what: String
    let file: String
    let diagnostics: ImportDiagnostics
    /// Each known key's member, by Lucid's key form (`entityName` for `entity_name`).
    private let members: [String: JSONObject.Member]

    /// The object `node` holds, or nil after reporting that it is not one. Keys outside `keys` (snake_case, as
    /// Lucid documents them; camelCase spellings are accepted as Lucid accepts them) are errors.
    init?(_ node: JSONNode, _ what: String, keys: [String], file: String, diagnostics: ImportDiagnostics) {
        guard let object = node.object else {
            diagnostics.error("expected an object for \(what), found \(node.kindDescription)", at: node.location(file))
            return nil
        }
        self.object = object
        self.location = node.location(file)
        self.what = what
        self.file = file
        self.diagnostics = diagnostics
        let known = Dictionary(uniqueKeysWithValues: keys.map { (LucidKeys.form($0), $0) })
        var members: [String: JSONObject.Member] = [:]
        for member in object.members {
            let form = LucidKeys.form(member.key)
            guard known[form] != nil else {
                diagnostics.error(
                    "unknown key '\(member.key)' in \(what)", at: member.keyPosition.location(in: file),
                    hint: Suggestions.hint(for: member.key, in: keys))
                continue
            }
            if members[form] != nil {
                diagnostics.error("duplicate key '\(member.key)' in \(what)", at: member.keyPosition.location(in: file))
                continue
            }
            members[form] = member
        }
        self.members = members
    }

    /// The value of `key`, when written.
    subscript(_ key: String) -> JSONNode? { members[LucidKeys.form(key)]?.value }

    /// Where `key` is written (its opening quote), when it is.
    func keyLocation(_ key: String) -> SourceLocation? {
        members[LucidKeys.form(key)]?.keyPosition.location(in: file)
    }

    /// Whether `key` is written.
    func contains(_ key: String) -> Bool { members[LucidKeys.form(key)] != nil }

    /// The string at `key`; nil when absent (reported when `required`) or not a string (reported).
    func string(_ key: String, required: Bool = false) -> String? {
        guard let node = self[key] else {
            if required { diagnostics.error("\(what) has no '\(key)'", at: location) }
            return nil
        }
        guard case .string(let text) = node.content else {
            diagnostics.error(
                "expected a string for '\(key)' of \(what), found \(node.kindDescription)", at: node.location(file))
            return nil
        }
        return text
    }

    /// The boolean at `key`; nil when absent or not a boolean (reported).
    func bool(_ key: String) -> Bool? {
        guard let node = self[key] else { return nil }
        guard case .bool(let value) = node.content else {
            diagnostics.error(
                "expected true or false for '\(key)' of \(what), found \(node.kindDescription)", at: node.location(file)
            )
            return nil
        }
        return value
    }

    /// The first of `keys` that is written, as a boolean (`nullable`, then its legacy spelling `optional`).
    func bool(_ keys: String...) -> Bool? {
        for key in keys where contains(key) { return bool(key) }
        return nil
    }

    /// The list at `key`; nil when absent or not a list (reported).
    func list(_ key: String, required: Bool = false) -> [JSONNode]? {
        guard let node = self[key] else {
            if required { diagnostics.error("\(what) has no '\(key)'", at: location) }
            return nil
        }
        guard case .array(let items) = node.content else {
            diagnostics.error(
                "expected a list for '\(key)' of \(what), found \(node.kindDescription)", at: node.location(file))
            return nil
        }
        return items
    }

    /// The strings of the list at `key`; items that are not strings are reported and left out.
    func strings(_ key: String) -> [String]? {
        list(key)?.compactMap { item in
            guard case .string(let text) = item.content else {
                diagnostics.error(
                    "expected a string in '\(key)' of \(what), found \(item.kindDescription)", at: item.location(file))
                return nil
            }
            return text
        }
    }

    /// Reports `key`, when written, as Lucid-only: lucid-gen has no equivalent (`why` says what happens instead).
    func warnUnsupported(_ key: String, _ why: String) {
        guard let location = keyLocation(key) else { return }
        diagnostics.warning("'\(key)' of \(what) has no equivalent in lucid-gen; \(why)", at: location)
    }
}

extension JSONNode {
    /// The node's position in `file`.
    func location(_ file: String) -> SourceLocation { position.location(in: file) }

    /// `a string`, `a number`, `true`, `a list`, ... for messages.
    var kindDescription: String {
        switch content {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let text): return "the number \(text)"
        case .string(let text): return "the string \"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
