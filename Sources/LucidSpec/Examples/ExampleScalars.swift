import Foundation
import LucidSupport

extension ExampleChecker {
    /// Whether `value` decodes as `scalar` the way `JSONDecoder` and LucidRuntime read it; a mismatch names the
    /// expected form, followed by `role` in parentheses when given (`an identifier of entity 'genre'`).
    func checkScalar(_ value: JSONNode, _ scalar: ScalarType, _ options: ValueOptions, role: String? = nil) -> Bool {
        guard let expected = problem(value, scalar, options.dateFormat ?? .iso8601) else { return true }
        mismatch(value, expected: role.map { "\(expected) (\($0))" } ?? expected)
        return false
    }

    /// What `value` should have been, or nil when it decodes as `scalar`.
    private func problem(_ value: JSONNode, _ scalar: ScalarType, _ format: DateFormat) -> String? {
        switch scalar {
        case .string:
            if case .string = value.content { return nil }
            return "a string"
        case .int, .int64:
            return integerProblem(value, scalar)
        case .double, .float, .decimal:
            guard case .number(let text) = value.content else { return "a number" }
            return JSONNumberText.fits(text, scalar) ? nil : "a number that fits '\(scalar)'"
        case .bool:
            if case .bool = value.content { return nil }
            return "true or false"
        case .date:
            return dateProblem(value, format)
        case .seconds, .milliseconds:
            // Durations are read as a `Double` in their unit.
            guard case .number(let text) = value.content, JSONNumberText.fits(text, .double) else {
                return "a number of \(scalar)"
            }
            return nil
        case .url:
            return urlProblem(value)
        case .uuid:
            guard case .string(let text) = value.content, UUID(uuidString: text) != nil else { return "a UUID" }
            return nil
        case .color:
            guard case .string(let text) = value.content, Self.isHexColor(text) else {
                return "a color (#RGB, #RRGGBB or #RRGGBBAA)"
            }
            return nil
        case .data:
            guard case .string(let text) = value.content, Self.isBase64(text) else { return "base64 data" }
            return nil
        case .fileUpload:
            return nil  // only sent in multipart bodies, never read from a response
        }
    }

    /// `Int` and `Int64` take an integral number within 64 bits.
    private func integerProblem(_ value: JSONNode, _ scalar: ScalarType) -> String? {
        guard case .number(let text) = value.content else { return "an integer" }
        switch JSONNumberText.integerFit(text) {
        case .fits: return nil
        case .notIntegral: return "an integer"
        case .outOfRange: return "an integer that fits '\(scalar)' (64 bits)"
        }
    }

    /// A URL `URL(string:)` accepts, holding only the characters RFC 3986 allows: Foundation encodes a space or
    /// a non-ASCII letter on Linux and newer Apple systems but rejects it on iOS 16 / macOS 13 (see `URLSyntax`).
    private func urlProblem(_ value: JSONNode) -> String? {
        guard case .string(let text) = value.content else { return "a URL" }
        if let character = URLSyntax.firstInvalidCharacter(in: text) {
            return "a URL (\(URLSyntax.describe(character)) must be percent-encoded)"
        }
        return URL(string: text) == nil ? "a URL" : nil
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` in ASCII hex digits of either case; the `#` may be left out.
    static func isHexColor(_ text: String) -> Bool {
        let digits = text.hasPrefix("#") ? text.utf8.dropFirst() : text.utf8[...]
        return [3, 6, 8].contains(digits.count)
            && digits.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }

    /// Base64 as `Data(base64Encoded:)` reads it, with MIME's line breaks (CRLF or LF between groups) allowed.
    static func isBase64(_ text: String) -> Bool {
        let joined =
            text.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            ? String(text.filter { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }) : text
        return Data(base64Encoded: joined) != nil
    }
}
