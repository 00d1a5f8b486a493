extension KeyedDecodingContainer {
    /// Decodes a value that must not fail the whole decode: returns `nil` when the key is absent
    /// or null, and also when the value is present but does not decode — in which case a
    /// `.lenientFallback` issue is reported to `DecodingIssueReporter.current`.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        do {
            return try decode(type, forKey: key)
        } catch {
            DecodingIssueReporter.current.report(DecodingIssue(
                kind: .lenientFallback,
                codingPath: (codingPath + [key]).dottedPath,
                message: issueMessage(for: error)
            ))
            return nil
        }
    }
}
