/// Collects diagnostics while a spec's nodes are decoded, and reads scalars with clear errors.
///
/// What a value is (`what`, as in "expected a string for the type of property 'title'") is an autoclosure: it is
/// only spelled out for an error, not built for each of the many values that are fine.
final class DecodingContext {
    private(set) var diagnostics: [Diagnostic] = []
    /// Unions written inline as a property's type, made subtypes; `SpecDecoder` adds them to their file's.
    private var inlineSubtypes: [Subtype] = []

    /// Keeps a subtype made from a property's inline `one_of` until its file's fragment takes it.
    func addInlineSubtype(_ subtype: Subtype) { inlineSubtypes.append(subtype) }

    /// The inline subtypes made since the last call, in the order their properties were read.
    func takeInlineSubtypes() -> [Subtype] {
        defer { inlineSubtypes = [] }
        return inlineSubtypes
    }

    func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    func error(_ message: String, at location: SourceLocation, hint: String? = nil, notes: [Diagnostic] = []) {
        report(.error(message, at: location, hint: hint, notes: notes))
    }

    func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        report(.warning(message, at: location, hint: hint))
    }

    /// A string scalar; numbers and booleans are rejected so that `module: 123` is caught.
    func string(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        if case .string(let text)? = node.scalar?.value { return text }
        expected("a string", for: what(), found: node)
        return nil
    }

    /// Any scalar's text, for values where YAML's typing does not matter (raw values, URLs, header names).
    func text(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar, scalar.value != .null else {
            expected("a string", for: what(), found: node)
            return nil
        }
        return scalar.text
    }

    func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        if case .bool(let value)? = node.scalar?.value { return value }
        expected("true or false", for: what(), found: node)
        return nil
    }

    func int(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Int? {
        if case .int(let value)? = node.scalar?.value, let int = Int(exactly: value) { return int }
        expected("an integer", for: what(), found: node)
        return nil
    }

    /// A finite number (integer or float).
    func number(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Double? {
        switch node.scalar?.value {
        case .int(let value)?: return Double(value)
        case .float(let value)? where value.isFinite: return value
        case .float(let value)?:
            error(
                "expected a finite number for \(what()), found \(value.isNaN ? "NaN" : "infinity")", at: node.location)
            return nil
        default:
            expected("a number", for: what(), found: node)
            return nil
        }
    }

    /// A list of strings; a single string is accepted as a list of one.
    func stringList(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [(String, SourceLocation)]? {
        if node.scalar != nil {
            return string(node, what()).map { [($0, node.location)] }
        }
        guard let items = node.sequence else {
            expected("a list of strings", for: what(), found: node)
            return nil
        }
        return items.compactMap { item in string(item, what()).map { ($0, item.location) } }
    }

    /// A mapping's entries keyed by name, reporting keys that are not strings.
    func namedEntries(
        _ node: YAMLNode, _ what: @autoclosure () -> String
    ) -> [(name: String, key: YAMLNode, value: YAMLNode)] {
        guard let pairs = node.mapping else {
            if node.scalar?.value != .null { expected("a mapping", for: what(), found: node) }
            return []
        }
        return pairs.compactMap { pair in
            guard let name = string(pair.key, "a name in \(what())") else { return nil }
            return (name, pair.key, pair.value)
        }
    }

    func expected(_ expectation: String, for what: @autoclosure () -> String, found node: YAMLNode) {
        error("expected \(expectation) for \(what()), found \(node.kindDescription)", at: node.location)
    }
}

extension DecodingContext {
    /// A `form_lists` value: `mixed`, `brackets`, `indexed`, `repeat` or `comma`.
    func formLists(_ node: YAMLNode, _ what: @autoclosure () -> String) -> FormLists? {
        guard let text = string(node, what()) else { return nil }
        guard let lists = FormLists(rawValue: text) else {
            let names = FormLists.allCases.map(\.rawValue)
            error(
                "'\(text)' is not a form list convention", at: node.location,
                hint: Suggestions.hint(for: text, in: names) ?? "use \(names.joined(separator: ", "))")
            return nil
        }
        return lists
    }
}
