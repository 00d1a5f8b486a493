extension KeyedDecodingContainer {
    /// Decodes an array whose elements may individually fail: each element that does not decode
    /// is left out and reported to `DecodingIssueReporter.current` as a `.droppedItem`.
    ///
    /// - Throws: `DecodingError` when the key is missing or its value is not an array.
    public func decodeFailableArray<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return try container.decodeFailableElements(type)
    }

    /// Like `decodeFailableArray(_:forKey:)`, but returns `nil` when the key is absent or null.
    ///
    /// - Throws: `DecodingError` when the value is present but not an array.
    public func decodeFailableArrayIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeFailableArray(type, forKey: key)
    }
}

extension UnkeyedDecodingContainer {
    /// Decodes the remaining elements, leaving out each one that does not decode and reporting it
    /// to `DecodingIssueReporter.current` as a `.droppedItem`.
    ///
    /// - Throws: only what the container itself throws; element failures are reported instead.
    public mutating func decodeFailableElements<T: Decodable>(_ type: T.Type) throws -> [T] {
        var elements: [T] = []
        while !isAtEnd {
            let index = currentIndex
            // The wrapper always decodes, so the container advances past failed elements too.
            switch try decode(FailableElement<T>.self).result {
            case .success(let element):
                elements.append(element)
            case .failure(let error):
                let elementPath = codingPath + [AnyCodingKey(intValue: index)]
                DecodingIssueReporter.current.report(
                    DecodingIssue(
                        kind: .droppedItem(index: index),
                        codingPath: issuePath(for: error, fallback: elementPath),
                        message: issueMessage(for: error)
                    ))
            }
        }
        return elements
    }
}

/// Decodes an element without ever throwing, keeping the outcome. Through a single-value container, so that
/// the decoder's strategies for dates, data and URLs apply as they would to a plain element.
struct FailableElement<T: Decodable>: Decodable {
    let result: Result<T, any Error>

    init(from decoder: any Decoder) {
        result = Result { try decoder.singleValueContainer().decode(T.self) }
    }
}
