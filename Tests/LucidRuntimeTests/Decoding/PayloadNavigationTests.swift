@_spi(Generated) import LucidRuntime
import Testing

struct PayloadNavigationTests {
    let json = #"{"data": {"movie": {"title": "Heat", "year": 1995}, "none": null, "text": "x"}}"#

    @Test func codingKeysAreStringsOrPositions() {
        let key: AnyCodingKey = "title"
        #expect(key.stringValue == "title" && key.intValue == nil)
        #expect(AnyCodingKey(intValue: 3).stringValue == "3")
        #expect(AnyCodingKey(intValue: 3).intValue == 3)
        #expect(AnyCodingKey(stringValue: "a") == AnyCodingKey("a"))
    }

    @Test func decodesValuesAtPaths() throws {
        #expect(try decodeJSON(json) { try $0.decode(String.self, at: ["data", "movie", "title"]) } == "Heat")
        #expect(
            try decodeJSON(json) { try $0.nestedContainer(at: ["data", "movie"]).decode(Int.self, forKey: "year") }
                == 1995)
        #expect(try decodeJSON(json) { try $0.nestedContainer(at: []).contains("data") })
    }

    @Test func missingStepsAreErrorsWithTheirPath() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decode(String.self, at: ["data", "show", "title"]) }
        }
        #expect(error?.dottedPath == "data.show")
        let mistyped = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nestedContainer(at: ["data", "text"]) }
        }
        #expect(mistyped?.dottedPath == "data.text")
    }

    @Test func ifPresentIsNilForMissingOrNullSteps() throws {
        #expect(try decodeJSON(json) { try $0.nestedContainerIfPresent(at: ["data", "none"]) } == nil)
        #expect(try decodeJSON(json) { try $0.nestedContainerIfPresent(at: ["data", "show", "x"]) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(String.self, at: ["data", "none", "title"]) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(String.self, at: ["data", "movie", "tagline"]) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(Int.self, at: ["data", "movie", "year"]) } == 1995)
        #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nestedContainerIfPresent(at: ["data", "text"]) }
        }
    }

    @Test func anEmptyPathIsAnError() {
        #expect(throws: DecodingError.self) { try decodeJSON(json) { try $0.decode(String.self, at: []) } }
        #expect(throws: DecodingError.self) { try decodeJSON(json) { try $0.decodeIfPresent(String.self, at: []) } }
    }
}
