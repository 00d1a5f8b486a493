import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// The `at:` calls generated code makes read and write what the `forKey:` calls do, at the key they are given.
struct StringKeysTests {
    private static let object = #"""
        {"title": "Alien", "none": null, "day": "1979-05-25", "days": ["1979-05-25", "1986-07-18"],
         "runtime": 117, "tags": [1, "x", 2], "names": {"a": "A", "b": 2}, "teaser": "bad"}
        """#

    @Test func decodingCallsReadTheirKey() throws {
        let day = DateCodingFormat.pattern("yyyy-MM-dd")
        let values = try decodeJSON(Self.object) { container in
            [
                try container.decode(String.self, at: "title"),
                try container.decodeIfPresent(String.self, at: "none") ?? "nil",
                try container.decodeIfPresent(String.self, at: "missing") ?? "nil",
                String(try container.decodeNil(at: "none")),
                String(try container.decodeNil(at: "title")),
                "\(try container.decodeDate(at: "day", format: day).timeIntervalSince1970)",
                "\(try container.decodeDateIfPresent(at: "none", format: day) as Date?)",
                "\(try container.decodeDates(at: "days", format: day).count)",
                "\(try container.decodeDatesIfPresent(at: "missing", format: day) as [Date]?)",
                "\(try container.decodeDuration(at: "runtime", unit: .seconds))",
                "\(try container.decodeDurationIfPresent(at: "none", unit: .seconds) as Duration?)",
                "\(try container.decodeFailableArray(Int.self, at: "tags"))",
                "\(try container.decodeFailableArrayIfPresent(Int.self, at: "missing") as [Int]?)",
                "\(try container.decodeFailableDictionary(String.self, at: "names"))",
                "\(try container.decodeFailableDictionaryIfPresent(String.self, at: "none") as [String: String]?)",
                "\(try container.decodeLazy(String.self, at: "title")) \(try container.decodeLazy(Int.self, at: "no"))",
                "\(container.decodeLenient(Int.self, at: "teaser") as Int?)",
                "\(container.decodeLenient(at: "runtime") { try $0.decodeDuration(at: "runtime", unit: .seconds) }!)",
            ]
        }
        #expect(
            values == [
                "Alien", "nil", "nil", "true", "false", "296438400.0", "nil", "2", "nil", "117.0 seconds", "nil",
                "[1, 2]", "nil", #"["a": "A"]"#, "nil", #"requested("Alien") unrequested"#, "nil",
                "117.0 seconds",
            ])
    }

    @Test func aFailureNamesTheKey() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(Self.object) { try $0.decode(Int.self, at: "title") }
        }
        #expect(error?.dottedPath == "title")
    }

    @Test func encodingCallsWriteTheirKey() throws {
        let day = DateCodingFormat.pattern("yyyy-MM-dd")
        let date = Date(timeIntervalSince1970: 296_438_400)
        let json = try encodeJSON { container in
            try container.encode("Alien", at: "title")
            try container.encodeIfPresent(String?.none, at: "absent")
            try container.encodeIfPresent(2, at: "two")
            try container.encodeNil(at: "none")
            try container.encodeDate(date, at: "day", format: day)
            try container.encodeDateIfPresent(nil, at: "absentDay", format: day)
            try container.encodeDates([date], at: "days", format: day)
            try container.encodeDatesIfPresent([date], at: "moreDays", format: day)
            try container.encodeDuration(.seconds(117), at: "runtime", unit: .seconds)
            try container.encodeDurationIfPresent(.seconds(1), at: "ms", unit: .milliseconds)
            try container.encodeLazy(Lazy<Int>.requested(3), at: "lazy")
            try container.encodeLazy(Lazy<Int>.unrequested, at: "unrequested")
        }
        #expect(
            json == #"{"day":"1979-05-25","days":["1979-05-25"],"lazy":3,"moreDays":["1979-05-25"],"ms":1000,"#
                + #""none":null,"runtime":117,"title":"Alien","two":2}"#)
    }

    @Test func patchesWriteTheirKey() throws {
        let day = DateCodingFormat.pattern("yyyy-MM-dd")
        let date = Date(timeIntervalSince1970: 296_438_400)
        let json = try encodeJSON { container in
            try container.encode(Patch<String>.set("Alien"), at: "title")
            try container.encode(Patch<String>.unchanged, at: "unchanged")
            try container.encodeDate(Patch<Date>.null, at: "day", format: day)
            try container.encodeDates(Patch<[Date]>.set([date]), at: "days", format: day)
            try container.encodeDuration(Patch<Duration>.set(.seconds(2)), at: "runtime", unit: .seconds)
        }
        #expect(json == #"{"day":null,"days":["1979-05-25"],"runtime":2,"title":"Alien"}"#)
    }
}
