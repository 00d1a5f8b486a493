import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// `.pattern` dates read without a `DateFormatter` (`FixedWidthPattern`) are exactly what the formatter reads, and
/// everything else is left to it.
struct FixedWidthPatternTests {
    /// A new formatter set up as `DateCodingFormat.pattern` sets up its own.
    static func formatter(_ pattern: String) -> DateFormatter { PatternFormatters.make(pattern) }

    static let patterns = [
        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "dd/MM/yyyy HH:mm", "yyyyMMdd", "'day' yyyy.MM.dd",
        "HH:mm:ss dd-MM-yyyy",
    ]

    @Test(arguments: patterns)
    func readsWhatTheFormatterWritesAsTheFormatterReadsIt(pattern: String) throws {
        let formatter = Self.formatter(pattern)
        // Every day of a leap year (from 2000-02-29, each at another time of day), and a spread of instants from
        // 1583 to 9999.
        let day = 86_400.0
        let leapYear: [Double] = (0..<366).map { (index: Int) -> Double in
            let time = Double(index * 3_671 % 86_400)
            return 11_016 * day + Double(index) * day + time
        }
        let step = 204_240_787.0
        let spread: [Double] = (0..<2_000).map { (index: Int) -> Double in -12_212_553_600 + Double(index) * step }
        for seconds in leapYear + spread where seconds < 253_402_300_800 {
            let text = formatter.string(from: Date(timeIntervalSince1970: seconds))
            let fast = try #require(FixedWidthPattern.date(from: text, pattern: pattern), "\(text) in \(pattern)")
            #expect(fast == formatter.date(from: text), "\(text) in \(pattern)")
        }
    }

    @Test(arguments: [
        ("yyyy-MM-dd", "2023-02-29"),  // not a leap year
        ("yyyy-MM-dd", "2024-02-30"),
        ("yyyy-MM-dd", "2024-13-01"),
        ("yyyy-MM-dd", "2024-00-10"),
        ("yyyy-MM-dd", "1582-10-10"),  // before 1583: the calendar is Julian there
        ("yyyy-MM-dd", "1999-3-30"),
        ("yyyy-MM-dd", "1999-03-30 "),
        ("yyyy-MM-dd", "1999/03/30"),
        ("yyyy-MM-dd", "１９９９-03-30"),
        ("yyyy-MM-dd'T'HH:mm:ss", "2024-01-02T24:00:00"),
        ("yyyy-MM-dd'T'HH:mm:ss", "2024-01-02T03:04:60"),
        ("yyyy-MM-dd'T'HH:mm:ss", "2024-01-02t03:04:05"),
        ("yy-MM-dd", "24-01-02"),
        ("yyyy-M-d", "2024-1-2"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Tue, 02 Jan 2024 03:04:05 GMT"),
        ("yyyy-MM-dd''", "2024-01-02'"),
        ("HH:mm", "03:04"),  // no date
        ("yyyy-MM-dd HH:mm:ss.SSS", "2024-01-02 03:04:05.250"),
    ])
    func leavesEverythingElseToTheFormatter(pattern: String, text: String) throws {
        #expect(FixedWidthPattern.date(from: text, pattern: pattern) == nil)
        // Decoding still answers as the formatter does.
        let json = #"{"d": "\#(text)"}"#
        let format = DateCodingFormat.pattern(pattern)
        if let expected = Self.formatter(pattern).date(from: text) {
            #expect(try decodeJSON(json) { try $0.decodeDate(forKey: "d", format: format) } == expected)
        } else {
            #expect(throws: DecodingError.self) {
                try decodeJSON(json) { try $0.decodeDate(forKey: "d", format: format) }
            }
        }
    }
}
