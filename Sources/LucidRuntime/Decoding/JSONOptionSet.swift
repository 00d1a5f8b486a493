/// An option set written in JSON as the list of its options' names (and also read from its raw bits).
/// Generated option sets list their names in `jsonNames` and get their coding from here.
public protocol JSONOptionSet: OptionSet, Codable, Sendable where RawValue == Int, Element == Self {
    /// Each option and its name in JSON, in bit order.
    static var jsonNames: [(Self, String)] { get }
}

extension JSONOptionSet {
    /// Reads a list of option names (unknown names are ignored, so a newer server's options do not fail
    /// decoding) or the raw bits as a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bits = try? container.decode(Int.self) {
            self.init(rawValue: bits)
            return
        }
        let names = try container.decode([String].self)
        self = Self.jsonNames.reduce(into: []) { options, entry in
            if names.contains(entry.1) { options.insert(entry.0) }
        }
    }

    /// Writes the names of the options that are set, in bit order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.jsonNames.filter { contains($0.0) }.map(\.1))
    }
}
