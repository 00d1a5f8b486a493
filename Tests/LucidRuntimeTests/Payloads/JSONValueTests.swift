import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `JSONValue` reads any JSON and writes it back equal.
@Suite struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private func encoded(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func scalars() throws {
        #expect(try decode("null") == .null)
        #expect(try decode("true") == .bool(true) && decode("false") == .bool(false))
        #expect(try decode("42") == .int(42) && decode("-7") == .int(-7))
        #expect(try decode("1.5") == .double(1.5) && decode("-2.5e-3") == .double(-0.0025))
        #expect(try decode(#""a \"quoted\" é""#) == .string(#"a "quoted" é"#))
        // A string is never taken for a number or a boolean.
        #expect(try decode(#""1""#) == .string("1") && decode(#""true""#) == .string("true"))
    }

    @Test func integersStayExact() throws {
        let beyondDouble = try decode("9007199254740993")  // 2^53 + 1: a Double would make it ...992
        #expect(beyondDouble == .int(9_007_199_254_740_993))
        #expect(try encoded(beyondDouble) == "9007199254740993")
        #expect(try encoded(decode("-9223372036854775808")) == "-9223372036854775808")
        // Past Int64 a number is a Double.
        #expect(try decode("18446744073709551616") == .double(18_446_744_073_709_551_616))
    }

    @Test func nestedValuesRoundTrip() throws {
        let text = #"{"a":[1,2.5,"x",null,true,{"b":{"c":[]}}],"big":9007199254740993,"empty":{},"s":"/path"}"#
        let value = try decode(text)
        #expect(try encoded(value) == text)
        #expect(try decode(encoded(value)) == value)
        #expect(value["a"]?[5]?["b"]?["c"] == .array([]))
        #expect(value["big"]?.intValue == 9_007_199_254_740_993)
        #expect(value["a"]?[1]?.doubleValue == 2.5 && value["a"]?[0]?.doubleValue == 1)
        #expect(value["a"]?[2]?.stringValue == "x" && value["a"]?[4]?.boolValue == true)
        #expect(value["a"]?[3]?.isNull == true && value["s"]?.isNull == false)
        #expect(value["empty"]?.objectValue == [:] && value["a"]?.arrayValue?.count == 6)
    }

    @Test func subscriptsOfOtherValuesAreNil() throws {
        let value: JSONValue = ["list": [1, 2], "name": "n"]
        #expect(value["missing"] == nil && value[0] == nil)
        #expect(value["list"]?[2] == nil && value["list"]?[-1] == nil && value["list"]?["x"] == nil)
        #expect(value["name"]?.intValue == nil && value["name"]?.arrayValue == nil && value["name"]?.boolValue == nil)
        #expect(JSONValue.double(2.5).intValue == nil && JSONValue.double(3).intValue == 3)
    }

    @Test func literalsBuildTheSameValues() throws {
        let literal: JSONValue = ["n": nil, "b": false, "i": 3, "d": 0.5, "s": "t", "a": ["x"]]
        #expect(
            literal
                == .object([
                    "n": .null, "b": .bool(false), "i": .int(3), "d": .double(0.5), "s": .string("t"),
                    "a": .array([.string("x")]),
                ]))
        #expect(try encoded(literal) == #"{"a":["x"],"b":false,"d":0.5,"i":3,"n":null,"s":"t"}"#)
    }

    /// An object writes through a keyed container, so keys another encoder writes at the same level join it.
    @Test func objectMergesWithKeysWrittenBeside() throws {
        struct Tagged: Encodable {
            let json: JSONValue
            enum CodingKeys: String, CodingKey { case kind }
            func encode(to encoder: any Encoder) throws {
                try json.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("k", forKey: .kind)
            }
        }
        #expect(try encodedTagged(Tagged(json: ["a": 1])) == #"{"a":1,"kind":"k"}"#)
    }

    private func encodedTagged(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
