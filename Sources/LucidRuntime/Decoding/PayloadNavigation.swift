@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// The object at `path` below this one; an empty path is this container.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing or not an object.
    public func nestedContainer(at path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey> {
        var container = self
        for step in path {
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(step))
        }
        return container
    }

    /// The object at `path` below this one, or `nil` when a step is missing or null.
    ///
    /// - Throws: `DecodingError` when a step is present but not an object.
    public func nestedContainerIfPresent(at path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey>? {
        var container = self
        for step in path {
            let key = AnyCodingKey(step)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        }
        return container
    }

    /// Decodes the value at `path` (which must not be empty: decode the root from the decoder).
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing or mistyped, and
    ///   `DecodingError.dataCorrupted` for an empty path.
    public func decode<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T {
        guard let last = path.last else { throw emptyPathError() }
        return try nestedContainer(at: Array(path.dropLast())).decode(type, forKey: AnyCodingKey(last))
    }

    /// Decodes the value at `path`, or returns `nil` when a step is missing or null.
    ///
    /// - Throws: `DecodingError` when a present value is mistyped, and
    ///   `DecodingError.dataCorrupted` for an empty path.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T? {
        guard let last = path.last else { throw emptyPathError() }
        return try nestedContainerIfPresent(at: Array(path.dropLast()))?.decodeIfPresent(
            type, forKey: AnyCodingKey(last))
    }

    private func emptyPathError() -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "An empty payload path names the root value: decode it from the decoder instead."
            ))
    }
}
