/// Reads a mapping whose keys are known in advance, reporting unknown keys with a did-you-mean.
struct MappingReader {
    let node: YAMLNode
    /// Whether an unknown key was reported, so follow-up errors ("has no 'properties'") can stay quiet.
    private(set) var reportedUnknownKeys = false
    private var values: [String: YAMLNode.Pair] = [:]

    /// Nil (after reporting) when `node` is not a mapping.
    /// - Parameter allowsExtensions: accept and ignore `x-` keys, which hold anchored fragments for `<<` merges.
    init?(_ node: YAMLNode, _ what: String, keys allowed: [String], context: DecodingContext, allowsExtensions: Bool = false) {
        guard let pairs = node.mapping else {
            context.expected("a mapping", for: what, found: node)
            return nil
        }
        self.node = node
        for pair in pairs {
            guard let key = context.string(pair.key, "a key of \(what)") else { continue }
            if allowsExtensions, key.hasPrefix("x-") { continue }
            guard allowed.contains(key) else {
                context.error("unknown key '\(key)' in \(what)", at: pair.key.location,
                              hint: Suggestions.hint(for: key, in: allowed))
                reportedUnknownKeys = true
                continue
            }
            values[key] = pair
        }
    }

    subscript(_ key: String) -> YAMLNode? { values[key]?.value }

    /// Where the key itself is written, for diagnostics about the entry as a whole.
    func keyLocation(_ key: String) -> SourceLocation? { values[key]?.key.location }

    func contains(_ key: String) -> Bool { values[key] != nil }

    /// Present keys among `keys`, in the order given.
    func present(_ keys: [String]) -> [String] { keys.filter { values[$0] != nil } }
}
