import Foundation

/// Which parts of a request are secret, and how to describe requests and responses without them: for error
/// descriptions, queue descriptions and logs.
///
/// A redacted value is replaced by ``placeholder`` and its name is kept (`api_key=REDACTED`,
/// `Authorization: REDACTED`), so a log still says *that* a credential was sent. Names are matched without regard
/// to case and, for query items, after percent-decoding, because a server that reads `API_KEY` or `api%5Fkey` as
/// `api_key` would accept a secret under that spelling too; redacting a harmless look-alike costs nothing.
///
/// `Redaction.standard` knows the usual credential names; add an auth scheme's own with
/// ``adding(_:)-(CredentialPlacement)`` (a placement) or ``adding(_:)-(AuthScheme.Type)`` (every scheme a type
/// may send):
///
/// ```swift
/// let redaction = Redaction.standard.adding(PartnerAuth.placement)
/// print(redaction.description(of: request))
/// // POST https://api.example.com/v1/orders?api_key=REDACTED [X-Partner-Token: REDACTED] (48-byte body)
/// ```
public struct Redaction: Sendable, Hashable {
    /// What a redacted value is replaced with.
    public static let placeholder = "REDACTED"

    /// Headers that carry credentials whatever the API (lowercased): `Authorization`, `Proxy-Authorization`,
    /// `Cookie`, `Set-Cookie`, and `X-API-Key`, the de-facto name of an API key header (API gateways, OpenAPI
    /// examples).
    public static let standardHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
    ]

    /// Query items that are secrets by their name alone (lowercased): OAuth's `access_token` (RFC 6750 §2.3),
    /// `refresh_token`, `client_secret` and `password`, and the common API key names `api_key` and `apikey`.
    public static let standardQueryItems: Set<String> = [
        "access_token", "api_key", "apikey", "client_secret", "password", "refresh_token",
    ]

    /// The standard names only: what `HTTPRequest`'s and `HTTPResponse`'s descriptions use, since a request
    /// does not know its auth scheme.
    public static let standard = Redaction()

    /// The header names whose values are redacted, lowercased.
    public private(set) var headerNames: Set<String>
    /// The query item names whose values are redacted, lowercased.
    public private(set) var queryItemNames: Set<String>

    /// Redacts the headers and query items of these names, in any case.
    public init(headers: Set<String> = standardHeaders, queryItems: Set<String> = standardQueryItems) {
        headerNames = Set(headers.map { $0.lowercased() })
        queryItemNames = Set(queryItems.map { $0.lowercased() })
    }

    /// This redaction plus where `placement` puts a credential: its header (`Authorization` for Basic) or its
    /// query item.
    public func adding(_ placement: CredentialPlacement) -> Redaction {
        var copy = self
        switch placement {
        case .none: break
        case .header(let name, _): copy.headerNames.insert(name.lowercased())
        case .query(let name): copy.queryItemNames.insert(name.lowercased())
        case .basic: copy.headerNames.insert("authorization")
        }
        return copy
    }

    /// This redaction plus where every scheme `auth` may send puts its credential: each scheme of every
    /// alternative of a combination (``AllOfAuth``, ``AnyOfAuth``), or the scheme itself.
    public func adding(_ auth: any AuthScheme.Type) -> Redaction {
        AcceptedAuth(auth).placements.reduce(self) { $0.adding($1) }
    }

    // MARK: Redacting

    /// `url` as text with the value of every redacted query item replaced, in the query and in the fragment
    /// (`?api_key=REDACTED&page=2`), and its user info (`user:password@`) replaced as a whole, since some APIs
    /// take their key as the user name.
    public func redacted(_ url: URL) -> String {
        redacted(urlText: url.absoluteString)
    }

    /// `headers` with the values of redacted headers replaced and their names kept. Other values are redacted
    /// like a URL (a `Location` can carry `?api_key=…`).
    public func redacted(_ headers: [String: String]) -> [String: String] {
        headers.reduce(into: [:]) { result, field in result[field.key] = redactedValue(field.value, of: field.key) }
    }

    /// `headers` with the values of redacted headers replaced and their names kept, like `redacted(_:)` of a
    /// dictionary.
    public func redacted(_ headers: HTTPHeaders) -> HTTPHeaders {
        headers.reduce(into: [:]) { result, field in result[field.name] = redactedValue(field.value, of: field.name) }
    }

    /// The value of the header `name` as a redacted copy shows it: the placeholder for a credential header, else
    /// the value with any secret query item in it redacted.
    private func redactedValue(_ value: String, of name: String) -> String {
        headerNames.contains(name.lowercased()) ? Self.placeholder : redacted(urlText: value)
    }

    /// `text` (an error message, say) with every secret `request` carries replaced: the values of its redacted
    /// headers and query items (as sent and percent-decoded) and its URL's user info. For text a request's
    /// secrets may have ended up in, such as the description of a `URLError`, which includes its URL.
    public func redacted(_ text: String, secretsOf request: HTTPRequest) -> String {
        // Longest first, so that a secret containing another is replaced whole.
        let secrets = Set(secrets(of: request).filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        return secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.placeholder) }
    }

    // MARK: Describing

    /// One line: method, redacted URL, headers sorted by name with redacted values, and the body's size (never
    /// its content, which may hold a password or a token):
    /// `POST https://…/movie/1/rating?api_key=REDACTED [Content-Type: application/json] (14-byte body)`.
    public func description(of request: HTTPRequest) -> String {
        var text = "\(request.method.rawValue) \(redacted(request.url))"
        text += headerList(request.headers)
        if let body = request.body {
            text += " (\(body.count)-byte body)"
        } else if let streamed = request.streamedBody {
            text += " (\(streamed.length)-byte body streamed from disk)"
        } else if request.bodyFile != nil {
            text += " (body from a file)"
        }
        return text
    }

    /// One line: status, headers sorted by name with redacted values (`Set-Cookie` among them), and the body's
    /// size (never its content, which may be a token response): `HTTP 201 [Set-Cookie: REDACTED] (48-byte body)`.
    public func description(of response: HTTPResponse) -> String {
        "HTTP \(response.status)" + headerList(response.headers) + " (\(response.body.count)-byte body)"
    }

    /// ` [A: 1, B: REDACTED]`, or nothing without headers.
    private func headerList(_ headers: HTTPHeaders) -> String {
        guard !headers.isEmpty else { return "" }
        return " " + fieldList(headers)
    }

    /// `[A: 1, B: REDACTED]`: the fields sorted by name, with redacted values.
    func fieldList(_ headers: HTTPHeaders) -> String {
        let sorted = redacted(headers).sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        return "[" + sorted.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }
}

