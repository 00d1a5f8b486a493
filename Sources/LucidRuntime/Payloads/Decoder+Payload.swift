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
                failable ? try group.decode(.failable(type), at: innerKey) : try group.decodeArray(type, at: innerKey)
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

}
