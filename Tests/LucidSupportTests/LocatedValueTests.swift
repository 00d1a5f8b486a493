import Testing

@testable import LucidSupport

/// The one located tree of the documents lucid-gen imports, and the reader of objects whose keys are known.
@Suite struct LocatedValueTests {
    private func value(_ json: String) throws -> LocatedValue {
        LocatedValue(json: try JSONParser.parse(Array(json.utf8)), file: "d.json")
    }

    @Test func aJSONValueKeepsItsMembersInOrderAndWhereEachIsWritten() throws {
        let root = try value("{\n  \"b\": 1.50,\n  \"a\": [true, null, \"x\"]\n}")
        #expect(root.members?.map(\.key) == ["b", "a"])
        #expect(root["b"]?.scalarText == "1.50")
        #expect(root.location(of: "a") == SourceLocation(file: "d.json", line: 3, column: 3))
        #expect(root["a"]?.items?.map(\.kindDescription) == ["a boolean", "null", "a string"])
        #expect(root["missing"] == nil)
        #expect(root.location(of: "missing") == SourceLocation(file: "d.json", line: 1, column: 1))
    }

    @Test func aLargeObjectFindsEachMemberAndTheFirstOfADuplicate() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k3\": 99"]
        let root = try value("{" + members.joined(separator: ", ") + "}")
        for index in 0..<40 { #expect(root["k\(index)"]?.scalarText == "\(index)") }
        #expect(root["k40"] == nil)
    }

    @Test func aKeyedReaderHandsOnUnknownAndRepeatedKeys() throws {
        let root = try value(#"{"name": "a", "entityName": "b", "other": 1, "entity_name": "c"}"#)
        var unknown: [String] = []
        var repeated: [String] = []
        let reader = try #require(
            KeyedReader(
                root, keys: ["name", "entity_name"], form: { String($0.filter { $0 != "_" }).lowercased() },
                unknown: { unknown.append($0.key) }, duplicate: { repeated.append($0.key) }))
        #expect(unknown == ["other"])
        #expect(repeated == ["entity_name"])
        #expect(reader["entity_name"]?.string == "b")
        #expect(reader["entityName"]?.string == "b")
        #expect(reader.keyLocation("name")?.column == 2)
        #expect(KeyedReader(try value("[1]"), keys: ["a"], unknown: { _ in }) == nil)
    }
}
