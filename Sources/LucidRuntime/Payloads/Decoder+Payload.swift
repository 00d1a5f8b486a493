import Foundation

/// Navigation for generated payloads: a payload is found at a key path from the body's root, and its
/// entities at a key path inside the payload. An empty path means "right here".
@_spi(Generated) extension Decoder {
    /// A decoder positioned at `path` below this one; an empty path is this decoder.
    ///
    /// - Throws: `DecodingError.keyNotFound` (with the coding path) when a step is missing, and
    ///   `DecodingError.typeMismatch` when a step on the way is not an object.
    public func payload(at path: [String]) throws -> any Decoder {
        guard let last = path.last else { return self }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        let key = AnyCodingKey(last)
        guard parent.contains(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: parent.codingPath, debugDescription: "The payload key '\(last)' is missing."))
        }
        return try parent.superDecoder(forKey: key)
    }

    /// A decoder positioned at `path`, or nil when a step (or the value itself) is missing or null.
    public func payloadIfPresent(at path: [String]) throws -> (any Decoder)? {
        guard let last = path.last else { return try singleValueContainer().decodeNil() ? nil : self }
        guard
            let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        else { return nil }
        let key = AnyCodingKey(last)
        guard parent.contains(key), try !parent.decodeNil(forKey: key) else { return nil }
        return try parent.superDecoder(forKey: key)
    }

    /// The value at `path`; an empty path decodes this decoder's value itself.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing or a value mistyped.
    public func decode<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T {
        path.isEmpty ? try T(from: self) : try container(keyedBy: AnyCodingKey.self).decode(type, at: path)
    }

    /// The value at `path`, or `nil` when it (or a step towards it) is missing or null; an empty path
    /// decodes this decoder's value itself, `nil` when it is null.
    ///
    /// - Throws: `DecodingError` when a present value is mistyped.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T? {
        guard !path.isEmpty else { return try singleValueContainer().decodeNil() ? nil : T(from: self) }
        return try container(keyedBy: AnyCodingKey.self).decodeIfPresent(type, at: path)
    }

    /// The list at `path`; an item that fails to decode fails the whole list.
    ///
    /// - Throws: `DecodingError` when the list is missing or not a list, or an item does not decode.
    public func decodeArray<T: Decodable>(_ type: T.Type, at path: [String]) throws -> [T] {
        try decode([T].self, at: path)
    }

    /// The list at `path`, or `nil` when it (or a step towards it) is missing or null; an item that
    /// fails to decode fails the whole list.
    ///
    /// - Throws: `DecodingError` when a present value is not a list or an item does not decode.
    public func decodeArrayIfPresent<T: Decodable>(_ type: T.Type, at path: [String]) throws -> [T]? {
        try decodeIfPresent([T].self, at: path)
    }

    /// The list at `path`, leaving out items that fail to decode; each one is reported to
    /// `DecodingIssueReporter.current` as a `.droppedItem`.
    ///
    /// - Throws: `DecodingError` when the list is missing or not a list.
    public func decodeFailableArray<T: Decodable>(_ type: T.Type, at path: [String]) throws -> [T] {
        guard let last = path.last else {
            var items = try unkeyedContainer()
            return try items.decodeFailableElements(type)
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeFailableArray(type, forKey: AnyCodingKey(last))
    }

    /// Like `decodeFailableArray(_:at:)`, but `nil` when the list (or a step towards it) is missing or null.
    ///
    /// - Throws: `DecodingError` when a present value is not a list.
    public func decodeFailableArrayIfPresent<T: Decodable>(_ type: T.Type, at path: [String]) throws -> [T]? {
        guard let last = path.last else {
            return try singleValueContainer().decodeNil() ? nil : decodeFailableArray(type, at: [])
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        return try parent?.decodeFailableArrayIfPresent(type, forKey: AnyCodingKey(last))
    }

    /// The map at `path`, leaving out values that fail to decode; each one is reported to
    /// `DecodingIssueReporter.current` as a `.droppedValue`. An empty path reads this decoder's value.
    ///
    /// - Throws: `DecodingError` when the map is missing or not an object.
    public func decodeFailableDictionary<T: Decodable>(_ type: T.Type, at path: [String]) throws -> [String: T] {
        guard let last = path.last else { return try container(keyedBy: AnyCodingKey.self).decodeFailableValues(type) }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeFailableDictionary(type, forKey: AnyCodingKey(last))
    }

    /// Like `decodeFailableDictionary(_:at:)`, but `nil` when the map (or a step towards it) is missing or null.
    ///
    /// - Throws: `DecodingError` when a present value is not an object.
    public func decodeFailableDictionaryIfPresent<T: Decodable>(
        _ type: T.Type, at path: [String]
    ) throws -> [String: T]? {
        guard let last = path.last else {
            return try singleValueContainer().decodeNil() ? nil : decodeFailableDictionary(type, at: [])
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        return try parent?.decodeFailableDictionaryIfPresent(type, forKey: AnyCodingKey(last))
    }

    /// This value is a list of groups that each hold a list at `innerKey`: returns the inner lists joined
    /// in order. With `failable`, items that fail to decode are left out and reported as in
    /// `decodeFailableArray(_:at:)`; otherwise one bad item fails the whole decode.
    ///
    /// - Throws: `DecodingError` when this value is not a list, a group lacks its inner list, or (unless
    ///   `failable`) an item does not decode.
    public func decodeNestedArrays<T: Decodable>(_ type: T.Type, innerKey: [String], failable: Bool) throws -> [T] {
        var groups = try unkeyedContainer()
        var result: [T] = []
        while !groups.isAtEnd {
            let group = try groups.superDecoder()
            result +=
                failable ? try group.decodeFailableArray(type, at: innerKey) : try group.decodeArray(type, at: innerKey)
        }
        return result
    }

    /// Like `decodeNestedArrays(_:innerKey:failable:)`, but `nil` when this value is null.
    ///
    /// - Throws: as `decodeNestedArrays(_:innerKey:failable:)` for a present value.
    public func decodeNestedArraysIfPresent<T: Decodable>(
        _ type: T.Type, innerKey: [String], failable: Bool
    ) throws -> [T]? {
        try singleValueContainer().decodeNil() ? nil : decodeNestedArrays(type, innerKey: innerKey, failable: failable)
    }

    /// This value is a list of items that each hold one entity at `key` (Lucid's `nested_array`): returns the
    /// entities in order. With `failable`, an item whose entity is missing or fails to decode is left out and
    /// reported to `DecodingIssueReporter.current` as a `.droppedItem`; otherwise it fails the whole decode.
    ///
    /// - Throws: `DecodingError` when this value is not a list or (unless `failable`) an item does not decode.
    public func decodeNestedItems<T: Decodable>(_ type: T.Type, key: [String], failable: Bool) throws -> [T] {
        var items = try unkeyedContainer()
        var result: [T] = []
        if let count = items.count { result.reserveCapacity(count) }
        while !items.isAtEnd {
            let index = items.currentIndex
            let item = try items.superDecoder()
            do {
                result.append(try item.decode(type, at: key))
            } catch  where failable {
                let itemPath = codingPath + [AnyCodingKey(intValue: index)]
                DecodingIssueReporter.current.report(
                    DecodingIssue(
                        kind: .droppedItem(index: index), codingPath: issuePath(for: error, fallback: itemPath),
                        message: issueMessage(for: error)),
                    logLine: DroppedItemLog.droppedItem(at: itemPath, error: error))
            }
        }
        return result
    }

    /// Like `decodeNestedItems(_:key:failable:)`, but `nil` when this value is null.
    ///
    /// - Throws: as `decodeNestedItems(_:key:failable:)` for a present value.
    public func decodeNestedItemsIfPresent<T: Decodable>(_ type: T.Type, key: [String], failable: Bool) throws -> [T]? {
        try singleValueContainer().decodeNil() ? nil : decodeNestedItems(type, key: key, failable: failable)
    }

    // MARK: Plain values at a path

    /// The date at `path`, written in `format`; an empty path reads this decoder's value (a payload whose
    /// `base_key` leads to a date).
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing, or the value is not a date in
    ///   `format`.
    public func decodeDate(at path: [String], format: DateCodingFormat) throws -> Date {
        guard let last = path.last else { return try singleValueContainer().decodeDate(format: format) }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeDate(forKey: AnyCodingKey(last), format: format)
    }

    /// The date at `path`, or `nil` when it (or a step towards it) is missing or null.
    ///
    /// - Throws: `DecodingError` with the coding path when a present value is not a date in `format`.
    public func decodeDateIfPresent(at path: [String], format: DateCodingFormat) throws -> Date? {
        guard let last = path.last else {
            let value = try singleValueContainer()
            return value.decodeNil() ? nil : try value.decodeDate(format: format)
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        return try parent?.decodeDateIfPresent(forKey: AnyCodingKey(last), format: format)
    }

    /// The list of dates at `path`, each written in `format`; an empty path reads this decoder's value.
    ///
    /// - Throws: `DecodingError` with the coding path (`dates[2]`) when the list is missing or an item is not a
    ///   date in `format`.
    public func decodeDates(at path: [String], format: DateCodingFormat) throws -> [Date] {
        guard let last = path.last else {
            var items = try unkeyedContainer()
            return try items.decodeDates(format: format)
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeDates(forKey: AnyCodingKey(last), format: format)
    }

    /// The JSON number at `path` as a duration in `unit`; an empty path reads this decoder's value.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing, or the value is not a number or too
    ///   large for a `Duration`.
    public func decodeDuration(at path: [String], unit: DurationUnit) throws -> Duration {
        guard let last = path.last else { return try singleValueContainer().decodeDuration(unit: unit) }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeDuration(forKey: AnyCodingKey(last), unit: unit)
    }

    /// The duration at `path`, or `nil` when it (or a step towards it) is missing or null.
    ///
    /// - Throws: `DecodingError` with the coding path when a present value is not a number or too large.
    public func decodeDurationIfPresent(at path: [String], unit: DurationUnit) throws -> Duration? {
        guard let last = path.last else {
            let value = try singleValueContainer()
            return value.decodeNil() ? nil : try value.decodeDuration(unit: unit)
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainerIfPresent(at: Array(path.dropLast()))
        return try parent?.decodeDurationIfPresent(forKey: AnyCodingKey(last), unit: unit)
    }

    /// The list of JSON numbers at `path` as durations in `unit`; an empty path reads this decoder's value.
    ///
    /// - Throws: `DecodingError` with the coding path (`delays[2]`) when the list is missing or an item is not a
    ///   number or too large.
    public func decodeDurations(at path: [String], unit: DurationUnit) throws -> [Duration] {
        guard let last = path.last else {
            var items = try unkeyedContainer()
            return try items.decodeDurations(unit: unit)
        }
        let parent = try container(keyedBy: AnyCodingKey.self).nestedContainer(at: Array(path.dropLast()))
        return try parent.decodeDurations(forKey: AnyCodingKey(last), unit: unit)
    }
}
