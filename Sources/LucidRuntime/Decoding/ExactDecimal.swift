import Foundation

/// Reads a `decimal` exactly on every supported platform.
///
/// `JSONDecoder` reads a `Decimal` from the JSON number's text on Linux and from iOS 17 / macOS 14 / tvOS 17 /
/// watchOS 10 on; before, it reads the number as a `Double` and converts that (`12.34` becomes
/// `12.339999999999998976`). There each decimal is rebuilt: from the number's text in the body when it has more
/// than ``shortestTextDigits`` significant digits (``NumberTexts``, which `ResponsePayload` decoding provides), else
/// from the `Double`'s shortest text, which is the JSON text for every number of up to 15 significant digits
/// (`12.34`, `0.1`, `1e-7`). Decimals anywhere in lists, maps and optionals of any depth are rebuilt
/// (``ExactDecimalValue``), and so are the items of failable lists and maps.
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

    /// The long numbers of the body being decoded, where decimals are rebuilt (``decoding(_:_:)``).
    @TaskLocal static var numberTexts: NumberTexts?

    /// The most significant digits a `Double`'s shortest text gives back as written.
    static let shortestTextDigits = 15

    /// Whether decoded decimals are rebuilt: the decoder goes through `Double`. Release builds never read the
    /// tests' task-local: this runs for every item of a failable list.
    static var rebuilds: Bool {
        #if DEBUG
        return !decoderReadsText || assumesDoubleDecoder
        #else
        return !decoderReadsText
        #endif
    }

    /// Runs `decode` — the decoding of `body` — with the body's long numbers at hand where decimals are rebuilt.
    static func decoding<T>(_ body: Data, _ decode: () throws -> T) rethrows -> T {
        guard rebuilds else { return try decode() }
        return try $numberTexts.withValue(NumberTexts(body: body)) { try decode() }
    }

    /// The value `decode` reads; where the decoder goes through `Double`, the same value rebuilt from what
    /// `doubles` reads (`path` is where it is in the body).
    static func read<Value: ExactDecimalValue>(
        at path: @autoclosure () -> [any CodingKey], _ decode: () throws -> Value, doubles: () throws -> Value.Doubles
    ) throws -> Value {
        let decoded = try decode()
        guard rebuilds, let doubles = try? doubles() else { return decoded }
        return Value.exactValue(from: doubles, at: DecimalPath(path().map(NumberTexts.Component.init))) ?? decoded
    }

    /// The decimal of the number at `path`: its text in the body when kept, else `double`'s shortest text.
    static func decimal(_ double: Double, at path: DecimalPath) -> Decimal? {
        if let text = numberTexts?.text(at: path.components) { return Decimal(string: text, locale: posix) }
        return fromShortestText(of: double)
    }

    /// The decimal of `double`'s shortest round-trip text: the JSON text it was read from when that had at most
    /// 15 significant digits; nil for infinities and NaN.
    static func fromShortestText(of double: Double) -> Decimal? {
        guard double.isFinite else { return nil }
        return Decimal(string: "\(double)", locale: posix)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}

/// Where a value is in the body being decoded, for ``ExactDecimalValue``.
public struct DecimalPath: Sendable {
    let components: [NumberTexts.Component]

    init(_ components: [NumberTexts.Component]) {
        self.components = components
    }

    func appending(_ component: NumberTexts.Component) -> DecimalPath {
        DecimalPath(components + [component])
    }
}

/// A value made of decimals — a `Decimal`, or a list, a map or an optional of such values, at any depth — that the
/// runtime reads exactly where `JSONDecoder` goes through `Double` (see `KeyedDecodingContainer.decode(_:at:)`).
/// LucidRuntime brings every conformance; generated code needs no other.
public protocol ExactDecimalValue: Decodable {
    /// The same shape with `Double` for `Decimal`: what the number texts are read as.
    associatedtype Doubles: Decodable
    /// The value rebuilt from `doubles`, read at `path`; nil when one of its numbers cannot be.
    static func exactValue(from doubles: Doubles, at path: DecimalPath) -> Self?
}

