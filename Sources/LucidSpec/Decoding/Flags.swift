/// Boolean options of a mapping, each reported once when it is not a boolean.
struct Flags {
    let reader: MappingReader
    let context: DecodingContext
    let what: String

    /// The boolean at `key`; `defaultValue` when it is absent or not a boolean (reported).
    subscript<Key: SpecKeys>(_ key: Key, default defaultValue: Bool = false) -> Bool {
        guard let node = reader[key] else { return defaultValue }
        return context.bool(node, "'\(key.rawValue)' of \(what)") ?? defaultValue
    }
}
