import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// Maps (`{string: T}`) whose values may fail on their own.
struct FailableDictionaryTests {
    struct Label: Decodable, Equatable {
        let name: String
    }

    let json = #"""
        {"data": {"labels": {"bug": {"name": "Bug"}, "odd": {"title": "x"}, "docs": {"name": "Docs"}, "none": null}},
         "scores": {"a": 1, "b": "two", "c": 3}, "list": [1, 2], "nothing": null}
        """#

    @Test func dropsAndReportsEachBadValue() throws {
        let (scores, issues) = try collectingIssues {
            try decodeJSON(json) { try $0.decodeFailableDictionary(Int.self, forKey: "scores") }
        }
        #expect(scores == ["a": 1, "c": 3])
        #expect(issues.map(\.kind) == [.droppedValue(key: "b")])
        #expect(issues.map(\.codingPath) == ["scores.b"])
        #expect(issues.first?.description.hasPrefix("dropped value 'b' at scores.b: ") == true)
    }

    @Test func readsAtAPathAndAtTheRoot() throws {
        let (labels, issues) = try collectingIssues {
            try decodeRoot(json) { try $0.decode(.failableMap(Label.self), at: ["data", "labels"]) }
        }
        #expect(labels == ["bug": Label(name: "Bug"), "docs": Label(name: "Docs")])
        // Reported in the order of their keys, whatever order the object had.
        #expect(issues.map(\.kind) == [.droppedValue(key: "none"), .droppedValue(key: "odd")])
        #expect(issues.map(\.codingPath) == ["data.labels.none", "data.labels.odd.name"])
        let (root, rootIssues) = try collectingIssues {
            try decodeRoot(#"{"x": 1, "y": true}"#) { try $0.decode(.failableMap(Int.self), at: []) }
        }
        #expect(root == ["x": 1])
        #expect(rootIssues.map(\.kind) == [.droppedValue(key: "y")])
    }

    @Test func aNonObjectStillThrows() {
        let list = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeFailableDictionary(Int.self, forKey: "list") }
        }
        #expect(list?.dottedPath == "list")
        #expect(throws: DecodingError.self) {
            try decodeRoot("[1]") { try $0.decode(.failableMap(Int.self), at: []) }
        }
        #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeFailableDictionary(Int.self, forKey: "missing") }
        }
        #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: "list") }
        }
    }

    @Test func ifPresentIsNilWhenAbsentOrNull() throws {
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: "nothing") } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: "missing") } == nil)
        #expect(try decodeRoot(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: ["nothing"]) } == nil)
        #expect(try decodeRoot(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: ["no", "x"]) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeIfPresent(.failableMap(Int.self), at: []) } == nil)
        let (scores, _) = try collectingIssues {
            try decodeJSON(json) { try $0.decodeIfPresent(.failableMap(Int.self), at: "scores") }
        }
        #expect(scores == ["a": 1, "c": 3])
    }
}
