import Foundation

/// Reads the values at a few key paths of a JSON body without parsing the rest: members off the path are skipped
/// (strings and nesting followed, nothing built), so paging's facts cost a scan, not a second decode of the page.
///
/// Not a validator: a body the page decoded from is valid JSON; on one that is not, a path reads as `.unreadable`
/// or `.absent`. Objects and arrays at the end of a path are returned empty: paging only needs their kind.
struct JSONPathScanner: JSONByteReading {
    let bytes: UnsafeRawBufferPointer
    var index = 0

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

    /// The value here: scalars read, objects and arrays skipped and returned empty.
    private mutating func parseValue() throws(JSONUnreadable) -> JSONValue {
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
                else { throw JSONUnreadable() }
                return .double(number)
            }
        }
    }
}
