import Foundation

extension CodingUserInfoKey {
    /// Where a payload decoder finds the response's header fields: an `HTTPHeaders` in `userInfo` (a
    /// `[String: String]` is read too), put there by `ResponsePayload.decode(from:)` (and
    /// `decode(from:headers:using:)`). Read them with
    /// `Decoder.responseHeader(_:named:)`; set it yourself only to decode a payload with your own decoder.
    public static let responseHeaders = CodingUserInfoKey(rawValue: "LucidRuntime.responseHeaders")!
}

/// A value a response header can hold, read from the header's text (already trimmed of surrounding whitespace).
///
/// The runtime's conformances read strictly: `Int`, `Int64`, `Double`, `Float` and `Decimal` plain decimal numbers
/// (`Double` and `Float` also with an exponent, never `nan`, `inf` or hex), `Bool` `true`/`false` in any case or
/// `1`/`0`, `URL` and `UUID` what their string initializers accept, `String` anything (the empty text too), and
/// `Links` an RFC 8288 `Link` header.
public protocol ResponseHeaderValue: Sendable {
    /// The value `text` denotes, or nil when it is not one.
    init?(responseHeader text: String)
}

extension String: ResponseHeaderValue {
    /// The text as it is.
    public init?(responseHeader text: String) { self = text }
}

extension Int: ResponseHeaderValue {
    /// A decimal integer, optionally signed.
    public init?(responseHeader text: String) { self.init(text, radix: 10) }
}

extension Int64: ResponseHeaderValue {
    /// A decimal integer, optionally signed.
    public init?(responseHeader text: String) { self.init(text, radix: 10) }
}

