import Foundation

/// YAML 1.2 core-schema resolution of scalars: only plain, untagged scalars are resolved; quoted and block
/// scalars are always strings; an explicit `!!type` tag forces that type.
enum ScalarResolution {
    static let tagPrefix = "tag:yaml.org,2002:"

    /// The value of a scalar given its text, style and explicit tag (nil when none).
    /// Returns nil when a `!!int`/`!!float`/`!!bool`/`!!null` tag does not fit the text.
    static func resolve(_ text: String, style: YAMLScalar.Style, tag: String?) -> YAMLValue? {
        guard let tag else {
            return style == .plain ? resolvePlain(text) : .string(text)
        }
        switch tag {
        case tagPrefix + "str", "!": return .string(text)
        case tagPrefix + "null": return resolvePlain(text) == .null ? .null : nil
        case tagPrefix + "bool":
            if case .bool(let value) = resolvePlain(text) { return .bool(value) }
            return nil
        case tagPrefix + "int":
            if case .int(let value) = resolvePlain(text) { return .int(value) }
            return nil
        case tagPrefix + "float":
            switch resolvePlain(text) {
            case .float(let value): return .float(value)
            case .int(let value): return .float(Double(value))
            default: return nil
            }
        default:
            // Unknown local or global tags keep the text; the spec decoder does not use them.
            return style == .plain ? resolvePlain(text) : .string(text)
        }
    }

    /// Core-schema resolution of a plain scalar.
    static func resolvePlain(_ text: String) -> YAMLValue {
        guard let first = text.utf8.first else { return .null }
        let mayBeNumber =
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || isDigit(first)
        // Most plain scalars of a spec are names (`title`, `string`, `movie_id`): no special word is longer than
        // five bytes, none starts with another letter than n, t or f, and no number starts with a letter, so
        // those are strings without comparing them to every word.
        if text.utf8.count > 5 || !(mayBeNumber || startsWord(first)) {
            return mayBeNumber ? resolveNumber(text) : .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        return mayBeNumber ? resolveNumber(text) : .string(text)
    }

    /// Whether `byte` starts a special word that is no number: `~`, `null`, `true` or `false` (in their cases).
    private static func startsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// An integer or a float, else the string: `text` starts with a sign, a point or a digit.
    private static func resolveNumber(_ text: String) -> YAMLValue {
        let bytes = Array(text.utf8)
        if let value = resolveInteger(bytes, text) { return value }
        if isFloat(bytes), let value = Double(normalizedFloat(text)) { return .float(value) }
        return .string(text)
    }

    private static func resolveInteger(_ bytes: [UInt8], _ text: String) -> YAMLValue? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if bytes[1] == UInt8(ascii: "o"), bytes[2...].allSatisfy({ $0 >= 48 && $0 <= 55 }) {
                return Int64(digits, radix: 8).map(YAMLValue.int)
                    ?? Double(octalOrHex: digits, radix: 8).map(YAMLValue.float)
            }
            if bytes[1] == UInt8(ascii: "x"), bytes[2...].allSatisfy(isHexDigit) {
                return Int64(digits, radix: 16).map(YAMLValue.int)
                    ?? Double(octalOrHex: digits, radix: 16).map(YAMLValue.float)
            }
        }
        let unsigned =
            bytes.first.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } == true
            ? bytes.dropFirst() : bytes[...]
        guard !unsigned.isEmpty, unsigned.allSatisfy(isDigit) else { return nil }
        if let value = Int64(text) { return .int(value) }
        return Double(text).map(YAMLValue.float)  // too large for Int64: keep its magnitude
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let whole = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0, whole == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }

    /// Swift's `Double(_:)` wants a digit on both sides of the point: `1.` → `1.0`, `.5` → `0.5`.
    private static func normalizedFloat(_ text: String) -> String {
        var result = text.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
        if result.hasSuffix(".") { result += "0" }
        if result.hasPrefix(".") { result = "0" + result }
        if result.hasPrefix("-.") || result.hasPrefix("+.") {
            result.insert("0", at: result.index(after: result.startIndex))
        }
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102)
    }
}

private extension Double {
    /// The value of an octal or hexadecimal literal too large for Int64.
    init?(octalOrHex digits: String, radix: Int) {
        var value = 0.0
        for character in digits {
            guard let digit = character.hexDigitValue, digit < radix else { return nil }
            value = value * Double(radix) + Double(digit)
        }
        self = value
    }
}
