/// Any JSON value, decoded as read and encoded back equal: what a union keeps of a case this version does not
/// know (`.unknown(type: "…", json: …)`), so nothing the server sent is lost.
///
/// Whole numbers are kept exactly as `Int64` (`9007199254740993`, past the integers a `Double` holds); other
/// numbers, and whole numbers beyond `Int64`, as `Double`. A number is read by value, not as written: `1.0` may come
/// back as `1`. Objects are dictionaries, so their keys come back in the encoder's order, not necessarily as read.
///
/// ```swift
/// let json: JSONValue = ["event": "renamed", "rename": ["from": "Old", "to": "New"]]
/// json["rename"]?["to"]?.stringValue  // "New"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits `Int64`.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array, its items in order.
    case array([JSONValue])
    /// An object, by key.
    case object([String: JSONValue])

    /// The value at `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The item at `index` of an array; nil out of bounds or for a value that is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The text of a string; nil for any other value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A boolean's value; nil for any other value.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// A whole number's value; nil for any other value (a `Double` with no fraction included).
    public var intValue: Int64? {
        switch self {
        case .int(let number): return number
        case .double(let number): return Int64(exactly: number)
        default: return nil
        }
    }

    /// A number's value as a `Double` (an `Int64` rounded to the nearest); nil for any other value.
    public var doubleValue: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// An array's items; nil for any other value.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// An object's members; nil for any other value.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether the value is JSON's `null`.
    public var isNull: Bool { self == .null }
}

extension JSONValue: Codable {
    /// An object's key, whatever its text.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value: a scalar through a single-value container, an array or an object through its own.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            self = try Self.scalar(in: decoder.singleValueContainer())
        }
    }

    /// Null, a boolean, a number (whole ones exact) or a string.
    private static func scalar(in container: any SingleValueDecodingContainer) throws -> JSONValue {
        if container.decodeNil() { return .null }
        if let flag = try? container.decode(Bool.self) { return .bool(flag) }
        if let number = try? container.decode(Int64.self) { return .int(number) }
        if let number = try? container.decode(Double.self) { return .double(number) }
        if let text = try? container.decode(String.self) { return .string(text) }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value.")
    }

    /// Writes the value back as read: objects through a keyed container, so they merge with keys the caller writes
    /// at the same level.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
