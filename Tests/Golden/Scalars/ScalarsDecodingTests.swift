import Foundation
import Testing

@testable import GoldenScalars
@testable import LucidRuntime

/// The Scalars case's generated code, fed real JSON: every scalar type required, nullable and defaulted,
/// every date format, lists and maps; missing keys, nulls, wrong types, and encode → decode round trips.
@Suite struct ScalarsDecodingTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: json(text))
    }

    /// The JSON object a value encodes to.
    private func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    /// Encodes, decodes again, and checks the value and the JSON shape survive.
    private func roundTrip<T: Codable & Equatable>(_ value: T, sameJSONAs text: String) throws {
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: encoded) == value)
        let original = try #require(try JSONSerialization.jsonObject(with: json(text)) as? NSDictionary)
        let again = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
        #expect(original == again, "\(String(decoding: encoded, as: UTF8.self)) differs from \(text)")
    }

    static let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    static let required = """
        {"text": "héllo \\"q\\"", "count": -3, "big": 9007199254740993, "ratio": 0.5, "weight": 1.5,
         "price": 12.34, "flag": true, "moment": "2024-05-01T12:00:00Z", "timeout": 90, "delay": 250,
         "link": "https://example.com/path?q=1", "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
         "tint": "#FF000080", "blob": "AAEC/w=="}
        """

    // MARK: Required

    @Test func requiredValuesDecodeExactly() throws {
        let value = try decode(RequiredValues.self, Self.required)
        #expect(value.text == "héllo \"q\"")
        #expect(value.count == -3)
        #expect(value.big == 9_007_199_254_740_993)
        #expect(value.ratio == 0.5 && value.weight == 1.5)
        #expect(value.price == Decimal(string: "12.34"))
        #expect(value.flag)
        #expect(value.moment == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.timeout == .seconds(90) && value.delay == .milliseconds(250))
        #expect(value.link == URL(string: "https://example.com/path?q=1"))
        #expect(value.token == Self.token)
        #expect(value.tint == RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(value.blob == Data([0, 1, 2, 255]))
    }

    /// Every `decimal` read goes through `ExactDecimal`, which rebuilds a number from its `Double`'s text where
    /// `JSONDecoder` reads decimals through `Double` (before iOS 17 / macOS 14). Taking that path here, a price of
    /// more digits than a `Double` holds shows the route (it keeps 17 digits), and `12.34` stays `12.34`.
    @Test(arguments: ["12.34", "0.1", "1e-7", "-12.34", "123456789012345678901234.5"])
    func decimalsAreExactWhereTheDecoderGoesThroughDouble(text: String) throws {
        let posix = Locale(identifier: "en_US_POSIX")
        let expected = try #require(Decimal(string: text.count > 20 ? "\(Double(text)!)" : text, locale: posix))
        let body = Self.required.replacingOccurrences(of: "\"price\": 12.34", with: "\"price\": \(text)")
        let (required, nullable, withDefault) = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            (
                try decode(RequiredValues.self, body),
                try decode(NullableValues.self, #"{"price": \#(text)}"#),
                try decode(DefaultValues.self, #"{"price": \#(text)}"#)
            )
        }
        #expect(required.price == expected && nullable.price == expected && withDefault.price == expected)
        let collections = try ExactDecimal.$assumesDoubleDecoder.withValue(true) {
            try decode(
                Collections.self,
                #"""
                {"names": [], "counts": {}, "matrix": [], "nested": {}, "tokens": [], "tints": [],
                 "prices": [\#(text), 1], "rates": {"eur": \#(text)}}
                """#)
        }
        #expect(collections.prices == [expected, 1] && collections.rates == ["eur": expected])
        #expect(text.count < 20 || expected != Decimal(string: text, locale: posix), "the path was taken")
    }

    @Test func requiredValuesRoundTrip() throws {
        try roundTrip(try decode(RequiredValues.self, Self.required), sameJSONAs: Self.required)
    }

    @Test(arguments: [
        "text", "count", "big", "ratio", "weight", "price", "flag", "moment", "timeout", "delay", "link", "token",
        "tint", "blob",
    ])
    func aMissingRequiredKeyFails(_ key: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.required)) as? [String: Any])
        object[key] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try JSONDecoder().decode(RequiredValues.self, from: data)
        } throws: { error in
            guard case DecodingError.keyNotFound(let missing, _) = error else { return false }
            return missing.stringValue == key
        }
    }

    @Test(arguments: ["text", "count", "flag", "moment", "timeout", "token", "blob"])
    func aRequiredNullFails(_ key: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.required)) as? [String: Any])
        object[key] = NSNull()
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RequiredValues.self, from: data) }
    }

    @Test(arguments: [
        ("count", "\"3\""), ("count", "1.5"), ("big", "true"), ("ratio", "\"x\""), ("flag", "1"),
        ("moment", "\"yesterday\""), ("moment", "1714564800"), ("timeout", "\"90\""), ("link", "5"),
        ("token", "\"not-a-uuid\""), ("tint", "\"red\""), ("tint", "\"#12345\""), ("blob", "\"***\""), ("text", "1"),
    ])
    func aWrongTypeFails(_ key: String, _ value: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.required)) as? [String: Any])
        object[key] = try JSONSerialization.jsonObject(with: json(value), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RequiredValues.self, from: data) }
    }

    // MARK: Nullable

    @Test func nullableValuesAreNilWhenMissingOrNull() throws {
        let missing = try decode(NullableValues.self, "{}")
        #expect(missing == NullableValues())
        let nulls = try decode(
            NullableValues.self,
            """
            {"text": null, "count": null, "big": null, "ratio": null, "weight": null, "price": null, "flag": null,
             "moment": null, "timeout": null, "delay": null, "link": null, "token": null, "tint": null, "blob": null}
            """)
        #expect(nulls == NullableValues())
        #expect(nulls.text == nil && nulls.moment == nil && nulls.timeout == nil && nulls.tint == nil)
        // Nothing is written for nil, so the empty object comes back.
        #expect(try object(nulls).isEmpty)
    }

    @Test func nullableValuesDecodePresentValues() throws {
        let value = try decode(NullableValues.self, Self.required)
        #expect(value.text == "héllo \"q\"" && value.count == -3 && value.big == 9_007_199_254_740_993)
        #expect(value.price == Decimal(string: "12.34") && value.flag == true)
        #expect(value.moment == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.timeout == .seconds(90) && value.delay == .milliseconds(250))
        #expect(value.token == Self.token && value.blob == Data([0, 1, 2, 255]))
        try roundTrip(value, sameJSONAs: Self.required)
    }

    @Test func aNullableWrongTypeStillFails() {
        #expect(throws: DecodingError.self) { try decode(NullableValues.self, #"{"count": "three"}"#) }
        #expect(throws: DecodingError.self) { try decode(NullableValues.self, #"{"moment": "2024-13-45"}"#) }
        #expect(throws: DecodingError.self) { try decode(NullableValues.self, #"{"delay": "soon"}"#) }
    }

    // MARK: Defaults

    @Test func defaultsApplyWhenKeysAreMissing() throws {
        let before = Date()
        let value = try decode(DefaultValues.self, "{}")
        #expect(value.text == "say \"hi\"\\n")
        #expect(value.count == -42 && value.big == 9_007_199_254_740_993)
        #expect(value.ratio == 0.25 && value.weight == 2)
        #expect(value.price == Decimal(string: "19.99")!, "a decimal default is exact, not rounded through Double")
        #expect(value.wholePrice == 5)
        #expect(value.flag == true)
        #expect(value.moment >= before && value.moment <= Date())
        #expect(value.timeout == .seconds(30) && value.delay == .microseconds(1500))
        #expect(value.link.absoluteString == "https://example.com/a?b=c")
        #expect(value.token == Self.token)
        #expect(value.tint == RGBAColor(red: 0x1E, green: 0x88, blue: 0xE5, alpha: 0x80))
        #expect(value.shortTint == RGBAColor(red: 0xFF, green: 0x88, blue: 0x00))
        #expect(value.blob == Data("hello".utf8))
        #expect(value.limit == .infinity && value.floor == -.infinity && value.unknown.isNaN)
        #expect(value.tiny == 1e-7 && value.huge == 1e20)
        #expect(value.none == nil && value.fallback == 7)
    }

    @Test func theInitializerTakesTheSameDefaults() {
        let value = DefaultValues()
        #expect(value.text == "say \"hi\"\\n" && value.count == -42 && value.price == Decimal(string: "19.99")!)
        #expect(value.tint.hex == "#1E88E580" && value.shortTint.hex == "#FF8800" && value.fallback == 7)
    }

    @Test func aNullForADefaultedValueIsTheDefaultUnlessItIsNullable() throws {
        let value = try decode(
            DefaultValues.self,
            #"{"count": null, "flag": null, "moment": null, "timeout": null, "none": null, "fallback": null}"#)
        #expect(value.count == -42 && value.flag == true && value.timeout == .seconds(30))
        // `fallback` is nullable: null is a value (nil); only a missing key takes the default.
        #expect(value.fallback == nil)
        #expect(value.none == nil)
    }

    @Test func presentValuesWinOverDefaults() throws {
        let text = """
            {"text": "t", "count": 1, "big": 2, "ratio": 3.5, "weight": 4.25, "price": 0.1, "whole_price": 7, "flag": false,
             "moment": "2001-02-03T04:05:06Z", "timeout": 1.5, "delay": 20, "link": "https://a.example", "token": "00000000-0000-0000-0000-000000000001",
             "tint": "#000000", "short_tint": "#FFFFFF", "blob": "", "limit": 1, "floor": 2, "unknown": 3, "tiny": 4, "huge": 5,
             "none": "some", "fallback": 8}
            """
        let value = try decode(DefaultValues.self, text)
        #expect(value.text == "t" && value.count == 1 && value.big == 2 && value.ratio == 3.5 && value.weight == 4.25)
        #expect(value.price == Decimal(string: "0.1")! && value.wholePrice == 7 && value.flag == false)
        #expect(value.moment == Date(timeIntervalSince1970: 981_173_106))
        #expect(value.timeout == .milliseconds(1500) && value.delay == .milliseconds(20))
        #expect(value.tint.hex == "#000000" && value.blob.isEmpty && value.none == "some" && value.fallback == 8)
        try roundTrip(value, sameJSONAs: text)
    }

    @Test func aWrongTypeIsNotTheDefault() {
        #expect(throws: DecodingError.self) { try decode(DefaultValues.self, #"{"count": "x"}"#) }
        #expect(throws: DecodingError.self) { try decode(DefaultValues.self, ##"{"tint": "#GGG"}"##) }
        #expect(throws: DecodingError.self) { try decode(DefaultValues.self, #"{"fallback": true}"#) }
    }

    @Test func aNilNullableDefaultIsWrittenAsNullSoItComesBackNil() throws {
        let value = DefaultValues(moment: Date(timeIntervalSince1970: 0), limit: 1, floor: 0, unknown: 0, fallback: nil)
        let encoded = try object(value)
        #expect(encoded["fallback"] is NSNull, "left out, it would decode as the default 7")
        #expect(encoded["none"] == nil)
        #expect(try JSONDecoder().decode(DefaultValues.self, from: JSONEncoder().encode(value)).fallback == nil)
    }

    // MARK: Dates

    static let dates = """
        {"iso": "2024-05-01T12:30:00Z", "fractional": "2024-05-01T12:30:00.250Z", "seconds": 1714566600,
         "millis": 1714566600250, "day": "2024-02-29", "minute": "2024-05-01T12:30",
         "history": [0, 1714566600.5], "days": ["2024-01-01", "1999-12-31"], "stamps": ["2024-05-01T12:30:00Z"]}
        """

    @Test func everyDateFormatDecodes() throws {
        let value = try decode(Dates.self, Self.dates)
        let instant = Date(timeIntervalSince1970: 1_714_566_600)
        #expect(value.iso == instant)
        #expect(value.fractional == instant.addingTimeInterval(0.25))
        #expect(value.seconds == instant)
        #expect(value.millis == instant.addingTimeInterval(0.25))
        #expect(value.day == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(value.minute == instant)
        #expect(value.history == [Date(timeIntervalSince1970: 0), instant.addingTimeInterval(0.5)])
        #expect(value.days == [Date(timeIntervalSince1970: 1_704_067_200), Date(timeIntervalSince1970: 946_598_400)])
        #expect(value.stamps == [instant])
        #expect(value.lenientDay == nil)
    }

    @Test func datesRoundTripInTheirOwnFormats() throws {
        let value = try decode(Dates.self, Self.dates)
        try roundTrip(value, sameJSONAs: Self.dates)
        let encoded = try object(value)
        #expect(encoded["fractional"] as? String == "2024-05-01T12:30:00.250Z")
        #expect(encoded["millis"] as? Int == 1_714_566_600_250)
        #expect(encoded["minute"] as? String == "2024-05-01T12:30")
        #expect(encoded["days"] as? [String] == ["2024-01-01", "1999-12-31"])
    }

    @Test func optionalListsOfDates() throws {
        var text = Self.dates.replacingOccurrences(
            of: #""days": ["2024-01-01", "1999-12-31"], "stamps": ["2024-05-01T12:30:00Z"]"#, with: #""days": null"#)
        let value = try decode(Dates.self, text)
        #expect(value.days == nil && value.stamps == [])
        text = text.replacingOccurrences(of: #", "days": null"#, with: "")
        #expect(try decode(Dates.self, text).days == nil)
    }

    @Test(arguments: [
        ("iso", "\"2024-05-01\""), ("iso", "1714566600"), ("fractional", "\"May 1\""), ("seconds", "\"1714566600\""),
        ("millis", "\"soon\""), ("day", "\"2024-02-30\""), ("day", "\"29.02.2024\""),
        ("minute", "\"2024-05-01 12:30\""),
        ("history", "[0, \"1\"]"), ("days", "[\"2024-01-01\", \"nope\"]"), ("days", "\"2024-01-01\""),
    ])
    func aDateInTheWrongFormatFails(_ key: String, _ value: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.dates)) as? [String: Any])
        object[key] = try JSONSerialization.jsonObject(with: json(value), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Dates.self, from: data) }
    }

    @Test func aLenientDateFallsBackToNil() throws {
        let good = Self.dates.replacingOccurrences(of: #""seconds""#, with: #""lenient_day": "2020-01-02", "seconds""#)
        #expect(try decode(Dates.self, good).lenientDay == Date(timeIntervalSince1970: 1_577_923_200))
        let bad = Self.dates.replacingOccurrences(of: #""seconds""#, with: #""lenient_day": "January", "seconds""#)
        #expect(try decode(Dates.self, bad).lenientDay == nil)
    }

    // MARK: Collections

    static let collections = """
        {"names": ["a", "b"], "counts": {"x": 1, "y": -2}, "matrix": [[1, 2], [], [3]], "nested": {"k": [0.5, 1.5]},
         "optional_map": {"q": "r"}, "map_default": {"on": true}, "list_default": [9], "links": ["https://a.example/x"],
         "tokens": ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"], "tints": ["#ABC", "#A1B2C3D4"]}
        """

    @Test func listsAndMapsDecode() throws {
        let value = try decode(Collections.self, Self.collections)
        #expect(value.names == ["a", "b"])
        #expect(value.counts == ["x": 1, "y": -2])
        #expect(value.matrix == [[1, 2], [], [3]])
        #expect(value.nested == ["k": [0.5, 1.5]])
        #expect(value.optionalMap == ["q": "r"])
        #expect(value.mapDefault == ["on": true] && value.listDefault == [9])
        #expect(value.links == [URL(string: "https://a.example/x")!])
        #expect(value.tokens == [Self.token])
        #expect(
            value.tints == [
                RGBAColor(red: 0xAA, green: 0xBB, blue: 0xCC),
                RGBAColor(red: 0xA1, green: 0xB2, blue: 0xC3, alpha: 0xD4),
            ])
    }

    @Test func collectionDefaultsAndNulls() throws {
        let value = try decode(
            Collections.self,
            #"{"names": [], "counts": {}, "matrix": [], "nested": {}, "optional_map": null, "tokens": [], "tints": []}"#
        )
        #expect(
            value.optionalMap == nil && value.mapDefault == [:] && value.listDefault == [1, 2, 3] && value.links == nil)
        #expect(Collections(names: [], counts: [:], matrix: [], nested: [:], tokens: [], tints: []) == value)
    }

    @Test func aBadItemFailsAListOfScalars() {
        #expect(throws: DecodingError.self) {
            try decode(Collections.self, Self.collections.replacingOccurrences(of: #"["a", "b"]"#, with: #"["a", 2]"#))
        }
        #expect(throws: DecodingError.self) {
            try decode(Collections.self, Self.collections.replacingOccurrences(of: #""y": -2"#, with: #""y": "two""#))
        }
    }

    @Test func collectionsRoundTrip() throws {
        let value = try decode(Collections.self, Self.collections)
        let encoded = try object(value)
        #expect(encoded["tints"] as? [String] == ["#AABBCC", "#A1B2C3D4"], "colors are written in their long form")
        #expect(try JSONDecoder().decode(Collections.self, from: JSONEncoder().encode(value)) == value)
        try roundTrip(value, sameJSONAs: Self.collections.replacingOccurrences(of: "#ABC", with: "#AABBCC"))
    }
}
