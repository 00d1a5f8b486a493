/// How Lucid reads description keys and JSON keys.
enum LucidKeys {
    /// A description key in the form Lucid compares it: its decoder converts snake_case to camelCase, so
    /// `entity_name` and `entityName` are the same key.
    static func form(_ key: String) -> String {
        let parts = key.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first, parts.count > 1 else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The JSON key Lucid's generated decoder reads for a key written in a description: its JSON decoder converts the
    /// body's snake_case keys to camelCase before matching (`convertFromSnakeCase`), so `posterPath` reads
    /// `poster_path`, and a snake_case key reads itself. Each step of a dotted path is converted.
    static func json(_ key: String) -> String {
        key.split(separator: ".", omittingEmptySubsequences: false).map { snakeCased(String($0)) }.joined(
            separator: ".")
    }

    /// `posterPath` → `poster_path`, `posterURL` → `poster_url`, `poster_path` unchanged.
    static func snakeCased(_ word: String) -> String {
        let characters = Array(word)
        var result = ""
        for (index, character) in characters.enumerated() {
            guard character.isUppercase else {
                result.append(character)
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                previous.map { $0.isLowercase || $0.isNumber } == true
                || (previous?.isUppercase == true && next?.isLowercase == true)
            if startsWord, result.last != "_" { result.append("_") }
            result += character.lowercased()
        }
        return result
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
