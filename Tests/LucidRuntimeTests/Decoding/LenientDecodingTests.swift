@_spi(Generated) import LucidRuntime
import Testing

struct LenientDecodingTests {
    @Test func decodesAGoodValue() {
        let (rating, issues) = collectingIssues {
            try? decodeJSON(#"{"rating": 7.5}"#) { $0.decodeLenient(Double.self, forKey: "rating") }
        }
        #expect(rating == 7.5)
        #expect(issues.isEmpty)
    }

    @Test func absentAndNullAreSilentlyNil() throws {
        let (values, issues) = try collectingIssues {
            try decodeJSON(#"{"rating": null}"#) { container in
                [
                    container.decodeLenient(Double.self, forKey: "rating"),
                    container.decodeLenient(Double.self, forKey: "votes"),
                ]
            }
        }
        #expect(values == [nil, nil])
        #expect(issues.isEmpty)
    }

    @Test func aBadValueFallsBackToNilAndIsReported() throws {
        let (rating, issues) = try collectingIssues {
            try decodeJSON(#"{"movie": {"rating": "high"}}"#) { container in
                try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "movie")
                    .decodeLenient(Double.self, forKey: "rating")
            }
        }
        #expect(rating == nil)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .lenientFallback)
        #expect(issues.first?.codingPath == "movie.rating")
        #expect(issues.first?.message.contains("Double") == true)
    }
}
