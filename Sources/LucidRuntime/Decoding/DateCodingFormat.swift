import Foundation

/// How a date is written in a payload.
public enum DateCodingFormat: Sendable, Hashable, CustomStringConvertible {
    /// An ISO 8601 (RFC 3339) string such as `2024-05-01T12:30:00Z`, written in UTC with milliseconds only when
    /// the date has a sub-second part. Decoding accepts, the same on every platform, `YYYY-MM-DD`, then `T`, `t`
    /// or one space, then `hh:mm:ss`, an optional fraction of any length (`.` and at least one digit, kept to the
    /// nanosecond), then `Z`, `z` or an offset `±hh:mm`, `±hhmm` or `±hh`, with nothing before or after. Fields are
    /// range-checked (February 29 only in leap years); a leap second (`:60`) reads as the next minute's first.
    case iso8601
    /// An ISO 8601 string written with milliseconds, such as `2024-05-01T12:30:00.250Z`. Decoding accepts what
    /// `.iso8601` accepts, strings without fractional seconds included.
    case iso8601Fractional
    /// A JSON number of seconds since 1970 (may be fractional).
    case epochSeconds
    /// A JSON number of milliseconds since 1970 (may be fractional).
    case epochMilliseconds
    /// A string in the given Unicode date pattern, such as `yyyy-MM-dd`, read and written with
    /// the `en_US_POSIX` locale in UTC.
    case pattern(String)

    /// The format's name, as used in error messages.
    public var description: String {
        switch self {
        case .iso8601: "ISO 8601"
        case .iso8601Fractional: "ISO 8601 with fractional seconds"
        case .epochSeconds: "epoch seconds"
        case .epochMilliseconds: "epoch milliseconds"
        case .pattern(let pattern): "pattern '\(pattern)'"
        }
    }

    /// Whether the format is a JSON number rather than a string.
    var isNumeric: Bool {
        switch self {
        case .epochSeconds, .epochMilliseconds: true
        case .iso8601, .iso8601Fractional, .pattern: false
        }
    }

    /// The date denoted by a JSON number in a numeric format.
    func date(fromNumber number: Double) -> Date {
        switch self {
        case .epochMilliseconds: Date(timeIntervalSince1970: number / 1000)
        default: Date(timeIntervalSince1970: number)
        }
    }

    /// The JSON number for `date` in a numeric format: an integer when whole (to the microsecond).
    func number(from date: Date) -> JSONNumber {
        let value = self == .epochMilliseconds ? date.timeIntervalSince1970 * 1000 : date.timeIntervalSince1970
        let scale = self == .epochMilliseconds ? 1e3 : 1e6
        return JSONNumber((value * scale).rounded() / scale)
    }

    /// The date denoted by `text` in a string format, or `nil` when it does not match.
    func date(fromText text: String) -> Date? {
        switch self {
        case .iso8601, .iso8601Fractional:
            return ISO8601Timestamp.date(from: text)
        case .pattern(let pattern):
            return FixedWidthPattern.date(from: text, pattern: pattern)
                ?? PatternFormatters.entry(for: pattern).date(from: text)
        case .epochSeconds, .epochMilliseconds:
            return Double(text).map(date(fromNumber:))
        }
    }

    /// The text for `date` in a string format.
    func text(from date: Date) -> String {
        switch self {
        case .iso8601, .iso8601Fractional:
            return ISO8601Timestamp.text(from: date, alwaysFractional: self == .iso8601Fractional)
        case .pattern(let pattern):
            return PatternFormatters.entry(for: pattern).string(from: date)
        case .epochSeconds, .epochMilliseconds:
            return String(describing: number(from: date))
        }
    }

    /// The message of the error thrown when `text` does not match the format.
    func mismatchMessage(_ text: String) -> String {
        "Expected a date in format \(self), but found \"\(text)\"."
    }
}

/// A JSON number written as an integer when it is whole, so `1700000000` stays `1700000000`; as text (a parameter)
/// in plain decimal notation, never with an exponent.
struct JSONNumber: Encodable, CustomStringConvertible {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    var description: String {
        Int64(exactly: value).map(String.init) ?? PlainNumberText.text(value)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = Int64(exactly: value) {
            try container.encode(integer)
        } else {
            try container.encode(value)
        }
    }
}

