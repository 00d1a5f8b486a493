/// A typed identifier: the raw value of an entity's identity, tagged with the entity type.
///
/// `Entity` is a phantom parameter, so `Identifier<Movie, Int>` and `Identifier<Genre, Int>` are
/// distinct types and cannot be mixed up. It encodes and decodes as the bare raw value.
public struct Identifier<Entity, RawValue: Hashable & Sendable & Codable>:
    Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible
{
    /// The raw value, as sent by the server.
    public let rawValue: RawValue

    /// Creates an identifier wrapping `rawValue`.
    public init(rawValue: RawValue) {
        self.rawValue = rawValue
    }

    /// Creates an identifier wrapping `rawValue`.
    public init(_ rawValue: RawValue) {
        self.rawValue = rawValue
    }

    /// Decodes the bare raw value from a single-value container.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(RawValue.self)
    }

    /// Encodes the bare raw value into a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value's description.
    public var description: String {
        String(describing: rawValue)
    }
}

/// Integer identifiers (`Int`, `Int64`, …) can be written as integer literals.
extension Identifier: ExpressibleByIntegerLiteral where RawValue: FixedWidthInteger {
    /// Creates an identifier from an integer literal.
    public init(integerLiteral value: RawValue.IntegerLiteralType) {
        self.init(rawValue: RawValue(integerLiteral: value))
    }
}

/// String identifiers can be written as string literals.
extension Identifier: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
    ExpressibleByStringLiteral
where RawValue == String {
    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}
