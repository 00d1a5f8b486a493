@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a value that must not fail the whole decode: returns `nil` when the key is absent
    /// or null, and also when the value is present but does not decode — in which case a
    /// `.lenientFallback` issue is reported to `DecodingIssueReporter.current`.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        return decodeLenient(forKey: key) { try $0.decode(type, forKey: key) }
    }

    /// Runs `read` on this container for a value with its own reader (a date, a duration, a failable list):
    /// a failure gives `nil` and a reported `.lenientFallback` issue, as `decodeLenient(_:forKey:)` does.
    public func decodeLenient<T>(forKey key: Key, _ read: (Self) throws -> T?) -> T? {
        do {
            return try read(self)
        } catch {
            DecodingIssueReporter.current.report(
                DecodingIssue(
                    kind: .lenientFallback,
                    codingPath: (codingPath + [key]).dottedPath,
                    message: issueMessage(for: error)
                ))
            return nil
        }
    }
}
