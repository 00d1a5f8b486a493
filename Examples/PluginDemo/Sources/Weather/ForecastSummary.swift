import Foundation

// Hand-written beside the code LucidGenPlugin generates at build time: the generated types are ordinary
// declarations of this module.
extension ForecastsForecastResponse {
    /// One line per day: `2026-11-23  4.0 to 11.5 °C, rain`.
    public var summary: [String] {
        let format = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day()
        return days.map { day in
            "\(day.date.formatted(format))  \(day.low) to \(day.high) °C, \(day.sky.rawValue)"
        }
    }
}
