import Foundation

/// Percent-encoding for path segments, query items and form bodies.
public enum URLEncoding {
    /// Whether `byte` is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`), the only ones left as they are.
    @inline(__always)
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `text` with every character but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded as UTF-8,
    /// so it is safe as one path segment, query name or value, or form field: `a b/c?` → `a%20b%2Fc%3F`.
    public static func encode(_ text: String) -> String {
        // Worked on the UTF-8 bytes: this runs for every path parameter and query item of every request.
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `items` as `name=value` pairs joined by `&`, both percent-encoded (a comma-separated list's separators
    /// excepted, see `QueryItem.encodedValue`): a query string or a form body.
    public static func encode(_ items: [QueryItem]) -> String {
        var result = ""
        for item in items {
            if !result.isEmpty { result += "&" }
            result += encode(item.name)
            result += "="
            result += item.encodedValue
        }
        return result
    }

    /// `template` with each `{name}` replaced by its percent-encoded parameter; nil when a parameter is missing,
    /// a brace is unbalanced, or a value is `.` or `..` (which a server would resolve to another resource).
    ///
    /// A reserved parameter (`ResourcePath.reserved`) keeps its `/`s and has each segment percent-encoded:
    /// `a b/c.md` → `a%20b/c.md`. It is nil too when such a value could leave its place in the path or hide a
    /// segment: when it is empty, starts or ends with `/`, holds `//`, or has a `.` or `..` segment — servers and
    /// proxies resolve dot segments, so `../admin` would reach another resource.
    public static func expand(_ path: ResourcePath) -> String? {
        // The braces are ASCII, so they are found on the UTF-8 bytes; their indices are valid `String` indices.
        let template = path.template
        let bytes = template.utf8
        var result = ""
        var rest = bytes.startIndex
        while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")) {
            result += template[rest..<open]
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
            let name = String(template[bytes.index(after: open)..<close])
            guard let value = path.parameters[name] else { return nil }
            if path.reserved.contains(name) {
                guard let segments = encodeSegments(value) else { return nil }
                result += segments
            } else {
                // `.` and `..` are unreserved, so they would go out as they are and a server would resolve them
                // to another resource (`/files/..`): no value of a path parameter may mean "this" or "up".
                guard value != ".", value != ".." else { return nil }
                result += encode(value)
            }
            rest = bytes.index(after: close)
        }
        if bytes[rest...].contains(UInt8(ascii: "}")) { return nil }
        result += template[rest...]
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
    /// Why a value could not be form- or multipart-encoded; the description names the offending field.
    public struct EncodingFailure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// `items` as a form body.
    public static func encode(_ items: [QueryItem]) -> Data {
        Data(URLEncoding.encode(items).utf8)
    }

    /// An `Encodable` object as a form body, nested values in brackets: `address%5Bcity%5D=Paris&tags=a&tags=b`.
    ///
    /// - Fields go in the order the value encodes them (a generated struct's declaration order), nested objects'
    ///   too (`address[city]`); a string map's keys are sorted (`metadata[order]`), for a body that is the same on
    ///   every run.
    /// - Lists go as `lists` says (`FormListStyle`): by default a top-level list of single values repeats its name
    ///   (`tags=a&tags=b`) and every other list is indexed (`tags[0]=a`, `items[0][price]=p_1`; a null element's
    ///   index is skipped, not reused).
    /// - Nulls are left out (an absent optional and `Patch.null` alike), as are empty lists and objects.
    /// - Booleans are `true`/`false`; numbers plain decimal text (`0.00001`, never `1e-05`; see
    ///   `Double.parameterText`); a `Date` ISO 8601, a `URL` its absolute string, `Data` Base64, a `UUID` in lower
    ///   case (RFC 9562's form, not `uuidString`); enums their raw value; a `JSONOptionSet` the list of its options'
    ///   names.
    /// - Names and values are percent-encoded, the brackets of names included (`%5B`, `%5D`), which servers decode
    ///   before reading them; a comma-joined list keeps its separating commas as they are.
    ///
    /// - Throws: `EncodingFailure` when the value is not an object, holds a `FileUpload` (send that as multipart)
    ///   or a list `lists` cannot send, naming the field; or what the value's own `encode(to:)` throws.
    public static func encode(_ value: some Encodable, lists: FormListStyle = .mixed) throws -> Data {
        let items = try FormValue(encoding: value).fields(lists: lists).map { field in
            switch field.content {
            case .text(let text): return QueryItem(field.name, text)
            case .commaSeparated(let texts): return QueryItem(field.name, commaSeparated: texts)
            case .file:
                throw EncodingFailure(
                    description: "field '\(field.name)' is a file: a form body cannot carry one, send it as multipart")
            }
        }
        return encode(items)
    }
}
