/// The unit of a duration written as a JSON number.
public enum DurationUnit: Sendable, Hashable {
    /// Seconds (may be fractional).
    case seconds
    /// Milliseconds (may be fractional).
    case milliseconds

    /// The duration denoted by `number` in this unit.
    func duration(from number: Double) -> Duration {
        switch self {
        case .seconds: .seconds(number)
        case .milliseconds: .milliseconds(number)
        }
    }

    /// `duration` in this unit, rounded to the nanosecond.
    func number(from duration: Duration) -> JSONNumber {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Double(seconds) * 1e9 + (Double(attoseconds) / 1e9).rounded()
        switch self {
        case .seconds: return JSONNumber(nanoseconds / 1e9)
        case .milliseconds: return JSONNumber(nanoseconds / 1e6)
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes the JSON number at `key` as a duration in `unit`.
    ///
    /// - Throws: `DecodingError` when the key is missing or the value is not a number.
    public func decodeDuration(forKey key: Key, unit: DurationUnit) throws -> Duration {
        unit.duration(from: try decode(Double.self, forKey: key))
    }

    /// Decodes the JSON number at `key` as a duration in `unit`, or `nil` when absent or null.
    ///
    /// - Throws: `DecodingError` when the value is present but not a number.
    public func decodeDurationIfPresent(forKey key: Key, unit: DurationUnit) throws -> Duration? {
        try decodeIfPresent(Double.self, forKey: key).map(unit.duration(from:))
    }
}

extension KeyedEncodingContainer {
    /// Encodes `duration` at `key` as a JSON number in `unit` (an integer when whole).
    public mutating func encodeDuration(_ duration: Duration, forKey key: Key, unit: DurationUnit) throws {
        try encode(unit.number(from: duration), forKey: key)
    }

    /// Encodes `duration` at `key` as a JSON number in `unit`; writes nothing when it is `nil`.
    public mutating func encodeDurationIfPresent(_ duration: Duration?, forKey key: Key, unit: DurationUnit) throws {
        guard let duration else { return }
        try encodeDuration(duration, forKey: key, unit: unit)
    }
}
