import Foundation

/// An `Encodable` value as form and multipart bodies see it. Built by its own `Encoder` rather than by reading
/// back JSON, so that a `FileUpload` stays a file, a `Decimal` keeps all its digits and a `Float` its own shortest
/// text.
indirect enum FormValue: Equatable {
    case null
    case text(String)
    case file(FileUpload)
    case list([FormValue])
    case object([String: FormValue])

    /// What `value` encodes to.
    init(encoding value: some Encodable) throws {
        let node = FormNode()
        try node.store(value, codingPath: [])
        self = node.value
    }

    /// Whether the value is one field's value: a text, a file, or nothing.
    var isScalar: Bool {
        switch self {
        case .null, .text, .file: true
        case .list, .object: false
        }
    }
}

/// One field of a form or multipart body: a name, brackets included for nesting (`items[0][price]`), and its text
/// or file.
struct FormField: Equatable {
    enum Content: Equatable {
        case text(String)
        case file(FileUpload)
    }

    var name: String
    var content: Content
}

extension FormValue {
    /// The fields of a body whose value is this one, in order. Top-level fields come sorted by name; a top-level
    /// list of scalars repeats its name (`ids=1&ids=2`, the flat form encoding servers have always read); every
    /// other list is indexed (`tags[0]`) and every object's fields are bracketed and sorted (`address[city]`), as
    /// Rails, PHP and Stripe read them. Nulls are left out, and so are empty lists and objects.
    ///
    /// - Throws: `FormURLEncoder.EncodingFailure` when the value is not an object.
    func fields() throws -> [FormField] {
        guard case .object(let object) = self else {
            throw FormURLEncoder.EncodingFailure(description: "a form body must be an object, not \(kind)")
        }
        var fields: [FormField] = []
        for name in object.keys.sorted() {
            guard let value = object[name] else { continue }
            if case .list(let list) = value, list.allSatisfy(\.isScalar) {
                for element in list { element.append(named: name, to: &fields) }
            } else {
                value.append(named: name, to: &fields)
            }
        }
        return fields
    }

    /// Appends this value as the fields under `name`.
    private func append(named name: String, to fields: inout [FormField]) {
        switch self {
        case .null: break
        case .text(let text): fields.append(FormField(name: name, content: .text(text)))
        case .file(let file): fields.append(FormField(name: name, content: .file(file)))
        case .list(let list):
            for (index, element) in list.enumerated() { element.append(named: "\(name)[\(index)]", to: &fields) }
        case .object(let object):
            for key in object.keys.sorted() { object[key]?.append(named: "\(name)[\(key)]", to: &fields) }
        }
    }

    /// The kind of value, for error messages.
    private var kind: String {
        switch self {
        case .null: "null"
        case .text: "a single value"
        case .file: "a file"
        case .list: "a list"
        case .object: "an object"
        }
    }
}

// MARK: - The encoder

/// One value being encoded, filled in by the containers handed out for it, possibly after they were handed out
/// (a nested container writes into its node later), hence a class.
private final class FormNode {
    private enum Kind { case unset, scalar, list, object }

    private var kind = Kind.unset
    private var scalar = FormValue.null
    private var list: [FormNode] = []
    private var fields: [String: FormNode] = [:]

    /// The value encoded so far; a value that encoded nothing is an empty object, as with `JSONEncoder`.
    var value: FormValue {
        switch kind {
        case .unset: .object([:])
        case .scalar: scalar
        case .list: .list(list.map(\.value))
        case .object: .object(fields.mapValues(\.value))
        }
    }

    var count: Int { list.count }

    func set(_ value: FormValue) {
        kind = .scalar
        scalar = value
    }

    func becomeList() {
        if kind != .list { (kind, list) = (.list, []) }
    }

    func becomeObject() {
        if kind != .object { (kind, fields) = (.object, [:]) }
    }

    /// A new node at the end of this list.
    func appended() -> FormNode {
        becomeList()
        list.append(FormNode())
        return list[list.count - 1]
    }

    /// A new node for `key` of this object (replacing an earlier one, as the last write wins in JSON too).
    func child(_ key: any CodingKey) -> FormNode {
        becomeObject()
        let node = FormNode()
        fields[key.stringValue] = node
        return node
    }

    /// Stores `value`: the types a form writes as text or as a file directly, anything else through its own
    /// `encode(to:)`.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let scalar = Self.scalar(value) {
            set(scalar)
        } else {
            try value.encode(to: FormValueEncoder(node: self, codingPath: codingPath))
        }
    }

    /// The text or file of a value written as one, matched by exact type (never by a bridging cast, which could
    /// differ between platforms): numbers in plain decimal notation, booleans as `true`/`false`, a `Date` in ISO
    /// 8601, a `URL` as its absolute string and `Data` as Base64 (what `JSONEncoder` writes for the last two).
    private static func scalar<T>(_ value: T) -> FormValue? {
        if let text = exactly(value, String.self) { return .text(text) }
        if let bool = exactly(value, Bool.self) { return .text(bool ? "true" : "false") }
        if let number = exactly(value, Double.self) { return .text(PlainNumberText.text(number)) }
        if let number = exactly(value, Float.self) { return .text(PlainNumberText.text(number)) }
        if let number = exactly(value, Decimal.self) { return .text(PlainNumberText.text(number)) }
        if let integer = value as? any BinaryInteger { return .text(String(integer)) }
        if let file = exactly(value, FileUpload.self) { return .file(file) }
        if let date = exactly(value, Date.self) { return .text(DateCodingFormat.iso8601.text(from: date)) }
        if let url = exactly(value, URL.self) { return .text(url.absoluteString) }
        if let data = exactly(value, Data.self) { return .text(data.base64EncodedString()) }
        return nil
    }

    private static func exactly<T, U>(_ value: T, _ type: U.Type) -> U? {
        T.self == U.self ? value as? U : nil
    }
}

/// Writes an `Encodable` value into a `FormNode`.
private struct FormValueEncoder: Encoder {
    let node: FormNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeList()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// An object's fields. The generic `encode` also stands for each primitive overload of the protocol.
private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FormNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(key)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(key)
        child.becomeList()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = AnyCodingKey(stringValue: "super")
        return FormValueEncoder(node: node.child(key), codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(node: node.child(key), codingPath: codingPath + [key])
    }
}

/// A list's elements, in order.
private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: FormNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextKey: any CodingKey { AnyCodingKey(intValue: count) }

    mutating func encodeNil() throws { node.appended().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try node.appended().store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = node.appended()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.appended()
        child.becomeList()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return FormValueEncoder(node: node.appended(), codingPath: codingPath + [key])
    }
}

/// A value written as one: a primitive, or another `Encodable` encoded in its place.
private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: FormNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.store(value, codingPath: codingPath)
    }
}
