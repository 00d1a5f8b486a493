import Foundation

/// Reads the values at a few key paths of a JSON body without parsing the rest: members off the path are skipped
/// (strings and nesting followed, nothing built), so paging's facts cost a scan, not a second decode of the page.
///
/// Not a validator: a body the page decoded from is valid JSON; on one that is not, a path reads as `.unreadable`
/// or `.absent`. Objects and arrays at the end of a path are returned empty: paging only needs their kind.
struct JSONPathScanner {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value at each of `paths` in `body`.
    static func values(at paths: [[String]], in body: Data) -> [PageFacts.Value] {
        body.withUnsafeBytes { bytes in
            paths.map { path in
                var scanner = JSONPathScanner(bytes)
                return scanner.value(at: path[...])
            }
        }
    }

    private struct Unreadable: Error {}

    private mutating func value(at path: ArraySlice<String>) -> PageFacts.Value {
        do {
            skipWhitespace()
            guard let key = path.first else {
                let value = try parseValue()
                return value == .null ? .absent : .value(value)
            }
            switch try peek() {
            case UInt8(ascii: "{"): break
            case UInt8(ascii: "n"): return .absent
            default: return .unreadable
            }
            index += 1
            skipWhitespace()
            if try peek() == UInt8(ascii: "}") { return .absent }
            while true {
                skipWhitespace()
                let name = try parseString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                if name == key { return value(at: path.dropFirst()) }
                skipWhitespace()
                try skipValue()
                skipWhitespace()
                let byte = try peek()
                index += 1
                if byte == UInt8(ascii: "}") { return .absent }
                guard byte == UInt8(ascii: ",") else { return .unreadable }
            }
        } catch {
            return .unreadable
        }
    }

    private func peek() throws(Unreadable) -> UInt8 {
        guard index < bytes.count else { throw Unreadable() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Unreadable) {
        guard try peek() == byte else { throw Unreadable() }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Skips one value: a string, an object or array (to its matching end, strings followed), or a literal.
    private mutating func skipValue() throws(Unreadable) {
        switch try peek() {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                switch try peek() {
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
            } while depth > 0
        default:
            let start = index
            while index < bytes.count, !Self.endsLiteral(bytes[index]) { index += 1 }
            guard index > start else { throw Unreadable() }
        }
    }

    private static func endsLiteral(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }

    private mutating func skipString() throws(Unreadable) {
        try expect(UInt8(ascii: "\""))
        while true {
            let byte = try peek()
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }

    /// The value here: scalars read, objects and arrays skipped and returned empty.
    private mutating func parseValue() throws(Unreadable) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"):
            try skipValue()
            return .object([:])
        case UInt8(ascii: "["):
            try skipValue()
            return .array([])
        default:
            let start = index
            try skipValue()
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            switch text {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                if let number = Int64(text) { return .int(number) }
                guard text.first.map({ $0 == "-" || $0.isASCII && $0.isNumber }) == true, let number = Double(text)
                else { throw Unreadable() }
                return .double(number)
            }
        }
    }

    /// A string, its escapes decoded.
    private mutating func parseString() throws(Unreadable) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // The common case: no escape, the bytes are the text.
        while true {
            let byte = try peek()
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        var pendingHigh: UInt32?
        while true {
            let byte = try peek()
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            let escape = try peek()
            index += 1
            let scalar: UInt32
            switch escape {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let code = UInt32(
                        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self),
                        radix: 16)
                else { throw Unreadable() }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    pendingHigh = code
                    continue
                }
                if (0xDC00...0xDFFF).contains(code), let high = pendingHigh {
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                } else {
                    scalar = code
                }
            default: scalar = UInt32(escape)
            }
            pendingHigh = nil
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
