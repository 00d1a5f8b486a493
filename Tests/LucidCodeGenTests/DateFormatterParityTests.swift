import Foundation
import Testing

@testable import LucidRuntime
@testable import LucidSpec

/// The example checker (LucidSpec) accepts a `pattern` date exactly when the generated code (LucidRuntime) decodes
/// it: both set up their `DateFormatter` the same way, in two copies, since LucidSpec must not depend on the
/// runtime. This suite keeps the copies equal.
@Suite struct DateFormatterParityTests {
    private static let patterns = [
        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "dd/MM/yyyy HH:mm", "EEE, dd MMM yyyy HH:mm:ss zzz", "yyyyMMdd",
        "h:mm a", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX",
    ]

    /// What a formatter's behaviour depends on, as text.
    private func settings(_ formatter: DateFormatter) -> [String] {
        [
            "locale \(formatter.locale.identifier)",
            "time zone \(formatter.timeZone.identifier)",
            "calendar \(formatter.calendar.identifier) \(formatter.calendar.timeZone.identifier)",
            "first weekday \(formatter.calendar.firstWeekday)",
            "lenient \(formatter.isLenient)",
            "format \(formatter.dateFormat ?? "-")",
            "two-digit start \(String(describing: formatter.twoDigitStartDate))",
            "default date \(String(describing: formatter.defaultDate))",
            "relative \(formatter.doesRelativeDateFormatting)",
            "styles \(formatter.dateStyle.rawValue) \(formatter.timeStyle.rawValue)",
        ]
    }

    @Test(arguments: patterns)
    func bothFormattersAreSetUpAlike(_ pattern: String) {
        #expect(settings(ExampleTypes.makeFormatter(pattern)) == settings(PatternFormatters.make(pattern)))
    }

    @Test(arguments: patterns)
    func bothFormattersReadAndWriteTheSameText(_ pattern: String) {
        let checker = ExampleTypes.makeFormatter(pattern)
        let runtime = PatternFormatters.make(pattern)
        for date in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_714_567_890.25)] {
            let text = runtime.string(from: date)
            #expect(checker.string(from: date) == text)
            #expect(checker.date(from: text) == runtime.date(from: text))
        }
        for text in ["2024-05-01", "2024-02-30", "01/05/2024 13:45", "20240501", "1:45 PM", "not a date"] {
            #expect(checker.date(from: text) == runtime.date(from: text), "\(pattern) reads \(text)")
        }
    }
}