extension Decimal: ExactDecimalValue {
    public static func exactValue(from doubles: Double, at path: DecimalPath) -> Decimal? {
        ExactDecimal.decimal(doubles, at: path)
    }
}

extension Optional: ExactDecimalValue where Wrapped: ExactDecimalValue {
    public static func exactValue(from doubles: Wrapped.Doubles?, at path: DecimalPath) -> Wrapped?? {
        guard let doubles else { return .some(nil) }
        return Wrapped.exactValue(from: doubles, at: path).map { $0 }
    }
}

extension Array: ExactDecimalValue where Element: ExactDecimalValue {
    public static func exactValue(from doubles: [Element.Doubles], at path: DecimalPath) -> [Element]? {
        var result: [Element] = []
        result.reserveCapacity(doubles.count)
        for (index, double) in doubles.enumerated() {
            guard let element = Element.exactValue(from: double, at: path.appending(.index(index))) else { return nil }
            result.append(element)
        }
        return result
    }
}

extension Dictionary: ExactDecimalValue where Key == String, Value: ExactDecimalValue {
    public static func exactValue(from doubles: [String: Value.Doubles], at path: DecimalPath) -> [String: Value]? {
        var result: [String: Value] = [:]
        result.reserveCapacity(doubles.count)
        for (name, double) in doubles {
            guard let value = Value.exactValue(from: double, at: path.appending(.key(name))) else { return nil }
            result[name] = value
        }
        return result
    }
}

@_spi(Generated) extension KeyedDecodingContainer where K == AnyCodingKey {
    /// A value made of decimals at the key `key`, each exact on every platform (``ExactDecimalValue``).
    public func decode<T: ExactDecimalValue>(_ type: T.Type, at key: String) throws -> T {
        let key = AnyCodingKey(key)
        return try ExactDecimal.read(at: codingPath + [key]) {
            try decode(type, forKey: key)
        } doubles: {
            try decode(T.Doubles.self, forKey: key)
        }
    }

    /// A value made of decimals at the key `key`, or nil when the key is missing or null; exact on every platform.
    public func decodeIfPresent<T: ExactDecimalValue>(_ type: T.Type, at key: String) throws -> T? {
        let codingKey = AnyCodingKey(key)
        guard contains(codingKey), try !decodeNil(forKey: codingKey) else { return nil }
        return try decode(type, at: key)
    }

    /// A lenient value made of decimals at the key `key` (`decodeLenient(_:forKey:)`), exact on every platform.
    public func decodeLenient<T: ExactDecimalValue>(_ type: T.Type, at key: String) -> T? {
        let codingKey = AnyCodingKey(key)
        guard contains(codingKey), (try? decodeNil(forKey: codingKey)) == false else { return nil }
        return decodeLenient(forKey: codingKey) { try $0.decode(type, at: key) }
    }
}

extension SingleValueDecodingContainer {
    /// A value made of decimals, exact on every platform: the read of an item of a failable list or map, or of
    /// a union's case.
    func decodeExactly<T: ExactDecimalValue>(_ type: T.Type) throws -> T {
        try ExactDecimal.read(at: codingPath) {
            try decode(type)
        } doubles: {
            try decode(T.Doubles.self)
        }
    }
}

/// Decodes `type` from `decoder`, exactly when it is made of decimals (its type is known only at run time here:
/// failable lists and maps, and unions, are generic over any `Decodable`).
func decodeMaybeExactly<T: Decodable>(_ type: T.Type, from decoder: any Decoder) throws -> T {
    guard ExactDecimal.rebuilds, let exact = type as? any ExactDecimalValue.Type else { return try T(from: decoder) }
    return try decodeExactly(exact, from: decoder) as! T
}

private func decodeExactly<T: ExactDecimalValue>(_ type: T.Type, from decoder: any Decoder) throws -> T {
    try decoder.singleValueContainer().decodeExactly(type)
}
