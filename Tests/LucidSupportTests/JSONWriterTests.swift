import Testing

@testable import LucidSupport

/// The one JSON writer (`lucid-gen dump`, `lucid-gen openapi`): its layout, and that what it writes reads back.
@Suite struct JSONWriterTests {
    private func node(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    @Test func prettyTextIndentsTwoSpacesWithEmptyContainersOnOneLine() throws {
        let value = try node(#"{"a":[1,{"b":null}],"c":{},"d":[],"e":true}"#)
        #expect(
            value.serialized() == """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": [],
                  "e": true
                }
                """)
    }

    @Test func compactTextHasNoSpaces() throws {
        let text = #"{"a":[1,2.50,-3e7],"b":{"c":"d"},"e":[]}"#
        #expect(try node(text).serialized(pretty: false) == text)
    }

    @Test func numbersAreWrittenAsReadAndStringsEscapedAsJSONStringLiteralDoes() throws {
        let value = try node(#"[1.0, 1e400, 123456789012345678901234567890, "a/b\"\\\n\u0001é"]"#)
        #expect(value.serialized(pretty: false) == #"[1.0,1e400,123456789012345678901234567890,"a/b\"\\\n\u0001é"]"#)
    }

    @Test func membersKeepTheirOrderAndDuplicates() throws {
        let text = #"{"z":1,"a":2,"z":3}"#
        #expect(try node(text).serialized(pretty: false) == text)
    }

    @Test func aValueBuiltInMemoryIsWritten() {
        let value = JSONNode(
            content: .object(
                JSONObject([
                    .init(key: "name", value: JSONNode(content: .string("x"))),
                    .init(key: "list", value: JSONNode(content: .array([JSONNode(content: .number("2"))]))),
                ])))
        #expect(value.serialized(pretty: false) == #"{"name":"x","list":[2]}"#)
    }
}
