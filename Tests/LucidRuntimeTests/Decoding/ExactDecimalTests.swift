import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

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
        let root = DecimalPath([])
        #expect([Decimal].exactValue(from: [12.34, 0.1], at: root) == [Self.exact("12.34"), Self.exact("0.1")])
        #expect([Decimal].exactValue(from: [0.1, .infinity], at: root) == nil, "then the decoder's list is kept")
    }

    /// A payload with long decimals everywhere a spec can put one: each is read from its text in the body, so no
    /// digit is lost, at any depth, in failable lists and maps, under escaped keys and beside excluded paths.
    @Test func aPayloadsLongDecimalsAreReadFromTheirText() throws {
        let long = "123456789012345678901234.5678"
        let short = "12.34"
        let body = #"""
            {"price": \#(long), "matrix": [[\#(short), \#(long)], [], [1e-7, -\#(long)]],
             "byName": {"eur": [\#(long)], "usd": []}, "maybe": [null, \#(long)],
             "lines": [{"amount": \#(long)}, {"amount": \#(short)}],
             "failable": ["x", \#(long), {}, \#(short)], "failableMap": {"a": \#(long), "b": "x"},
             "pr\u00efce": \#(long), "skipped": {"amount": 1}, "either": \#(long)}
            """#
        let payload = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            try DecimalPayload.decode(from: Data(body.utf8))
        }
        let (l, s) = (Self.exact(long), Self.exact(short))
        #expect(payload.price == l)
        #expect(payload.matrix == [[s, l], [], [Self.exact("1e-7"), -l]])
        #expect(payload.byName == ["eur": [l], "usd": []])
        #expect(payload.maybe == [nil, l])
        #expect(payload.lines.map(\.amount) == [l, s])
        #expect(payload.failable == [l, s])
        #expect(payload.failableMap == ["a": l])
        #expect(payload.escaped == l)
        #expect(payload.either == l)
    }

    /// Decoded by a bare `JSONDecoder`, with no body to read texts from, a long decimal keeps a `Double`'s 17
    /// digits where the decoder goes through `Double`: which shows the tests above took the rebuilding path.
    @Test func withoutTheBodyALongDecimalKeepsADoublesDigits() throws {
        let value = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            try JSONDecoder().decode(DecimalPayload.Line.self, from: Data(#"{"amount": 123456789012345678901}"#.utf8))
        }
        #expect(value.amount == Self.exact("123456789012345680000"))
    }

    /// The scanner of number texts never hangs or traps on what a server may send: truncated, garbled, deeply
    /// nested. It finds the long numbers before the fault.
    @Test func theScannerSurvivesMalformedBodies() {
        let long = "1234567890123456789"
        let bodies = [
            "", "{", "[", "\"", "{\"a\"", "{\"a\":", "[1,", "{\"a\" 1}", "#", "[tru", "{\"a\":\"\\",
            "[\(long), #]", "{\"a\": \(long), \"b\"", String(repeating: "[", count: 100_000),
            String(repeating: "{\"a\":[", count: 10_000), "[1,]", "{,}", "]]]", "[\(long)e",
        ]
        for body in bodies {
            let found = Data(body.utf8).withUnsafeBytes { NumberTextScanner(bytes: $0).longNumbers() }
            if body.hasPrefix("[\(long)") { #expect(found[[.index(0)]] == long || body.hasSuffix("e"), "\(body)") }
            if body.hasPrefix("{\"a\": \(long)") { #expect(found[[.key("a")]] == long) }
        }
        let texts = NumberTexts(body: Data(#"{"a": [0.00000000000000000001, 100000000000000000000, 1.5]}"#.utf8))
        #expect(texts.text(at: [.key("a"), .index(0)]) == nil, "one significant digit")
        #expect(texts.text(at: [.key("a"), .index(1)]) == nil, "trailing zeros are not significant")
        #expect(texts.text(at: [.key("a"), .index(2)]) == nil)
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

/// Decimals in every shape, read as generated payloads read them.
private struct DecimalPayload: ResponsePayload {
    static let excludedPaths = [["skipped"]]

    struct Line: Decodable {
        let amount: Decimal
        init(from decoder: any Decoder) throws {
            amount = try decoder.container(keyedBy: AnyCodingKey.self).decode(Decimal.self, at: "amount")
        }
    }

    /// An untagged union of a decimal and a text.
    enum Either: Decodable, Equatable {
        case amount(Decimal)
        case text(String)
        init(from decoder: any Decoder) throws {
            var attempts = try UnionCaseAttempts(decoder)
            if let value = attempts.decode(Decimal.self) {
                self = .amount(value)
            } else if let value = attempts.decode(String.self) {
                self = .text(value)
            } else {
                throw attempts.failure(Either.self, expected: "Expected Decimal or String.")
            }
        }
    }

    let price: Decimal
    let matrix: [[Decimal]]
    let byName: [String: [Decimal]]
    let maybe: [Decimal?]
    let lines: [Line]
    let failable: [Decimal]
    let failableMap: [String: Decimal]
    let escaped: Decimal
    let either: Decimal

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        price = try container.decode(Decimal.self, at: "price")
        matrix = try container.decode([[Decimal]].self, at: "matrix")
        byName = try container.decode([String: [Decimal]].self, at: "byName")
        maybe = try container.decode([Decimal?].self, at: "maybe")
        lines = try container.decode([Line].self, at: "lines")
        failable = try container.decodeFailableArray(Decimal.self, forKey: "failable")
        failableMap = try container.decodeFailableDictionary(Decimal.self, forKey: "failableMap")
        escaped = try container.decode(Decimal.self, at: "pr\u{EF}ce")
        guard case .amount(let amount) = try container.decode(Either.self, at: "either") else {
            throw DecodingError.dataCorruptedError(forKey: "either", in: container, debugDescription: "not an amount")
        }
        either = amount
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
