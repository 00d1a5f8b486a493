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
            return PatternFormatters.entry(for: pattern).date(from: text)
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

/// `DateFormatter`s for `.pattern` formats, created once per pattern. Each one sits behind its own
/// lock, since formatters are not safe to use from several threads at once.
private enum PatternFormatters {
    final class Entry: Sendable {
        private let formatter: LockedValue<DateFormatter>

        init(pattern: String) {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = .gmt
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            formatter.calendar = calendar
            formatter.isLenient = false
            formatter.dateFormat = pattern
            self.formatter = LockedValue(formatter)
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
