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
