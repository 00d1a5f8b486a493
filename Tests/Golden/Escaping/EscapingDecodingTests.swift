import Foundation
import LucidRuntime
import Testing

@testable import GoldenEscaping

/// The Escaping case's generated code: hostile descriptions, raw values and JSON keys compile (with no
/// warnings), keep their exact text, and round-trip; keyword names and names of the generated code's own
/// locals (`container`, `decoder`, `encoder`, `hasher`, `self`, `copy`) still mean the properties.
@Suite struct EscapingDecodingTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: json(text))
    }

    /// Every key of `Weird`, written as JSON escapes so the test text is as plain as possible.
    static let weird = #"""
        {
          "say \"hi\"": "Q",
          "back\\slash": 1,
          "two words": 2,
          "x-request-id": 3,
          "2fa": 4,
          "na\u00efve": "N",
          "\u2603": "S",
          "\\(exit(1))": "I",
          "outer \"q\"": {"in\\ner": "P"},
          "a.b": {"c\"d": {"e\\f": "L"}},
          "_": "U",
          "mood": "say \"hi\"",
          "strict": "C:\\path\\",
          "flags": ["class", "self"],
          "default": "D",
          "class": 5,
          "self": "me",
          "protocol": false,
          "init": 6,
          "container": "box",
          "decoder": 7,
          "deep": {"encoder": 8},
          "hasher": 9,
          "value": null,
          "copy": 10,
          "ignored": 11,
          "text": "t",
          "old": 12
        }
        """#

    // MARK: Keys and names

    @Test func oddKeysAndKeywordNamesDecode() throws {
        let value = try decode(Weird.self, Self.weird)
        #expect(
            value.quoted == "Q" && value.backslashed == 1 && value.spaced == 2 && value.dashed == 3
                && value.leadingDigit == 4)
        #expect(value.accented == "N" && value.snowman == "S" && value.interpolated == "I")
        #expect(value.path == "P", #"the dotted key 'outer "q".in\ner' is a path of two keys"#)
        #expect(value.listed == "L", "a list-form key keeps each item whole")
        #expect(value.underscore == "U")
        #expect(value.mood == .doubleQuote && value.strict == .backslash && value.flags == [.class, .`self`])
        #expect(
            value.default == "D" && value.class == 5 && value.`self` == "me" && value.protocol == false
                && value.`init` == 6)
        #expect(value.container == "box" && value.decoder == 7 && value.encoder == 8 && value.hasher == 9)
        #expect(value.value == .requested(nil) && value.copy == 10 && value.ignored == 11 && value.text == "t")
    }

    @Test func oddKeysRoundTripExactly() throws {
        let value = try decode(Weird.self, Self.weird)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Weird.self, from: data) == value)
        let original = try #require(try JSONSerialization.jsonObject(with: json(Self.weird)) as? NSDictionary)
        let encoded = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        #expect(original == encoded, "\(String(decoding: data, as: UTF8.self))")
        let keys = try #require(encoded.allKeys as? [String])
        #expect(
            Set(keys).isSuperset(of: [
                "say \"hi\"", "back\\slash", "two words", "x-request-id", "2fa", "naïve", "☃", "\\(exit(1))",
                "outer \"q\"", "a.b", "_",
            ]))
    }

    @Test func aDifferentlyEscapedKeyIsADifferentKey() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.weird)) as? [String: Any])
        object["say \"hi\""] = nil
        object["say \\\"hi\\\""] = "escaped twice"
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Weird.self, from: JSONSerialization.data(withJSONObject: object))
        }
        object["say \"hi\""] = "Q"
        object["na\u{00EF}ve"] = nil
        object["naive"] = "N"
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Weird.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test func defaultsWithHostileTextAreExact() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.weird)) as? [String: Any])
        for key in [
            "mood", "strict", "flags", "protocol", "init", "hasher", "text", "self", "copy", "value", "underscore",
        ] { object[key] = nil }
        let value = try JSONDecoder().decode(Weird.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(value.mood == .`self` && value.strict == .interpolation && value.flags == [.default, .`self`])
        #expect(value.protocol == true && value.`init` == 0 && value.hasher == 0 && value.value == .unrequested)
        #expect(value.text == "\"\"\" */ \\(exit(1)) \u{2028} end")
        #expect(value.`self` == nil && value.copy == nil)
    }

    @Test func namesOfLocalsStillMeanTheProperties() throws {
        let value = try decode(Weird.self, Self.weird)
        // `encode(to:)` writes the properties, not its own `container` or `encoder`.
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
        #expect(encoded["container"] as? String == "box" && encoded["decoder"] as? Int == 7)
        #expect(
            (encoded["deep"] as? [String: Any])?["encoder"] as? Int == 8 && encoded["hasher"] as? Int == 9
                && encoded["self"] as? String == "me")
        // `hash(into:)` hashes the property `hasher`, and `==` compares `self` the property.
        let other = try decode(Weird.self, Self.weird.replacingOccurrences(of: #""hasher": 9"#, with: #""hasher": 90"#))
        #expect(other != value)
        #expect(value.updated(self: "you") != value && value.updated(self: "you").`self` == "you")
        #expect(
            value.updated(self: .some(nil)).`self` == nil && value.updated(copy: 1).copy == 1
                && value.updated(init: 2).`init` == 2)
        #expect(value.updated() == value)
        // `ignored` is left out of equality; everything else counts, keywords included.
        #expect(
            try decode(Weird.self, Self.weird.replacingOccurrences(of: #""ignored": 11"#, with: #""ignored": 0"#))
                == value)
        #expect(
            try decode(Weird.self, Self.weird.replacingOccurrences(of: #""class": 5"#, with: #""class": 0"#)) != value)
    }

    @Test func theMemberwiseInitializerTakesKeywordLabels() {
        let value = Weird(
            quoted: "q", backslashed: 1, spaced: 2, dashed: 3, leadingDigit: 4, accented: "a", interpolated: "i",
            path: "p",
            listed: "l", default: "d", class: 5, self: "s", init: 7, container: "c", hasher: 8, copy: 9)
        #expect(
            value.`self` == "s" && value.`init` == 7 && value.container == "c" && value.default == "d"
                && value.copy == 9)
        #expect(value.protocol == true && value.text == "\"\"\" */ \\(exit(1)) \u{2028} end")
    }

    // MARK: Raw values

    @Test(arguments: [
        (Mood.doubleQuote, #"say "hi""#), (.backslash, #"C:\path\"#), (.interpolation, #"\(exit(1))"#),
        (.spaced, "two words "),
        (.dashed, "sci-fi"), (.digits, "4k"), (.accented, "café ☕"), (.newline, "line\nbreak\ttab"),
        (.separator, "a\u{2028}b\u{2029}c"), (.empty, ""), (.default, "default"), (.class, "class"), (.`self`, "self"),
        (.protocol, "protocol"), (.`init`, "init"),
    ])
    func rawValuesAreExact(_ mood: Mood, _ raw: String) throws {
        #expect(mood.rawValue == raw)
        #expect(Mood(rawValue: raw) == mood)
        let encoded = try JSONEncoder().encode([mood])
        #expect(try JSONSerialization.jsonObject(with: encoded) as? [String] == [raw])
        #expect(try JSONDecoder().decode([Mood].self, from: encoded) == [mood])
    }

    @Test func unknownRawValuesAreKeptOrRejected() throws {
        #expect(
            try decode([Mood].self, #"["say \"hi\" ", "SELF", "\\(exit(2))"]"#) == [
                .unknown("say \"hi\" "), .unknown("SELF"), .unknown("\\(exit(2))"),
            ])
        #expect(Mood(rawValue: "Default") == .unknown("Default"))
        #expect(
            try decode(
                [StrictMood].self, #"["say \"hi\"", "C:\\path\\", "\\(exit(1))", "naïve", "default", "self", "init"]"#)
                == [.doubleQuote, .backslash, .interpolation, .accented, .default, .`self`, .`init`])
        #expect(throws: DecodingError.self) { try decode([StrictMood].self, #"["say hi"]"#) }
        #expect(throws: DecodingError.self) { try decode([StrictMood].self, #"["naive"]"#) }
        // Swift compares strings by canonical equivalence, so a decomposed ï is the same raw value.
        #expect(try decode([StrictMood].self, #"["nai\u0308ve"]"#) == [.accented])
        #expect(StrictMood.allCases.count == 7)
    }

    @Test func keywordOptionsUseTheirNames() throws {
        let flags = try decode(Flags.self, #"["default", "protocol", "self", "init", "nope"]"#)
        #expect(flags == [.default, .protocol, .`self`])
        #expect(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(Flags([.class, .`self`]))) as? [String] == [
                "class", "self",
            ])
    }

    // MARK: Payload, metadata, deprecated entity

    @Test func theResponseReadsAndExcludesHostilePaths() throws {
        let body =
            #"{"da\"ta": {"a.b": \#(Self.weird.replacingOccurrences(of: #""old": 12"#, with: #""old": 12, "we\\ird": {"x": 1}"#))}}"#
        let response = try OddFetchResponse.decode(from: json(body))
        #expect(response.value == (try decode(Weird.self, Self.weird)))
        #expect(OddFetchResponse.excludedPaths == [["da\"ta", "a.b", "we\\ird", "x"]])
    }

    @Test func theDeprecatedEntityAndItsMetadataDecode() throws {
        let calls: any DeprecatedCalls.Type = Deprecated.self
        #expect(
            try calls.entity(#"{"the \"id\"": "c1", "default value": "v", "rank \"1\"": 3}"#)
                == #"c1|v|3|{"default value":"v","the \"id\"":"c1"}"#)
    }

    // MARK: Generated text

    static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Generated")

    private func source(_ path: String) throws -> String {
        try String(contentsOf: Self.generated.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func hostileDescriptionsStayInsideDocComments() throws {
        let subtypes = try source("Subtypes.swift")
        #expect(
            subtypes.contains(
                """
                /// Line one
                /// Line two
                /// Line three
                /// Line four
                /// Line five
                /// Line six
                /// Line seven Tabbed \"\"\" */ \\(exit(1))
                struct Weird
                """))
        #expect(
            subtypes.contains(
                #"/// Ends a comment */ then opens """ a string, \(exit(1)) and /* another"# + "\nenum Mood"))
        #expect(
            subtypes.contains("/// The same values without a fallback.\n/// */ print(\"escaped\") /*\nenum StrictMood"))
        // No generated line holds a raw control character or Unicode line separator, and none ends in a space.
        for path in ["Subtypes.swift", "Entities.swift", "Payloads.swift"] {
            let text = try source(path)
            #expect(
                !text.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n") || [0x7F, 0x85, 0x2028, 0x2029].contains($0.value)
                }, "\(path)")
            #expect(!text.contains(" \n"), "\(path)")
        }
    }

    @Test func hostileMessagesStayInsideTheirLiterals() throws {
        let weird = try source("Subtypes.swift")
        #expect(weird.contains(#"@available(*, deprecated, message: "Use \"new\"\\now.\nReally */ \\(exit(1))")"#))
        let legacy: any LegacyWeird = try decode(Weird.self, Self.weird)
        #expect(legacy.old == 12)
    }
}

/// The deprecated accessor, read through a protocol so the tests build without deprecation warnings.
protocol LegacyWeird {
    var old: Int? { get }
}

extension Weird: LegacyWeird {}

/// Calls into deprecated functions without a warning: the protocol requirement is not deprecated.
protocol DeprecatedCalls {
    static func entity(_ json: String) throws -> String
}

/// Uses the deprecated entity from a deprecated function, where that is no warning.
enum Deprecated: DeprecatedCalls {
    @available(*, deprecated)
    static func entity(_ json: String) throws -> String {
        let data = Data(json.utf8)
        let entity = try JSONDecoder().decode(Class.self, from: data)
        let metadata = try JSONDecoder().decode(ClassMetadata.self, from: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(entity), as: UTF8.self)
        return "\(entity.id)|\(entity.default)|\(metadata.`self`.map(String.init) ?? "nil")|\(encoded)"
    }
}
