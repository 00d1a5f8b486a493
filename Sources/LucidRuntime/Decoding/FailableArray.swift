extension KeyedDecodingContainer {
    /// Decodes an array whose elements may individually fail: each element that does not decode
    /// is left out and reported to `DecodingIssueReporter.current` as a `.droppedItem`.
    ///
    /// - Throws: `DecodingError` when the key is missing or its value is not an array.
    func decodeFailableArray<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return try container.decodeFailableElements(type)
    }

}

extension UnkeyedDecodingContainer {
    /// Decodes the remaining elements, leaving out each one that does not decode and reporting it
    /// to `DecodingIssueReporter.current` as a `.droppedItem`.
    ///
    /// - Throws: only what the container itself throws; element failures are reported instead.
    mutating func decodeFailableElements<T: Decodable>(_ type: T.Type) throws -> [T] {
        var elements: [T] = []
        if let count { elements.reserveCapacity(count) }
        while !isAtEnd {
            let index = currentIndex
            do {
                // Where decimals are rebuilt, an item made of them is read through its own decoder, which knows
                // where it is; otherwise straight from the container.
                elements.append(
                    ExactDecimal.rebuilds ? try decodeMaybeExactly(T.self, from: superDecoder()) : try decode(T.self))
            } catch {
                // A decoder may leave an element it could not decode in place (`JSONDecoder` does): step over it.
                if currentIndex == index { _ = try decode(SkippedElement.self) }
                let elementPath = codingPath + [AnyCodingKey(intValue: index)]
                DecodingIssueReporter.current.report(
                    DecodingIssue(
                        kind: .droppedItem(index: index),
                        codingPath: issuePath(for: error, fallback: elementPath),
                        message: issueMessage(for: error)
                    ), logLine: DroppedItemLog.droppedItem(at: elementPath, error: error))
            }
        }
        return elements
    }
}

/// Reads nothing: decoding it steps an unkeyed container over one element, whatever it holds.
struct SkippedElement: Decodable {
    init(from decoder: any Decoder) {}
}
