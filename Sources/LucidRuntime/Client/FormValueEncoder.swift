import Foundation

/// An `Encodable` value as form and multipart bodies see it. Built by its own `Encoder` rather than by reading
/// back JSON, so that a `FileUpload` stays a file, a `Decimal` keeps all its digits and a `Float` its own shortest
/// text.
indirect enum FormValue: Equatable {
    /// One field of an object.
    struct Entry: Equatable {
        var key: String
        var value: FormValue
    }

    case null
    case text(String)
    case file(FileUpload)
    case list([FormValue])
    /// An object's fields in the order they were encoded (a struct's declaration order), a string map's sorted.
    case object([Entry])

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
        /// A list sent as one value joined by commas (`FormListStyle.comma`).
        case commaSeparated([String])
    }

    var name: String
    var content: Content
}

extension FormValue {
    /// The fields of a body whose value is this one, in order: fields in the order the value encodes them (a
    /// generated struct's declaration order; a string map's keys sorted), objects bracketed (`address[city]`) and
    /// lists as `lists` says. Nulls are left out, and so are empty lists and objects.
    ///
    /// - Throws: `FormURLEncoder.EncodingFailure` when the value is not an object, or holds a list `lists` cannot
    ///   send (a list of objects or lists as `repeated` or `comma`, a list of lists as `brackets`, files joined by
    ///   commas, a `brackets` list of objects whose items share no field).
    func fields(lists: FormListStyle = .mixed) throws -> [FormField] {
        guard case .object(let entries) = self else {
            throw FormURLEncoder.EncodingFailure(description: "a form body must be an object, not \(kind)")
        }
        var fields: [FormField] = []
        for entry in entries {
            try entry.value.append(named: entry.key, topLevel: true, lists: lists, to: &fields)
        }
        return fields
    }

    /// Appends this value as the fields under `name`.
    private func append(
        named name: String, topLevel: Bool, lists: FormListStyle, to fields: inout [FormField]
    ) throws {
        switch self {
        case .null: break
        case .text(let text): fields.append(FormField(name: name, content: .text(text)))
        case .file(let file): fields.append(FormField(name: name, content: .file(file)))
        case .object(let entries):
            for entry in entries {
                try entry.value.append(named: "\(name)[\(entry.key)]", topLevel: false, lists: lists, to: &fields)
            }
        case .list(let elements):
            try append(elements, named: name, topLevel: topLevel, lists: lists, to: &fields)
        }
    }

    /// Appends the list `elements` as the fields under `name`, in the convention `lists`.
    private static func failure(
        _ name: String, _ reason: String, _ lists: FormListStyle
    ) -> FormURLEncoder.EncodingFailure {
        FormURLEncoder.EncodingFailure(
            description: "field '\(name)' is \(reason), which '\(lists.specName)' cannot send")
    }

    private func append(
        _ elements: [FormValue], named name: String, topLevel: Bool, lists: FormListStyle,
        to fields: inout [FormField]
    ) throws {
        let present = elements.filter { $0 != .null }
        let scalars = present.allSatisfy(\.isScalar)
        switch lists {
        case .mixed where topLevel && scalars, .repeated where scalars:
            for element in present { try element.append(named: name, topLevel: false, lists: lists, to: &fields) }
        case .repeated:
            throw Self.failure(name, "a list of objects or lists", lists)
        case .comma:
            guard scalars else { throw Self.failure(name, "a list of objects or lists", lists) }
            var texts: [String] = []
            for element in present {
                guard case .text(let text) = element else { throw Self.failure(name, "a list of files", lists) }
                texts.append(text)
            }
            if !texts.isEmpty { fields.append(FormField(name: name, content: .commaSeparated(texts))) }
        case .mixed, .indexed:
            // A null element's index is skipped, not reused, so that the others keep their positions.
            for (index, element) in elements.enumerated() {
                try element.append(named: "\(name)[\(index)]", topLevel: false, lists: lists, to: &fields)
            }
        case .brackets:
            try appendBrackets(present, named: name, to: &fields)
        }
    }

