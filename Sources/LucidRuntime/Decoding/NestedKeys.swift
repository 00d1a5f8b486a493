/// Dotted JSON keys (`credits.director.name`): generated code reaches the object that holds the last key
/// with these, then reads or writes that key as usual. For `credits.director.name` the key is `credits`,
/// the path `["director"]` and the last key `name`.
@_spi(Generated) extension KeyedDecodingContainer {
    /// The object at `key` and then `path` below it; an empty path is the object at `key`.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is missing, null or not an object.
    public func nested(_ key: Key, _ path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey> {
        try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).nestedContainer(at: path)
    }

    /// The object at `key` and then `path`, or `nil` when any step is missing or null.
    ///
    /// - Throws: `DecodingError` with the coding path when a step is present but not an object.
    public func nestedIfPresent(_ key: Key, _ path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).nestedContainerIfPresent(at: path)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Writes into the object at `key` and then `path`, creating them as needed. Several properties may
    /// write into the same nested object: `JSONEncoder` merges them into one.
    ///
    /// - Throws: whatever `body` throws.
    public mutating func encodeNested(
        _ key: Key, _ path: [String], _ body: (inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
    ) rethrows {
        var container = nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        for step in path {
            container = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(step))
        }
        try body(&container)
    }
}
