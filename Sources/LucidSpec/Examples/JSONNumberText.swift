import Foundation

/// What a JSON number, as written, decodes as: exact decisions from the text, so a 30-digit integer is not mistaken
/// for one that fits because a `Double` rounds it.
enum JSONNumberText {
    /// Whether a number is an integer within 64 bits.
    enum IntegerFit: Equatable {
        case fits
        /// Not a whole number (`1.5`).
        case notIntegral
        /// Whole, but beyond `Int64` (`9223372036854775808`).
        case outOfRange
    }

    /// Whether `text` (a valid JSON number) is a whole number within `Int64`, as `JSONDecoder` reads `Int` and
    /// `Int64`: `1.0` and `1e2` are whole; a number in fraction or exponent form must also survive the `Double`
    /// that `JSONDecoder` reads it through.
    static func integerFit(_ text: String) -> IntegerFit {
        // Most integers are short and plain: 18 digits always fit.
        if text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: "-") })
        {
            return .fits
        }
        let parts = Parts(text)
        var digits = parts.digits.drop { $0 == UInt8(ascii: "0") }
        guard !digits.isEmpty else { return .fits }  // zero, however written
        var scale = parts.exponent - parts.fractionCount
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            scale += 1
        }
        guard scale >= 0 else { return .notIntegral }
        guard digits.count + scale <= 19 else { return .outOfRange }
        let magnitude = String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: scale)
        let limit = parts.isNegative ? "9223372036854775808" : "9223372036854775807"
        guard magnitude.count < 19 || magnitude <= limit else { return .outOfRange }
        guard parts.isPlainInteger || Double(text).flatMap({ Int64(exactly: $0) }) != nil else { return .outOfRange }
        return .fits
    }

    /// Whether `text` (a valid JSON number) decodes as a `double`, `float` or `decimal`: finite, and not so small
    /// that it would read as zero (`1e-400`, which `JSONDecoder` refuses); a decimal within `Decimal`'s exponents.
    static func fits(_ text: String, _ scalar: ScalarType) -> Bool {
        switch scalar {
        case .float:
            guard let value = Float(text), value.isFinite else { return false }
            return value != 0 || Parts(text).isZero
        case .decimal:
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) != nil
        // A duration is read as a `Double` in its unit.
        case .double, .seconds, .milliseconds:
            guard let value = Double(text), value.isFinite else { return false }
            return value != 0 || Parts(text).isZero
        // Not asked: their JSON is no floating-point number (integers have `integerFit`).
        case .string, .int, .int64, .bool, .date, .url, .uuid, .color, .data, .fileUpload: return false
        }
    }

    /// The pieces of a JSON number's text.
    private struct Parts {
        var isNegative = false
        /// The digits before and after the point, without the point.
        var digits: [UInt8] = []
        /// How many of `digits` are after the point.
        var fractionCount = 0
        /// The exponent, kept within ±100,000,000 (far beyond any 16 MiB number's digits, so comparisons hold).
        var exponent = 0
        /// No point and no exponent.
        var isPlainInteger = true

        init(_ text: String) {
            var bytes = text.utf8[...]
            if bytes.first == UInt8(ascii: "-") {
                isNegative = true
                bytes = bytes.dropFirst()
            }
            var inFraction = false
            while let byte = bytes.first {
                bytes = bytes.dropFirst()
                switch byte {
                case UInt8(ascii: "."):
                    inFraction = true
                    isPlainInteger = false
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    isPlainInteger = false
                    exponent = Self.exponent(bytes)
                    return
                default:
                    digits.append(byte)
                    if inFraction { fractionCount += 1 }
                }
            }
        }

        var isZero: Bool { digits.allSatisfy { $0 == UInt8(ascii: "0") } }

        private static func exponent(_ bytes: Substring.UTF8View.SubSequence) -> Int {
            var bytes = bytes
            var sign = 1
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                sign = first == UInt8(ascii: "-") ? -1 : 1
                bytes = bytes.dropFirst()
            }
            var value = 0
            for byte in bytes {
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 100_000_000)
            }
            return sign * value
        }
    }
}
