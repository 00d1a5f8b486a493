import Foundation

/// The keys a payload's `excludedPaths` skip, as a tree: at one value, the keys that are hidden there and the keys
/// below which more are hidden. Like `JSONExclusion`, a node met at an array applies to every element.
final class ExclusionNode: Sendable {
    /// Keys hidden at this value when it is an object.
    let hidden: [String]
    /// Keys whose values hide more, each with the node that applies there.
    let children: [(key: String, node: ExclusionNode)]
    /// The keys of `hidden` and `children`: an object holding none of them reads as it is.
    private let keys: [String]

    private init(hidden: [String], children: [(key: String, node: ExclusionNode)]) {
        self.hidden = hidden
        self.children = children
        keys = hidden + children.map(\.key)
    }

    /// The tree of `paths` (each from the root; empty paths name nothing), or nil when they hide nothing.
    static func tree(_ paths: [[String]]) -> ExclusionNode? {
        let paths = paths.filter { !$0.isEmpty }
        guard !paths.isEmpty else { return nil }
        // A key hidden here needs no node below it: everything under it is hidden with it.
        let hidden = paths.filter { $0.count == 1 }.map { $0[0] }
        var children: [(key: String, node: ExclusionNode)] = []
        for path in paths where path.count > 1 && !hidden.contains(path[0]) {
            guard !children.contains(where: { $0.key == path[0] }) else { continue }
            let below = paths.filter { $0.count > 1 && $0[0] == path[0] }.map { Array($0.dropFirst()) }
            if let node = tree(below) { children.append((path[0], node)) }
        }
        return ExclusionNode(hidden: hidden, children: children)
    }

    /// Whether `container` has a key this node hides or passes a node to. When it has none, no value read through it
    /// can reach a hidden key: every key it can name (through `Key`) reads as in the JSON.
    func applies<Key: CodingKey>(to container: KeyedDecodingContainer<Key>) -> Bool {
        for name in keys {
            if let key = Key(stringValue: name), container.contains(key) { return true }
        }
        return false
    }

    /// `container`, hiding what this node hides: the container itself when it holds no key the node names (then no
    /// read through it can reach a hidden key), otherwise a view of it that hides them.
    func hiding<Key: CodingKey>(in container: KeyedDecodingContainer<Key>) -> KeyedDecodingContainer<Key> {
        guard applies(to: container) else { return container }
        return KeyedDecodingContainer(ExcludingKeyedContainer(base: container, node: self))
    }

    /// Whether `key` is hidden at this value. A linear search: a node holds a key or two.
    @inline(__always) func hides(_ key: String) -> Bool {
        hidden.contains(key)
    }

    /// The node that applies to the value at `key`, if any.
    @inline(__always) func child(_ key: String) -> ExclusionNode? {
        for child in children where child.key == key { return child.node }
        return nil
    }
}

/// Decodes through `base` as if the keys of `node` were not in the JSON: a hidden key is absent (`contains` is false,
/// `decodeIfPresent` nil, `decode` throws `keyNotFound`), and its value is never read, so whatever it holds cannot
/// fail the decode. Values on the way to a hidden key are decoded through this wrapper too; all others are read by
/// `base` directly, with its strategies for dates, data and URLs.
struct ExcludingDecoder: Decoder {
    let base: any Decoder
    let node: ExclusionNode

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        node.hiding(in: try base.container(keyedBy: type))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ExcludingUnkeyedContainer(base: try base.unkeyedContainer(), node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ExcludingSingleValueContainer(base: try base.singleValueContainer(), decoder: self)
    }

    /// Whether `JSONDecoder` reads `type` itself, by its strategies, rather than through `init(from:)`: such a value
    /// is a JSON string or number, so no key below it can be hidden, and it is left to `base`.
    static func isReadByDecoder<T>(_ type: T.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
    }
}

