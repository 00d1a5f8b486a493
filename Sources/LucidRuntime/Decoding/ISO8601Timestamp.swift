import Foundation

/// ISO 8601 / RFC 3339 timestamps, read and written by this code rather than by Foundation's formatters.
///
/// Foundation's ISO 8601 parsers differ between platforms and versions (Apple's before Foundation 6.2 rejects a
/// timestamp without fractional seconds when fractions are enabled), and a server's dates must decode the same on
/// every device. Working on the UTF-8 bytes with integer arithmetic is also several times faster.
///
/// Accepted: `YYYY-MM-DD`, then `T`, `t` or one space, then `hh:mm:ss`, an optional fraction (`.` and one or more
/// digits; precision is kept to the nanosecond), then `Z`, `z` or an offset `±hh:mm`, `±hhmm` or `±hh`. Every
/// field is range-checked (February 29 only in leap years); a leap second (`:60`) is read as the first second
/// of the next minute, as POSIX time has no leap seconds. Nothing may precede or follow.
enum ISO8601Timestamp {
    /// The instant `text` denotes, or nil when it is not a timestamp of the accepted form.
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.timestamp()
        }
    }

    /// `date` in UTC as `YYYY-MM-DDThh:mm:ssZ`, with milliseconds (`.SSS`, rounded, not truncated) when
    /// `alwaysFractional` or when the date rounded to the millisecond is not a whole second. The output is the
    /// earlier Foundation-based writer's, byte for byte, from 1582-10-15 to 9999; before that Foundation switches
    /// to the Julian calendar while this stays proleptic Gregorian, like ISO 8601 and `date(from:)`.
    static func text(from date: Date, alwaysFractional: Bool) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        let fraction = Int(exactly: milliseconds - seconds * 1000) ?? 0
        let total = Int64(exactly: seconds) ?? 0
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = Int(total - days * 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
        text += padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
        text += padded(secondOfDay % 60, 2)
        if alwaysFractional || fraction != 0 { text += "." + padded(fraction, 3) }
        return text + "Z"
    }

    /// `value` in decimal with leading zeros up to `width` digits (a sign first when negative).
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}

/// Days since 1970-01-01 to and from a proleptic Gregorian date (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`): exact integer arithmetic, no `Calendar`, no time zone database.
enum CivilDate {
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func fromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}

/// Reads one timestamp from UTF-8 bytes, field by field; any deviation ends in nil.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func timestamp() -> Date? {
        guard let year = number(digits: 4), take(UInt8(ascii: "-")),
            let month = number(digits: 2), take(UInt8(ascii: "-")),
            let day = number(digits: 2), (1...12).contains(month),
            (1...CivilDate.daysInMonth(month, year: year)).contains(day),
            take(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")),
            let hour = number(digits: 2), take(UInt8(ascii: ":")),
            let minute = number(digits: 2), take(UInt8(ascii: ":")),
            let second = number(digits: 2), hour < 24, minute < 60, second <= 60,
            let nanoseconds = fraction(), let offset = zoneOffset(), index == bytes.count
        else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// Exactly `digits` ASCII digits as a number.
    mutating func number(digits: Int) -> Int? {
        guard bytes.count - index >= digits else { return nil }
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit(at: index) else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return value
    }

    /// An optional `.` and one or more digits, as nanoseconds (digits past the ninth are read and dropped).
    mutating func fraction() -> Int? {
        guard take(UInt8(ascii: ".")) else { return 0 }
        var nanoseconds = 0, count = 0
        while let digit = digit(at: index) {
            if count < 9 { nanoseconds = nanoseconds * 10 + digit }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 9) { nanoseconds *= 10 }
        return nanoseconds
    }

    /// `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`, as seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if take(UInt8(ascii: "Z"), UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) {
            sign = 1
        } else if take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2), hours < 24 else { return nil }
        var minutes = 0
        if index < bytes.count {
            _ = take(UInt8(ascii: ":"))
            guard let value = number(digits: 2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    func digit(at position: Int) -> Int? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
            return nil
        }
        return Int(bytes[position] - UInt8(ascii: "0"))
    }

    /// Steps over the next byte when it is one of the choices (fixed parameters: no array per call).
    mutating func take(_ first: UInt8, _ second: UInt8? = nil, _ third: UInt8? = nil) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        guard byte == first || byte == second || byte == third else { return false }
        index += 1
        return true
    }
}
