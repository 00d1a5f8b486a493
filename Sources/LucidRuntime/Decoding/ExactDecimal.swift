import Foundation

/// Reads a `decimal` exactly on every supported platform.
///
/// `JSONDecoder` reads a `Decimal` from the JSON number's text on Linux and from iOS 17 / macOS 14 / tvOS 17 /
/// watchOS 10 on; before, it reads the number as a `Double` and converts that (`12.34` becomes
/// `12.339999999999998976`). There the value is rebuilt from the `Double`'s shortest text, which is the JSON
/// text for every number of up to 15 significant digits (`12.34`, `0.1`, `1e-7`, `-0.05`, `1e30`); longer ones
/// keep the 17 digits a `Double` holds.
enum ExactDecimal {
    /// Whether this platform's `JSONDecoder` reads a `Decimal` from the number's text.
    static let decoderReadsText: Bool = {
        #if canImport(Darwin)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return true }
        return false
        #else
        return true
        #endif
    }()

    /// Tests on Linux set it to take the path of a decoder that goes through `Double`.
    @TaskLocal static var assumesDoubleDecoder = false

    /// The decimal `decode` reads; where the decoder goes through `Double` (and so made `Decimal(double)` of it),
    /// the decimal of the `Double`'s shortest round-trip text instead (`"12.34"`, `"1e-07"`).
    static func read(_ decode: () throws -> Decimal, double: () throws -> Double) throws -> Decimal {
        try read(decode, doubles: double) { fromShortestText(of: $0) }
    }

    /// `read` for a value holding decimals (a list, a map): `rebuild` makes it from the same value read with
    /// `Double`s, or returns nil to keep what the decoder read.
    static func read<Value, Doubles>(
        _ decode: () throws -> Value, doubles: () throws -> Doubles, rebuild: (Doubles) -> Value?
    ) throws -> Value {
        let decoded = try decode()
        guard !decoderReadsText || assumesDoubleDecoder, let doubles = try? doubles() else { return decoded }
        return rebuild(doubles) ?? decoded
    }

    /// Each of `doubles` rebuilt from its text; nil when one cannot be.
    static func fromShortestText(of doubles: [Double]) -> [Decimal]? {
        var result: [Decimal] = []
        result.reserveCapacity(doubles.count)
        for double in doubles {
            guard let decimal = fromShortestText(of: double) else { return nil }
            result.append(decimal)
        }
        return result
    }

    /// The decimal of `double`'s shortest round-trip text: the JSON text it was read from when that had at most
    /// 15 significant digits; nil for infinities and NaN.
    static func fromShortestText(of double: Double) -> Decimal? {
        guard double.isFinite else { return nil }
        return Decimal(string: "\(double)", locale: posix)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}

extension KeyedDecodingContainer where K == AnyCodingKey {
    /// A `decimal` at the key `key`, exact on every platform (`ExactDecimal`).
    public func decode(_ type: Decimal.Type, at key: String) throws -> Decimal {
        let key = AnyCodingKey(key)
        return try ExactDecimal.read {
            try decode(type, forKey: key)
        } double: {
            try decode(Double.self, forKey: key)
        }
    }

    /// A `decimal` at the key `key`, or nil when the key is missing or null; exact on every platform.
    public func decodeIfPresent(_ type: Decimal.Type, at key: String) throws -> Decimal? {
        let key = AnyCodingKey(key)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(type, at: key.stringValue)
    }

    /// A list of decimals at the key `key`, each exact on every platform.
    public func decode(_ type: [Decimal].Type, at key: String) throws -> [Decimal] {
        let key = AnyCodingKey(key)
        return try ExactDecimal.read {
            try decode(type, forKey: key)
        } doubles: {
            try decode([Double].self, forKey: key)
        } rebuild: {
            ExactDecimal.fromShortestText(of: $0)
        }
    }

    /// A list of decimals at the key `key`, or nil when the key is missing or null; each exact on every platform.
    public func decodeIfPresent(_ type: [Decimal].Type, at key: String) throws -> [Decimal]? {
        guard contains(AnyCodingKey(key)), try !decodeNil(forKey: AnyCodingKey(key)) else { return nil }
        return try decode(type, at: key)
    }

    /// A map of decimals at the key `key`, each exact on every platform.
    public func decode(_ type: [String: Decimal].Type, at key: String) throws -> [String: Decimal] {
        let key = AnyCodingKey(key)
        return try ExactDecimal.read {
            try decode(type, forKey: key)
        } doubles: {
            try decode([String: Double].self, forKey: key)
        } rebuild: { doubles in
            var result: [String: Decimal] = [:]
            for (name, double) in doubles {
                guard let decimal = ExactDecimal.fromShortestText(of: double) else { return nil }
                result[name] = decimal
            }
            return result
        }
    }

    /// A map of decimals at the key `key`, or nil when the key is missing or null; each exact on every platform.
    public func decodeIfPresent(_ type: [String: Decimal].Type, at key: String) throws -> [String: Decimal]? {
        guard contains(AnyCodingKey(key)), try !decodeNil(forKey: AnyCodingKey(key)) else { return nil }
        return try decode(type, at: key)
    }

    /// A lenient `decimal` at the key `key` (`decodeLenient(_:forKey:)`), exact on every platform.
    public func decodeLenient(_ type: Decimal.Type, at key: String) -> Decimal? {
        let codingKey = AnyCodingKey(key)
        guard contains(codingKey), (try? decodeNil(forKey: codingKey)) == false else { return nil }
        return decodeLenient(forKey: codingKey) { try $0.decode(type, at: key) }
    }
}
