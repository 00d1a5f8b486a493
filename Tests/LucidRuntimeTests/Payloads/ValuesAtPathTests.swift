import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Plain dates and durations at a payload path (`base_key: results.sunrise`), read from a `Decoder`.
struct ValuesAtPathTests {
    let body = #"""
        {"results": {
            "sunrise": "2024-05-01T05:30:00Z",
            "days": ["2024-05-01", "2024-05-02"],
            "badDays": ["2024-05-01", "May 2nd"],
            "ttl": 1500,
            "delays": [1, 2.5],
            "huge": 1e300,
            "none": null
        }}
        """#

    @Test func readsADateAtAPathAndAtTheRoot() throws {
        let sunrise = try decodeRoot(body) { try $0.decode(.date(.iso8601), at: ["results", "sunrise"]) }
        #expect(sunrise == Date(timeIntervalSince1970: 1_714_541_400))
        let root = try decodeRoot(#""2024-05-01T05:30:00Z""#) { try $0.decode(.date(.iso8601), at: []) }
        #expect(root == sunrise)
        let epoch = try decodeRoot("1714541400") { try $0.decode(.date(.epochSeconds), at: []) }
        #expect(epoch == sunrise)
    }

    @Test func readsDatesAtAPathAndAtTheRoot() throws {
        let days = try decodeRoot(body) { try $0.decode(.dates(.pattern("yyyy-MM-dd")), at: ["results", "days"]) }
        #expect(days == [Date(timeIntervalSince1970: 1_714_521_600), Date(timeIntervalSince1970: 1_714_608_000)])
        let root = try decodeRoot(#"["2024-05-01"]"#) { try $0.decode(.dates(.pattern("yyyy-MM-dd")), at: []) }
        #expect(root == [Date(timeIntervalSince1970: 1_714_521_600)])
    }

    @Test func aBadDateCarriesItsCodingPath() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.dates(.pattern("yyyy-MM-dd")), at: ["results", "badDays"]) }
        }
        #expect(error?.dottedPath == "results.badDays[1]")
        #expect(error?.contextDescription == #"Expected a date in format pattern 'yyyy-MM-dd', but found "May 2nd"."#)
        let root = #expect(throws: DecodingError.self) {
            try decodeRoot(#""soon""#) { try $0.decode(.date(.iso8601), at: []) }
        }
        #expect(root?.isDataCorrupted == true)
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.date(.iso8601), at: ["results", "sunset"]) }
        }
        #expect(missing?.dottedPath == "results.sunset")
    }

    @Test func ifPresentReadsNilForMissingOrNull() throws {
        #expect(try decodeRoot(body) { try $0.decodeIfPresent(.date(.iso8601), at: ["results", "none"]) } == nil)
        #expect(try decodeRoot(body) { try $0.decodeIfPresent(.date(.iso8601), at: ["nothing", "x"]) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeIfPresent(.date(.iso8601), at: []) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeIfPresent(.duration(.seconds), at: []) } == nil)
        #expect(
            try decodeRoot(body) { try $0.decodeIfPresent(.duration(.milliseconds), at: ["results", "ttl"]) }
                == .milliseconds(1500))
    }

    @Test func readsDurationsAtAPathAndAtTheRoot() throws {
        #expect(
            try decodeRoot(body) { try $0.decode(.duration(.milliseconds), at: ["results", "ttl"]) } == .seconds(1.5)
        )
        #expect(try decodeRoot("90") { try $0.decode(.duration(.seconds), at: []) } == .seconds(90))
        #expect(
            try decodeRoot(body) { try $0.decode(.durations(.seconds), at: ["results", "delays"]) }
                == [Duration.seconds(1), .milliseconds(2500)])
        #expect(try decodeRoot("[3]") { try $0.decode(.durations(.seconds), at: []) } == [Duration.seconds(3)])
    }

    @Test func aDurationTooLargeIsAnErrorNotACrash() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.duration(.seconds), at: ["results", "huge"]) }
        }
        #expect(error?.dottedPath == "results.huge")
        #expect(error?.contextDescription == "Expected a duration in seconds, but 1e+300 is too large.")
        let inList = #expect(throws: DecodingError.self) {
            try decodeRoot("[1, 1e300]") { try $0.decode(.durations(.milliseconds), at: []) }
        }
        #expect(inList?.dottedPath == "[1]")
        let notANumber = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.duration(.seconds), at: ["results", "sunrise"]) }
        }
        #expect(notANumber?.dottedPath == "results.sunrise")
    }
}
