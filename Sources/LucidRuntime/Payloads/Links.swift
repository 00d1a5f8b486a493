import Foundation

/// The links of an RFC 8288 `Link` header, as APIs use it for paging:
///
/// ```
/// Link: <https://api.github.com/repositories/1300192/issues?page=4>; rel="next",
///       <https://api.github.com/repositories/1300192/issues?page=515>; rel="last"
/// ```
///
/// Read it in a payload with `decoder.responseHeader(Links.self, named: "Link")`, then follow `links.next` until it
/// is nil. Several `Link` fields in one response arrive joined by commas, which is the same list.
///
/// Parsing follows the RFC's grammar: each link is `<URI-Reference>` followed by `;`-separated parameters whose
/// values are tokens or quoted strings (which may hold commas and semicolons, and `\`-escaped characters). `rel`
/// holds one or more space-separated relation types, compared without regard to case; only a link's first `rel`
/// counts (RFC 8288 §3.3). Input that does not follow the grammar — a link not starting with `<`, an unterminated
/// `<` or quoted string, a URL that `URL(string:)` refuses — reads as no value at all (`init?` returns nil), so a
/// payload reading it fails to decode instead of silently missing pages. An empty header is no links.
public struct Links: Sendable, Hashable, ResponseHeaderValue {
    /// One link: its target and what it is to the response.
    public struct Link: Sendable, Hashable {
        /// The target, as written (a relative reference stays relative).
        public var url: URL
        /// The relation types of its `rel` parameter, lowercased (`["next"]`, `["prev", "previous"]`).
        public var relations: [String]
        /// Its other parameters (`title`, `type`, `anchor`, …) by lowercased name; a parameter without a value
        /// maps to `""`, and a quoted value is unquoted.
        public var parameters: [String: String]

        /// Creates a link; relation types are lowercased.
        public init(url: URL, relations: [String], parameters: [String: String] = [:]) {
            self.url = url
            self.relations = relations.map { $0.lowercased() }
            self.parameters = parameters
        }
    }

    /// Every link, in header order.
    public var all: [Link]

    /// Links from a list; no links unless given.
    public init(_ links: [Link] = []) {
        all = links
    }

    /// Parses a `Link` header value; nil when it does not follow RFC 8288's grammar.
    public init?(responseHeader text: String) {
        var parser = LinkHeaderParser(text)
        guard let links = parser.links() else { return nil }
        all = links
    }

    /// The target of the first link with the relation type `relation` (in any case), if any.
    public subscript(relation: String) -> URL? {
        let relation = relation.lowercased()
        return all.first { $0.relations.contains(relation) }?.url
    }

    /// The next page (`rel="next"`).
    public var next: URL? { self["next"] }
    /// The previous page: `rel="prev"`, or its synonym `rel="previous"`.
    public var prev: URL? { all.first { $0.relations.contains("prev") || $0.relations.contains("previous") }?.url }
    /// The first page (`rel="first"`).
    public var first: URL? { self["first"] }
    /// The last page (`rel="last"`).
    public var last: URL? { self["last"] }
}

/// A recursive-descent reader of RFC 8288 §3's grammar over a header value's Unicode scalars:
///
/// ```
/// Link       = #link-value
/// link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
/// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
/// ```
///
/// An unquoted value may hold any character but whitespace, `;`, `,` and `"` (servers write `type=text/html`).
/// `#` lists allow empty elements (`a, , b`), which are skipped as RFC 9110 §5.6.1 asks of recipients.
struct LinkHeaderParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Every link, or nil at the first thing that breaks the grammar.
    mutating func links() -> [Links.Link]? {
        var links: [Links.Link] = []
        while true {
            skipListSeparators()
            guard position < scalars.count else { return links }
            guard let link = link() else { return nil }
            links.append(link)
            skipWhitespace()
            // A link ends at a comma or at the end; anything else (`<a> <b>`) is not a list of links.
            guard position == scalars.count || scalars[position] == "," else { return nil }
        }
    }

    /// `<url>` and its parameters.
    private mutating func link() -> Links.Link? {
        guard take("<"), let end = scalars[position...].firstIndex(of: ">") else { return nil }
        let reference = String(String.UnicodeScalarView(scalars[position..<end])).trimmingCharacters(in: .whitespaces)
        position = end + 1
        guard !reference.isEmpty, let url = URL(string: reference) else { return nil }
        var relations: [String]?
        var parameters: [String: String] = [:]
        while true {
            skipWhitespace()
            guard take(";") else { break }
            skipWhitespace()
            // An empty parameter (`<a>;; rel=next`, `<a>;`) is skipped, like an empty list element.
            if position == scalars.count || scalars[position] == ";" || scalars[position] == "," { continue }
            guard let (name, value) = parameter() else { return nil }
            if name == "rel" {
                relations = relations ?? value.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
            } else if parameters[name] == nil {
                parameters[name] = value
            }
        }
        return Links.Link(url: url, relations: relations ?? [], parameters: parameters)
    }

    /// `name`, `name=token` or `name="quoted"`: the lowercased name and the (unquoted) value.
    private mutating func parameter() -> (String, String)? {
        let name = token()
        guard !name.isEmpty else { return nil }
        skipWhitespace()
        guard take("=") else { return (name.lowercased(), "") }
        skipWhitespace()
        if position < scalars.count, scalars[position] == "\"" {
            guard let value = quotedString() else { return nil }
            return (name.lowercased(), value)
        }
        let value = bareValue()
        guard !value.isEmpty else { return nil }
        return (name.lowercased(), value)
    }

    /// An unquoted value: a token, read liberally up to the next separator, since servers write media types
    /// (`type=text/html`) and URLs unquoted although `/` and `:` are not token characters.
    private mutating func bareValue() -> String {
        let start = position
        while position < scalars.count, ![" ", "\t", ";", ",", "\""].contains(scalars[position]) { position += 1 }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// A run of token characters (RFC 9110 §5.6.2), possibly empty.
    private mutating func token() -> String {
        let start = position
        while position < scalars.count, Self.isTokenCharacter(scalars[position]) { position += 1 }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// A quoted string without its quotes and with its escapes resolved; nil when it does not end.
    private mutating func quotedString() -> String? {
        guard take("\"") else { return nil }
        var value = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "\"":
                return String(value)
            case "\\":
                guard position < scalars.count else { return nil }
                value.append(scalars[position])
                position += 1
            default:
                value.append(scalar)
            }
        }
        return nil
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard position < scalars.count, scalars[position] == scalar else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    private mutating func skipListSeparators() {
        while position < scalars.count, [" ", "\t", ","].contains(scalars[position]) { position += 1 }
    }

    /// `tchar` of RFC 9110 §5.6.2: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}
