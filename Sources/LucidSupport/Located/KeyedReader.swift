/// Reads an object whose keys are known in advance: each member whose key is not among them is handed to
/// `unknown` (the OpenAPI import warns that it is ignored, a Lucid description reports an error with a
/// did-you-mean), a second member of one key to `duplicate`, and the known ones are looked up by key.
///
/// `form` says which spellings are one key (Lucid accepts `entity_name` and `entityName` alike); by default a key is
/// only itself.
package struct KeyedReader {
    /// The object read, or where the value that is no object is.
    package let value: LocatedValue
    /// Each known key's member, by its form.
    private var found: [String: LocatedValue.Member] = [:]
    private let form: (String) -> String

    /// Reads `value`'s members; nil when it is no object (the caller says so, knowing what it expected).
    package init?(
        _ value: LocatedValue, keys: some Sequence<String>, form: @escaping (String) -> String = { $0 },
        unknown: (LocatedValue.Member) -> Void, duplicate: (LocatedValue.Member) -> Void = { _ in }
    ) {
        guard let members = value.members else { return nil }
        self.value = value
        self.form = form
        let known = Set(keys.map(form))
        for member in members {
            let key = form(member.key)
            guard known.contains(key) else {
                unknown(member)
                continue
            }
            guard found[key] == nil else {
                duplicate(member)
                continue
            }
            found[key] = member
        }
    }

    /// The value of the known `key`, when written.
    package subscript(key: String) -> LocatedValue? { found[form(key)]?.value }

    /// The member of the known `key`, when written.
    package func member(_ key: String) -> LocatedValue.Member? { found[form(key)] }

    /// Where the known `key` is written, when it is.
    package func keyLocation(_ key: String) -> SourceLocation? { found[form(key)]?.keyLocation }

    /// Reports the members of `value` (an object) whose keys are not in `keys`, without keeping a reader.
    package static func reportUnknown(
        _ value: LocatedValue, keys: Set<String>, _ unknown: (LocatedValue.Member) -> Void
    ) {
        for member in value.members ?? [] where !keys.contains(member.key) { unknown(member) }
    }
}
