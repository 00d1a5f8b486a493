import Foundation
import LucidSupport

extension ExampleChecker {
    /// What a date in `format` should have been, or nil when `value` is one: a number for the epoch formats (read as a
    /// `Double`), an ISO 8601 timestamp as LucidRuntime reads it, or text a pattern's formatter reads.
    func dateProblem(_ value: JSONNode, _ format: DateFormat) -> String? {
        switch format {
        case .epochSeconds, .epochMilliseconds:
            guard case .number(let text) = value.content, JSONNumberText.fits(text, .double) else {
                return "a number (a date in format '\(format)')"
            }
            return nil
        case .iso8601, .iso8601Fractional:
            guard case .string(let text) = value.content, ISO8601Syntax.isTimestamp(text) else {
                return "a date in format '\(format)' (such as \"2024-05-01T12:00:00Z\")"
            }
            return nil
        case .pattern(let pattern):
            guard case .string(let text) = value.content, types.formatter(for: pattern).date(from: text) != nil,
                DatePatternSeparators.match(text, pattern: pattern)
            else { return "a date in format '\(format)'" }
            return nil
        }
    }
}

extension ExampleTypes {
    /// The formatter LucidRuntime reads `pattern` dates with (`makeFormatter(_:)`), made once per pattern.
    func formatter(for pattern: String) -> DateFormatter {
        if let formatter = patternFormatters[pattern] { return formatter }
        let formatter = Self.makeFormatter(pattern)
        patternFormatters[pattern] = formatter
        return formatter
    }

    /// A formatter set up as LucidRuntime's `PatternFormatters.make` sets up the one it reads `pattern` dates with:
    /// the POSIX locale, UTC, the Gregorian calendar, not lenient. A copy, because LucidSpec does not depend on the
    /// runtime; `DateFormatterParityTests` fails when the two differ.
    static func makeFormatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        formatter.calendar = calendar
        formatter.isLenient = false
        formatter.dateFormat = pattern
        return formatter
    }
}

/// The separators of a date pattern, which an example must use as written.
///
/// `DateFormatter` (ICU) reads punctuation and spaces loosely even when not lenient: `yyyy-MM-dd` reads
/// `2020/01/01` and `2020 01 01`. The runtime would decode those, but an example is what the server sends, and a
/// server that writes `2020/01/01` has a different format; so the checker also asks that the text's characters other
/// than letters and digits be the pattern's, in order.
enum DatePatternSeparators {
    /// Fields whose text may hold punctuation or spaces of its own (time zones, day periods, eras, cyclic years):
    /// with one of them the formatter alone decides.
    private static let freeFormFields = Set("ZXxOzvVbBGU")

    /// Whether `text` has the separators `pattern` writes (always true for a pattern with a free-form field).
    static func match(_ text: String, pattern: String) -> Bool {
        var expected: [Character] = []
        var quoted = false
        var previousWasQuote = false
        for character in pattern {
            if character == "'" {
                // `''` is a quote character, inside or outside a quoted literal.
                if previousWasQuote { expected.append("'") }
                quoted.toggle()
                previousWasQuote = !previousWasQuote
                continue
            }
            previousWasQuote = false
            if !quoted, character.isASCII, character.isLetter {
                if freeFormFields.contains(character) { return true }
                continue
            }
            if !character.isLetter, !character.isNumber { expected.append(character) }
        }
        return text.filter { !$0.isLetter && !$0.isNumber } == String(expected)
    }
}

/// The ISO 8601 (RFC 3339) timestamps LucidRuntime's `ISO8601Timestamp` reads, for both ISO formats: `YYYY-MM-DD`,
/// then `T`, `t` or one space, then `hh:mm:ss`, an optional fraction (`.` and one or more digits), then `Z`, `z` or an
/// offset `±hh:mm`, `±hhmm` or `±hh`, with nothing before or after. Fields are range-checked (February 29 only in
/// leap years; a leap second `:60` is accepted). The runtime keeps its own parser rather than Foundation's, whose
/// versions disagree, so this one follows the runtime's rules, not a formatter's.
enum ISO8601Syntax {
    /// Whether `text` is a timestamp the runtime reads.
    static func isTimestamp(_ text: String) -> Bool {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.timestamp()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func timestamp() -> Bool {
            guard let year = number(digits: 4), take("-"), let month = number(digits: 2), take("-"),
                let day = number(digits: 2), (1...12).contains(month), (1...days(in: month, of: year)).contains(day),
                take("T", "t", " "), let hour = number(digits: 2), take(":"), let minute = number(digits: 2),
                take(":"), let second = number(digits: 2), hour < 24, minute < 60, second <= 60,
                fraction(), zone(), index == bytes.count
            else { return false }
            return true
        }

        /// An optional `.` and one or more digits.
        mutating func fraction() -> Bool {
            guard take(".") else { return true }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index > start
        }

        /// `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`.
        mutating func zone() -> Bool {
            if take("Z", "z") { return true }
            guard take("+", "-"), let hours = number(digits: 2), hours < 24 else { return false }
            guard index < bytes.count else { return true }
            _ = take(":")
            guard let minutes = number(digits: 2), minutes < 60 else { return false }
            return true
        }

        /// Exactly `digits` ASCII digits as a number.
        mutating func number(digits: Int) -> Int? {
            guard bytes.count - index >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                guard isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }

        /// Steps over the next byte when it is one of `choices`.
        mutating func take(_ choices: Unicode.Scalar...) -> Bool {
            guard index < bytes.count, choices.contains(where: { UInt8($0.value) == bytes[index] }) else {
                return false
            }
            index += 1
            return true
        }

        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        func days(in month: Int, of year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }
    }
}