/// Reads the dates of the most common `.pattern` formats without a `DateFormatter`, which takes microseconds a date
/// (on Linux it copies an ICU formatter for every parse): patterns made only of the fields `yyyy`, `MM`, `dd`, `HH`,
/// `mm` and `ss` (a date, and at most a time of day), ASCII punctuation and quoted ASCII text, such as `yyyy-MM-dd`,
/// `yyyy-MM-dd'T'HH:mm:ss` or `dd/MM/yyyy HH:mm`.
///
/// It accepts only what such a formatter accepts and gives the same date: ASCII digits exactly as wide as their field,
/// every other character exactly as written, each value in its range (February 29 only in leap years) and years 1583
/// to 9999 (before 1583 the Gregorian calendar of `Calendar` follows the Julian one). Anything else, other patterns
/// included, is nil, and is left to the formatter: a text it reads differently or not at all is still decided there.
enum FixedWidthPattern {
    /// The date `text` denotes in `pattern` (UTC), or nil when the fast reading does not apply.
    static func date(from text: String, pattern: String) -> Date? {
        let fields = pattern.utf8.withContiguousStorageIfAvailable { pattern in
            text.utf8.withContiguousStorageIfAvailable { text in read(text, pattern) } ?? nil
        }
        guard let fields = fields ?? nil else { return nil }
        return fields.date
    }

    /// The values of a date and time of day; -1 until read.
    struct Fields {
        var year = -1, month = -1, day = -1, hour = -1, minute = -1, second = -1

        /// The date, or nil when a value is missing or out of range.
        var date: Date? {
            guard (1583...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysInMonth,
                hour < 24, minute < 60, second < 60
            else { return nil }
            let seconds = max(hour, 0) * 3600 + max(minute, 0) * 60 + max(second, 0)
            return Date(timeIntervalSince1970: Double(Self.daysSince1970(year, month, day) * 86_400 + seconds))
        }

        private var daysInMonth: Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
        static func daysSince1970(_ year: Int, _ month: Int, _ day: Int) -> Int {
            let year = month <= 2 ? year - 1 : year
            let era = year / 400
            let yearOfEra = year - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }

    /// Reads `text` along `pattern`; nil as soon as either leaves what this reader handles.
    private static func read(_ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Fields? {
        var fields = Fields()
        var position = 0  // in text
        var index = 0  // in pattern
        while index < pattern.count {
            let character = pattern[index]
            switch character {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                var width = 1
                while index + width < pattern.count, pattern[index + width] == character { width += 1 }
                guard position + width <= text.count else { return nil }
                var value = 0
                for offset in position..<position + width {
                    let digit = text[offset] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                switch (character, width) {
                case (UInt8(ascii: "y"), 4) where fields.year < 0: fields.year = value
                case (UInt8(ascii: "M"), 2) where fields.month < 0: fields.month = value
                case (UInt8(ascii: "d"), 2) where fields.day < 0: fields.day = value
                case (UInt8(ascii: "H"), 2) where fields.hour < 0: fields.hour = value
                case (UInt8(ascii: "m"), 2) where fields.minute < 0: fields.minute = value
                case (UInt8(ascii: "s"), 2) where fields.second < 0: fields.second = value
                default: return nil
                }
                index += width
                position += width
            case UInt8(ascii: "'"):
                // Quoted text, matched as is; '' (a quote) is left to the formatter.
                var end = index + 1
                while end < pattern.count, pattern[end] != UInt8(ascii: "'") { end += 1 }
                guard end < pattern.count, end > index + 1 else { return nil }
                for literal in pattern[(index + 1)..<end] {
                    guard literal < 0x80, position < text.count, text[position] == literal else { return nil }
                    position += 1
                }
                index = end + 1
            case 0x20..<0x7F:
                guard position < text.count, text[position] == character else { return nil }
                index += 1
                position += 1
            default:
                return nil
            }
        }
        return position == text.count ? fields : nil
    }
}

/// `DateFormatter`s for `.pattern` formats, created once per pattern. Each one sits behind its own
/// lock, since formatters are not safe to use from several threads at once.
enum PatternFormatters {
    /// A formatter that reads and writes `pattern` exactly: POSIX locale, GMT, Gregorian calendar, not lenient.
    /// lucid-gen's example checker sets up its own the same way (`ExampleTypes.makeFormatter` in LucidSpec, which
    /// does not depend on the runtime); `DateFormatterParityTests` fails when the two differ.
    static func make(_ pattern: String) -> DateFormatter {
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

    final class Entry: Sendable {
        private let formatter: LockedValue<DateFormatter>

        init(pattern: String) {
            formatter = LockedValue(PatternFormatters.make(pattern))
        }

        func date(from text: String) -> Date? {
            formatter.withLock { $0.date(from: text) }
        }

        func string(from date: Date) -> String {
            formatter.withLock { $0.string(from: date) }
        }
    }

    private static let cache = LockedValue<[String: Entry]>([:])

    static func entry(for pattern: String) -> Entry {
        cache.withLock { cache in
            if let entry = cache[pattern] { return entry }
            let entry = Entry(pattern: pattern)
            cache[pattern] = entry
            return entry
        }
    }
}
