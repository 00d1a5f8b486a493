extension KeyedEncodingContainer {
    /// Encodes `value` at `path` below `key`, creating the nested objects on the way. Several
    /// values under the same `key` merge into one object. An empty path encodes at `key` itself.
    public mutating func encode<T: Encodable>(_ value: T, forKey key: Key, path: [String]) throws {
        guard let last = path.last else { return try encode(value, forKey: key) }
        var container = nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        for step in path.dropLast() {
            container = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(step))
        }
        try container.encode(value, forKey: AnyCodingKey(last))
    }

    /// Encodes `value` at `path` below `key`; writes nothing (not even the nested objects) when
    /// it is `nil`.
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key, path: [String]) throws {
        guard let value else { return }
        try encode(value, forKey: key, path: path)
    }

    /// Encodes a requested value at `key` (a requested `nil` as null); writes nothing when unrequested.
    public mutating func encodeLazy<T: Encodable>(_ value: Lazy<T>, forKey key: Key) throws {
        guard case .requested(let value) = value else { return }
        try encode(value, forKey: key)
    }
}
