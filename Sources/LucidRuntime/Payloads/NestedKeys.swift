/// Dotted JSON keys (`credits.director.name`): generated code reaches the object that holds the last key
/// with these, then reads or writes that key as usual.
extension KeyedDecodingContainer {
    /// The object at `key` and then `path` below it.
    public func nested(_ key: Key, _ path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey> {
        try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).nestedContainer(at: path)
    }

    /// The object at `key` and then `path`, or nil when any step is missing or null.
    public func nestedIfPresent(_ key: Key, _ path: [String]) throws -> KeyedDecodingContainer<AnyCodingKey>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).nestedContainerIfPresent(at: path)
    }
}

extension KeyedEncodingContainer {
    /// Writes into the object at `key` and then `path`, creating them as needed. Several properties may
    /// write into the same nested object: the encoder merges them.
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
