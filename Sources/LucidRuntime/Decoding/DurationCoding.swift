/// The unit of a duration written as a JSON number.
public enum DurationUnit: Sendable, Hashable {
    /// Seconds (may be fractional).
    case seconds
    /// Milliseconds (may be fractional).
    case milliseconds

    /// The unit's name, for error messages.
    var name: String {
        switch self {
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        }
    }

    /// The most seconds a decoded duration may have: `Duration` traps on a value it cannot hold, so a JSON number
    /// or header such as `1e300` must fail to decode rather than crash the app. About 292 billion years.
    private static let maxSeconds = Double(Int64.max)

    /// The duration denoted by `number` in this unit, or nil when it is not finite or too large for a `Duration`.
    func duration(fromNumber number: Double) -> Duration? {
        let seconds = self == .milliseconds ? number / 1000 : number
        guard seconds.isFinite, abs(seconds) < Self.maxSeconds else { return nil }
        switch self {
        case .seconds: return .seconds(number)
        case .milliseconds: return .milliseconds(number)
        }
    }

    /// The message of the error thrown when a number is out of range.
    func outOfRangeMessage(_ number: Double) -> String {
        "Expected a duration in \(name), but \(number) is too large."
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
    /// - Throws: `DecodingError` when the key is missing, the value is not a number, or it is too large for a
    ///   `Duration`.
    func decodeDuration(forKey key: Key, unit: DurationUnit) throws -> Duration {
        try duration(from: try decode(Double.self, forKey: key), forKey: key, unit: unit)
    }

    /// Decodes the JSON number at `key` as a duration in `unit`, or `nil` when absent or null.
    ///
    /// - Throws: `DecodingError` when the value is present but not a number, or too large for a `Duration`.
    func decodeDurationIfPresent(forKey key: Key, unit: DurationUnit) throws -> Duration? {
        // One lookup of the key: `decodeIfPresent` is nil for an absent key and for null.
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        return try duration(from: number, forKey: key, unit: unit)
    }

    private func duration(from number: Double, forKey key: Key, unit: DurationUnit) throws -> Duration {
        guard let duration = unit.duration(fromNumber: number) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: unit.outOfRangeMessage(number))
        }
        return duration
    }

    /// Decodes the array of JSON numbers at `key` as durations in `unit`.
    ///
    /// - Throws: `DecodingError` with the element's coding path (`delays[2]`) when one does not decode.
    func decodeDurations(forKey key: Key, unit: DurationUnit) throws -> [Duration] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return try container.decodeDurations(unit: unit)
    }
}

extension SingleValueDecodingContainer {
    /// Decodes this JSON number as a duration in `unit`.
    func decodeDuration(unit: DurationUnit) throws -> Duration {
        let number = try decode(Double.self)
        guard let duration = unit.duration(fromNumber: number) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: unit.outOfRangeMessage(number))
        }
        return duration
    }
}

extension UnkeyedDecodingContainer {
    /// Decodes the remaining JSON numbers as durations in `unit`.
    mutating func decodeDurations(unit: DurationUnit) throws -> [Duration] {
        var durations: [Duration] = []
        while !isAtEnd {
            let index = currentIndex
            let number = try decode(Double.self)
            guard let duration = unit.duration(fromNumber: number) else {
                let context = DecodingError.Context(
                    codingPath: codingPath + [AnyCodingKey(intValue: index)],
                    debugDescription: unit.outOfRangeMessage(number))
                throw DecodingError.dataCorrupted(context)
            }
            durations.append(duration)
        }
        return durations
    }
}

extension KeyedEncodingContainer {
    /// Encodes `duration` at `key` as a JSON number in `unit` (an integer when whole).
    mutating func encodeDuration(_ duration: Duration, forKey key: Key, unit: DurationUnit) throws {
        try encode(unit.number(from: duration), forKey: key)
    }

}
