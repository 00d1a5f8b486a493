import Foundation

/// How generated code reads a value that JSON spells in a way of its own — a date in a format, a duration in a unit,
/// a list or map whose bad items are dropped and reported, a property sent only when requested — wherever it is: at
/// a key (`container.decode(.date(.iso8601), at: "released")`) or at a path from a payload's root
/// (`decoder.decode(.failable(Movie.self), at: ["data", "results"])`).
///
/// One protocol and a few generic entry points, rather than a method for each kind of value at each kind of place
/// (`decodeDate(at:format:)`, `decodeDatesIfPresent(at:format:)`, …): a new kind of value is one conformance.
@_spi(Generated) public protocol ValueCoding<Value>: Sendable {
    associatedtype Value

    /// The value at `key` of `container`.
    ///
    /// - Throws: `DecodingError` when the key is missing or its value does not decode.
    func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Value

    /// The value at `key`, or nil when the key is absent or null.
    ///
    /// - Throws: `DecodingError` when a present value does not decode.
    func decodeIfPresent<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Value?

    /// The value `decoder` holds itself (a payload whose `base_key` leads to it).
    ///
    /// - Throws: `DecodingError` when it does not decode.
    func decode(_ decoder: any Decoder) throws -> Value
}

@_spi(Generated) extension ValueCoding {
    public func decodeIfPresent<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Value? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try decode(container, forKey: key)
    }
}

/// A `ValueCoding` that also writes its value the way it reads it (a date in its format, a duration in its unit).
@_spi(Generated) public protocol ValueEncoding<Value>: ValueCoding {
    /// Writes `value` at `key` of `container`.
    func encode<Key: CodingKey>(_ value: Value, to container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws
}

// MARK: The kinds of value

/// A date written in `format`: `.date(.iso8601)`.
@_spi(Generated) public struct DateCoding: ValueEncoding {
    public let format: DateCodingFormat

    public func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Date {
        try container.decodeDate(forKey: key, format: format)
    }

    public func decodeIfPresent<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Date? {
        try container.decodeDateIfPresent(forKey: key, format: format)
    }

    public func decode(_ decoder: any Decoder) throws -> Date {
        try decoder.singleValueContainer().decodeDate(format: format)
    }

    public func encode<Key: CodingKey>(
        _ value: Date, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        try container.encodeDate(value, forKey: key, format: format)
    }
}

/// A list of dates, each written in `format`: `.dates(.epochSeconds)`.
@_spi(Generated) public struct DateListCoding: ValueEncoding {
    public let format: DateCodingFormat

    public func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [Date] {
        try container.decodeDates(forKey: key, format: format)
    }

    public func decode(_ decoder: any Decoder) throws -> [Date] {
        var items = try decoder.unkeyedContainer()
        return try items.decodeDates(format: format)
    }

    public func encode<Key: CodingKey>(
        _ value: [Date], to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        try container.encodeDates(value, forKey: key, format: format)
    }
}

/// A JSON number read as a duration in `unit`: `.duration(.seconds)`.
@_spi(Generated) public struct DurationCoding: ValueEncoding {
    public let unit: DurationUnit

    public func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Duration {
        try container.decodeDuration(forKey: key, unit: unit)
    }

    public func decodeIfPresent<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Duration? {
        try container.decodeDurationIfPresent(forKey: key, unit: unit)
    }

    public func decode(_ decoder: any Decoder) throws -> Duration {
        try decoder.singleValueContainer().decodeDuration(unit: unit)
    }

    public func encode<Key: CodingKey>(
        _ value: Duration, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        try container.encodeDuration(value, forKey: key, unit: unit)
    }
}

/// A list of JSON numbers read as durations in `unit`: `.durations(.milliseconds)`.
@_spi(Generated) public struct DurationListCoding: ValueCoding {
    public let unit: DurationUnit

    public func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> [Duration] {
        try container.decodeDurations(forKey: key, unit: unit)
    }

    public func decode(_ decoder: any Decoder) throws -> [Duration] {
        var items = try decoder.unkeyedContainer()
        return try items.decodeDurations(unit: unit)
    }
}

/// A list whose items that do not decode are left out, each reported to `DecodingIssueReporter.current` as a
/// `.droppedItem`: `.failable(Movie.self)`.
@_spi(Generated) public struct FailableArrayCoding<Element: Decodable>: ValueCoding {
    public func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [Element] {
        try container.decodeFailableArray(Element.self, forKey: key)
    }

    public func decode(_ decoder: any Decoder) throws -> [Element] {
        var items = try decoder.unkeyedContainer()
        return try items.decodeFailableElements(Element.self)
    }
}

/// A map whose values that do not decode are left out, each reported as a `.droppedValue`:
/// `.failableMap(Rating.self)`.
@_spi(Generated) public struct FailableDictionaryCoding<Element: Decodable>: ValueCoding {
    public func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> [String: Element] {
        try container.decodeFailableDictionary(Element.self, forKey: key)
    }

