import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// LucidRuntime's own ISO 8601 reader and writer: every accepted form, exact instants, every kind of bad input,
/// and agreement with this machine's Foundation where both are defined.
struct ISO8601TimestampTests {
    /// 2024-01-02T03:04:05Z.
    static let moment: TimeInterval = 1_704_164_645

    @Test(arguments: [
        ("2024-01-02T03:04:05Z", 0.0),
        ("2024-01-02T03:04:05z", 0),
        ("2024-01-02t03:04:05Z", 0),
        ("2024-01-02 03:04:05Z", 0),
        ("2024-01-02T03:04:05.1Z", 0.1),
        ("2024-01-02T03:04:05.12Z", 0.12),
        ("2024-01-02T03:04:05.123Z", 0.123),
        ("2024-01-02T03:04:05.123456Z", 0.123456),
        ("2024-01-02T03:04:05.123456789Z", 0.123456789),
        ("2024-01-02T03:04:05.123456789999Z", 0.123456789),
        ("2024-01-02T03:04:05.000Z", 0),
        ("2024-01-02T05:04:05+02:00", 0),
        ("2024-01-02T05:04:05+0200", 0),
        ("2024-01-02T05:04:05+02", 0),
        ("2024-01-02T01:34:05-01:30", 0),
        ("2024-01-02T01:34:05.5-0130", 0.5),
        ("2024-01-02T03:04:05+00:00", 0),
        ("2024-01-02T03:04:05-00:00", 0),
        ("2024-01-01T23:04:05-04:00", 0),
        ("2024-01-02T03:04:60Z", 55),
        ("2024-01-02T03:04:05.5+00", 0.5),
        ("2024-01-03T03:03:05+23:59", 0),
        ("2024-01-01T03:05:05-23:59", 0),
    ])
    func acceptsEveryForm(text: String, offset: TimeInterval) throws {
        for format in [DateCodingFormat.iso8601, .iso8601Fractional] {
            let date = try #require(format.date(fromText: text), "\(format) rejected \(text)")
            #expect(abs(date.timeIntervalSince1970 - (Self.moment + offset)) < 1e-7, "\(text) as \(format)")
        }
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59Z", -1),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
        ("2023-12-31T23:59:59Z", 1_704_067_199),
        ("2024-12-31T23:00:00-01:00", 1_735_689_600),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
        ("1900-03-01T00:00:00Z", -2_203_891_200),
        ("2025-01-01T01:30:00+02:00", 1_735_687_800),
        ("2024-02-28T23:00:00-02:00", 1_709_168_400),
        ("2024-03-01T00:30:00+01:00", 1_709_249_400),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("2016-12-31T15:59:60-08:00", 1_483_228_800),
    ])
    func instantsAreExact(text: String, seconds: TimeInterval) throws {
        let date = try #require(ISO8601Timestamp.date(from: text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "", "2024-01-02", "2024-01-02T03:04:05", "2024-01-02T03:04Z", "20240102T030405Z", "2024-01-02T03:04:05Z ",
        " 2024-01-02T03:04:05Z", "2024-01-02T03:04:05ZZ", "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05,5Z",
        "2024-1-02T03:04:05Z", "24-01-02T03:04:05Z", "+2024-01-02T03:04:05Z", "12024-01-02T03:04:05Z",
        "2024-00-02T03:04:05Z", "2024-13-02T03:04:05Z", "2024-01-00T03:04:05Z", "2024-01-32T03:04:05Z",
        "2024-04-31T03:04:05Z", "2023-02-29T03:04:05Z", "1900-02-29T03:04:05Z", "2024-01-02T24:00:00Z",
        "2024-01-02T03:60:05Z", "2024-01-02T03:04:61Z", "2024-01-02T03:04:05+24:00", "2024-01-02T03:04:05+02:60",
        "2024-01-02T03:04:05+2:00", "2024-01-02T03:04:05+02:0", "2024-01-02T03:04:05+02:", "2024-01-02T03:04:05+",
        "2024-01-02T03:04:05UTC", "2024-01-02T03:04:05GMT+2", "2024-01-02X03:04:05Z", "2024-01-02T03-04-05Z",
        "２０２４-01-02T03:04:05Z", "2024-01-02T03:04:0５Z", "2024-01-02T03:04:05.１Z", "yesterday",
        "2024-01-02T03:04:05Z\u{0}", "2024-01-02T03:04:05+02:00:00", "2024-01-02  03:04:05Z",
        "2024-01-02T03:04:05.5", "2024-01-02T03:04:05\u{2212}02:00", "2024-01-02T03:04:05+02:00 ",
        "2024-01-02\t03:04:05Z", "2024-01-02T03:04:05 Z", "2024-01-02T03:04:05.12a4Z", "2024-01-02T03:04:05..5Z",
        "2024-01-02T03:04:05+0", "2024-01-02T03:04:05+020", "2024-01-02T03:04:05+02:000", "2024-01-02T03:04",
        "2024-01-02T", "2024-01-02T03:04:05\u{FF3A}", "2024-01-02T03:04:05.123\u{FF3A}", "-2024-01-02T03:04:05Z",
        "2024-02-30T03:04:05Z", "2024-06-31T03:04:05Z", "2024-09-31T03:04:05Z", "2024-11-31T03:04:05Z",
        "2100-02-29T03:04:05Z", "2024-01-02T3:04:05Z", "2024-01-02T03:4:05Z", "2024-01-02T03:04:5Z",
    ])
    func rejectsWhatIsNotATimestamp(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == nil, "accepted \(text.debugDescription)")
        #expect(DateCodingFormat.iso8601Fractional.date(fromText: text) == nil)
    }

    /// Fractions of 1 to 12 digits give exactly the date `Double(seconds) + 0.fraction` gives (digits past the
    /// ninth dropped), on either side of 1970 and far from it.
    @Test(arguments: 1...12)
    func fractionsOfEveryLengthAreExact(digits: Int) throws {
        let wholes: [(String, TimeInterval)] = [
            ("1970-01-01T00:00:00", 0), ("1969-12-31T23:59:59", -1), ("2024-01-02T03:04:05", Self.moment),
        ]
        let patterns = ["123456789012", "987654321098", "000000001999", "999999999999", "314159265358", "700000000000"]
        for (whole, seconds) in wholes {
            for pattern in patterns {
                let fraction = String(pattern.prefix(digits))
                let date = try #require(ISO8601Timestamp.date(from: "\(whole).\(fraction)Z"))
                let expected = seconds + (try #require(Double("0." + String(fraction.prefix(9)))))
                #expect(date == Date(timeIntervalSince1970: expected), "\(whole).\(fraction)")
            }
        }
    }

    /// The last day of every month, at noon UTC (values from `date -u +%s`), and the day after it rejected.
    @Test(
        arguments: [
            ("2023-01-31", 1_675_166_400), ("2023-02-28", 1_677_585_600), ("2023-03-31", 1_680_264_000),
            ("2023-04-30", 1_682_856_000), ("2023-05-31", 1_685_534_400), ("2023-06-30", 1_688_126_400),
            ("2023-07-31", 1_690_804_800), ("2023-08-31", 1_693_483_200), ("2023-09-30", 1_696_075_200),
            ("2023-10-31", 1_698_753_600), ("2023-11-30", 1_701_345_600), ("2023-12-31", 1_704_024_000),
            ("2024-02-29", 1_709_208_000), ("1900-02-28", -2_203_934_400), ("2100-02-28", 4_107_499_200),
            ("2400-02-29", 13_574_606_400),
        ] as [(String, Int64)])
    func monthEndsAreTheLastValidDay(day: String, seconds: Int64) throws {
        let date = try #require(ISO8601Timestamp.date(from: day + "T12:00:00Z"))
        #expect(date.timeIntervalSince1970 == Double(seconds))
        let nextDay = String(day.dropLast(2)) + String(Int(day.suffix(2))! + 1)
        #expect(ISO8601Timestamp.date(from: nextDay + "T12:00:00Z") == nil, "accepted \(nextDay)")
    }

    @Test(arguments: [
        (1_704_164_645.0, false, "2024-01-02T03:04:05Z"),
        (1_704_164_645.0, true, "2024-01-02T03:04:05.000Z"),
        (1_704_164_645.25, false, "2024-01-02T03:04:05.250Z"),
        (1_704_164_645.0006, false, "2024-01-02T03:04:05.001Z"),
        (1_704_164_645.9996, false, "2024-01-02T03:04:06Z"),
        (1_704_164_645.9996, true, "2024-01-02T03:04:06.000Z"),
        (-1.5, false, "1969-12-31T23:59:58.500Z"),
        (-0.0004, false, "1970-01-01T00:00:00Z"),
        (-0.0006, false, "1969-12-31T23:59:59.999Z"),
        (-12_219_292_800, false, "1582-10-15T00:00:00Z"),
        (-12_219_292_800.001, false, "1582-10-14T23:59:59.999Z"),
        (951_782_400, false, "2000-02-29T00:00:00Z"),
        (-62_135_596_800, false, "0001-01-01T00:00:00Z"),
        (253_402_300_799.999, true, "9999-12-31T23:59:59.999Z"),
    ])
    func writesUTCWithRoundedMilliseconds(seconds: TimeInterval, alwaysFractional: Bool, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Timestamp.text(from: date, alwaysFractional: alwaysFractional) == text)
    }

    /// 1582-10-15, the first day of the Gregorian calendar. Before it Foundation's Gregorian calendar is the Julian
    /// one, while ISO 8601 (and this reader and writer) stays proleptic Gregorian, so the two disagree there by
    /// design (`instantsAreExact` and `writesUTCWithRoundedMilliseconds` cover year 1).
    static let gregorianStart: TimeInterval = -12_219_292_800

    /// Random whole-millisecond instants from 1582-10-15 to 9999, each read back from this machine's Foundation
    /// output, which it writes and reads both with and without fractions.
    @Test func readsWhatFoundationWritesOverRandomInstants() throws {
        var generator = SplitMix64(seed: 0x1234_5678)
        let whole = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let range = Int64(Self.gregorianStart) * 1000...253_402_300_799_999
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: range, using: &generator)) / 1000)
            let wholeText = whole.format(date), fractionalText = fractional.format(date)
            #expect(ISO8601Timestamp.date(from: wholeText) == (try whole.parse(wholeText)), "\(wholeText)")
            let parsed = try #require(ISO8601Timestamp.date(from: fractionalText))
            // Far from 1970 a Double holds ~30 µs, and the two add the fraction in different orders.
            #expect(abs(parsed.timeIntervalSince(try fractional.parse(fractionalText))) < 1e-4, "\(fractionalText)")
        }
    }

    /// Random instants, to the microsecond so that milliseconds round both ways, from 1582-10-15 to 9999, written
    /// in both modes exactly as the earlier Foundation-based writer wrote them.
    @Test func writesWhatTheEarlierWriterWroteOverRandomInstants() {
        var generator = SplitMix64(seed: 0x9ABC_DEF0)
        let range = Int64(Self.gregorianStart) * 1_000_000...253_402_300_799_499_999
        var mismatches: [String] = []
        for index in 0..<10_000 {
            let microseconds = Int64.random(in: range, using: &generator)
            // Every fourth instant whole, every fourth whole milliseconds, as real payloads mostly are.
            let unit: Int64 =
                switch index % 4 {
                case 0: 1_000_000
                case 1: 1000
                default: 1
                }
            let rounded = microseconds / unit * unit
            let date = Date(timeIntervalSince1970: Double(rounded) / 1e6)
            for alwaysFractional in [false, true] {
                let mine = ISO8601Timestamp.text(from: date, alwaysFractional: alwaysFractional)
                let earlier = Self.earlierText(from: date, alwaysFractional: alwaysFractional)
                if mine != earlier { mismatches.append("\(rounded) µs: \(mine) vs \(earlier)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
    }

    /// The writer LucidRuntime used before, verbatim: Foundation's whole-second output with rounded milliseconds.
    static func earlierText(from date: Date, alwaysFractional: Bool) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        let fraction = Int(exactly: milliseconds - seconds * 1000) ?? 0
        let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
        guard alwaysFractional || fraction != 0, whole.hasSuffix("Z") else { return whole }
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    @Test func civilDatesRoundTripOverFourCenturies() {
        var days = CivilDate.days(year: 1600, month: 1, day: 1)
        var mismatches: [String] = []
        for year in 1600..<2000 {
            for month in 1...12 {
                for day in 1...CivilDate.daysInMonth(month, year: year) {
                    let civil = CivilDate.fromDays(days)
                    if CivilDate.days(year: year, month: month, day: day) != days
                        || civil.year != year || civil.month != month || civil.day != day
                    {
                        mismatches.append("\(year)-\(month)-\(day)")
                    }
                    days += 1
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(days == CivilDate.days(year: 2000, month: 1, day: 1))
        #expect(days - CivilDate.days(year: 1600, month: 1, day: 1) == 146_097)
    }
}

/// A small seeded generator, so the random test is the same on every run and every platform.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
