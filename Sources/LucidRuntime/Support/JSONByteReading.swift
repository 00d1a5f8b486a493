import Foundation

/// Where a JSON scan found bytes it cannot read.
struct JSONUnreadable: Error {}

/// A forward reader of JSON bytes: the reads the runtime's scanners share (paging's values at a path, the long
/// numbers of a body). Not a validator: the body is one a payload decodes from, and a fault only stops the scan.
protocol JSONByteReading {
    var bytes: UnsafeRawBufferPointer { get }
    /// The position of the next byte to read.
    var index: Int { get set }
}

extension JSONByteReading {
    func peek() throws(JSONUnreadable) -> UInt8 {
        guard index < bytes.count else { throw JSONUnreadable() }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) throws(JSONUnreadable) {
        guard try peek() == byte else { throw JSONUnreadable() }
        index += 1
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Skips one value: a string, an object or array (to its matching end, strings followed), or a literal.
    mutating func skipValue() throws(JSONUnreadable) {
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
            guard index > start else { throw JSONUnreadable() }
        }
    }

    static func endsLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    mutating func skipString() throws(JSONUnreadable) {
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

    /// A string, its escapes decoded.
    mutating func parseString() throws(JSONUnreadable) -> String {
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
                else { throw JSONUnreadable() }
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
