import Testing

@testable import LucidExport

/// The JSON tree the OpenAPI document is built as: its text, its parser (for example bodies), nullability.
@Suite struct OpenAPIJSONTests {
    @Test func serialisesInOrderWithEscapes() {
        let value = OpenAPIJSON.object([
            "b": .array([1, .double(2.5), .double(3), .null, true]), "a": "x/\"\\\n\u{01}é", "e": .object([:]),
            "f": .array([]),
        ])
        #expect(value.serialized(pretty: false) == #"{"b":[1,2.5,3,null,true],"a":"x/\"\\\n\u0001é","e":{},"f":[]}"#)
        #expect(
            value.serialized() == "{\n  \"b\": [\n    1,\n    2.5,\n    3,\n    null,\n    true\n  ],\n"
                + "  \"a\": \"x/\\\"\\\\\\n\\u0001é\",\n  \"e\": {},\n  \"f\": []\n}")
        #expect(OpenAPIJSON.double(.infinity).serialized() == "null")
    }

    @Test func settingReplacesInPlaceOrAppends() {
        let value = OpenAPIJSON.object(["a": 1, "b": 2]).setting("a", 3).setting("c", 4)
        #expect(value.keys == ["a", "b", "c"] && value["a"] == 3)
        #expect(OpenAPIJSON.string("x").setting("a", 1) == "x")
    }

    @Test func parsesExampleBodiesKeepingKeyOrder() {
        let text =
            "\u{FEFF} {\"z\": [1, -2.5e1, 9223372036854775808], \"a\": \"\\u00e9\\ud83d\\ude00\\n\\/\", "
            + "\"n\": null, \"t\": true, \"f\": false, \"o\": {}} "
        let value = OpenAPIJSON.parsing(text)
        #expect(value?.keys == ["z", "a", "n", "t", "f", "o"])
        #expect(value?["z"] == .array([1, .double(-25), .double(9223372036854775808)]))
        #expect(value?["a"] == "é😀\n/")
        #expect(value?["n"] == .null && value?["t"] == true && value?["f"] == false && value?["o"] == .object([:]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "\"\\ud83d\"", "tru", "1 2", String(repeating: "[", count: 300)])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(OpenAPIJSON.parsing(text) == nil)
    }

    @Test func nullableIn31Style() {
        #expect(OpenAPISchemas.nullable(["type": "string"]) == ["type": .array(["string", "null"])])
        let enumeration = OpenAPISchemas.nullable(["type": "string", "enum": .array(["a"])])
        #expect(enumeration["enum"] == .array(["a", .null]))
        let reference = OpenAPISchemas.nullable(OpenAPISchemas.reference("A"))
        #expect(reference == ["anyOf": .array([["$ref": "#/components/schemas/A"], ["type": "null"]])])
    }
}
