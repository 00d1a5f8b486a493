import Foundation
import Testing

@testable import LucidRuntime

/// `decimal` properties decode exactly: from the JSON number's text where `JSONDecoder` reads it (Linux, iOS 17,
/// macOS 14), and rebuilt from the `Double`'s shortest text where it reads through `Double` (before them), which
/// these tests take on Linux with a container answering as that decoder did.
struct ExactDecimalTests {
    private static let texts = [
        "12.34", "0.1", "1e-7", "-12.34", "-0.05", "1e30", "19.99", "12345678901234567890.123456789", "100",
    ]

    private static func exact(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
    }

    @Test(arguments: texts) func theDecoderReadsTheNumbersText(text: String) throws {
        let json = #"{"price": \#(text), "none": null, "bad": "x"}"#
        let (price, optional, missing, lenient) = try decodeJSON(json) { container in
            (
                try container.decode(Decimal.self, at: "price"),
                try container.decodeIfPresent(Decimal.self, at: "price"),
                try container.decodeIfPresent(Decimal.self, at: "none"),
                container.decodeLenient(Decimal.self, at: "price")
            )
        }
        #expect(price == Self.exact(text) && optional == price && missing == nil && lenient == price)
        #expect("\(price)" == "\(Self.exact(text))")
    }

    /// The decoder before iOS 17 / macOS 14: `Decimal(12.34 as Double)` is `12.339999999999998976`; the runtime
    /// rebuilds `12.34` from the `Double`'s text.
    @Test(arguments: ["12.34", "0.1", "1e-7", "-12.34", "-0.05", "1e30", "19.99", "100"])
    func aDecoderThroughDoubleIsRepaired(text: String) throws {
        let old = KeyedDecodingContainer(DoubleOnlyContainer(values: ["price": Double(text)!]))
        #expect(try old.decode(Decimal.self, forKey: AnyCodingKey("price")) != Self.exact(text) || text == "100")
        // Linux's decoder reads text, so without the task-local its answer is taken as it is.
        #expect(try old.decode(Decimal.self, at: "price") == old.decode(Decimal.self, forKey: AnyCodingKey("price")))
        let price = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            try old.decode(Decimal.self, at: "price")
        }
        #expect(price == Self.exact(text), "\(price)")
        let optional = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            try old.decodeIfPresent(Decimal.self, at: "price")
        }
        #expect(optional == Self.exact(text))
        let lenient = ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            old.decodeLenient(Decimal.self, at: "price")
        }
        #expect(lenient == Self.exact(text))
    }

    /// Beyond what a `Double` holds, such a decoder keeps its 17 digits (documented in docs/Platforms.md).
    @Test func longerNumbersKeepADoublesDigits() {
        let double = 12345678901234567890.123456789
        #expect(ExactDecimal.fromShortestText(of: double) == Self.exact("12345678901234567000"))
        #expect(ExactDecimal.fromShortestText(of: .infinity) == nil)
        #expect(ExactDecimal.fromShortestText(of: [12.34, 0.1]) == [Self.exact("12.34"), Self.exact("0.1")])
        #expect(ExactDecimal.fromShortestText(of: [0.1, .infinity]) == nil, "then the decoder's list is kept")
    }

    /// An untagged union's `Decimal` case is read the same way.
    @Test func aUnionCaseIsReadExactly() throws {
        struct Amount: Decodable {
            let value: Decimal
            init(from decoder: any Decoder) throws {
                var attempts = try UnionCaseAttempts(decoder)
                guard let value = attempts.decode(Decimal.self) else {
                    throw attempts.failure(Amount.self, expected: "Expected Decimal.")
                }
                self.value = value
            }
        }
        let amounts = try JSONDecoder().decode([Amount].self, from: Data("[12.34, 1e-7, -0.05]".utf8))
        #expect(amounts.map(\.value) == [Self.exact("12.34"), Self.exact("1e-7"), Self.exact("-0.05")])
    }
}

/// A keyed container answering numbers as `JSONDecoder` did before iOS 17 / macOS 14: a `Decimal` converted from
/// the `Double`.
private struct DoubleOnlyContainer: KeyedDecodingContainerProtocol {
    let values: [String: Double]

    var codingPath: [any CodingKey] { [] }
    var allKeys: [AnyCodingKey] { values.keys.map { AnyCodingKey($0) } }
    func contains(_ key: AnyCodingKey) -> Bool { values[key.stringValue] != nil }
    func decodeNil(forKey key: AnyCodingKey) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: AnyCodingKey) throws -> T {
        let context = DecodingError.Context(codingPath: [key], debugDescription: "numbers only")
        guard let value = values[key.stringValue] else { throw DecodingError.keyNotFound(key, context) }
        if type == Decimal.self, let decimal = Self.oldDecimal(value) as? T { return decimal }
        if let double = value as? T { return double }
        throw DecodingError.typeMismatch(type, context)
    }
    func decode(_ type: Bool.Type, forKey key: AnyCodingKey) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: AnyCodingKey) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: AnyCodingKey) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: AnyCodingKey) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: AnyCodingKey) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: AnyCodingKey) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: AnyCodingKey) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: AnyCodingKey) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: AnyCodingKey) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: AnyCodingKey) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: AnyCodingKey) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: AnyCodingKey) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: AnyCodingKey) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: AnyCodingKey) throws -> UInt64 { try decode(type, key) }

    /// `Decimal(value)` as Foundation made it before iOS 17 / macOS 14: the binary value's digits, 20 of them
    /// (`12.34` → `12.339999999999998976`). Linux's `Decimal(Double)` is already exact, so it is spelled out.
    private static func oldDecimal(_ value: Double) -> Decimal {
        let digits = String(format: "%.20e", value)  // `1.23399999999999998579e+01`
        let parts = digits.split(separator: "e")
        let mantissa = String(parts[0].prefix(parts[0].hasPrefix("-") ? 22 : 21))
        return Decimal(string: mantissa + "e" + parts[1], locale: Locale(identifier: "en_US_POSIX"))!
    }

    private func decode<T: Decodable>(_ type: T.Type, _ key: AnyCodingKey) throws -> T {
        try decode(type, forKey: key) as T
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: AnyCodingKey
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: [key], debugDescription: "flat"))
    }
    func nestedUnkeyedContainer(forKey key: AnyCodingKey) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(codingPath: [key], debugDescription: "flat"))
    }
    func superDecoder() throws -> any Decoder {
        throw DecodingError.typeMismatch(Any.self, DecodingError.Context(codingPath: [], debugDescription: "flat"))
    }
    func superDecoder(forKey key: AnyCodingKey) throws -> any Decoder { try superDecoder() }
}