// MARK: - URL text

extension Redaction {
    /// The parts of a URL as sent: `prefix` (scheme, authority, path), then `?query`, then `#fragment`.
    private struct URLParts {
        var prefix: Substring
        var query: Substring?
        var fragment: Substring?

        init(_ text: String) {
            // The fragment starts at the first `#`; a `?` after it belongs to the fragment.
            let hash = text.firstIndex(of: "#")
            fragment = hash.map { text[text.index(after: $0)...] }
            let beforeFragment = text[..<(hash ?? text.endIndex)]
            let question = beforeFragment.firstIndex(of: "?")
            query = question.map { beforeFragment[beforeFragment.index(after: $0)...] }
            prefix = beforeFragment[..<(question ?? beforeFragment.endIndex)]
        }
    }

    /// A URL as text, redacted as `redacted(_ url:)` describes. Works on text rather than `URLComponents` so
    /// that what is shown is exactly what was sent, whatever its encoding.
    func redacted(urlText text: String) -> String {
        let parts = URLParts(text)
        var result = redactedUserInfo(parts.prefix)
        if let query = parts.query { result += "?" + redactedItems(query) }
        if let fragment = parts.fragment { result += "#" + redactedItems(fragment) }
        return result
    }

    /// The range of the user info in `prefix` (`user:password` of `scheme://user:password@host/path`), if any.
    private func userInfoRange(_ prefix: Substring) -> Range<Substring.Index>? {
        guard let scheme = prefix.range(of: "://") else { return nil }
        let authority = prefix[scheme.upperBound...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return authority.startIndex..<at
    }

    private func redactedUserInfo(_ prefix: Substring) -> String {
        guard let range = userInfoRange(prefix) else { return String(prefix) }
        return String(prefix[..<range.lowerBound]) + Self.placeholder + String(prefix[range.upperBound...])
    }

    /// `items` (`a=1&api_key=x`) with the values of redacted names replaced, separators kept. `;` and `?` count as
    /// separators too: some servers split on them, and treating them so can only redact more.
    private func redactedItems(_ items: Substring) -> String {
        var result = ""
        var item = ""
        for character in items {
            if Self.isItemSeparator(character) {
                result += redactedItem(item) + String(character)
                item = ""
            } else {
                item.append(character)
            }
        }
        return result + redactedItem(item)
    }

    private static func isItemSeparator(_ character: Character) -> Bool {
        character == "&" || character == ";" || character == "?"
    }

    private func redactedItem(_ item: String) -> String {
        guard let equals = item.firstIndex(of: "="), isRedacted(queryItem: item[..<equals]) else { return String(item) }
        return String(item[...equals]) + Self.placeholder
    }

    /// Whether a query item name, as sent, is one to redact: compared after percent-decoding (repeatedly, for a
    /// server that decodes twice), trimming and lowercasing.
    private func isRedacted(queryItem name: Substring) -> Bool {
        var decoded = String(name)
        for _ in 0..<3 {
            let next = Self.percentDecoded(decoded)
            if next == decoded { break }
            decoded = next
        }
        return queryItemNames.contains(decoded.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// `text` with `%XX` sequences decoded and `+` as a space (form encoding), leaving malformed sequences as
    /// they are: unlike `removingPercentEncoding`, a stray `%` elsewhere does not make the whole name undecodable.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

// MARK: - Secrets

extension Redaction {
    /// Every secret `request` carries, in the forms it may appear in text: as sent, percent-decoded and
    /// percent-encoded; for a header, also without its auth scheme (`abc` of `Bearer abc`), and Basic's
    /// `user:password` decoded too.
    private func secrets(of request: HTTPRequest) -> [String] {
        var found: [String] = []
        for (name, value) in request.headers where headerNames.contains(name.lowercased()) {
            found.append(value)
            if let space = value.firstIndex(of: " ") {
                let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
                found.append(credential)
                if value.lowercased().hasPrefix("basic "), let decoded = Data(base64Encoded: credential) {
                    found.append(String(decoding: decoded, as: UTF8.self))
                }
            }
        }
        let parts = URLParts(request.url.absoluteString)
        for items in [parts.query, parts.fragment].compactMap({ $0 }) {
            found += redactedValues(in: items)
        }
        if let range = userInfoRange(parts.prefix) {
            found += parts.prefix[range].split(separator: ":").map(String.init)
        }
        return found.flatMap { [$0, Self.percentDecoded($0), URLEncoding.encode(Self.percentDecoded($0))] }
    }

    /// The values of the redacted items in `items`, as sent.
    private func redactedValues(in items: Substring) -> [String] {
        items.split(whereSeparator: Self.isItemSeparator).compactMap { item in
            guard let equals = item.firstIndex(of: "="), isRedacted(queryItem: item[..<equals]) else { return nil }
            return String(item[item.index(after: equals)...])
        }
    }
}

// MARK: - Descriptions that cannot leak

// A request or a response printed, interpolated, dumped or shown in a failed `#expect` goes through
// `Redaction.standard`: these types do not know their auth scheme, so a credential under a name of the API's own
// (`X-Partner-Token`, `?sig=`) is only redacted by a `Redaction` that was told about it (`adding(_:)`).

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line with the standard credentials redacted: see `Redaction.description(of:)`.
    public var description: String { Redaction.standard.description(of: self) }

    /// The same as ``description``, so that `String(reflecting:)` and `debugPrint` cannot leak either.
    public var debugDescription: String { description }

    /// The fields with the URL and the headers redacted and the body as its size, for `dump` and for test
    /// failure messages that show a value's children.
    public var customMirror: Mirror {
        let redaction = Redaction.standard
        return Mirror(
            self,
            children: [
                "method": method, "url": redaction.redacted(url), "headers": redaction.redacted(headers),
                "body": body.map { "\($0.count) bytes" } as Any, "timeout": timeout as Any,
            ],
            displayStyle: .struct)
    }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line with the standard credential headers (`Set-Cookie`) redacted and the body as its size: see
    /// `Redaction.description(of:)`.
    public var description: String { Redaction.standard.description(of: self) }

    /// The same as ``description``, so that `String(reflecting:)` and `debugPrint` cannot leak either.
    public var debugDescription: String { description }

    /// The fields with the headers redacted and the body as its size, for `dump` and test failure messages.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "status": status, "headers": Redaction.standard.redacted(headers), "body": "\(body.count) bytes",
            ],
            displayStyle: .struct)
    }
}
