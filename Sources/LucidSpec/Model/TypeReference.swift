/// The type of a property, parameter, body or response, as written in the spec (`int`, `[genre]`,
/// `{string: double}`) and then resolved against the spec's subtypes and entities.
public indirect enum TypeReference: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Whether the type is `scalar` or holds it, in a list or a map.
    public func contains(_ scalar: ScalarType) -> Bool {
        switch self {
        case .scalar(let own): return own == scalar
        case .array(let element), .map(let element): return element.contains(scalar)
        case .subtype, .entity, .named, .generic, .parameter: return false
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
    /// A generic struct subtype with its type arguments, as written (`page<track>`), not yet resolved: resolution
    /// makes it the `subtype` of the instance (`page<track>`, `Subtype.instance`), so none remain in a validated spec.
    case generic(String, [TypeReference])
    /// A type parameter of the generic struct subtype whose property this types (`item` in `items: "[item]"` of
    /// `page` with `generic: item`); it becomes the type argument in each instance.
    case parameter(String)

    /// The spec spelling: `[genre]`, `{string: int}`.
    public var description: String {
        switch self {
        case .scalar(let scalar): return scalar.rawValue
        case .array(let element): return "[\(element)]"
        case .map(let value): return "{string: \(value)}"
        case .subtype(let name), .entity(let name), .named(let name), .parameter(let name): return name
        case .generic(let name, let arguments): return Self.instanceName(name, arguments)
        }
    }

    /// `page<track>`, `pair<int, [string]>`: how an instance of a generic is spelled, and named in the model.
    public static func instanceName(_ generic: String, _ arguments: [TypeReference]) -> String {
        generic + "<" + arguments.map(\.description).joined(separator: ", ") + ">"
    }

    /// Whether every name in the type is resolved (no `named` or `generic` left), as in a loaded spec.
    public var isResolved: Bool {
        switch self {
        case .scalar, .subtype, .entity, .parameter: return true
        case .array(let element), .map(let element): return element.isResolved
        case .named, .generic: return false
        }
    }

    /// Whether a type parameter appears anywhere in the type.
    public var containsParameter: Bool {
        switch self {
        case .parameter: return true
        case .array(let element), .map(let element): return element.containsParameter
        case .generic(_, let arguments): return arguments.contains { $0.containsParameter }
        case .scalar, .subtype, .entity, .named: return false
        }
    }

    /// The type with each type parameter replaced by its argument (`[item]` → `[track]`).
    public func substituting(_ arguments: [String: TypeReference]) -> TypeReference {
        switch self {
        case .parameter(let name): return arguments[name] ?? self
        case .array(let element): return .array(element.substituting(arguments))
        case .map(let value): return .map(value.substituting(arguments))
        case .generic(let name, let inner): return .generic(name, inner.map { $0.substituting(arguments) })
        case .scalar, .subtype, .entity, .named: return self
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
        case .scalar(let scalar): return scalar.facts.coding != .plain
        case .array(let element), .map(let element): return element.containsFormattedScalar
        case .subtype, .entity, .named, .generic, .parameter: return false
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