extension Double: ResponseHeaderValue {
    /// A finite decimal number (`1.5`, `-2`, `1e3`).
    public init?(responseHeader text: String) {
        guard HeaderNumber.isDecimal(text, exponent: true), let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

extension Float: ResponseHeaderValue {
    /// A finite decimal number (`1.5`, `-2`, `1e3`) within `Float`'s range.
    public init?(responseHeader text: String) {
        guard HeaderNumber.isDecimal(text, exponent: true), let value = Float(text), value.isFinite else { return nil }
        self = value
    }
}

extension Decimal: ResponseHeaderValue {
    /// A decimal number without exponent (`19.99`), read without rounding through `Double`.
    public init?(responseHeader text: String) {
        // `Decimal(string:)` stops at the first character it cannot use (`12abc` is 12): check the whole first.
        guard HeaderNumber.isDecimal(text, exponent: false),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

extension Bool: ResponseHeaderValue {
    /// `true` or `false` in any letter case, or `1` or `0`.
    public init?(responseHeader text: String) {
        switch text.lowercased() {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
}

extension URL: ResponseHeaderValue {
    /// An absolute or relative URL reference.
    public init?(responseHeader text: String) {
        guard !text.isEmpty else { return nil }
        self.init(string: text)
    }
}

extension UUID: ResponseHeaderValue {
    /// A UUID in its usual text form, in either case.
    public init?(responseHeader text: String) { self.init(uuidString: text) }
}

/// Response headers read while decoding a payload: generated payloads read the spec's header properties from the
/// root decoder of their `init(from:)`.
///
/// Names match without regard to case, and values are trimmed of surrounding whitespace. A missing header is a
/// `DecodingError.keyNotFound` ("The response header 'ETag' is missing.") and a value that does not read as the
/// type a `DecodingError.dataCorrupted` quoting at most 40 characters of it (none of a header that carries a
/// credential, such as `Set-Cookie`). An empty value is present: a `String` reads it as `""`, `Links` as no links,
/// and every other type refuses it.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
///     remaining = try decoder.responseHeader(Int.self, named: "X-RateLimit-Remaining")
///     links = try decoder.responseHeaderIfPresent(Links.self, named: "Link") ?? Links()
///     issues = try decoder.decodeArray(Issue.self, at: [])
/// }
/// ```
@_spi(Generated) extension Decoder {
    /// The header `name` as `type`.
    ///
    /// - Throws: `DecodingError.keyNotFound` when the response has no such header, and
    ///   `DecodingError.dataCorrupted` when its value does not read as `type`.
    public func responseHeader<T: ResponseHeaderValue>(_ type: T.Type, named name: String) throws -> T {
        guard let value = try responseHeaderIfPresent(type, named: name) else { throw missingHeader(name) }
        return value
    }

    /// The header `name` as `type`, or nil when the response has no such header.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value does not read as `type`.
    public func responseHeaderIfPresent<T: ResponseHeaderValue>(_ type: T.Type, named name: String) throws -> T? {
        guard let text = responseHeaderText(named: name) else { return nil }
        guard let value = T(responseHeader: text) else {
            throw badHeader(name, text, expected: ResponseHeaderFields.typeDescription(of: type))
        }
        return value
    }

    /// The header `name` as a date in `format` (`.pattern("EEE, dd MMM yyyy HH:mm:ss zzz")` reads an HTTP date
    /// such as `Last-Modified: Wed, 21 Oct 2015 07:28:00 GMT`; the epoch formats read a number).
    ///
    /// - Throws: `DecodingError.keyNotFound` when the response has no such header, and
    ///   `DecodingError.dataCorrupted` when its value is not a date in `format`.
    public func responseHeaderDate(named name: String, format: DateCodingFormat) throws -> Date {
        guard let date = try responseHeaderDateIfPresent(named: name, format: format) else {
            throw missingHeader(name)
        }
        return date
    }

    /// The header `name` as a date in `format`, or nil when the response has no such header.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is not a date in `format`.
    public func responseHeaderDateIfPresent(named name: String, format: DateCodingFormat) throws -> Date? {
        guard let text = responseHeaderText(named: name) else { return nil }
        let date: Date? =
            format.isNumeric
            ? Double(responseHeader: text).map(format.date(fromNumber:)) : format.date(fromText: text)
        guard let date else { throw badHeader(name, text, expected: "a date in format \(format)") }
        return date
    }

    /// The header `name` as a duration: a number in `unit` (`Retry-After: 120` in seconds).
    ///
    /// - Throws: `DecodingError.keyNotFound` when the response has no such header, and
    ///   `DecodingError.dataCorrupted` when its value is not a number or too large for a `Duration`.
    public func responseHeaderDuration(named name: String, unit: DurationUnit) throws -> Duration {
        guard let duration = try responseHeaderDurationIfPresent(named: name, unit: unit) else {
            throw missingHeader(name)
        }
        return duration
    }

    /// The header `name` as a duration in `unit`, or nil when the response has no such header.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is not a number or too large for a `Duration`.
    public func responseHeaderDurationIfPresent(named name: String, unit: DurationUnit) throws -> Duration? {
        guard let text = responseHeaderText(named: name) else { return nil }
        guard let duration = Double(responseHeader: text).flatMap(unit.duration(fromNumber:)) else {
            throw badHeader(name, text, expected: "a number of \(unit.name)")
        }
        return duration
    }

    // MARK: Internals

    /// The trimmed value of the header `name` in any letter case, or nil when the response has none.
    private func responseHeaderText(named name: String) -> String? {
        ResponseHeaderFields(
            userInfo[.responseHeaders] as? HTTPHeaders
                ?? (userInfo[.responseHeaders] as? [String: String]).map(HTTPHeaders.init))?.value(named: name)
    }

    private func missingHeader(_ name: String) -> DecodingError {
        let withoutHeaders = userInfo[.responseHeaders] == nil
        return DecodingError.keyNotFound(
            ResponseHeaderKey(name),
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "The response header '\(name)' is missing."
                    + (withoutHeaders ? " (The payload was decoded without its response headers.)" : "")))
    }

    private func badHeader(_ name: String, _ text: String, expected: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "The response header '\(name)' is not \(expected): \(ResponseHeaderFields.excerpt(text, of: name))."
            ))
    }
}

/// The key of a `DecodingError.keyNotFound` for a missing response header, so that error messages (`APIError`,
/// decoding issues) say "response header" rather than treat the name as a key of the body.
struct ResponseHeaderKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A response's header fields, looked up as HTTP does.
struct ResponseHeaderFields {
    let fields: HTTPHeaders

    init?(_ fields: HTTPHeaders?) {
        guard let fields else { return nil }
        self.fields = fields
    }

    /// The value of `name` in any letter case, trimmed.
    func value(named name: String) -> String? {
        fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` quoted for an error message: at most 40 characters, and nothing of a header that carries a
    /// credential.
    static func excerpt(_ text: String, of name: String) -> String {
        if Redaction.standard.headerNames.contains(name.lowercased()) { return Redaction.placeholder }
        let limit = 40
        return "'" + (text.count > limit ? String(text.prefix(limit)) + "…" : text) + "'"
    }

    /// "an Int", "a URL", "a Link header": what an error message says the header is not.
    static func typeDescription<T>(of type: T.Type) -> String {
        if type == Links.self { return "a valid Link header" }
        let name = String(describing: type)
        // Acronyms (URL, UUID) start with a consonant sound; words (Int, Int64) with their first letter's.
        let startsWithVowelSound =
            name.first.map { "AEIO".contains($0) || ($0 == "U" && name.dropFirst().first?.isLowercase == true) }
            ?? false
        return (startsWithVowelSound ? "an " : "a ") + name
    }
}

/// Plain decimal number text, for headers: stricter than `Double(_:)`, which also takes `nan`, `inf` and hex.
enum HeaderNumber {
    /// Whether `text` is an optionally signed decimal number with at least one digit, optionally with a fraction
    /// and (when `exponent`) an exponent.
    static func isDecimal(_ text: String, exponent: Bool) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: isDigit)
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if exponent, let mark = bytes.first, mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            bytes = bytes.dropFirst(digits.count)
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
