import LucidSpec
import LucidSupport

/// A JSON value as the OpenAPI exporter builds it: objects keep their keys in the order they were added, so
/// the document reads in a meaningful order (`openapi`, `info`, `servers`, `paths`, `components`) and always
/// serialises to the same bytes.
public indirect enum OpenAPIJSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number, written without a fraction.
    case int(Int64)
    /// A number; whole values are written without a fraction, non-finite ones (which JSON lacks) as `null`.
    case double(Double)
    /// A string, escaped as JSON requires (slashes are not escaped).
    case string(String)
    /// A list, in order.
    case array([OpenAPIJSON])
    /// Key–value pairs in insertion order; a key appears once (`setting(_:_:)` replaces in place).
    case object([(String, OpenAPIJSON)])

    /// An object of `pairs`, in their order.
    public static func object(_ pairs: KeyValuePairs<String, OpenAPIJSON>) -> OpenAPIJSON {
        .object(pairs.map { ($0.key, $0.value) })
    }

    /// The value at `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> OpenAPIJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The object's keys in order; empty for other values.
    public var keys: [String] {
        guard case .object(let pairs) = self else { return [] }
        return pairs.map(\.0)
    }

    /// This object with `key` set to `value`: replaced where it stands, or added at the end. Other values are
    /// returned unchanged.
    public func setting(_ key: String, _ value: OpenAPIJSON) -> OpenAPIJSON {
        guard case .object(var pairs) = self else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }

    /// Whether the value is an empty object or an empty array.
    var isEmptyContainer: Bool {
        switch self {
        case .object(let pairs): return pairs.isEmpty
        case .array(let items): return items.isEmpty
        default: return false
        }
    }

    /// Equal values of the same kind; objects are equal when their keys and values are, in the same order.
    public static func == (lhs: OpenAPIJSON, rhs: OpenAPIJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}

extension OpenAPIJSON {
    /// The JSON text: two-space indentation with `"key": value` when `pretty`, compact otherwise; empty containers
    /// as `{}` and `[]`; slashes unescaped; non-finite numbers (which JSON cannot hold) as `null`. Written by
    /// LucidSupport's JSON writer, the one `lucid-gen dump` writes with too.
    public func serialized(pretty: Bool = true) -> String {
        node.serialized(pretty: pretty)
    }

    /// The value as a JSON node of the shared writer: numbers as the text written for them.
    private var node: JSONNode {
        switch self {
        case .null: return JSONNode(content: .null)
        case .bool(let value): return JSONNode(content: .bool(value))
        case .int(let value): return JSONNode(content: .number(String(value)))
        case .double(let value):
            return JSONNode(content: value.isFinite ? .number(Self.number(value)) : .null)
        case .string(let value): return JSONNode(content: .string(value))
        case .array(let items): return JSONNode(content: .array(items.map(\.node)))
        case .object(let pairs):
            return JSONNode(content: .object(JSONObject(pairs.map { JSONObject.Member(key: $0.0, value: $0.1.node) })))
        }
    }

    /// A finite double as JSON: whole values without a fraction (`2`), others as Swift's shortest form.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension OpenAPIJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `[a, b]`: an array.
    public init(arrayLiteral items: OpenAPIJSON...) { self = .array(items) }
    /// `["key": value]`: an object, keys in the order written.
    public init(dictionaryLiteral pairs: (String, OpenAPIJSON)...) { self = .object(pairs) }
    /// `"text"`: a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `true`, `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `1`: an integer.
    public init(integerLiteral value: Int64) { self = .int(value) }
}
