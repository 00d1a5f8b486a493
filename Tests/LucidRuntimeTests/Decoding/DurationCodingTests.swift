import Testing

@_spi(Generated) @testable import LucidRuntime

struct DurationCodingTests {
    @Test(arguments: [
        (#"{"d":90}"#, DurationUnit.seconds, Duration.seconds(90)),
        (#"{"d":1.5}"#, .seconds, .milliseconds(1500)),
        (#"{"d":0.1}"#, .seconds, .milliseconds(100)),
        (#"{"d":250}"#, .milliseconds, .milliseconds(250)),
        (#"{"d":0.5}"#, .milliseconds, .microseconds(500)),
        (#"{"d":-2.5}"#, .seconds, .milliseconds(-2500)),
    ])
    func roundTrips(json: String, unit: DurationUnit, expected: Duration) throws {
        let duration = try decodeJSON(json) { try $0.decodeDuration(forKey: "d", unit: unit) }
        #expect(duration == expected)
        #expect(try encodeJSON { try $0.encodeDuration(duration, forKey: "d", unit: unit) } == json)
    }

    @Test func ifPresentHandlesAbsentAndNull() throws {
        #expect(try decodeJSON(#"{"d": null}"#) { try $0.decodeDurationIfPresent(forKey: "d", unit: .seconds) } == nil)
        #expect(try decodeJSON("{}") { try $0.decodeDurationIfPresent(forKey: "d", unit: .seconds) } == nil)
        #expect(
            try decodeJSON(#"{"d": 2}"#) { try $0.decodeDurationIfPresent(forKey: "d", unit: .seconds) } == .seconds(2))
        #expect(try encodeJSON { try $0.encodeIfPresent(nil, at: "d", as: .duration(.seconds)) } == "{}")
        #expect(
            try encodeJSON { try $0.encodeIfPresent(.seconds(3), at: "d", as: .duration(.milliseconds)) }
                == #"{"d":3000}"#)
    }

    @Test func aStringIsATypeMismatch() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"d": "90"}"#) { try $0.decodeDuration(forKey: "d", unit: .seconds) }
        }
        #expect(error?.dottedPath == "d")
    }
}
