/// A syntax error in a JSON file, at the offending character.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong (`expected ',' or '}' in an object`).
    package var message: String
    /// Where: the character that cannot stand there (the opening quote of a string that is never closed).
    package var position: JSONPosition
}

/// Reads JSON text strictly (RFC 8259) into `JSONNode`s that know where they are written.
///
/// Foundation's `JSONSerialization` says only that a file is not valid JSON; an example is hand-written, so its
/// reader says where and why. Strict means: UTF-8 only (a leading byte order mark is skipped, as `JSONDecoder`
/// skips it), no comments, trailing commas, single quotes, `NaN` or leading zeros, control characters escaped, and
/// `\u` escapes paired into valid scalars. Nesting is limited, so hostile input ends in an error, not a stack
/// overflow.
package struct JSONParser {
    /// Most nested objects and arrays allowed, as for YAML (`YAMLLimits`).
    package static let defaultMaxDepth = 256

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var offset = 0
    private var line: Int32 = 1
    private var column: Int32 = 1
    private var depth = 0

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The one JSON value `bytes` hold.
    ///
    /// - Throws: `JSONSyntaxError` at the first character that is not valid JSON there.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.document()
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }  // a byte order mark takes no column
        skipWhitespace()
        guard offset < bytes.count else {
            throw failure("the file is empty; an example holds the JSON body of a response")
        }
        let value = try value()
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected \(try found()) after the JSON value") }
        return value
    }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        switch peek ?? 0 {  // 0 (the end of the file, or a NUL) is no value
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return JSONNode(content: .string(try string()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(content: .number(try number()), position: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return JSONNode(content: try literal(), position: start)
        case UInt8(ascii: "'"):
            throw failure("expected a value, found '''; JSON strings are written in double quotes")
        default:
            throw failure("expected a value, found \(try found())")
        }
    }

    private mutating func literal() throws(JSONSyntaxError) -> JSONNode.Content {
        for (text, content) in [("true", JSONNode.Content.bool(true)), ("false", .bool(false)), ("null", .null)]
        where bytes[offset...].starts(with: text.utf8) {
            advanceASCII(text.utf8.count)
            return content
        }
        throw failure("expected a value, found \(try found())")
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        try enterCollection()
        advanceASCII(1)
        skipWhitespace()
        var members: [JSONObject.Member] = []
        if peek == UInt8(ascii: "}") {
            advanceASCII(1)
        } else {
            while true {
                let keyPosition = position
                guard peek == UInt8(ascii: "\"") else {
                    if !members.isEmpty, peek == UInt8(ascii: "}") {
                        throw failure("expected a key after ','; JSON allows no trailing comma")
                    }
                    throw failure("expected a key in double quotes, found \(try found())")
                }
                let key = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
                advanceASCII(1)
                skipWhitespace()
                members.append(JSONObject.Member(key: key, keyPosition: keyPosition, value: try value()))
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    advanceASCII(1)
                    break
                }
                guard peek == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
                advanceASCII(1)
                skipWhitespace()
            }
        }
        depth -= 1
        return JSONNode(content: .object(JSONObject(members)), position: start)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        try enterCollection()
        advanceASCII(1)
        skipWhitespace()
        var items: [JSONNode] = []
        if peek == UInt8(ascii: "]") {
            advanceASCII(1)
        } else {
            while true {
                if !items.isEmpty, peek == UInt8(ascii: "]") {
                    throw failure("expected a value, found ']'; JSON allows no trailing comma")
                }
                items.append(try value())
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    advanceASCII(1)
                    break
                }
                guard peek == UInt8(ascii: ",") else { throw failure("expected ',' or ']' in an array") }
                advanceASCII(1)
                skipWhitespace()
            }
        }
        depth -= 1
        return JSONNode(content: .array(items), position: start)
    }

    private mutating func enterCollection() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else { throw failure("nesting is deeper than \(maxDepth) levels") }
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as written.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = offset
        var end = offset
        func digits(from index: Int) -> Int {
            var index = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index
        }
        if bytes[end] == UInt8(ascii: "-") { end += 1 }
        guard end < bytes.count, isDigit(bytes[end]) else { throw invalidNumber(from: start) }
        // A leading zero stands alone: `01` is not a number (and not `0` followed by `1`).
        if bytes[end] == UInt8(ascii: "0") {
            end += 1
            if end < bytes.count, isDigit(bytes[end]) { throw invalidNumber(from: start) }
        } else {
            end = digits(from: end)
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            let fraction = digits(from: end + 1)
            guard fraction > end + 1 else { throw invalidNumber(from: start) }
            end = fraction
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            end += 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let exponent = digits(from: end)
            guard exponent > end else { throw invalidNumber(from: start) }
            end = exponent
        }
        advanceASCII(end - start)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `invalid number '01'`, showing the characters that could belong to the number.
    private func invalidNumber(from start: Int) -> JSONSyntaxError {
        var end = start
        while end < bytes.count, end - start < 40, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
        return failure("invalid number '\(String(decoding: bytes[start..<end], as: UTF8.self))'")
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: Strings

    /// A string's content, escapes resolved; the parser stands on the opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = position
        advanceASCII(1)
        var text: [UInt8] = []
        while true {
            // Copy runs of plain characters at once: examples are mostly strings.
            var end = offset
            while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\""),
                bytes[end] != UInt8(ascii: "\\")
            {
                end += 1
            }
            text.append(contentsOf: bytes[offset..<end])
            advanceASCII(end - offset)
            guard offset < bytes.count else {
                throw JSONSyntaxError(message: "the string is not closed", position: opening)
            }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                advanceASCII(1)
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text, opening: opening)
            case 0x80...:
                let length = try utf8Length()
                text.append(contentsOf: bytes[offset..<offset + length])
                offset += length
                column += 1
            default:
                let code = String(bytes[offset], radix: 16, uppercase: true)
                let hex = String(repeating: "0", count: 4 - code.count) + code
                throw failure("control character U+\(hex) in a string; write it escaped, as \\u\(hex)")
            }
        }
    }

    /// Appends the character an escape stands for; the parser stands on the backslash of the string that starts at
    /// `opening`.
    private mutating func escape(into text: inout [UInt8], opening: JSONPosition) throws(JSONSyntaxError) {
        let start = position
        guard offset + 1 < bytes.count else {
            throw JSONSyntaxError(message: "the string is not closed", position: opening)
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        let letter = bytes[offset + 1]
        if let byte = simple[letter] {
            text.append(byte)
            advanceASCII(2)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let shown = letter < 0x80 && letter >= 0x20 ? "'\\\(Character(Unicode.Scalar(letter)))'" : "here"
            throw failure(
                "invalid escape \(shown) in a string; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        var scalar = try hexEscape(at: offset, start: start)
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate needs a low one right after it: together they are one scalar beyond U+FFFF.
            guard bytes[(offset + 6)...].starts(with: "\\u".utf8),
                let low = try? hexEscape(at: offset + 6, start: start), (0xDC00...0xDFFF).contains(low)
            else { throw unpaired(scalar, at: start) }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            advanceASCII(6)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw unpaired(scalar, at: start)
        }
        advanceASCII(6)
        text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
    }

    /// The value of the four hex digits of the `\u` escape at `index`.
    private func hexEscape(at index: Int, start: JSONPosition) throws(JSONSyntaxError) -> UInt32 {
        guard index + 6 <= bytes.count else {
            throw JSONSyntaxError(message: "'\\u' takes four hex digits", position: start)
        }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw JSONSyntaxError(message: "'\\u' takes four hex digits", position: start)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func unpaired(_ surrogate: UInt32, at start: JSONPosition) -> JSONSyntaxError {
        let hex = String(surrogate, radix: 16, uppercase: true)
        return JSONSyntaxError(
            message: "'\\u\(hex)' is half of a surrogate pair; the other half must follow it", position: start)
    }

    // MARK: Characters

    /// How many bytes the UTF-8 sequence at the current offset takes (RFC 3629: no overlong forms, no
    /// surrogates, nothing beyond U+10FFFF).
    ///
    /// - Throws: `invalid UTF-8 (byte 0xXX)` naming the first byte that cannot stand there.
    private func utf8Length() throws(JSONSyntaxError) -> Int {
        let lead = bytes[offset]
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw invalidUTF8(lead)
        }
        for index in 1..<length {
            guard offset + index < bytes.count else { throw invalidUTF8(lead) }
            let byte = bytes[offset + index]
            guard (index == 1 ? secondRange : 0x80...0xBF).contains(byte) else { throw invalidUTF8(byte) }
        }
        return length
    }

    private func invalidUTF8(_ byte: UInt8) -> JSONSyntaxError {
        failure("invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))")
    }

    /// The character at the current offset for a message: `'}'`, `'tru'` for a word, `the end of the file`.
    private func found() throws(JSONSyntaxError) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x80 {
            let length = try utf8Length()
            return "'\(String(decoding: bytes[offset..<offset + length], as: UTF8.self))'"
        }
        var end = offset
        while end < bytes.count, end - offset < 20, bytes[end] < 0x80, Character(Unicode.Scalar(bytes[end])).isLetter {
            end += 1
        }
        return "'\(String(decoding: bytes[offset..<max(end, offset + 1)], as: UTF8.self))'"
    }

    // MARK: Position

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var position: JSONPosition { JSONPosition(line: line, column: column) }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position)
    }

    /// Steps over `count` bytes known to be ASCII and not line breaks.
    private mutating func advanceASCII(_ count: Int) {
        offset += count
        column += Int32(count)
    }

    /// Steps over spaces, tabs and line breaks (LF, CRLF or a lone CR, as libyaml counts lines).
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                offset += 1
                column += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                column = 1
            case UInt8(ascii: "\r"):
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
                line += 1
                column = 1
            default:
                return
            }
        }
    }
}
