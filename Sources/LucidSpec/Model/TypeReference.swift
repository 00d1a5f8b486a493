/// The type of a property, parameter, body or response, as written in the spec (`int`, `[genre]`,
/// `{string: double}`) and then resolved against the spec's subtypes and entities.
public indirect enum TypeReference: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Whether the type is `scalar` or holds it, in a list or a map.
    public func contains(_ scalar: ScalarType) -> Bool {
        switch self {
        case .scalar(let own): return own == scalar
        case .array(let element), .map(let element): return element.contains(scalar)
        case .subtype, .entity, .named: return false
        }
    }

    case scalar(ScalarType)
    case array(TypeReference)
    /// `{string: T}`: a JSON object with string keys.
    case map(TypeReference)
    case subtype(String)
    case entity(String)
    /// A name not yet resolved; none remain in a validated spec.
    case named(String)

    /// The spec spelling: `[genre]`, `{string: int}`.
    public var description: String {
        switch self {
        case .scalar(let scalar): return scalar.rawValue
        case .array(let element): return "[\(element)]"
        case .map(let value): return "{string: \(value)}"
        case .subtype(let name), .entity(let name), .named(let name): return name
        }
    }

    /// Whether every name in the type is resolved (no `named` left), as in a loaded spec.
    public var isResolved: Bool {
        switch self {
        case .scalar, .subtype, .entity: return true
        case .array(let element), .map(let element): return element.isResolved
        case .named: return false
        }
    }

    /// The innermost type of arrays and maps (`genre` for `[[genre]]`).
    public var elementType: TypeReference {
        switch self {
        case .array(let element), .map(let element): return element.elementType
        default: return self
        }
    }

    /// Whether a date, seconds or milliseconds value appears anywhere in the type.
    public var containsFormattedScalar: Bool {
        switch self {
        case .scalar(let scalar): return scalar == .date || scalar == .seconds || scalar == .milliseconds
        case .array(let element), .map(let element): return element.containsFormattedScalar
        case .subtype, .entity, .named: return false
        }
    }

    /// Whether the type is a list (`[T]`).
    public var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Whether the type is a string map (`{string: T}`).
    public var isMap: Bool {
        if case .map = self { return true }
        return false
    }

    /// The entity this type refers to, directly or as the element of an array: a relationship.
    public var relationshipEntity: String? {
        switch self {
        case .entity(let name): return name
        case .array(.entity(let name)): return name
        default: return nil
        }
    }

    /// Encodes the spec spelling, for `lucid-gen dump`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The scalar types a spec can name.
public enum ScalarType: String, Sendable, Hashable, Encodable, CaseIterable {
    case string, int, int64, double, float, decimal, bool, date, seconds, milliseconds, url, uuid, color, data
    /// Bytes with a file name and a content type (`FileUpload`): a file part of a multipart body, and only that.
    /// Named `file_upload` rather than `file`, which APIs use for their own types (GitHub's, Drive's files).
    case fileUpload = "file_upload"

    /// Scalars that can identify an entity.
    public static let identifierTypes: [ScalarType] = [.string, .int, .int64, .uuid]

    /// Whether the JSON form is a number: the integer, floating-point and decimal types and the durations.
    public var isNumeric: Bool {
        switch self {
        case .int, .int64, .double, .float, .decimal, .seconds, .milliseconds: return true
        default: return false
        }
    }
}
