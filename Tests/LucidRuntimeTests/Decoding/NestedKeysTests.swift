import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `nested`, `nestedIfPresent` and `encodeNested`: how generated code reads and writes dotted keys.
struct NestedKeysTests {
    let json = #"{"info": {"a": {"b": 7, "n": null}, "s": "text", "z": null}, "none": null, "top": 3}"#

    // MARK: nested

    @Test func nestedReachesTheObjectAtKeyThenPath() throws {
        #expect(try decodeJSON(json) { try $0.nested("info", ["a"]).decode(Int.self, forKey: "b") } == 7)
        #expect(try decodeJSON(json) { try $0.nested("info", []).decode(String.self, forKey: "s") } == "text")
        let path = try decodeJSON(json) { try $0.nested("info", ["a"]).codingPath.map(\.stringValue) }
        #expect(path == ["info", "a"])
    }

    @Test(arguments: [
        ("absent", [String](), "absent"),  // the key is missing
        ("none", [], "none"),  // the key is null
        ("top", [], "top"),  // the key is not an object
        ("info", ["x"], "info.x"),  // a step is missing
        ("info", ["z"], "info.z"),  // a step is null
        ("info", ["s"], "info.s"),  // a step is not an object
        ("info", ["a", "b"], "info.a.b"),  // the last step is not an object
        ("info", ["a", "n"], "info.a.n"),  // the last step is null
    ])
    func nestedFailsAtTheStepThatIsNotAnObject(key: String, path: [String], errorPath: String) {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nested(AnyCodingKey(key), path) }
        }
        #expect(error?.dottedPath == errorPath)
    }

    @Test func errorsBelowANestedObjectCarryTheFullCodingPath() {
        let missing = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nested("info", ["a"]).decode(Int.self, forKey: "c") }
        }
        #expect(missing?.dottedPath == "info.a.c")
        let mistyped = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nested("info", ["a"]).decode(String.self, forKey: "b") }
        }
        #expect(mistyped?.dottedPath == "info.a.b")
    }

    // MARK: nestedIfPresent

    @Test(arguments: [
        ("absent", [String]()),  // the key is missing
        ("none", []),  // the key is null
        ("absent", ["a"]),  // the key is missing, with a path below it
        ("none", ["a"]),  // the key is null, with a path below it
        ("info", ["x"]),  // the first step is missing
        ("info", ["z"]),  // the first step is null
        ("info", ["a", "m"]),  // the second step is missing
        ("info", ["a", "n"]),  // the second step is null
        ("info", ["x", "y"]),  // a step below a missing one
    ])
    func nestedIfPresentIsNilWhenAStepIsMissingOrNull(key: String, path: [String]) throws {
        #expect(try decodeJSON(json) { try $0.nestedIfPresent(AnyCodingKey(key), path) } == nil)
    }

    @Test func nestedIfPresentReachesPresentObjects() throws {
        #expect(try decodeJSON(json) { try $0.nestedIfPresent("info", [])?.decode(String.self, forKey: "s") } == "text")
        #expect(try decodeJSON(json) { try $0.nestedIfPresent("info", ["a"])?.decode(Int.self, forKey: "b") } == 7)
        // The object is there; its last key may still be absent or null, as for any container.
        #expect(
            try decodeJSON(json) { try $0.nestedIfPresent("info", ["a"])?.decodeIfPresent(Int.self, forKey: "n") }
                == nil)
        #expect(
            try decodeJSON(json) { try $0.nestedIfPresent("info", ["a"])?.decodeIfPresent(Int.self, forKey: "q") }
                == nil)
        #expect(try decodeJSON(json) { try $0.nestedIfPresent("info", ["a"])?.contains("b") } == true)
    }

    @Test(arguments: [("top", [String](), "top"), ("info", ["s"], "info.s"), ("info", ["a", "b"], "info.a.b")])
    func nestedIfPresentStillRejectsAStepThatIsNotAnObject(key: String, path: [String], errorPath: String) {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.nestedIfPresent(AnyCodingKey(key), path) }
        }
        #expect(error?.dottedPath == errorPath)
    }

    // MARK: encodeNested

    @Test func propertiesWritingIntoTheSameObjectMerge() throws {
        let encoded = try encodeJSON { container in
            try container.encodeNested("info", ["a"]) { try $0.encode(7, forKey: "b") }
            try container.encodeNested("info", []) { try $0.encode("text", forKey: "s") }
            try container.encodeNested("info", ["a"]) { try $0.encode(8, forKey: "c") }
            try container.encodeNested("info", ["a", "d"]) { try $0.encode(true, forKey: "e") }
            try container.encode(1, forKey: "top")
        }
        #expect(encoded == #"{"info":{"a":{"b":7,"c":8,"d":{"e":true}},"s":"text"},"top":1}"#)
    }

    @Test func encodeNestedCreatesTheObjectsEvenWhenNothingIsWritten() throws {
        #expect(try encodeJSON { $0.encodeNested("info", ["a"]) { _ in } } == #"{"info":{"a":{}}}"#)
    }

    @Test func encodeNestedRethrowsWhatTheBodyThrows() {
        #expect(throws: TestSupportError.missingReader) {
            try encodeJSON { container in
                try container.encodeNested("info", []) { _ in throw TestSupportError.missingReader }
            }
        }
    }

    // MARK: Round trips

    /// A type written the way lucid-gen writes one with dotted keys: `credits.director.name`,
    /// `credits.director.age` (optional), `credits.writer` and `stats.rating` (optional).
    struct Film: Codable, Equatable {
        var title: String
        var director: String
        var directorAge: Int?
        var writer: String
        var rating: Double?

        enum CodingKeys: String, CodingKey {
            case title, credits, stats
        }

        init(title: String, director: String, directorAge: Int?, writer: String, rating: Double?) {
            self.title = title
            self.director = director
            self.directorAge = directorAge
            self.writer = writer
            self.rating = rating
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            director = try container.nested(.credits, ["director"]).decode(String.self, forKey: "name")
            directorAge = try container.nestedIfPresent(.credits, ["director"])?.decodeIfPresent(
                Int.self, forKey: "age")
            writer = try container.nested(.credits, []).decode(String.self, forKey: "writer")
            rating = try container.nestedIfPresent(.stats, [])?.decodeIfPresent(Double.self, forKey: "rating")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encodeNested(.credits, ["director"]) { try $0.encode(director, forKey: "name") }
            if let directorAge {
                try container.encodeNested(.credits, ["director"]) { try $0.encode(directorAge, forKey: "age") }
            }
            try container.encodeNested(.credits, []) { try $0.encode(writer, forKey: "writer") }
            if let rating {
                try container.encodeNested(.stats, []) { try $0.encode(rating, forKey: "rating") }
            }
        }
    }

    func encode(_ film: Film) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(film), as: UTF8.self)
    }

    @Test func roundTripsThroughJSONEncoderAndDecoder() throws {
        let film = Film(title: "Heat", director: "Michael Mann", directorAge: 52, writer: "Michael Mann", rating: 8.3)
        let json = try encode(film)
        #expect(
            json
                == #"{"credits":{"director":{"age":52,"name":"Michael Mann"},"writer":"Michael Mann"},"stats":{"rating":8.3},"title":"Heat"}"#
        )
        #expect(try JSONDecoder().decode(Film.self, from: Data(json.utf8)) == film)
    }

    @Test func optionalNestedValuesRoundTripAsAbsent() throws {
        let film = Film(
            title: "Thief", director: "Michael Mann", directorAge: nil, writer: "Frank Hohimer", rating: nil)
        let json = try encode(film)
        #expect(json == #"{"credits":{"director":{"name":"Michael Mann"},"writer":"Frank Hohimer"},"title":"Thief"}"#)
        #expect(try JSONDecoder().decode(Film.self, from: Data(json.utf8)) == film)
        let withNulls =
            #"{"title": "Thief", "credits": {"director": {"name": "Michael Mann", "age": null}, "writer": "Frank Hohimer"}, "stats": null}"#
        #expect(try JSONDecoder().decode(Film.self, from: Data(withNulls.utf8)) == film)
    }

    @Test func aMissingRequiredNestedValueNamesItsPath() {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Film.self, from: Data(#"{"title": "Heat", "credits": {"writer": "M"}}"#.utf8))
        }
        #expect(error?.dottedPath == "credits.director")
    }
}
