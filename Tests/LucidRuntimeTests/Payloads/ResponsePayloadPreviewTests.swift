import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `ResponsePayload.preview`: a generated client's preview answer decodes like a live body, and fails like one.
struct ResponsePayloadPreviewTests {
    struct Movie: ResponsePayload, Equatable {
        static let excludedPaths = [["debug"]]
        var id: Int
    }

    @Test func decodesTheExampleWithoutItsExcludedPaths() throws {
        let movie = try Movie.preview(#"{"id": 603, "debug": {"id": "x"}}"#, endpoint: "movies.movie", method: .get)
        #expect(movie == Movie(id: 603))
    }

    @Test func anExampleThatDoesNotDecodeIsADecodingAPIError() {
        do {
            _ = try Movie.preview(#"{"id": "603"}"#, endpoint: "movies.movie", method: .get)
            Issue.record("a string id does not decode as Int")
        } catch {
            guard case .decoding(let codingPath, _) = error.kind else {
                Issue.record("expected a decoding error, got \(error.kind)")
                return
            }
            #expect(codingPath == "id" && error.endpoint == "movies.movie" && error.url == nil)
            #expect(error.bodyExcerpt == #"{"id": "603"}"#)
        }
    }
}
