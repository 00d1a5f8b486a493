import LucidSpec
import LucidSupport

/// One JSON object of a Lucid description, read through `KeyedReader` with a fixed set of keys: an unknown key is an
/// error (with a did-you-mean), a key written twice is an error, and every getter reports a value of the wrong shape
/// where it is written.
struct DescriptionObject {
    private let reader: KeyedReader
    /// What the object is, for messages: `entity 'movie'`, `property 'title' of entity 'movie'` (named once its
    /// name is read).
    var what: String
    let diagnostics: ImportDiagnostics

    /// Where the object's `{` is.
    var location: SourceLocation { reader.value.location }

    /// The object `value` holds, or nil after reporting that it is not one. Keys outside `keys` (snake_case, as
    /// Lucid documents them; camelCase spellings are accepted as Lucid accepts them) are errors.
    init?(_ value: LocatedValue, _ what: String, keys: [String], diagnostics: ImportDiagnostics) {
        let reader = KeyedReader(
            value, keys: keys, form: LucidKeys.form,
            unknown: { member in
                diagnostics.error(
                    "unknown key '\(member.key)' in \(what)", at: member.keyLocation,
                    hint: Suggestions.hint(for: member.key, in: keys))
            },
            duplicate: { member in
                diagnostics.error("duplicate key '\(member.key)' in \(what)", at: member.keyLocation)
            })
        guard let reader else {
            diagnostics.error("expected an object for \(what), found \(value.valueDescription)", at: value.location)
            return nil
        }
        self.reader = reader
        self.what = what
        self.diagnostics = diagnostics
    }

    /// The value of `key`, when written.
    subscript(_ key: String) -> LocatedValue? { reader[key] }

    /// Where `key` is written (its opening quote), when it is.
    func keyLocation(_ key: String) -> SourceLocation? { reader.keyLocation(key) }

    /// Whether `key` is written.
    func contains(_ key: String) -> Bool { reader.member(key) != nil }

    /// The string at `key`; nil when absent (reported when `required`) or not a string (reported).
    func string(_ key: String, required: Bool = false) -> String? {
        guard let value = self[key] else {
            if required { diagnostics.error("\(what) has no '\(key)'", at: location) }
            return nil
        }
        guard let text = value.string else {
            diagnostics.error(
                "expected a string for '\(key)' of \(what), found \(value.valueDescription)", at: value.location)
            return nil
        }
        return text
    }

    /// The boolean at `key`; nil when absent or not a boolean (reported).
    func bool(_ key: String) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let flag = value.bool else {
            diagnostics.error(
                "expected true or false for '\(key)' of \(what), found \(value.valueDescription)", at: value.location)
            return nil
        }
        return flag
    }

    /// The first of `keys` that is written, as a boolean (`nullable`, then its legacy spelling `optional`).
    func bool(_ keys: String...) -> Bool? {
        for key in keys where contains(key) { return bool(key) }
        return nil
    }

    /// The list at `key`; nil when absent or not a list (reported).
    func list(_ key: String, required: Bool = false) -> [LocatedValue]? {
        guard let value = self[key] else {
            if required { diagnostics.error("\(what) has no '\(key)'", at: location) }
            return nil
        }
        guard let items = value.items else {
            diagnostics.error(
                "expected a list for '\(key)' of \(what), found \(value.valueDescription)", at: value.location)
            return nil
        }
        return items
    }

    /// The strings of the list at `key`; items that are not strings are reported and left out.
    func strings(_ key: String) -> [String]? {
        list(key)?.compactMap { item in
            guard let text = item.string else {
                diagnostics.error(
                    "expected a string in '\(key)' of \(what), found \(item.valueDescription)", at: item.location)
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

extension LocatedValue {
    /// `the string "x"`, `the number 3`, `true`, `a list`, ... for the import's messages, which quote the value.
    var valueDescription: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let text): return "the number \(text)"
        case .string(let text): return "the string \"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
