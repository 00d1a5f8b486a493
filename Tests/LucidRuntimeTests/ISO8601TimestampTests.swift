import Foundation
import Testing
@testable import LucidRuntime

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
    ])
    func rejectsWhatIsNotATimestamp(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == nil, "accepted \(text.debugDescription)")
        #expect(DateCodingFormat.iso8601Fractional.date(fromText: text) == nil)
    }

    @Test(arguments: [
        (1_704_164_645.0, false, "2024-01-02T03:04:05Z"),
        (1_704_164_645.0, true, "2024-01-02T03:04:05.000Z"),
        (1_704_164_645.25, false, "2024-01-02T03:04:05.250Z"),
        (1_704_164_645.0006, false, "2024-01-02T03:04:05.001Z"),
        (1_704_164_645.9996, false, "2024-01-02T03:04:06Z"),
        (1_704_164_645.9996, true, "2024-01-02T03:04:06.000Z"),
        (-1.5, false, "1969-12-31T23:59:58.500Z"),
        (951_782_400, false, "2000-02-29T00:00:00Z"),
        (-62_135_596_800, false, "0001-01-01T00:00:00Z"),
        (253_402_300_799.999, true, "9999-12-31T23:59:59.999Z"),
    ])
    func writesUTCWithRoundedMilliseconds(seconds: TimeInterval, alwaysFractional: Bool, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Timestamp.text(from: date, alwaysFractional: alwaysFractional) == text)
    }

    /// Random instants from 1583 to 9999, each read back from Foundation's own output (which this machine's
    /// Foundation writes with and without fractions), and each written as the earlier Foundation-based writer did.
    /// Before 1583 Foundation's Gregorian calendar switches to the Julian one, while ISO 8601 (and this reader)
    /// stays proleptic Gregorian, so the two disagree there by design (`instantsAreExact` covers year 1).
    @Test func agreesWithFoundationOverRandomInstants() throws {
        var generator = SplitMix64(seed: 0x1234_5678)
        let whole = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let wholeText = whole.format(date), fractionalText = fractional.format(date)
            #expect(ISO8601Timestamp.date(from: wholeText) == (try whole.parse(wholeText)), "\(wholeText)")
            let parsed = try #require(ISO8601Timestamp.date(from: fractionalText))
            // Far from 1970 a Double holds ~10 µs, and the two add the fraction in different orders.
            #expect(abs(parsed.timeIntervalSince(try fractional.parse(fractionalText))) < 1e-4, "\(fractionalText)")
            let mine = ISO8601Timestamp.text(from: date, alwaysFractional: true)
            #expect(mine == Self.foundationText(date), "\(milliseconds)")
        }
    }

    /// The writer LucidRuntime used before: Foundation's whole-second output with rounded milliseconds spliced in.
    static func foundationText(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        let fraction = Int(milliseconds - seconds * 1000)
        let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
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
