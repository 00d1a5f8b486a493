/// RFC 3986's character rules for URLs in a spec (base URLs, `url` defaults).
///
/// Foundation does not agree with itself here: `URL(string:)` on Linux and on Apple's Foundation from iOS 17 /
/// macOS 14 percent-encodes a space or a non-ASCII letter, while iOS 16 / macOS 13 return nil for the same text.
/// A spec that lints on one would then fail on the other (and its generated URL literal on an older device), so
/// lucid-gen checks the characters itself, the same everywhere.
enum URLSyntax {
    /// The first character of `text` that a URL may not hold as it is (it must be percent-encoded), or nil when
    /// every character is allowed and every `%` starts a `%XX` escape.
    static func firstInvalidCharacter(in text: String) -> Character? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return "%"
                }
                index += 3
                continue
            }
            guard byte < 0x80, allowed.contains(byte) else {
                return character(at: index, in: text)
            }
            index += 1
        }
        return nil
    }

    /// Unreserved characters, general and sub-delimiters (RFC 3986, sections 2.2 and 2.3).
    private static let allowed = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8))

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// The character that starts at UTF-8 offset `offset` of `text`.
    private static func character(at offset: Int, in text: String) -> Character? {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return text[index...].first
    }
}

extension URLSyntax {
    /// `' '` as `a space`, other characters quoted.
    static func describe(_ character: Character) -> String {
        character == " " ? "a space" : "'\(character)'"
    }

    /// How to write `character` instead: its percent-encoding (`%20`, `%C3%A9`), or `%25` for a stray `%`.
    static func encodingHint(_ character: Character) -> String {
        let encoded = String(character).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        if character == "%" { return "write \(encoded) instead (a '%' starts a two-digit escape such as %20)" }
        return "write \(encoded) instead" + (character.isASCII ? "" : " (in a host name, its punycode form)")
    }

    /// Whether `text` is an HTTP token (RFC 9110 §5.6.2), the syntax of a header name: one or more letters, digits
    /// and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }
}
