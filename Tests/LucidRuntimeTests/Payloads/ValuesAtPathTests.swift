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
        let sunrise = try decodeRoot(body) { try $0.decodeDate(at: ["results", "sunrise"], format: .iso8601) }
        #expect(sunrise == Date(timeIntervalSince1970: 1_714_541_400))
        let root = try decodeRoot(#""2024-05-01T05:30:00Z""#) { try $0.decodeDate(at: [], format: .iso8601) }
        #expect(root == sunrise)
        let epoch = try decodeRoot("1714541400") { try $0.decodeDate(at: [], format: .epochSeconds) }
        #expect(epoch == sunrise)
    }

    @Test func readsDatesAtAPathAndAtTheRoot() throws {
        let days = try decodeRoot(body) { try $0.decodeDates(at: ["results", "days"], format: .pattern("yyyy-MM-dd")) }
        #expect(days == [Date(timeIntervalSince1970: 1_714_521_600), Date(timeIntervalSince1970: 1_714_608_000)])
        let root = try decodeRoot(#"["2024-05-01"]"#) { try $0.decodeDates(at: [], format: .pattern("yyyy-MM-dd")) }
        #expect(root == [Date(timeIntervalSince1970: 1_714_521_600)])
    }

    @Test func aBadDateCarriesItsCodingPath() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeDates(at: ["results", "badDays"], format: .pattern("yyyy-MM-dd")) }
        }
        #expect(error?.dottedPath == "results.badDays[1]")
        #expect(error?.contextDescription == #"Expected a date in format pattern 'yyyy-MM-dd', but found "May 2nd"."#)
        let root = #expect(throws: DecodingError.self) {
            try decodeRoot(#""soon""#) { try $0.decodeDate(at: [], format: .iso8601) }
        }
        #expect(root?.isDataCorrupted == true)
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeDate(at: ["results", "sunset"], format: .iso8601) }
        }
        #expect(missing?.dottedPath == "results.sunset")
    }

    @Test func ifPresentReadsNilForMissingOrNull() throws {
        #expect(try decodeRoot(body) { try $0.decodeDateIfPresent(at: ["results", "none"], format: .iso8601) } == nil)
        #expect(try decodeRoot(body) { try $0.decodeDateIfPresent(at: ["nothing", "x"], format: .iso8601) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeDateIfPresent(at: [], format: .iso8601) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeDurationIfPresent(at: [], unit: .seconds) } == nil)
        #expect(
            try decodeRoot(body) { try $0.decodeDurationIfPresent(at: ["results", "ttl"], unit: .milliseconds) }
                == .milliseconds(1500))
    }

    @Test func readsDurationsAtAPathAndAtTheRoot() throws {
        #expect(
            try decodeRoot(body) { try $0.decodeDuration(at: ["results", "ttl"], unit: .milliseconds) } == .seconds(1.5)
        )
        #expect(try decodeRoot("90") { try $0.decodeDuration(at: [], unit: .seconds) } == .seconds(90))
        #expect(
            try decodeRoot(body) { try $0.decodeDurations(at: ["results", "delays"], unit: .seconds) }
                == [.seconds(1), .milliseconds(2500)])
        #expect(try decodeRoot("[3]") { try $0.decodeDurations(at: [], unit: .seconds) } == [.seconds(3)])
    }

    @Test func aDurationTooLargeIsAnErrorNotACrash() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeDuration(at: ["results", "huge"], unit: .seconds) }
        }
        #expect(error?.dottedPath == "results.huge")
        #expect(error?.contextDescription == "Expected a duration in seconds, but 1e+300 is too large.")
        let inList = #expect(throws: DecodingError.self) {
            try decodeRoot("[1, 1e300]") { try $0.decodeDurations(at: [], unit: .milliseconds) }
        }
        #expect(inList?.dottedPath == "[1]")
        let notANumber = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeDuration(at: ["results", "sunrise"], unit: .seconds) }
        }
        #expect(notANumber?.dottedPath == "results.sunrise")
    }
}
