import Testing

@_spi(Generated) @testable import LucidRuntime

struct LazyTests {
    @Test func valueIsNilOnlyWhenUnrequested() {
        #expect(Lazy.requested(3).value == 3)
        #expect(Lazy<Int>.unrequested.value == nil)
        #expect(Lazy<Int?>.requested(nil).value == .some(nil))
    }

    @Test func unrequestedNeverOverwritesARequestedValue() {
        #expect(Lazy.requested(1).merging(.unrequested) == .requested(1))
        #expect(Lazy.requested(1).merging(.requested(2)) == .requested(2))
        #expect(Lazy.unrequested.merging(.requested(2)) == .requested(2))
        #expect(Lazy<Int>.unrequested.merging(.unrequested) == .unrequested)
        #expect(Lazy<Int?>.requested(1).merging(.requested(nil)) == .requested(nil))
    }

    @Test func decodesAbsentAsUnrequestedAndPresentAsRequested() throws {
        let json = #"{"title": "Heat", "rating": null}"#
        let title = try decodeJSON(json) { try $0.decodeLazy(String.self, forKey: "title") }
        let rating = try decodeJSON(json) { try $0.decodeLazy(Double?.self, forKey: "rating") }
        let runtime = try decodeJSON(json) { try $0.decodeLazy(Int.self, forKey: "runtime") }
        #expect(title == .requested("Heat"))
        #expect(rating == .requested(nil))
        #expect(runtime == .unrequested)
    }

    @Test func aNullForANonOptionalTypeIsAnError() {
        let error = #expect(throws: DecodingError.self) {
            try decodeJSON(#"{"title": null}"#) { try $0.decodeLazy(String.self, forKey: "title") }
        }
        #expect(error?.dottedPath == "title")
    }

    @Test func encodesOnlyRequestedValues() throws {
        let json = try encodeJSON { container in
            try container.encodeLazy(Lazy.requested("Heat"), forKey: "title")
            try container.encodeLazy(Lazy<Double?>.requested(nil), forKey: "rating")
            try container.encodeLazy(Lazy<Int>.unrequested, forKey: "runtime")
        }
        #expect(json == #"{"rating":null,"title":"Heat"}"#)
    }
}
