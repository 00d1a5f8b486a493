import LucidSpec
import LucidSupport

/// How OpenAPI's `type` and `format` become a scalar type, in one place for schemas, identifiers and headers.
enum OpenAPIScalarFormats {
    /// The scalar of a schema with `type` and `format`; nil for a `type` that is no scalar (`object`, `array`) or
    /// not an OpenAPI type. A format without a scalar of its own is read as its type's plain scalar (`int32` as
    /// `int`, `email` as `string`); `date` (a day) is a date too, whose pattern the caller sets.
    static func scalar(type: String, format: String?) -> ScalarType? {
        switch (type, format) {
        case ("string", "date-time"), ("string", "date"): return .date
        case ("string", "uuid"): return .uuid
        case ("string", "uri"), ("string", "url"): return .url
        case ("string", "byte"): return .data
        case ("string", _): return .string
        case ("integer", "int64"): return .int64
        case ("integer", _): return .int
        case ("number", "float"): return .float
        case ("number", _): return .double
        case ("boolean", _): return .bool
        default: return nil
        }
    }

    /// The format a schema's `format` says, or OpenAPI 3.1's content keywords say in its place (JSON Schema's
    /// way, which lucid-gen's own export writes): `contentEncoding: base64` is 3.0's `format: byte`, and
    /// `contentMediaType` without an encoding (the raw bytes of a file, in a multipart part) is `format: binary`.
    /// `base64url` and other encodings have no scalar: the value is read as its `format`, or a string.
    static func format(of schema: LocatedValue) -> String? {
        if let format = schema["format"]?.string { return format }
        switch schema["contentEncoding"]?.string?.lowercased() {
        case "base64": return "byte"
        case nil: return schema["contentMediaType"]?.string == nil ? nil : "binary"
        default: return nil
        }
    }

    /// The formats the import knows, which it reads without a note (a format read as its type's plain scalar, such
    /// as `int32`, included).
    static let known: Set<String?> = [
        nil, "date-time", "date", "uuid", "uri", "url", "byte", "binary", "int32", "int64", "float", "double",
    ]
}
