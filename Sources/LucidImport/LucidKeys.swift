/// How Lucid reads description keys and JSON keys.
enum LucidKeys {
    /// A description key in the form Lucid compares it: its decoder converts snake_case to camelCase, so
    /// `entity_name` and `entityName` are the same key.
    static func form(_ key: String) -> String {
        let parts = key.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first, parts.count > 1 else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The JSON key Lucid reads for an id-only relationship at `key`: `_id` / `_ids` after the last step, unless it
    /// already ends so (Lucid compares camelCased keys: `genre_ids` is `genreIds`, which ends in `Ids`).
    static func idKey(_ key: String, toMany: Bool) -> String {
        let last = key.split(separator: ".").last.map(String.init) ?? key
        let camel = form(last)
        if toMany ? camel.hasSuffix("Ids") : camel.hasSuffix("Id") { return key }
        return key + (toMany ? "_ids" : "_id")
    }
}
