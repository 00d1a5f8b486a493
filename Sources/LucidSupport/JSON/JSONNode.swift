/// Where a JSON value or key starts: 1-based line and column, columns counted in characters (as LucidSpec's
/// `SourceLocation`).
///
/// Two 32-bit fields rather than a `SourceLocation` per value: an example may hold millions of values, and the file
/// name is the same for all of them (LucidSpec's `location(in:)` adds it when a diagnostic needs one).
package struct JSONPosition: Sendable, Hashable, Comparable {
    package var line: Int32
    package var column: Int32

    /// The position at `line` and `column`; `0` and `0` for a value built in memory rather than read.
    package init(line: Int32 = 0, column: Int32 = 0) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    package static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A JSON value read by `JSONParser` (an example file, a Lucid description, an OpenAPI document), with where it
/// starts; or built in memory, to be written by `serialized(pretty:)`.
package struct JSONNode: Sendable {
    /// What the value is.
    package enum Content: Sendable {
        case null
        case bool(Bool)
        /// The number as written (`1.0`, `-2e3`): the text tells `1` from `1.0` and keeps every digit, so range
        /// checks are exact.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object(JSONObject)
    }

    package var content: Content
    /// Where the value's first character is (the `{` of an object, the `"` of a string).
    package var position: JSONPosition

    /// A value of `content` at `position` (none for a value built in memory).
    package init(content: Content, position: JSONPosition = JSONPosition()) {
        self.content = content
        self.position = position
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = content { return true }
        return false
    }

    /// The object, when the value is one.
    package var object: JSONObject? {
        if case .object(let object) = content { return object }
        return nil
    }
}

/// A JSON object: its members in the order written, each key with where it is written.
package struct JSONObject: Sendable {
    /// One `"key": value` pair.
    package struct Member: Sendable {
        package var key: String
        package var keyPosition: JSONPosition
        package var value: JSONNode

        /// The member `key` (written at `keyPosition`, none for a member built in memory) holding `value`.
        package init(key: String, keyPosition: JSONPosition = JSONPosition(), value: JSONNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// Objects with more members than this get a dictionary index; smaller ones are searched in order, which is
    /// faster and keeps the millions of small objects a large example may hold cheap.
    private static let indexThreshold = 16

    /// The members in the order written, duplicates included.
    package private(set) var members: [Member]
    /// The first member of each key, for large objects.
    private var index: [String: Int]?

    /// An object of `members`, in the order written.
    package init(_ members: [Member]) {
        self.members = members
        guard members.count > Self.indexThreshold else { return }
        var index: [String: Int] = [:]
        for (offset, member) in members.enumerated() where index[member.key] == nil {
            index[member.key] = offset
        }
        self.index = index
    }

    /// The value of the first member called `key`: Foundation's `JSONDecoder` reads the first of duplicate keys.
    package subscript(key: String) -> JSONNode? {
        if let index { return index[key].map { members[$0].value } }
        return members.first { $0.key == key }?.value
    }

    /// The object without the members called `key`.
    package func removing(_ key: String) -> JSONObject {
        JSONObject(members.filter { $0.key != key })
    }

    /// The object with the members called `key` given `value`.
    package func replacing(_ key: String, with value: JSONNode) -> JSONObject {
        JSONObject(members.map { $0.key == key ? Member(key: $0.key, keyPosition: $0.keyPosition, value: value) : $0 })
    }
}
