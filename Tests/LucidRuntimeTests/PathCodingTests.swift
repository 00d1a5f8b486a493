import LucidRuntime
import Testing

struct PathCodingTests {
    let json = #"{"info": {"a": {"b": 7, "n": null}, "s": "text", "z": null}}"#

    @Test func decodesTheValueAtAPathBelowAKey() throws {
        #expect(try decodeJSON(json) { try $0.decode(Int.self, forKey: "info", path: ["a", "b"]) } == 7)
        #expect(try decodeJSON(json) { try $0.decode(String.self, forKey: "info", path: ["s"]) } == "text")
        #expect(try decodeJSON(#"{"x": 1}"#) { try $0.decode(Int.self, forKey: "x", path: []) } == 1)
    }

    @Test func errorsCarryTheFullCodingPath() {
        let missing = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decode(Int.self, forKey: "info", path: ["a", "c"]) }
        }
        #expect(missing?.dottedPath == "info.a.c")
        let mistyped = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decode(String.self, forKey: "info", path: ["a", "b"]) }
        }
        #expect(mistyped?.dottedPath == "info.a.b")
        let notAnObject = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decode(Int.self, forKey: "info", path: ["s", "b"]) }
        }
        #expect(notAnObject?.dottedPath == "info.s")
    }

    @Test func ifPresentIsNilWhenAnyStepIsMissingOrNull() throws {
        let paths: [[String]] = [["a", "c"], ["a", "n"], ["x", "b"], ["z", "b"]]
        for path in paths {
            #expect(try decodeJSON(json) { try $0.decodeIfPresent(Int.self, forKey: "info", path: path) } == nil)
        }
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(Int.self, forKey: "none", path: ["b"]) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(Int.self, forKey: "info", path: ["a", "b"]) } == 7)
    }

    @Test func ifPresentStillRejectsMistypedValues() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeIfPresent(Int.self, forKey: "info", path: ["s", "b"]) }
        }
        #expect(error?.dottedPath == "info.s")
    }

    @Test func encodingUnderTheSameKeyMergesNestedObjects() throws {
        let encoded = try encodeJSON { container in
            try container.encode(7, forKey: "info", path: ["a", "b"])
            try container.encode("text", forKey: "info", path: ["s"])
            try container.encodeIfPresent(Int?.some(8), forKey: "info", path: ["a", "c"])
            try container.encodeIfPresent(Int?.none, forKey: "other", path: ["x"])
            try container.encode(1, forKey: "top", path: [])
        }
        #expect(encoded == #"{"info":{"a":{"b":7,"c":8},"s":"text"},"top":1}"#)
    }

    @Test func roundTripsThroughPaths() throws {
        let value = try decodeJSON(json) { try $0.decode(Int.self, forKey: "info", path: ["a", "b"]) }
        let encoded = try encodeJSON { try $0.encode(value, forKey: "info", path: ["a", "b"]) }
        #expect(encoded == #"{"info":{"a":{"b":7}}}"#)
    }
}
