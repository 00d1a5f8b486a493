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

    /// `decodeDate(forKey:format:)` at the key `key`.
    @inlinable
    public func decodeDate(at key: String, format: DateCodingFormat) throws -> Date {
        try decodeDate(forKey: AnyCodingKey(key), format: format)
    }

    /// `decodeDateIfPresent(forKey:format:)` at the key `key`.
    @inlinable
    public func decodeDateIfPresent(at key: String, format: DateCodingFormat) throws -> Date? {
        try decodeDateIfPresent(forKey: AnyCodingKey(key), format: format)
    }

    /// `decodeDates(forKey:format:)` at the key `key`.
    @inlinable
    public func decodeDates(at key: String, format: DateCodingFormat) throws -> [Date] {
        try decodeDates(forKey: AnyCodingKey(key), format: format)
    }

    /// `decodeDatesIfPresent(forKey:format:)` at the key `key`.
    @inlinable
    public func decodeDatesIfPresent(at key: String, format: DateCodingFormat) throws -> [Date]? {
        try decodeDatesIfPresent(forKey: AnyCodingKey(key), format: format)
    }

    /// `decodeDuration(forKey:unit:)` at the key `key`.
    @inlinable
    public func decodeDuration(at key: String, unit: DurationUnit) throws -> Duration {
        try decodeDuration(forKey: AnyCodingKey(key), unit: unit)
    }

    /// `decodeDurationIfPresent(forKey:unit:)` at the key `key`.
    @inlinable
    public func decodeDurationIfPresent(at key: String, unit: DurationUnit) throws -> Duration? {
        try decodeDurationIfPresent(forKey: AnyCodingKey(key), unit: unit)
    }

    /// `decodeFailableArray(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeFailableArray<T: Decodable>(_ type: T.Type, at key: String) throws -> [T] {
        try decodeFailableArray(type, forKey: AnyCodingKey(key))
    }

    /// `decodeFailableArrayIfPresent(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeFailableArrayIfPresent<T: Decodable>(_ type: T.Type, at key: String) throws -> [T]? {
        try decodeFailableArrayIfPresent(type, forKey: AnyCodingKey(key))
    }

    /// `decodeFailableDictionary(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeFailableDictionary<T: Decodable>(_ type: T.Type, at key: String) throws -> [String: T] {
        try decodeFailableDictionary(type, forKey: AnyCodingKey(key))
    }

    /// `decodeFailableDictionaryIfPresent(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeFailableDictionaryIfPresent<T: Decodable>(_ type: T.Type, at key: String) throws -> [String: T]? {
        try decodeFailableDictionaryIfPresent(type, forKey: AnyCodingKey(key))
    }

    /// `decodeLazy(_:forKey:)` at the key `key`.
    @inlinable
    public func decodeLazy<T: Decodable>(_ type: T.Type, at key: String) throws -> Lazy<T> {
        try decodeLazy(type, forKey: AnyCodingKey(key))
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

    /// `encodeDate(_:forKey:format:)` at the key `key`.
    @inlinable
    public mutating func encodeDate(_ date: Date, at key: String, format: DateCodingFormat) throws {
        try encodeDate(date, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDateIfPresent(_:forKey:format:)` at the key `key`.
    @inlinable
    public mutating func encodeDateIfPresent(_ date: Date?, at key: String, format: DateCodingFormat) throws {
        try encodeDateIfPresent(date, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDates(_:forKey:format:)` at the key `key`.
    @inlinable
    public mutating func encodeDates(_ dates: [Date], at key: String, format: DateCodingFormat) throws {
        try encodeDates(dates, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDatesIfPresent(_:forKey:format:)` at the key `key`.
    @inlinable
    public mutating func encodeDatesIfPresent(_ dates: [Date]?, at key: String, format: DateCodingFormat) throws {
        try encodeDatesIfPresent(dates, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDuration(_:forKey:unit:)` at the key `key`.
    @inlinable
    public mutating func encodeDuration(_ duration: Duration, at key: String, unit: DurationUnit) throws {
        try encodeDuration(duration, forKey: AnyCodingKey(key), unit: unit)
    }

    /// `encodeDurationIfPresent(_:forKey:unit:)` at the key `key`.
    @inlinable
    public mutating func encodeDurationIfPresent(_ duration: Duration?, at key: String, unit: DurationUnit) throws {
        try encodeDurationIfPresent(duration, forKey: AnyCodingKey(key), unit: unit)
    }

    /// `encodeLazy(_:forKey:)` at the key `key`.
    @inlinable
    public mutating func encodeLazy<T: Encodable>(_ value: Lazy<T>, at key: String) throws {
        try encodeLazy(value, forKey: AnyCodingKey(key))
    }

    /// `encode(_:forKey:)` of a `Patch` at the key `key`.
    @inlinable
    public mutating func encode<V: Encodable>(_ patch: Patch<V>, at key: String) throws {
        try encode(patch, forKey: AnyCodingKey(key))
    }

    /// `encodeDate(_:forKey:format:)` of a `Patch` at the key `key`.
    @inlinable
    public mutating func encodeDate(_ patch: Patch<Date>, at key: String, format: DateCodingFormat) throws {
        try encodeDate(patch, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDates(_:forKey:format:)` of a `Patch` at the key `key`.
    @inlinable
    public mutating func encodeDates(_ patch: Patch<[Date]>, at key: String, format: DateCodingFormat) throws {
        try encodeDates(patch, forKey: AnyCodingKey(key), format: format)
    }

    /// `encodeDuration(_:forKey:unit:)` of a `Patch` at the key `key`.
    @inlinable
    public mutating func encodeDuration(_ patch: Patch<Duration>, at key: String, unit: DurationUnit) throws {
        try encodeDuration(patch, forKey: AnyCodingKey(key), unit: unit)
    }
}