    public func decode(_ decoder: any Decoder) throws -> [String: Element] {
        try decoder.container(keyedBy: AnyCodingKey.self).decodeFailableValues(Element.self)
    }
}

/// A property sent only when requested: an absent key is `.unrequested`, a present one `.requested` (null is
/// `.requested(nil)` for an optional `Wrapped`): `.lazy(String?.self)`.
@_spi(Generated) public struct LazyCoding<Wrapped: Decodable>: ValueCoding {
    public func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Lazy<Wrapped> {
        try container.decodeLazy(Wrapped.self, forKey: key)
    }

    public func decodeIfPresent<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Lazy<Wrapped>? {
        try container.decodeLazy(Wrapped.self, forKey: key)
    }

    public func decode(_ decoder: any Decoder) throws -> Lazy<Wrapped> {
        .requested(try decoder.singleValueContainer().decode(Wrapped.self))
    }
}

@_spi(Generated) extension LazyCoding: ValueEncoding where Wrapped: Encodable {
    public func encode<Key: CodingKey>(
        _ value: Lazy<Wrapped>, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        try container.encodeLazy(value, forKey: key)
    }
}

@_spi(Generated) extension ValueCoding where Self == DateCoding {
    /// A date written in `format`.
    public static func date(_ format: DateCodingFormat) -> DateCoding { DateCoding(format: format) }
}

@_spi(Generated) extension ValueCoding where Self == DateListCoding {
    /// A list of dates, each written in `format`.
    public static func dates(_ format: DateCodingFormat) -> DateListCoding { DateListCoding(format: format) }
}

@_spi(Generated) extension ValueCoding where Self == DurationCoding {
    /// A JSON number read as a duration in `unit`.
    public static func duration(_ unit: DurationUnit) -> DurationCoding { DurationCoding(unit: unit) }
}

@_spi(Generated) extension ValueCoding where Self == DurationListCoding {
    /// A list of JSON numbers read as durations in `unit`.
    public static func durations(_ unit: DurationUnit) -> DurationListCoding { DurationListCoding(unit: unit) }
}

@_spi(Generated) extension ValueCoding {
    /// A list of `element`s whose bad items are dropped and reported.
    public static func failable<Element>(_ element: Element.Type) -> Self
    where Self == FailableArrayCoding<Element> { FailableArrayCoding() }

    /// A map of `element`s whose bad values are dropped and reported.
    public static func failableMap<Element>(_ element: Element.Type) -> Self
    where Self == FailableDictionaryCoding<Element> { FailableDictionaryCoding() }

    /// A `wrapped` sent only when requested.
    public static func lazy<Wrapped>(_ wrapped: Wrapped.Type) -> Self where Self == LazyCoding<Wrapped> { LazyCoding() }
}

// MARK: Where the value is

@_spi(Generated) extension KeyedDecodingContainer where K == AnyCodingKey {
    /// The value `coding` reads at the key `key`.
    @inlinable
    public func decode<C: ValueCoding>(_ coding: C, at key: String) throws -> C.Value {
        try coding.decode(self, forKey: AnyCodingKey(key))
    }

    /// The value `coding` reads at the key `key`, or nil when it is absent or null.
    @inlinable
    public func decodeIfPresent<C: ValueCoding>(_ coding: C, at key: String) throws -> C.Value? {
        try coding.decodeIfPresent(self, forKey: AnyCodingKey(key))
    }
}

@_spi(Generated) extension Decoder {
    /// The value `coding` reads at `path` from this decoder's value; an empty path reads the value itself.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing or the value does not decode.
    public func decode<C: ValueCoding>(_ coding: C, at path: [String]) throws -> C.Value {
        guard let last = path.last else { return try coding.decode(self) }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try coding.decode(parent, forKey: AnyCodingKey(last))
    }

    /// Like `decode(_:at:)`, but nil when the value (or a step towards it) is missing or null.
    ///
    /// - Throws: `DecodingError` with the coding path when a present value does not decode.
    public func decodeIfPresent<C: ValueCoding>(_ coding: C, at path: [String]) throws -> C.Value? {
        guard let last = path.last else { return try singleValueContainer().decodeNil() ? nil : coding.decode(self) }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        return try parent.flatMap { try coding.decodeIfPresent($0, forKey: AnyCodingKey(last)) }
    }
}

@_spi(Generated) extension KeyedEncodingContainer where K == AnyCodingKey {
    /// Writes `value` at the key `key` as `coding` reads it back.
    @inlinable
    public mutating func encode<C: ValueEncoding>(_ value: C.Value, at key: String, as coding: C) throws {
        try coding.encode(value, to: &self, forKey: AnyCodingKey(key))
    }

    /// Writes `value` at the key `key` as `coding` reads it back; nothing when it is nil.
    @inlinable
    public mutating func encodeIfPresent<C: ValueEncoding>(_ value: C.Value?, at key: String, as coding: C) throws {
        guard let value else { return }
        try coding.encode(value, to: &self, forKey: AnyCodingKey(key))
    }

    /// Writes `patch` at the key `key`: nothing when `.unchanged`, null when `.null`, else its value as `coding`
    /// reads it back.
    @inlinable
    public mutating func encode<C: ValueEncoding>(_ patch: Patch<C.Value>, at key: String, as coding: C) throws {
        switch patch {
        case .unchanged: break
        case .null: try encodeNil(forKey: AnyCodingKey(key))
        case .set(let value): try coding.encode(value, to: &self, forKey: AnyCodingKey(key))
        }
    }
}
