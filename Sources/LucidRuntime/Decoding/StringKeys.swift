import Foundation

// The coding calls generated code makes, with the JSON key as a `String`: `decode(String.self, at: "title")` does
// what `decode(String.self, forKey: "title")` does with an `AnyCodingKey`. Why both: a caller of a `forKey:` call
// builds the key, stores it and destroys it around every call, and in a debug build that is about a tenth of what
// an entity costs to compile (measured with callgrind on the N=100 benchmark's output). Here the key is built once,
// in the runtime. They are inlinable, so an optimized build calls the `forKey:` versions directly.

@_spi(Generated) extension KeyedDecodingContainer where K == AnyCodingKey {
    /// `decode(_:forKey:)` at the key `key`.
    @inlinable
    public func decode<T: Decodable>(_ type: T.Type, at key: String) throws -> T {
        try decode(type, forKey: AnyCodingKey(key))
    }

    /// `decodeIfPresent(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at key: String) throws -> T? {
        try decodeIfPresent(type, forKey: AnyCodingKey(key))
    }

    /// `decodeNil(forKey:)` at the key `key`.
    @inlinable
    public func decodeNil(at key: String) throws -> Bool {
        try decodeNil(forKey: AnyCodingKey(key))
    }

    /// `decodeLenient(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeLenient<T: Decodable>(_ type: T.Type, at key: String) -> T? {
        decodeLenient(type, forKey: AnyCodingKey(key))
    }

    /// `decodeLenient(forKey:_:)` at the key `key`.
    @inlinable
    public func decodeLenient<T>(at key: String, _ read: (Self) throws -> T?) -> T? {
        decodeLenient(forKey: AnyCodingKey(key), read)
    }
}

@_spi(Generated) extension KeyedEncodingContainer where K == AnyCodingKey {
    /// `encode(_:forKey:)` at the key `key`.
    @inlinable
    public mutating func encode<T: Encodable>(_ value: T, at key: String) throws {
        try encode(value, forKey: AnyCodingKey(key))
    }

    /// `encodeIfPresent(_:forKey:)` at the key `key`.
    @inlinable
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, at key: String) throws {
        try encodeIfPresent(value, forKey: AnyCodingKey(key))
    }

    /// `encodeNil(forKey:)` at the key `key`.
    @inlinable
    public mutating func encodeNil(at key: String) throws {
        try encodeNil(forKey: AnyCodingKey(key))
    }

    /// Writes `patch` at the key `key`: nothing when it is `.unchanged`, null when `.null`, its value otherwise.
    @inlinable
    public mutating func encode<V: Encodable>(_ patch: Patch<V>, at key: String) throws {
        switch patch {
        case .unchanged: break
        case .null: try encodeNil(forKey: AnyCodingKey(key))
        case .set(let value): try encode(value, forKey: AnyCodingKey(key))
        }
    }
}