/// A decoder for the value of a hidden key, handed out by `superDecoder(forKey:)`: the value reads as missing.
private struct HiddenValueDecoder: Decoder, SingleValueDecodingContainer {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    private func missing(_ type: Any.Type) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "The key is excluded."))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw missing([String: Any].self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw missing([Any].self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
    func decodeNil() -> Bool { true }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { throw missing(type) }
}

/// `ExcludingDecoder`'s keyed container: hidden keys are absent, keys on the way to one hand out wrapped values.
///
/// Generic over the container it wraps (a `KeyedDecodingContainer<Key>`) rather than over `Key`, so that calls to
/// `base` find its type in this class's generic arguments instead of looking up `KeyedDecodingContainer<Key>` for
/// every call; and a class, since `KeyedDecodingContainer` copies its container for every call.
private final class ExcludingKeyedContainer<Base: KeyedDecodingContainerProtocol>: KeyedDecodingContainerProtocol {
    typealias Key = Base.Key

    let base: Base
    let node: ExclusionNode

    init(base: Base, node: ExclusionNode) {
        self.base = base
        self.node = node
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys.filter { !node.hides($0.stringValue) } }

    func contains(_ key: Key) -> Bool {
        !node.hides(key.stringValue) && base.contains(key)
    }

    /// The error `JSONDecoder` throws for a key the object does not have.
    private func hidden(_ key: Key) -> DecodingError {
        .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
            ))
    }

    /// Reads a value that can hold no hidden key (a JSON scalar): unless its key is hidden, straight from `base`.
    @inline(__always) private func scalar<T>(_ key: Key, _ read: () throws -> T) throws -> T {
        if node.hides(key.stringValue) { throw hidden(key) }
        return try read()
    }

    @inline(__always) private func scalarIfPresent<T>(_ key: Key, _ read: () throws -> T?) rethrows -> T? {
        node.hides(key.stringValue) ? nil : try read()
    }

    func decodeNil(forKey key: Key) throws -> Bool { try scalar(key) { try base.decodeNil(forKey: key) } }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try scalar(key) { try base.decode(type, forKey: key) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try scalarIfPresent(key) { try base.decodeIfPresent(type, forKey: key) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        if node.hides(name) { throw hidden(key) }
        guard let child = node.child(name), !ExcludingDecoder.isReadByDecoder(type), base.contains(key) else {
            return try base.decode(type, forKey: key)
        }
        return try T(from: ExcludingDecoder(base: try base.superDecoder(forKey: key), node: child))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = key.stringValue
        if node.hides(name) { return nil }
        guard let child = node.child(name), !ExcludingDecoder.isReadByDecoder(type) else {
            return try base.decodeIfPresent(type, forKey: key)
        }
        guard base.contains(key), try !base.decodeNil(forKey: key) else { return nil }
        return try T(from: ExcludingDecoder(base: try base.superDecoder(forKey: key), node: child))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try scalar(key) { try base.nestedContainer(keyedBy: type, forKey: key) }
        return node.child(key.stringValue)?.hiding(in: container) ?? container
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let container = try scalar(key) { try base.nestedUnkeyedContainer(forKey: key) }
        guard let child = node.child(key.stringValue) else { return container }
        return ExcludingUnkeyedContainer(base: container, node: child)
    }

    func superDecoder() throws -> any Decoder {
        try base.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        if node.hides(key.stringValue) { return HiddenValueDecoder(codingPath: codingPath + [key], userInfo: [:]) }
        let decoder = try base.superDecoder(forKey: key)
        guard let child = node.child(key.stringValue) else { return decoder }
        return ExcludingDecoder(base: decoder, node: child)
    }
}

/// `ExcludingDecoder`'s unkeyed container: every element is read with the same node, as `JSONExclusion` applies a
/// path met at an array to each element.
private struct ExcludingUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let node: ExclusionNode

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    mutating func decodeNil() throws -> Bool { try base.decodeNil() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !ExcludingDecoder.isReadByDecoder(type) else { return try base.decode(type) }
        return try T(from: ExcludingDecoder(base: try base.superDecoder(), node: node))
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !ExcludingDecoder.isReadByDecoder(type) else { return try base.decodeIfPresent(type) }
        return try base.decodeNil() ? nil : try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        node.hiding(in: try base.nestedContainer(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ExcludingUnkeyedContainer(base: try base.nestedUnkeyedContainer(), node: node)
    }

    mutating func superDecoder() throws -> any Decoder {
        ExcludingDecoder(base: try base.superDecoder(), node: node)
    }
}

/// `ExcludingDecoder`'s single-value container: a value decoded through it keeps the wrapper.
private struct ExcludingSingleValueContainer: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    let decoder: ExcludingDecoder

    var codingPath: [any CodingKey] { base.codingPath }

    func decodeNil() -> Bool { base.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        ExcludingDecoder.isReadByDecoder(type) ? try base.decode(type) : try T(from: decoder)
    }
}
