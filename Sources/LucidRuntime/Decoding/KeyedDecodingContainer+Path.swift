extension KeyedDecodingContainer {
    /// Decodes the value at `path` below `key`: `decode(T.self, forKey: .info, path: ["a", "b"])`
    /// reads `info.a.b`. An empty path decodes the value at `key` itself.
    ///
    /// - Throws: `DecodingError` with the full coding path when a step is missing or mistyped.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key, path: [String]) throws -> T {
        guard let last = path.last else { return try decode(type, forKey: key) }
        var container = try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        for step in path.dropLast() {
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(step))
        }
        return try container.decode(type, forKey: AnyCodingKey(last))
    }

    /// Decodes the value at `path` below `key`, or returns `nil` when any step is missing or null.
    ///
    /// - Throws: `DecodingError` with the full coding path when a present value is mistyped.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key, path: [String]) throws -> T? {
        guard let last = path.last else { return try decodeIfPresent(type, forKey: key) }
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        var container = try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        for step in path.dropLast() {
            let stepKey = AnyCodingKey(step)
            guard container.contains(stepKey), try !container.decodeNil(forKey: stepKey) else { return nil }
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: stepKey)
        }
        return try container.decodeIfPresent(type, forKey: AnyCodingKey(last))
    }

    /// Decodes a property that is only sent when requested: an absent key is `.unrequested`, a
    /// present one `.requested` (a null decodes as `.requested(nil)` when `T` is optional).
    ///
    /// - Throws: `DecodingError` when the present value does not decode as `T`.
    public func decodeLazy<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Lazy<T> {
        guard contains(key) else { return .unrequested }
        return .requested(try decode(type, forKey: key))
    }

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
