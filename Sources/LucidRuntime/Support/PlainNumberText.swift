import Foundation

/// Numbers as text in plain decimal notation, for URLs and form bodies: `0.00001`, never `1e-05`.
///
/// Servers parse numbers in query items and form fields with whatever their framework uses, and many integer or
/// decimal parsers (Rails' `BigDecimal`, Go's `strconv.Atoi`, SQL casts) reject exponent notation, so the text
/// never has one. It is derived from Swift's own `description` — the shortest digits that round-trip, from the
/// standard library and so the same on every platform — rather than from a `NumberFormatter`, whose output
/// differs between Foundation versions and locales.
enum PlainNumberText {
    /// `value` in plain notation with the shortest digits that read back as the same `Double`: `0.1`, `-0.5`,
    /// `123456789012345680000`. Whole values have no fraction (`3`, not `3.0`), both zeros are `0`, and the
    /// non-finite values are `NaN`, `Infinity` and `-Infinity`, which JavaScript, Java, Python, Go, .NET and
    /// Swift all parse.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return plain(value.description)
    }

    /// `value` like `text(_: Double)`, with the shortest digits that read back as the same `Float`: `Float(0.1)`
    /// is `0.1`, not the `0.10000000149011612` of the `Double` it widens to.
    static func text(_ value: Float) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return plain(value.description)
    }

    /// `value` with all its digits in plain notation (`Decimal`'s description does not use exponents today, but
    /// nothing promises it), and `NaN` when it is not a number.
    static func text(_ value: Decimal) -> String {
        value.isNaN ? "NaN" : plain(value.description)
    }

    /// Decimal number text (`-1.25e-05`, `3.0`, `42`) rewritten without an exponent, leading zeros or trailing
    /// fractional zeros; text that is not such a number is returned as it is.
    static func plain(_ text: String) -> String {
        guard let number = DecimalDigits(text) else { return text }
        return number.plainText
    }
}

/// A decimal number as its significant digits and the position of the decimal point among them.
private struct DecimalDigits {
    var negative: Bool
    /// The digits without leading or trailing zeros; empty for zero.
    var digits: [Character]
    /// How many of `digits` come before the decimal point (negative or beyond the end: zeros are implied).
    var point: Int

    init?(_ text: String) {
        var rest = Substring(text)
        negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        var exponent = 0
        if mantissa.endIndex < rest.endIndex {
            guard let value = Int(rest[rest.index(after: mantissa.endIndex)...]) else { return nil }
            exponent = value
        }
        let whole = mantissa.prefix { $0 != "." }
        let fraction = mantissa.dropFirst(whole.count + (whole.count < mantissa.count ? 1 : 0))
        guard !(whole.isEmpty && fraction.isEmpty), (whole + fraction).allSatisfy(\.isASCIIDigit) else { return nil }
        var digits = Array(whole + fraction)
        point = whole.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        self.digits = digits
    }

    /// `0.000123`, `123000`, `12.3`; zero without a sign.
    var plainText: String {
        guard !digits.isEmpty else { return "0" }
        let sign = negative ? "-" : ""
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + String(digits) }
        if point >= digits.count { return sign + String(digits) + String(repeating: "0", count: point - digits.count) }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
