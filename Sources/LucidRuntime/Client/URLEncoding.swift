import Foundation

/// Percent-encoding for path segments, query items and form bodies.
public enum URLEncoding {
    /// RFC 3986 unreserved characters, the only ones left as they are.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    /// `text` with every character but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded as UTF-8,
    /// so it is safe as one path segment, query name or value, or form field: `a b/c?` → `a%20b%2Fc%3F`.
    public static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, unreserved.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// `items` as `name=value` pairs joined by `&`, both percent-encoded (a comma-separated list's separators
    /// excepted, see `QueryItem.encodedValue`): a query string or a form body.
    public static func encode(_ items: [QueryItem]) -> String {
        items.map { "\(encode($0.name))=\($0.encodedValue)" }.joined(separator: "&")
    }

    /// `template` with each `{name}` replaced by its percent-encoded parameter; nil when a parameter is missing
    /// or a brace is unbalanced.
    ///
    /// A reserved parameter (`ResourcePath.reserved`) keeps its `/`s and has each segment percent-encoded:
    /// `a b/c.md` → `a%20b/c.md`. It is nil too when such a value could leave its place in the path or hide a
    /// segment: when it is empty, starts or ends with `/`, holds `//`, or has a `.` or `..` segment — servers and
    /// proxies resolve dot segments, so `../admin` would reach another resource.
    public static func expand(_ path: ResourcePath) -> String? {
        var result = ""
        var rest = Substring(path.template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = path.parameters[name] else { return nil }
            if path.reserved.contains(name) {
                guard let segments = encodeSegments(value) else { return nil }
                result += segments
            } else {
                result += encode(value)
            }
            rest = rest[rest.index(after: close)...]
        }
        if rest.contains("}") { return nil }
        result += rest
        return result
    }

    /// `value` as several path segments, each percent-encoded, joined by `/`; nil when a segment is empty, `.` or
    /// `..` (see `expand(_:)`).
    private static func encodeSegments(_ value: String) -> String? {
        let segments = value.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return segments.map { encode(String($0)) }.joined(separator: "/")
    }
}

/// Encodes values as `application/x-www-form-urlencoded` bodies: `a=1&b=x%20y`.
public enum FormURLEncoder {
    /// Why a value could not be form-encoded.
    public struct EncodingFailure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// `items` as a form body.
    public static func encode(_ items: [QueryItem]) -> Data {
        Data(URLEncoding.encode(items).utf8)
    }

    /// A flat `Encodable` value as a form body: its JSON object's fields in key order, arrays as repeated names,
    /// nulls left out, booleans as `true`/`false`. Nested objects cannot be form-encoded.
    public static func encode<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        let json = try encoder.encode(value)
        guard case .object(let object) = try JSONDecoder().decode(FormField.self, from: json) else {
            throw EncodingFailure(description: "a form body must be an object")
        }
        var items: [QueryItem] = []
        for name in object.keys.sorted() {
            guard let field = object[name] else { continue }
            let values: [FormField]
            if case .list(let list) = field { values = list } else { values = [field] }
            for value in values {
                switch value {
                case .null: continue
                case .text(let text): items.append(QueryItem(name, text))
                case .list, .object:
                    throw EncodingFailure(
                        description: "field '\(name)' is not a string, number, boolean or list of them")
                }
            }
        }
        return encode(items)
    }
}

/// A JSON value as form encoding sees it.
private enum FormField: Decodable {
    case null
    case text(String)
    case list([FormField])
    case object([String: FormField])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .text(value ? "true" : "false")
        } else if let value = try? container.decode(Int.self) {
            self = .text(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .text(String(value))
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let value = try? container.decode([FormField].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: FormField].self))
        }
    }
}