    /// A list as `name[]=a&name[]=b`, objects as `name[][price]=p`. Rack starts a new item of a list of objects
    /// when a field repeats one of the item it is filling, so each item after the first leads with a single-value
    /// field the item before it also has; without one the two would merge, and the list is refused.
    private func appendBrackets(_ elements: [FormValue], named name: String, to fields: inout [FormField]) throws {
        let itemName = name + "[]"
        guard !elements.allSatisfy(\.isScalar) else {
            for element in elements {
                try element.append(named: itemName, topLevel: false, lists: .brackets, to: &fields)
            }
            return
        }
        var previousKeys: Set<String>?
        for element in elements {
            if case .list = element { throw Self.failure(name, "a list of lists", .brackets) }
            var item: [FormField] = []
            try element.append(named: itemName, topLevel: false, lists: .brackets, to: &item)
            if item.isEmpty { continue }
            // A field's key within its item: `[price]`, `[address][city]`; one holding `[]` never starts an item.
            let keys = item.map { String($0.name.dropFirst(itemName.count)) }
            if let previousKeys {
                let lead = keys.indices.first { !keys[$0].contains("[]") && previousKeys.contains(keys[$0]) }
                guard let lead
                else {
                    throw FormURLEncoder.EncodingFailure(
                        description: "the items of '\(name)' share no field, so a server reading 'brackets' would "
                            + "merge them; give each item a field the others have too")
                }
                item.insert(item.remove(at: lead), at: 0)
            }
            previousKeys = Set(keys.filter { !$0.contains("[]") })
            fields += item
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
    /// An object's fields, and their keys in the order first written.
    private var fields: [String: FormNode] = [:]
    private var keys: [String] = []
    /// Whether the value is a string-keyed map, whose keys come in no particular order: they are sent sorted, so
    /// that the body is the same on every run.
    private var sortsKeys = false

    /// The value encoded so far; a value that encoded nothing is an empty object, as with `JSONEncoder`.
    var value: FormValue {
        switch kind {
        case .unset: .object([])
        case .scalar: scalar
        case .list: .list(list.map(\.value))
        case .object:
            .object(
                (sortsKeys ? keys.sorted() : keys).compactMap { key in
                    fields[key].map { FormValue.Entry(key: key, value: $0.value) }
                })
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
        if kind != .object { (kind, fields, keys) = (.object, [:], []) }
    }

    /// A new node at the end of this list.
    func appended() -> FormNode {
        becomeList()
        list.append(FormNode())
        return list[list.count - 1]
    }

    /// A new node for `key` of this object (replacing an earlier one in its place, as the last write wins in JSON
    /// too).
    func child(_ key: any CodingKey) -> FormNode {
        becomeObject()
        let node = FormNode()
        if fields.updateValue(node, forKey: key.stringValue) == nil { keys.append(key.stringValue) }
        return node
    }

    /// Stores `value`: the types a form writes as text or as a file directly, anything else through its own
    /// `encode(to:)`.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let scalar = Self.scalar(value) {
            set(scalar)
        } else {
            if value is any StringKeyedMap { sortsKeys = true }
            try value.encode(to: FormValueEncoder(node: self, codingPath: codingPath))
        }
    }

    /// The text or file of a value written as one, matched by exact type (never by a bridging cast, which could
    /// differ between platforms): numbers in plain decimal notation, booleans as `true`/`false`, a `Date` in ISO
    /// 8601, a `URL` as its absolute string, `Data` as Base64 (what `JSONEncoder` writes for those two) and a `UUID`
    /// in lower case, as in a query (`UUID.parameterText`; its own encoding would write `uuidString`, upper case).
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
        if let uuid = exactly(value, UUID.self) { return .text(uuid.parameterText) }
        return nil
    }

    private static func exactly<T, U>(_ value: T, _ type: U.Type) -> U? {
        T.self == U.self ? value as? U : nil
    }
}

/// A dictionary with `String` keys, which encodes as an object in its own, unstable order.
private protocol StringKeyedMap {}

extension Dictionary: StringKeyedMap where Key == String {}

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
