import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

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
                "\(try container.decode(.date(day), at: "day").timeIntervalSince1970)",
                "\(try container.decodeIfPresent(.date(day), at: "none") as Date?)",
                "\(try container.decode(.dates(day), at: "days").count)",
                "\(try container.decodeIfPresent(.dates(day), at: "missing") as [Date]?)",
                "\(try container.decode(.duration(.seconds), at: "runtime"))",
                "\(try container.decodeIfPresent(.duration(.seconds), at: "none") as Duration?)",
                "\(try container.decode(.failable(Int.self), at: "tags"))",
                "\(try container.decodeIfPresent(.failable(Int.self), at: "missing") as [Int]?)",
                "\(try container.decode(.failableMap(String.self), at: "names"))",
                "\(try container.decodeIfPresent(.failableMap(String.self), at: "none") as [String: String]?)",
                "\(try container.decode(.lazy(String.self), at: "title")) \(try container.decode(.lazy(Int.self), at: "no"))",
                "\(container.decodeLenient(Int.self, at: "teaser") as Int?)",
                "\(container.decodeLenient(at: "runtime") { try $0.decode(.duration(.seconds), at: "runtime") }!)",
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
            try container.encode(date, at: "day", as: .date(day))
            try container.encodeIfPresent(nil, at: "absentDay", as: .date(day))
            try container.encode([date], at: "days", as: .dates(day))
            try container.encodeIfPresent([date], at: "moreDays", as: .dates(day))
            try container.encode(.seconds(117), at: "runtime", as: .duration(.seconds))
            try container.encodeIfPresent(.seconds(1), at: "ms", as: .duration(.milliseconds))
            try container.encode(Lazy<Int>.requested(3), at: "lazy", as: .lazy(Int.self))
            try container.encode(Lazy<Int>.unrequested, at: "unrequested", as: .lazy(Int.self))
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
            try container.encode(Patch<Date>.null, at: "day", as: .date(day))
            try container.encode(Patch<[Date]>.set([date]), at: "days", as: .dates(day))
            try container.encode(Patch<Duration>.set(.seconds(2)), at: "runtime", as: .duration(.seconds))
        }
        #expect(json == #"{"day":null,"days":["1979-05-25"],"runtime":2,"title":"Alien"}"#)
    }
}
