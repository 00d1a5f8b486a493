/// Reads JSON text into an `OpenAPIJSON` tree, keeping the order of object keys: the `example:` bodies of a
/// spec, which lint has already checked, become the examples of their responses. Whole numbers that fit 64 bits
/// are integers, other numbers doubles. Returns nil for text that is not JSON (nothing is exported then).
struct OpenAPIJSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// The value of `text`, or nil when it is not one JSON value (or nests deeper than 256 levels).
    static func parse(_ text: String) -> OpenAPIJSON? {
        var parser = OpenAPIJSONParser(bytes: Array(text.utf8))
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte order mark
    }

    private mutating func value() -> OpenAPIJSON? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}")) { $0.objectEntries() }
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]")) { $0.arrayItems() }
        case UInt8(ascii: "\""): return string().map(OpenAPIJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func container(
        close: UInt8, _ read: (inout OpenAPIJSONParser) -> OpenAPIJSON?
    ) -> OpenAPIJSON? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 256 else { return nil }
        index += 1
        return read(&self)
    }

    private mutating func objectEntries() -> OpenAPIJSON? {
        var pairs: [(String, OpenAPIJSON)] = []
        if consume(UInt8(ascii: "}")) { return .object(pairs) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(),
                consume(UInt8(ascii: ":")), let value = value()
            else { return nil }
            pairs.append((key, value))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? .object(pairs) : nil
    }

    private mutating func arrayItems() -> OpenAPIJSON? {
        var items: [OpenAPIJSON] = []
        if consume(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value() else { return nil }
            items.append(item)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// A string at `index` (which is its opening quote), escapes resolved.
    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw = []
            guard let escaped = escape() else { return nil }
            scalars.append(escaped)
        }
        return nil
    }

    /// The character of the escape after a backslash (`\n`, `\u00e9`, a surrogate pair).
    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "u"): return unicodeEscape()
        default: return Unicode.Scalar(byte)  // \" \\ \/
        }
    }

    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) }
        guard consume(UInt8(ascii: "\\"), skippingWhitespace: false),
            consume(UInt8(ascii: "u"), skippingWhitespace: false),
            let low = hex4(), (0xDC00..<0xE000).contains(low)
        else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        return value
    }

    private mutating func number() -> OpenAPIJSON? {
        let start = index
        let numberBytes = Set("+-0123456789.eE".utf8)
        while index < bytes.count, numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int64(text) { return .int(integer) }
        return Double(text).map(OpenAPIJSON.double)
    }

    private mutating func literal(_ word: String, _ value: OpenAPIJSON) -> OpenAPIJSON? {
        let word = Array(word.utf8)
        guard bytes[index...].starts(with: word) else { return nil }
        index += word.count
        return value
    }

    private mutating func consume(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
        if skippingWhitespace { skipWhitespace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
}
