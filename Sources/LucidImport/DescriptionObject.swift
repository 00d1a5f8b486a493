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

    /// The description `root` of a `kind` (`entity`) read with `keys`, and its required `name`; `what` then names it
    /// (`entity 'movie'`). Nil after reporting.
    static func named(
        _ root: LocatedValue, _ kind: String, keys: [String], diagnostics: ImportDiagnostics
    ) -> (object: DescriptionObject, name: String, what: String)? {
        let article = "aeiou".contains(kind.first ?? "x") ? "an" : "a"
        guard var object = DescriptionObject(root, "\(article) \(kind)", keys: keys, diagnostics: diagnostics),
            let name = object.string("name", required: true)
        else { return nil }
        object.what = "\(kind) '\(name)'"
        return (object, name, object.what)
    }

    /// Where `key` is written (its opening quote), when it is.
    func keyLocation(_ key: String) -> SourceLocation? { reader.keyLocation(key) }

    /// Whether `key` is written.
    func contains(_ key: String) -> Bool { reader.member(key) != nil }

    /// The string at `key`; nil when absent (reported when `required`) or not a string (reported).
    func string(_ key: String, required: Bool = false) -> String? {
        value(key, required: required, expected: "a string") { $0.string }
    }

    /// The value at `key` as `read` reads it; nil when absent (reported when `required`) or when `read` finds no
    /// value there (reported as not being what was `expected`).
    private func value<Value>(
        _ key: String, required: Bool, expected: String, _ read: (LocatedValue) -> Value?
    ) -> Value? {
        guard let value = self[key] else {
            if required { diagnostics.error("\(what) has no '\(key)'", at: location) }
            return nil
        }
        guard let read = read(value) else {
            diagnostics.error(
                "expected \(expected) for '\(key)' of \(what), found \(value.valueDescription)", at: value.location)
            return nil
        }
        return read
    }

    /// The boolean at `key`; nil when absent or not a boolean (reported).
    func bool(_ key: String) -> Bool? {
        value(key, required: false, expected: "true or false") { $0.bool }
    }

    /// The first of `keys` that is written, as a boolean (`nullable`, then its legacy spelling `optional`).
    func bool(_ keys: String...) -> Bool? {
        for key in keys where contains(key) { return bool(key) }
        return nil
    }

    /// The list at `key`; nil when absent or not a list (reported).
    func list(_ key: String, required: Bool = false) -> [LocatedValue]? {
        value(key, required: required, expected: "a list") { $0.items }
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

/// A converter of one kind of named Lucid description (an entity, a subtype): the description is read with the
/// converter's keys and its name first, then converted.
protocol DescriptionConverter {
    /// `entity`, `subtype`: what the description is, for messages.
    static var kind: String { get }
    static var keys: [String] { get }
    var diagnostics: ImportDiagnostics { get }

    /// The spec entry of the description `object`, named `name` (`what`: `entity 'movie'`); nil after reporting.
    func convert(_ object: DescriptionObject, name: String, what: String) -> SpecEntry?
}

extension DescriptionConverter {
    /// The description's entry, its origin where its name is written; nil after reporting a malformed file.
    func convert(_ root: LocatedValue) -> SpecEntry? {
        guard
            let (object, name, what) = DescriptionObject.named(
                root, Self.kind, keys: Self.keys, diagnostics: diagnostics)
        else { return nil }
        return convert(object, name: name, what: what)
    }
}
