/// A value of a document read from JSON or YAML alike — an OpenAPI document, an overlay, a Lucid description —
/// with where each value and key is written.
///
/// JSON is read by `JSONParser` (`init(json:file:)`), YAML by libyaml in LucidSpec (`LocatedValue(yaml:)`); what
/// reads the document sees one tree either way. A YAML scalar is typed by the core schema; a number keeps its text.
package struct LocatedValue: Sendable {
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number as written (`1`, `2.5`, YAML's `0x1F`).
        case number(String)
        case string(String)
        case array([LocatedValue])
        case object(LocatedObject)
    }

    /// One `key: value` pair of an object, in document order.
    package struct Member: Sendable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: LocatedValue

        package init(key: String, keyLocation: SourceLocation, value: LocatedValue) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// An object of `members` at `location`.
    package static func object(_ members: [Member], at location: SourceLocation) -> LocatedValue {
        LocatedValue(.object(LocatedObject(members)), at: location)
    }

    /// The value of the first member called `key`, when the value is an object.
    package subscript(key: String) -> LocatedValue? {
        guard case .object(let object) = value else { return nil }
        return object[key]
    }

    /// Where the member `key` is written (its key), else where the value starts.
    package func location(of key: String) -> SourceLocation {
        guard case .object(let object) = value, let member = object.member(key) else { return location }
        return member.keyLocation
    }

    /// The members in document order, when the value is an object.
    package var members: [Member]? {
        if case .object(let object) = value { return object.members }
        return nil
    }

    package var items: [LocatedValue]? {
        if case .array(let items) = value { return items }
        return nil
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// A scalar's text (a string, a number, a boolean), for values such as server variable defaults.
    package var scalarText: String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// "an object", "a string", ... for messages.
    package var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// An object's members in the order written; large objects (a document's `paths`, `components.schemas`) are indexed
/// so that following a `$ref` into them does not scan thousands of members.
package struct LocatedObject: Sendable {
    package private(set) var members: [LocatedValue.Member]
    private var index: [String: Int]?

    /// Objects with more members than this get a dictionary index; smaller ones are searched in order.
    private static let indexThreshold = 16

    package init(_ members: [LocatedValue.Member]) {
        self.members = members
        guard members.count > Self.indexThreshold else { return }
        var index: [String: Int] = [:]
        for (offset, member) in members.enumerated() where index[member.key] == nil { index[member.key] = offset }
        self.index = index
    }

    /// The first member called `key`.
    package func member(_ key: String) -> LocatedValue.Member? {
        if let index { return index[key].map { members[$0] } }
        return members.first { $0.key == key }
    }

    package subscript(key: String) -> LocatedValue? { member(key)?.value }
}

extension LocatedValue {
    /// The value of a JSON value read from `file`.
    package init(json node: JSONNode, file: String) {
        let location = node.position.location(in: file)
        switch node.content {
        case .null: self.init(.null, at: location)
        case .bool(let flag): self.init(.bool(flag), at: location)
        case .number(let text): self.init(.number(text), at: location)
        case .string(let text): self.init(.string(text), at: location)
        case .array(let items): self.init(.array(items.map { LocatedValue(json: $0, file: file) }), at: location)
        case .object(let object):
            let members = object.members.map { member in
                Member(
                    key: member.key, keyLocation: member.keyPosition.location(in: file),
                    value: LocatedValue(json: member.value, file: file))
            }
            self = .object(members, at: location)
        }
    }
}
