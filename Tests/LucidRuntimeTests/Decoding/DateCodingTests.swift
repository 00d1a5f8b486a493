import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

struct DateCodingTests {
    static let moment = Date(timeIntervalSince1970: 1_704_164_645)  // 2024-01-02T03:04:05Z

    @Test(arguments: [
        (#"{"d":"2024-01-02T03:04:05Z"}"#, DateCodingFormat.iso8601, 0.0),
        (#"{"d":"2024-01-02T03:04:05.123Z"}"#, .iso8601, 0.123),
        (#"{"d":"2024-01-02T03:04:05.123Z"}"#, .iso8601Fractional, 0.123),
        (#"{"d":"2024-01-02T03:04:05.007Z"}"#, .iso8601Fractional, 0.007),
        (#"{"d":1704164645}"#, .epochSeconds, 0),
        (#"{"d":1704164645.25}"#, .epochSeconds, 0.25),
        (#"{"d":1704164645123}"#, .epochMilliseconds, 0.123),
        (#"{"d":"2024-01-02"}"#, .pattern("yyyy-MM-dd"), -11_045),
        (#"{"d":"2024-01-02T03:04:05"}"#, .pattern("yyyy-MM-dd'T'HH:mm:ss"), 0),
        (#"{"d":"02/01/2024 03:04"}"#, .pattern("dd/MM/yyyy HH:mm"), -5),
    ])
    func roundTrips(json: String, format: DateCodingFormat, offset: TimeInterval) throws {
        let date = try decodeJSON(json) { try $0.decodeDate(forKey: "d", format: format) }
        #expect(abs(date.timeIntervalSince(Self.moment) - offset) < 1e-6)
        #expect(try encodeJSON { try $0.encodeDate(date, forKey: "d", format: format) } == json)
    }

    @Test func iso8601AcceptsOffsetsAndEitherPrecision() throws {
        let offset = try decodeJSON(#"{"d":"2024-01-02T05:04:05+02:00"}"#) {
            try $0.decodeDate(forKey: "d", format: .iso8601)
        }
        #expect(offset == Self.moment)
        let whole = try decodeJSON(#"{"d":"2024-01-02T03:04:05Z"}"#) {
            try $0.decodeDate(forKey: "d", format: .iso8601Fractional)
        }
        #expect(
            try encodeJSON { try $0.encodeDate(whole, forKey: "d", format: .iso8601Fractional) }
                == #"{"d":"2024-01-02T03:04:05.000Z"}"#)
        #expect(
            try encodeJSON { try $0.encodeDate(whole, forKey: "d", format: .iso8601) }
                == #"{"d":"2024-01-02T03:04:05Z"}"#)
    }

    @Test(arguments: [
        (DateCodingFormat.pattern("yyyy-MM-dd"), "2024-13-02", "pattern 'yyyy-MM-dd'"),
        (.iso8601, "yesterday", "ISO 8601"),
        (.iso8601Fractional, "2024-01-02", "ISO 8601 with fractional seconds"),
    ])
    func aMismatchIsDataCorruptedNamingFormatAndText(format: DateCodingFormat, text: String, name: String) {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"item": {"d": "\#(text)"}}"#) { container in
                try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "item").decodeDate(
                    forKey: "d", format: format)
            }
        }
        #expect(error?.isDataCorrupted == true)
        #expect(error?.dottedPath == "item.d")
        #expect(error?.contextDescription == "Expected a date in format \(name), but found \"\(text)\".")
    }

    @Test func aNumberForAStringFormatIsATypeMismatch() {
        #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"d": 12}"#) { try $0.decodeDate(forKey: "d", format: .iso8601) }
        }
    }

    @Test func listsRoundTripAndReportTheFailingElement() throws {
        let json = #"{"dates":["2024-01-02","2024-02-29"]}"#
        let dates = try decodeJSON(json) { try $0.decodeDates(forKey: "dates", format: .pattern("yyyy-MM-dd")) }
        #expect(dates.count == 2)
        #expect(try encodeJSON { try $0.encodeDates(dates, forKey: "dates", format: .pattern("yyyy-MM-dd")) } == json)
        let epochs = #"{"dates":[1704164645,1704164645.5]}"#
        let epochDates = try decodeJSON(epochs) { try $0.decodeDates(forKey: "dates", format: .epochSeconds) }
        #expect(try encodeJSON { try $0.encodeDates(epochDates, forKey: "dates", format: .epochSeconds) } == epochs)
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"dates":["2024-01-02","soon"]}"#) {
                try $0.decodeDates(forKey: "dates", format: .pattern("yyyy-MM-dd"))
            }
        }
        #expect(error?.dottedPath == "dates[1]")
    }

    @Test func ifPresentVariantsSkipAbsentAndNull() throws {
        let json = #"{"n": null}"#
        #expect(try decodeJSON(json) { try $0.decodeDateIfPresent(forKey: "n", format: .iso8601) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeDateIfPresent(forKey: "x", format: .epochSeconds) } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(.dates(.iso8601), at: "n") } == nil)
        let written = try encodeJSON { container in
            try container.encodeIfPresent(nil, at: "a", as: .date(.iso8601))
            try container.encodeIfPresent(nil, at: "b", as: .dates(.iso8601))
            try container.encodeIfPresent(Self.moment, at: "c", as: .date(.epochMilliseconds))
        }
        #expect(written == #"{"c":1704164645000}"#)
    }

    @Test func patternFormattersAreSafeUnderConcurrentUse() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<500 {
                group.addTask {
                    let patterns = [
                        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "dd.MM.yyyy HH:mm", "'p\(index % 16)' yyyyMMdd",
                    ]
                    let format = DateCodingFormat.pattern(patterns[index % patterns.count])
                    let date = Date(timeIntervalSince1970: Double(index) * 86_400)
                    let json = try encodeJSON { try $0.encodeDate(date, forKey: "d", format: format) }
                    return try decodeJSON(json) { try $0.decodeDate(forKey: "d", format: format) } == date
                }
            }
            for try await matched in group {
                #expect(matched)
            }
        }
    }
}
