/// A spec as it is written, before it is text: mappings in the order their keys are written, each flow (`{ a: b }`,
/// on one line) or block (a key per line), lists likewise, scalars with how they are spelled, and the comments and
/// blank lines around entries. The importers build one, an overlay of hand edits is merged into it, and
/// `SpecWriter` writes it: the only place that knows YAML's indentation and quoting.
///
/// Each entry may say where it comes from (`origin`: a schema of an OpenAPI document, an overlay's key), so that a
/// diagnostic about the written spec can be told about the place that caused it.
package indirect enum SpecValue: Sendable, Hashable {
    case scalar(SpecScalar)
    case mapping(SpecMapping)
    case list(SpecList)

    /// A name, a type expression or any text: plain when YAML reads it back as that string, else double-quoted.
    package static func text(_ text: String) -> SpecValue { .scalar(.text(text)) }

    /// Text always double-quoted (an enum case's raw value, a header's wire name).
    package static func quoted(_ text: String) -> SpecValue { .scalar(.quoted(text)) }

    /// A YAML literal written as it is: a number's text, `true`, `false`, `null`.
    package static func literal(_ text: String) -> SpecValue { .scalar(.literal(text)) }

    package static func bool(_ flag: Bool) -> SpecValue { .literal(flag ? "true" : "false") }

    /// A flow mapping of `entries`: `{ type: int, nullable: true }` (or `{}`).
    package static func flow(_ entries: [SpecEntry]) -> SpecValue { .mapping(SpecMapping(entries, flow: true)) }

    /// A block mapping of `entries`, a key per line (`{}` when empty).
    package static func block(_ entries: [SpecEntry]) -> SpecValue { .mapping(SpecMapping(entries, flow: false)) }

    /// A flow list: `[a, b]`.
    package static func flowList(_ items: [SpecValue]) -> SpecValue { .list(SpecList(items, flow: true)) }

    /// A block list, an item per line after `- `.
    package static func blockList(_ items: [SpecValue]) -> SpecValue { .list(SpecList(items, flow: false)) }

    /// A key path as lucid-gen reads it (`base_key`, a property's `key`): the keys joined by dots, or a flow list of
    /// them when one holds a dot (`[amount.value]` is one key, dot and all).
    package static func keyPath(_ keys: [String]) -> SpecValue {
        keys.contains { $0.contains(".") } ? .flowList(keys.map(SpecValue.text)) : .text(keys.joined(separator: "."))
    }

    /// The mapping, when the value is one.
    package var mapping: SpecMapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    /// The scalar's text, when the value is a scalar.
    package var scalarText: String? {
        if case .scalar(let scalar) = self { return scalar.text }
        return nil
    }
}

/// A scalar and how it is spelled.
package enum SpecScalar: Sendable, Hashable {
    /// Plain when YAML reads it back as this string (`Pet`, `[Tag]` is not), else double-quoted.
    case text(String)
    /// Always double-quoted, with JSON's escapes.
    case quoted(String)
    /// Written as it is: a number's text, `true`, `false`, `null`.
    case literal(String)

    /// The scalar's text, however it is spelled.
    package var text: String {
        switch self {
        case .text(let text), .quoted(let text), .literal(let text): return text
        }
    }
}

/// One `key: value` of a mapping, with the comment lines and the blank line written before it, the comment after
/// it on its line, and where it comes from.
package struct SpecEntry: Sendable, Hashable {
    package var key: String
    package var value: SpecValue
    /// Comment lines written just before the entry (each without its `# `).
    package var comments: [String]
    /// A comment after the value on the entry's line (`# TODO: the real host`); only for scalars and flow values.
    package var trailingComment: String?
    /// Whether a blank line separates the entry from what comes before it.
    package var blankLineBefore: Bool
    /// Where the entry comes from: the construct of the imported document it was made from, or an overlay's key.
    package var origin: SourceLocation?

    package init(
        _ key: String, _ value: SpecValue, comments: [String] = [], trailingComment: String? = nil,
        blankLineBefore: Bool = false, origin: SourceLocation? = nil
    ) {
        self.key = key
        self.value = value
        self.comments = comments
        self.trailingComment = trailingComment
        self.blankLineBefore = blankLineBefore
        self.origin = origin
    }
}

/// The entries of a mapping in the order written.
package struct SpecMapping: Sendable, Hashable {
    package var entries: [SpecEntry]
    /// Written on one line, `{ a: b }`, rather than a key per line.
    package var flow: Bool

    package init(_ entries: [SpecEntry], flow: Bool = false) {
        self.entries = entries
        self.flow = flow
    }

    /// The first entry of `key`.
    package subscript(key: String) -> SpecEntry? {
        entries.first { $0.key == key }
    }

    /// The index of the first entry of `key`.
    package func index(of key: String) -> Int? { entries.firstIndex { $0.key == key } }

    /// Replaces the value of the entry `key`, or appends an entry.
    package mutating func set(_ key: String, _ value: SpecValue) {
        if let index = index(of: key) {
            entries[index].value = value
        } else {
            entries.append(SpecEntry(key, value))
        }
    }

    /// Removes the entries of `key`.
    package mutating func remove(_ key: String) { entries.removeAll { $0.key == key } }
}

/// The items of a list.
package struct SpecList: Sendable, Hashable {
    package var items: [SpecValue]
    /// Written on one line, `[a, b]`, rather than an item per line.
    package var flow: Bool

    package init(_ items: [SpecValue], flow: Bool = true) {
        self.items = items
        self.flow = flow
    }
}

/// A whole spec file: its leading comment lines and its top-level mapping.
package struct SpecDocument: Sendable, Hashable {
    /// Comment lines at the top of the file (each without its `# `).
    package var header: [String]
    package var root: SpecMapping

    package init(header: [String] = [], root: SpecMapping = SpecMapping([])) {
        self.header = header
        self.root = root
    }

    /// The top-level keys in the order a spec keeps them (docs/Spec.md §2): where a key added to a written spec
    /// goes.
    package static let rootKeys = SpecDecoder.rootKeys
}
