/// Header fields, looked up without regard to case: `headers["Retry-After"]` finds `retry-after` too.
///
/// HTTP field names are case-insensitive (RFC 9110 §5.1), and they do arrive in different cases: HTTP/2 and HTTP/3
/// send them in lowercase, Darwin's URLSession canonicalises some, FoundationNetworking keeps what the server wrote.
/// An exact-case dictionary would find a header on one platform and miss it on another; this type cannot.
///
/// Each name keeps the spelling it was last set with (what goes on the wire, and what iteration and `names` show).
/// Made from a dictionary literal, like the `[String: String]` it replaces:
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["accept"]  // "application/json"
/// headers["ACCEPT"] = "text/plain"  // replaces it, now spelled `ACCEPT`
/// ```
/// Two sets of fields are equal when they have the same names (in any case) with the same values. Encoded as a JSON
/// object of names and values, as a dictionary is.
public struct HTTPHeaders: Sendable, Hashable {
    /// A field name, compared and hashed by its lowercase form.
    fileprivate struct Name: Hashable, Sendable {
        let spelling: String
        let folded: String

        init(_ spelling: String) {
            self.spelling = spelling
            // Most names are ASCII and many already lowercase (HTTP/2, the runtime's own): no copy for those.
            folded = spelling.utf8.contains { (65...90).contains($0) || $0 >= 0x80 } ? spelling.lowercased() : spelling
        }

        static func == (lhs: Name, rhs: Name) -> Bool { lhs.folded == rhs.folded }
        func hash(into hasher: inout Hasher) { hasher.combine(folded) }
    }

    private var fields: [Name: String]

    /// No fields.
    public init() {
        fields = [:]
    }

    /// No fields, with room for `capacity` without growing.
    init(minimumCapacity capacity: Int) {
        fields = Dictionary(minimumCapacity: capacity)
    }

    /// The fields of `dictionary`. Of two names that differ only in case, the value of the one that sorts last wins.
    public init(_ dictionary: [String: String]) {
        fields = Dictionary(minimumCapacity: dictionary.count)
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { self[name] = value }
    }

    /// The value of the field `name`, in any case; setting nil removes it, setting a value replaces any field of that
    /// name in any case.
    public subscript(name: String) -> String? {
        get { fields[Name(name)] }
        set {
            let key = Name(name)
            // Removed first, so that the name takes the spelling it is set with now.
            fields.removeValue(forKey: key)
            if let newValue { fields[key] = newValue }
        }
    }

    /// The value of the field `name` in any case, or `defaultValue` when there is none; set like `self[name]`
    /// (`headers["X-Order", default: ""] += "1"`, as with a dictionary).
    public subscript(name: String, default defaultValue: @autoclosure () -> String) -> String {
        get { self[name] ?? defaultValue() }
        set { self[name] = newValue }
    }

    /// How many fields there are.
    public var count: Int { fields.count }

    /// Whether there is no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// The field names, as spelled, in no particular order.
    public var names: [String] { fields.keys.map(\.spelling) }

    /// The fields as a dictionary of names as spelled and their values.
    public var dictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.key.spelling, $0.value) })
    }

    /// Removes the field `name` (in any case) and returns its value, if it was there.
    @discardableResult
    public mutating func removeValue(forName name: String) -> String? {
        fields.removeValue(forKey: Name(name))
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// The fields of the literal; of two names that differ only in case, the later one wins.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = Dictionary(minimumCapacity: elements.count)
        for (name, value) in elements { self[name] = value }
    }
}

extension HTTPHeaders: Sequence {
    /// Each field: its name as spelled, and its value.
    public typealias Element = (name: String, value: String)

    /// Iterates over the fields, in no particular order.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: Dictionary<Name, String>.Iterator

        public mutating func next() -> Element? {
            base.next().map { (name: $0.key.spelling, value: $0.value) }
        }
    }

    /// The fields, in no particular order.
    public func makeIterator() -> Iterator {
        Iterator(base: fields.makeIterator())
    }
}

extension HTTPHeaders: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try [String: String](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible {
    /// The fields sorted by name, with the values of credential headers (`Authorization`, `Cookie`, `Set-Cookie`,
    /// ...) redacted as `Redaction.standard` does: `[Content-Type: application/json, Set-Cookie: REDACTED]`. Printing
    /// headers never leaks a token; read a value by its name.
    public var description: String { Redaction.standard.fieldList(self) }

    /// The same as ``description``, so that `String(reflecting:)` and `debugPrint` cannot leak either.
    public var debugDescription: String { description }
}
