import Foundation

/// A response's `Retry-After` header (RFC 9110, 10.2.3): a number of seconds, or an HTTP date.
struct RetryAfter {
    /// How long the server asked to wait from now; never negative.
    let delay: Duration

    /// The header of `response` (any letter case), or nil when it has none or it does not parse.
    init?(_ response: HTTPResponse, now: Date = Date()) {
        guard
            let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces)
        else { return nil }
        if let seconds = UInt64(value) {
            delay = .seconds(min(seconds, UInt64(Int64.max)))
        } else if let date = Self.httpDate(value) {
            delay = .seconds(max(0, date.timeIntervalSince(now)))
        } else {
            return nil
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, the one format servers must send.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
