/// A coding key built at run time: string keys for objects, integer keys for array positions.
@_spi(Generated) public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key's text (the decimal index for array positions).
    public let stringValue: String
    /// The array position, for keys that denote one.
    public let intValue: Int?

    /// Creates a string key.
    public init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// Creates a string key.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// Creates a key for the array position `intValue`.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Creates a string key from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension Array where Element == any CodingKey {
    /// The path in dotted form, array positions in brackets: `results[3].title`.
    var dottedPath: String {
        var text = ""
        for key in self {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
