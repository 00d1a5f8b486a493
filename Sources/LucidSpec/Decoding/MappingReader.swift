/// Reads a mapping whose keys are known in advance, reporting unknown keys with a did-you-mean.
struct MappingReader {
    let node: YAMLNode
    /// Whether an unknown key was reported, so follow-up errors ("has no 'properties'") can stay quiet.
    private(set) var reportedUnknownKeys = false
    /// The allowed entries, in order; looked up by scanning, which beats hashing for the few keys a spec mapping
    /// has, or through `index` when there are many.
    private var entries: [(key: String, pair: YAMLNode.Pair)] = []
    private var index: [String: Int]?

    /// Nil (after reporting) when `node` is not a mapping.
    /// - Parameter allowsExtensions: accept and ignore `x-` keys, which hold anchored fragments for `<<` merges.
    init?(
        _ node: YAMLNode, _ what: String, keys allowed: [String], context: DecodingContext,
        allowsExtensions: Bool = false
    ) {
        guard let pairs = node.mapping else {
            context.expected("a mapping", for: what, found: node)
            return nil
        }
        self.node = node
        for (offset, pair) in pairs.enumerated() {
            guard let key = context.string(pair.key, "a key of \(what)") else { continue }
            if allowsExtensions, key.hasPrefix("x-") { continue }
            guard allowed.contains(key) else {
                context.error(
                    "unknown key '\(key)' in \(what)", at: pair.key.location,
                    hint: Suggestions.hint(for: key, in: allowed)
                        ?? Self.commaSplitHint(pairs, at: offset, allowed: allowed))
                reportedUnknownKeys = true
                continue
            }
            // A later duplicate replaces the earlier entry, as a dictionary assignment would.
            if let existing = position(of: key) {
                entries[existing].pair = pair
            } else {
                entries.append((key, pair))
                if index != nil {
                    index?[key] = entries.count - 1
                } else if entries.count > Self.scanLimit {
                    index = Dictionary(entries.enumerated().map { ($0.element.key, $0.offset) }) { first, _ in first }
                }
            }
        }
    }

    /// `{ description: A code, or from_token. }` reads as `description: A code` and a key `or from_token.` with
    /// no value: a comma ends a plain value inside braces. When the unknown key at `position` has no value and
    /// sits on the line of an allowed key's plain value, after nothing but other such keys, the hint quotes the
    /// whole value as it was meant: `quote the value: description: "A code, or from_token."`.
    static func commaSplitHint(_ pairs: [YAMLNode.Pair], at position: Int, allowed: [String]) -> String? {
        func isPiece(_ pair: YAMLNode.Pair) -> Bool {
            guard let key = pair.key.scalar, key.style == .plain, case .string = key.value,
                let value = pair.value.scalar, value.style == .plain, value.text.isEmpty
            else { return false }
            return true
        }
        guard isPiece(pairs[position]) else { return nil }
        let line = pairs[position].key.location.line
        var start = position
        while start > 0, isPiece(pairs[start - 1]), pairs[start - 1].key.location.line == line { start -= 1 }
        guard start > 0 else { return nil }
        let owner = pairs[start - 1]
        guard let ownerKey = owner.key.scalar?.text, allowed.contains(ownerKey),
            let value = owner.value.scalar, value.style == .plain, !value.text.isEmpty,
            owner.value.location.line == line
        else { return nil }
        var end = position
        while end + 1 < pairs.count, isPiece(pairs[end + 1]), pairs[end + 1].key.location.line == line { end += 1 }
        let whole = ([value.text] + pairs[start...end].compactMap { $0.key.scalar?.text }).joined(separator: ", ")
        let quoted = whole.flatMap { $0 == "\\" || $0 == "\"" ? "\\\($0)" : "\($0)" }
        return "a comma ends a value inside '{ }'; quote the value of '\(ownerKey)' to keep it whole: "
            + "\(ownerKey): \"\(String(quoted))\""
    }

    /// Up to this many entries, keys are found by scanning.
    private static let scanLimit = 16

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    private func pair(_ key: String) -> YAMLNode.Pair? { position(of: key).map { entries[$0].pair } }

    subscript(_ key: String) -> YAMLNode? { pair(key)?.value }

    /// Where the key itself is written, for diagnostics about the entry as a whole.
    func keyLocation(_ key: String) -> SourceLocation? { pair(key)?.key.location }

    func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// Present keys among `keys`, in the order given.
    func present(_ keys: [String]) -> [String] { keys.filter(contains) }
}

/// The keys of one kind of spec mapping, each a case spelled as the spec writes it (`case useForEquality =
/// "use_for_equality"`): a decoder names a key once, and both the allowed keys (unknown-key errors, did-you-mean)
/// and every read come from that case, so they cannot drift apart and a misspelled read does not compile.
protocol SpecKeys: RawRepresentable, CaseIterable, Hashable where RawValue == String {}

extension SpecKeys {
    /// Every key, in declaration order.
    static var names: [String] { allCases.map(\.rawValue) }
}

extension MappingReader {
    subscript<Key: SpecKeys>(_ key: Key) -> YAMLNode? { self[key.rawValue] }

    /// Where the key itself is written.
    func keyLocation<Key: SpecKeys>(_ key: Key) -> SourceLocation? { keyLocation(key.rawValue) }

    func contains<Key: SpecKeys>(_ key: Key) -> Bool { contains(key.rawValue) }

    /// Present keys among `keys`, in the order given.
    func present<Key: SpecKeys>(_ keys: [Key]) -> [Key] { keys.filter(contains) }
}
