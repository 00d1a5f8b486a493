import Foundation

/// A field of a PATCH body, which has three states where an optional has two: left out (the server keeps its
/// value), `null` (the server clears it) or a new value.
///
/// Generated PATCH bodies default every such property to `.unchanged` and encode it with
/// `KeyedEncodingContainer.encode(_:forKey:)` below, so that only what the caller set is sent:
///
/// ```swift
/// var update = MovieUpdate()          // {}
/// update.title = .set("Heat")         // {"title":"Heat"}
/// update.tagline = .null              // {"tagline":null,"title":"Heat"}
/// ```
///
/// It is deliberately not `ExpressibleByNilLiteral`: `nil` could as well mean "leave it" as "clear it".
public enum Patch<Value> {
    /// Not sent: the server keeps its value.
    case unchanged
    /// Sent as `null`: the server clears the value.
    case null
    /// Sent: the server stores this value.
    case set(Value)
}

extension Patch: Sendable where Value: Sendable {}
extension Patch: Equatable where Value: Equatable {}
extension Patch: Hashable where Value: Hashable {}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Encodes `patch` at `key`: nothing when it is `.unchanged`, `null` when it is `.null`, its value otherwise.
    public mutating func encode<V: Encodable>(_ patch: Patch<V>, forKey key: Key) throws {
        try encode(patch, forKey: key) { try $0.encode($1, forKey: key) }
    }

    /// Encodes `patch` at `key` like `encode(_:forKey:)`, a set date in `format`.
    public mutating func encodeDate(_ patch: Patch<Date>, forKey key: Key, format: DateCodingFormat) throws {
        try encode(patch, forKey: key) { try $0.encodeDate($1, forKey: key, format: format) }
    }

    /// Encodes `patch` at `key` like `encode(_:forKey:)`, set dates each in `format`.
    public mutating func encodeDates(_ patch: Patch<[Date]>, forKey key: Key, format: DateCodingFormat) throws {
        try encode(patch, forKey: key) { try $0.encodeDates($1, forKey: key, format: format) }
    }

    /// Encodes `patch` at `key` like `encode(_:forKey:)`, a set duration as a number in `unit`.
    public mutating func encodeDuration(_ patch: Patch<Duration>, forKey key: Key, unit: DurationUnit) throws {
        try encode(patch, forKey: key) { try $0.encodeDuration($1, forKey: key, unit: unit) }
    }

    /// The three states in one place: nothing, `null`, or the value as `write` encodes it.
    private mutating func encode<V>(
        _ patch: Patch<V>, forKey key: Key, with write: (inout Self, V) throws -> Void
    ) throws {
        switch patch {
        case .unchanged: break
        case .null: try encodeNil(forKey: key)
        case .set(let value): try write(&self, value)
        }
    }
}
