/// A property that is only present in a payload when it was asked for.
///
/// `.unrequested` means the server was not asked for the value (the key was absent), which is
/// different from a requested value that happens to be `nil`.
public enum Lazy<Value> {
    /// The value was requested and received.
    case requested(Value)
    /// The value was not requested.
    case unrequested

    /// The value when requested, `nil` otherwise.
    public var value: Value? {
        switch self {
        case .requested(let value): value
        case .unrequested: nil
        }
    }

    /// Combines an older value with a `newer` one: a requested newer value wins, but an
    /// unrequested one never overwrites a value that was requested before.
    public func merging(_ newer: Lazy<Value>) -> Lazy<Value> {
        switch newer {
        case .requested: newer
        case .unrequested: self
        }
    }
}

extension Lazy: Sendable where Value: Sendable {}
extension Lazy: Equatable where Value: Equatable {}
extension Lazy: Hashable where Value: Hashable {}

extension KeyedDecodingContainer {
    /// Decodes a property that is only sent when requested: an absent key is `.unrequested`, a
    /// present one `.requested` (a null decodes as `.requested(nil)` when `T` is optional).
    ///
    /// - Throws: `DecodingError` when the present value does not decode as `T`.
    func decodeLazy<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Lazy<T> {
        guard contains(key) else { return .unrequested }
        return .requested(try decode(type, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes a requested value at `key` (a requested `nil` as null); writes nothing when unrequested.
    mutating func encodeLazy<T: Encodable>(_ value: Lazy<T>, forKey key: Key) throws {
        guard case .requested(let value) = value else { return }
        try encode(value, forKey: key)
    }
}
