import LucidSpec

/// Names the `CodingKeys` cases of one type: one case per distinct top-level JSON key, named from the key,
/// made a valid Swift identifier, and unique.
struct CodingKeyNames {
    /// JSON key → case name, in first-use order.
    private(set) var cases: [(name: String, key: String)] = []
    private var byKey: [String: String] = [:]

    init(keys: [String], naming: SwiftNaming) {
        var used = Set<String>()
        for key in keys where byKey[key] == nil {
            var name = Self.identifier(for: key, naming: naming)
            var counter = 2
            while used.contains(name) {
                name = Self.identifier(for: key, naming: naming) + String(counter)
                counter += 1
            }
            used.insert(name)
            byKey[key] = name
            cases.append((name, key))
        }
    }

    /// The case for a JSON key (always present for keys given at init).
    subscript(key: String) -> String { byKey[key] ?? key }

    /// `release_date` → `releaseDate`, `If-None-Match` → `ifNoneMatch`, `4k` → `key4k`, `naïve` → `nave`;
    /// keywords in backticks.
    static func identifier(for key: String, naming: SwiftNaming) -> String {
        var name = naming.memberName(isSnakeCase(key) ? key : words(of: key).joined(separator: "_"))
        if name.isEmpty { name = "key" }
        if name.first?.isNumber == true { name = "key" + name }
        return SwiftNaming.escaped(name)
    }

    /// ASCII punctuation and spaces separate words; other characters are left out of the name.
    private static func words(of key: String) -> [String] {
        key.split { $0.isASCII && !($0.isLetter || $0.isNumber) }
            .map { String($0.filter(\.isASCII)) }
            .filter { !$0.isEmpty }
    }

    /// Whether `key` is ASCII letters and digits in words joined by single underscores — what nearly every JSON
    /// key is, and what `words(of:)` joined by `_` gives back unchanged — checked without `Character`s.
    private static func isSnakeCase(_ key: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: "_")
        for byte in key.utf8 {
            let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            guard isWordByte || (byte == UInt8(ascii: "_") && previous != UInt8(ascii: "_")) else { return false }
            previous = byte
        }
        return !key.isEmpty && previous != UInt8(ascii: "_")
    }

    /// `case releaseDate = "release_date"`, or just `case title` (and `` case `default` ``) when the names agree.
    var declarations: [String] {
        cases.map { name, key in
            name.unescaped == key ? "case \(name)" : "case \(name) = \(SwiftLiteral.string(key))"
        }
    }
}
