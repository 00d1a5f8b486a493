import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct JSONExclusionTests {
    /// `json` re-serialized with sorted keys, for comparisons that ignore layout and key order.
    func canonical(_ data: Data) throws -> String {
        let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }

    func expect(_ paths: [[String]], remove json: String, giving expected: String) throws {
        let result = try JSONExclusion.removing(paths, from: Data(json.utf8))
        #expect(try canonical(result) == canonical(Data(expected.utf8)))
    }

    @Test func removesKeysAtObjectPaths() throws {
        try expect([["secret"]], remove: #"{"secret": 1, "kept": true}"#, giving: #"{"kept": true}"#)
        try expect(
            [["data", "secret"], ["data", "other"]],
            remove: #"{"data": {"secret": [1], "other": null, "kept": 1.5}}"#, giving: #"{"data": {"kept": 1.5}}"#)
    }

    @Test func appliesTheRestOfThePathToEveryArrayElement() throws {
        try expect(
            [["results", "credits"]],
            remove: #"{"results": [{"id": 1, "credits": [1]}, {"id": 2, "credits": {}}, {"id": 3}, 4]}"#,
            giving: #"{"results": [{"id": 1}, {"id": 2}, {"id": 3}, 4]}"#)
        try expect(
            [["pages", "b"]],
            remove: #"{"pages": [[{"a": 1, "b": 2}], [{"a": 3, "b": 4}, []]]}"#,
            giving: #"{"pages": [[{"a": 1}], [{"a": 3}, []]]}"#)
        try expect([["b"]], remove: #"[{"a": 1, "b": 2}, {"b": 3}]"#, giving: #"[{"a": 1}, {}]"#)
        try expect(
            [["results", "credits", "cast", "bio"]],
            remove: #"{"results": [{"credits": {"cast": [{"name": "x", "bio": "y"}, {"name": "z"}]}}]}"#,
            giving: #"{"results": [{"credits": {"cast": [{"name": "x"}, {"name": "z"}]}}]}"#)
    }

    @Test func leavesTheDataUntouchedWhenNothingIsRemoved() throws {
        let data = Data(#"{ "a" : 1.50, "b": [true] }"#.utf8)
        #expect(try JSONExclusion.removing([], from: data) == data)
        #expect(try JSONExclusion.removing([["missing"], ["a", "deeper"], []], from: data) == data)
        #expect(try JSONExclusion.removing([], from: Data("not json".utf8)) == Data("not json".utf8))
    }

    @Test func invalidJSONIsDataCorrupted() {
        let error = #expect(throws: DecodingError.self) {
            try JSONExclusion.removing([["a"]], from: Data(#"{"a": "#.utf8))
        }
        #expect(error?.isDataCorrupted == true)
    }
}
