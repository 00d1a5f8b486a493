extension KeyedDecodingContainer {
    /// Decodes a map (a JSON object of `T` values) whose values may individually fail: each value that does not
    /// decode is left out with its key and reported to `DecodingIssueReporter.current` as a `.droppedValue`.
    ///
    /// - Throws: `DecodingError` when the key is missing or its value is not an object.
    func decodeFailableDictionary<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [String: T] {
        try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).decodeFailableValues(type)
    }

}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Every value of this object that decodes as `T`, by key; the others are reported as `.droppedValue`, in
    /// the order of their keys so that reports are the same from run to run.
    func decodeFailableValues<T: Decodable>(_ type: T.Type) throws -> [String: T] {
        var values: [String: T] = [:]
        for key in allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            do {
                values[key.stringValue] =
                    ExactDecimal.rebuilds
                    ? try decodeMaybeExactly(T.self, from: superDecoder(forKey: key)) : try decode(T.self, forKey: key)
            } catch {
                DecodingIssueReporter.current.report(
                    DecodingIssue(
                        kind: .droppedValue(key: key.stringValue),
                        codingPath: issuePath(for: error, fallback: codingPath + [key]),
                        message: issueMessage(for: error)
                    ), logLine: DroppedItemLog.droppedValue(ofMapAt: codingPath, error: error))
            }
        }
        return values
    }
}
