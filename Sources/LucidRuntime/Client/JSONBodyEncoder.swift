import Foundation

/// Encodes JSON request bodies: `JSONEncoder`'s output, with every `UUID` written in lower case.
///
/// RFC 9562 writes UUIDs in lower case, and so do API documents and the servers that store them as text (some of
/// which compare them case-sensitively); Foundation's `UUID` encodes its `uuidString`, which is upper case. A
/// generated struct cannot change that where the UUID is encoded by code it does not own (an `[UUID]`, a
/// `[String: UUID]`, an `Identifier<Track, UUID>`, a generic `Page<UUID>`), so the body's encoder does: it hands
/// `JSONEncoder` each UUID as its lower-case text, wherever it sits in the value. Every other value is encoded by
/// `JSONEncoder` exactly as before (dates, data, URLs and decimals by its own rules), and decoding is unchanged:
/// `UUID` reads either case.
public enum JSONBodyEncoder {
    /// `value` as a JSON body: `JSONEncoder().encode(value)` with each UUID in lower case.
    public static func encode(_ value: some Encodable) throws -> Data {
        try JSONEncoder().encode(LowercaseUUIDValue(value))
    }
}

/// How a value reaches the encoder below: as the lower-case text of a UUID, as itself (a value `JSONEncoder` writes
/// by its own rules, or a primitive), or through `LowercaseUUIDValue`, whose containers do the same for its parts.
private enum LoweredValue<T: Encodable> {
    case text(String)
    case itself(T)
    case wrapped(LowercaseUUIDValue<T>)

    init(_ value: T) {
        if T.self == UUID.self, let uuid = value as? UUID {
            self = .text(uuid.parameterText)
        } else if Self.isLeaf {
            self = .itself(value)
        } else {
            self = .wrapped(LowercaseUUIDValue(value))
        }
    }

    /// Types that hold no UUID and that `JSONEncoder` may treat specially (its date, data, URL and decimal
    /// rules): they must reach it unwrapped.
    private static var isLeaf: Bool {
        T.self == String.self || T.self == Bool.self || T.self == Int.self || T.self == Int64.self
            || T.self == Double.self || T.self == Float.self || T.self == Decimal.self || T.self == Date.self
            || T.self == Data.self || T.self == URL.self || T.self == Int32.self || T.self == Int16.self
            || T.self == Int8.self || T.self == UInt.self || T.self == UInt64.self || T.self == UInt32.self
            || T.self == UInt16.self || T.self == UInt8.self
    }
}

/// A value encoded through `LowercaseUUIDEncoder`, so that the UUIDs inside it are written in lower case.
private struct LowercaseUUIDValue<Value: Encodable>: Encodable {
    let value: Value

    init(_ value: Value) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        switch LoweredValue(value) {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .itself(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .wrapped:
            try value.encode(to: LowercaseUUIDEncoder(base: encoder))
        }
    }
}

/// An encoder that passes everything to `base`, writing each UUID it is handed as lower-case text.
private struct LowercaseUUIDEncoder: Encoder {
    let base: any Encoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LowercaseUUIDKeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LowercaseUUIDUnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LowercaseUUIDSingleValueContainer(base: base.singleValueContainer())
    }
}

/// The generic `encode` also stands for each primitive overload of the protocol.
private struct LowercaseUUIDKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch LoweredValue(value) {
        case .text(let text): try base.encode(text, forKey: key)
        case .itself(let value): try base.encode(value, forKey: key)
        case .wrapped(let wrapped): try base.encode(wrapped, forKey: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            LowercaseUUIDKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LowercaseUUIDUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: base.superEncoder()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        LowercaseUUIDEncoder(base: base.superEncoder(forKey: key))
    }
}

private struct LowercaseUUIDUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        switch LoweredValue(value) {
        case .text(let text): try base.encode(text)
        case .itself(let value): try base.encode(value)
        case .wrapped(let wrapped): try base.encode(wrapped)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(LowercaseUUIDKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        LowercaseUUIDUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: base.superEncoder()) }
}

private struct LowercaseUUIDSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        switch LoweredValue(value) {
        case .text(let text): try base.encode(text)
        case .itself(let value): try base.encode(value)
        case .wrapped(let wrapped): try base.encode(wrapped)
        }
    }
}
