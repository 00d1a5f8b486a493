import Testing

@testable import LucidSpec

/// The JSON reader of example files: strict RFC 8259, every value and key located, errors at the offending
/// character, bounded nesting.
@Suite struct JSONParserTests {
    /// The reader's value (this test module has a `JSONNode` of its own, for the YAML test suite).
    private typealias Value = LucidSpec.JSONNode

    private func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> Value {
        try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The error `text` gives, as `line:col: message`.
    private func failure(_ text: String) -> String {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> String {
        do {
            _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
            return "no error"
        } catch {
            return "\(error.position.line):\(error.position.column): \(error.message)"
        }
    }

    private func at(_ value: Value) -> String { "\(value.position.line):\(value.position.column)" }

    // MARK: Values and positions

    @Test func valuesKnowWhereTheyStart() throws {
        let value = try parse("{\n  \"a\": [1, true,\n    null],\n  \"b\": {\"c\": \"x\"}\n}")
        let object = try #require(value.object)
        #expect(at(value) == "1:1")
        #expect(object.members.map(\.key) == ["a", "b"])
        #expect(object.members.map { "\($0.keyPosition.line):\($0.keyPosition.column)" } == ["2:3", "4:3"])
        guard case .array(let items)? = object["a"]?.content else {
            Issue.record("'a' is not an array")
            return
        }
        #expect(items.map(at) == ["2:9", "2:12", "3:5"])
        #expect(try #require(object["b"]?.object?["c"]).position == JSONPosition(line: 4, column: 14))
    }

    /// Columns count characters, not bytes, as in spec diagnostics; CRLF and a lone CR end lines like LF.
    @Test func columnsCountCharactersAndLineEndsAreAnyOfTheThree() throws {
        let value = try parse("{\"é€😀\": 1, \"b\":\r\n 2,\r \"c\": 3}")
        let object = try #require(value.object)
        #expect(at(try #require(object["é€😀"])) == "1:9")
        #expect(at(try #require(object["b"])) == "2:2")
        #expect(at(try #require(object["c"])) == "3:7")
    }

    @Test func aByteOrderMarkIsSkippedAndTakesNoColumn() throws {
        let value: Value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(at(value) == "1:1")
    }

    @Test func numbersKeepTheirText() throws {
        guard case .array(let items) = try parse("[0, -0, 1.50, 1e2, -2.5E-3, 123456789012345678901234567890]").content
        else {
            Issue.record("not an array")
            return
        }
        let texts = items.map { item -> String in
            if case .number(let text) = item.content { return text }
            return "?"
        }
        #expect(texts == ["0", "-0", "1.50", "1e2", "-2.5E-3", "123456789012345678901234567890"])
    }

    @Test func escapesAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "\u0000"]"#)
        guard case .array(let items) = value.content else {
            Issue.record("not an array")
            return
        }
        let strings = items.map { item -> String in
            if case .string(let text) = item.content { return text }
            return "?"
        }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "é€", "😀", "\u{0}"])
    }

    @Test func duplicateKeysReadTheFirstAsJSONDecoderDoes() throws {
        let small = try #require(try parse(#"{"a": 1, "a": 2}"#).object)
        #expect(small["a"].map(at) == "1:7")
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try #require(try parse("{\(keys), \"k3\": \"again\"}").object)
        guard case .number(let text)? = large["k3"]?.content else {
            Issue.record("k3 is not a number")
            return
        }
        #expect(text == "3")
        #expect(large["missing"] == nil)
    }

    // MARK: Errors at the right place

    @Test func structuralErrors() {
        #expect(failure("{\"a\": 1\n  \"b\": 2}") == "2:3: expected ',' or '}' in an object")
        #expect(failure("[1 2]") == "1:4: expected ',' or ']' in an array")
        #expect(failure("{\"a\" 1}") == "1:6: expected ':' after the key")
        #expect(failure("{a: 1}") == "1:2: expected a key in double quotes, found 'a'")
        #expect(failure("{\"a\": 1,}") == "1:9: expected a key after ','; JSON allows no trailing comma")
        #expect(failure("[1,]") == "1:4: expected a value, found ']'; JSON allows no trailing comma")
        #expect(failure("{ \"results\": [ }") == "1:16: expected a value, found '}'")
        #expect(failure("[1] [2]") == "1:5: unexpected '[' after the JSON value")
        #expect(failure("{\"a\": 1") == "1:8: expected ',' or '}' in an object")
        #expect(failure("") == "1:1: the file is empty; an example holds the JSON body of a response")
        #expect(failure(" \n\t") == "2:2: the file is empty; an example holds the JSON body of a response")
    }

    @Test func literalsAndWords() {
        #expect(failure("[tru]") == "1:2: expected a value, found 'tru'")
        #expect(failure("[NaN]") == "1:2: expected a value, found 'NaN'")
        #expect(failure("[True]") == "1:2: expected a value, found 'True'")
        #expect(failure("['a']") == "1:2: expected a value, found '''; JSON strings are written in double quotes")
        #expect(failure("// comment\n1") == "1:1: expected a value, found '/'")
    }

    @Test func numbersFollowTheGrammar() {
        #expect(failure("[01]") == "1:2: invalid number '01'")
        #expect(failure("[-]") == "1:2: invalid number '-'")
        #expect(failure("[1.]") == "1:2: invalid number '1.'")
        #expect(failure("[.5]") == "1:2: expected a value, found '.'")
        #expect(failure("[1e]") == "1:2: invalid number '1e'")
        #expect(failure("[+1]") == "1:2: expected a value, found '+'")
        #expect(failure("[1.5e+]") == "1:2: invalid number '1.5e+'")
    }

    @Test func stringErrors() {
        #expect(failure("[\"abc") == "1:2: the string is not closed")
        #expect(failure("[\"abc\\") == "1:2: the string is not closed")
        #expect(
            failure("[\"a\\x\"]")
                == "1:4: invalid escape '\\x' in a string; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        #expect(failure("[\"\\u12G4\"]") == "1:3: '\\u' takes four hex digits")
        #expect(
            failure("[\"ab\\ud800\"]") == "1:5: '\\uD800' is half of a surrogate pair; the other half must follow it")
        #expect(
            failure("[\"\\udc00\\ud800\"]")
                == "1:3: '\\uDC00' is half of a surrogate pair; the other half must follow it")
        #expect(
            failure("[\"\\ud800\\u0041\"]")
                == "1:3: '\\uD800' is half of a surrogate pair; the other half must follow it")
        #expect(failure("[\"a\tb\"]") == "1:4: control character U+0009 in a string; write it escaped, as \\u0009")
        #expect(
            failure("[\"line\nbreak\"]") == "1:7: control character U+000A in a string; write it escaped, as \\u000A")
    }

    @Test func invalidUTF8IsReportedAtItsCharacter() {
        #expect(
            failure([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0xA9, 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")])
                == "1:4: invalid UTF-8 (byte 0xFF)")
        // An overlong form, a surrogate encoded in UTF-8, a sequence cut short by the end of the file.
        #expect(failure([UInt8(ascii: "\""), 0xC0, 0x80, UInt8(ascii: "\"")]) == "1:2: invalid UTF-8 (byte 0xC0)")
        #expect(
            failure([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")]) == "1:2: invalid UTF-8 (byte 0xA0)")
        #expect(failure([UInt8(ascii: "\""), 0xE2, 0x82]) == "1:2: invalid UTF-8 (byte 0xE2)")
        #expect(failure([UInt8(ascii: "["), 0xFE, UInt8(ascii: "]")]) == "1:2: invalid UTF-8 (byte 0xFE)")
        #expect(failure([UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")]) == "1:2: expected a value, found 'é'")
    }

    // MARK: Hostile input

    @Test func nestingIsBoundedWithAnErrorNotACrash() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(failure(deep) == "1:257: nesting is deeper than 256 levels")
        let objects = Array(String(repeating: "{\"a\":", count: 300).utf8)
        #expect(failure(objects, maxDepth: 10) == "1:51: nesting is deeper than 10 levels")
        #expect(
            failure(Array((String(repeating: "[", count: 256) + String(repeating: "]", count: 256)).utf8)) == "no error"
        )
    }

    @Test func hugeNumbersAndLongStringsAreRead() throws {
        let digits = String(repeating: "9", count: 100_000)
        let text = "[\(digits)e99999999999, \"\(String(repeating: "é", count: 1_000_000))\"]"
        guard case .array(let items) = try parse(text).content, case .number(let number)? = items.first?.content,
            case .string(let string)? = items.last?.content
        else {
            Issue.record("not read as a number and a string")
            return
        }
        #expect(number.count == 100_012)
        #expect(string.count == 1_000_000)
    }
}
