import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `HTTPHeaders`: names in any case are one field, everywhere an app or the generated code reads headers.
struct HTTPHeadersTests {
    @Test func aNameIsFoundInAnyCase() {
        let headers: HTTPHeaders = ["Retry-After": "120", "x-request-id": "CAFE"]
        #expect(headers["retry-after"] == "120")
        #expect(headers["RETRY-AFTER"] == "120")
        #expect(headers["X-Request-Id"] == "CAFE")
        #expect(headers["Retry"] == nil)
        #expect(headers.count == 2)
    }

    @Test func settingANameInAnotherCaseReplacesTheFieldAndTakesItsSpelling() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        headers["content-type"] = "application/json"
        #expect(headers.count == 1)
        #expect(headers.names == ["content-type"])
        #expect(headers["Content-Type"] == "application/json")
        headers["CONTENT-TYPE"] = nil
        #expect(headers.isEmpty)
        headers["X-Order", default: ""] += "1"
        headers["x-order", default: ""] += "2"
        #expect(headers.dictionary == ["x-order": "12"])
        #expect(headers.removeValue(forName: "x-ORDER") == "12")
        #expect(headers.isEmpty)
    }

    @Test func equalityAndHashingIgnoreTheCaseOfNamesButNotOfValues() {
        let a: HTTPHeaders = ["ETag": "v1", "Accept": "application/json"]
        let b: HTTPHeaders = ["accept": "application/json", "etag": "v1"]
        let c: HTTPHeaders = ["ETag": "V1", "Accept": "application/json"]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }

    @Test func itEncodesAsTheJSONObjectADictionaryWas() throws {
        let headers: HTTPHeaders = ["Idempotency-Key": "k1", "Accept": "application/json"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(headers), as: UTF8.self)
        #expect(json == #"{"Accept":"application\/json","Idempotency-Key":"k1"}"#)
        // What a queue file written before `HTTPHeaders` holds still reads.
        let decoded = try JSONDecoder().decode(HTTPHeaders.self, from: Data(#"{"idempotency-key":"k1"}"#.utf8))
        #expect(decoded["Idempotency-Key"] == "k1")
    }

    @Test func printingHeadersNeverShowsACredential() {
        let headers: HTTPHeaders = [
            "Authorization": "Bearer secret-token", "Set-Cookie": "session=secret-cookie", "Accept": "text/plain",
        ]
        for text in [String(describing: headers), String(reflecting: headers), "\(headers)"] {
            #expect(!text.contains("secret"), "\(text)")
            #expect(text.contains("Accept: text/plain"), "\(text)")
        }
    }

    @Test func anAPIErrorsHeadersAreReadInAnyCase() {
        // HTTP/2 and some platforms give lowercase names; the app asks in the spelling of the documentation.
        let error = APIError(
            .status(429), endpoint: "movies.discover", method: .get, status: 429, headers: ["retry-after": "30"])
        #expect(error.headers["Retry-After"] == "30")
        let response = HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": "4"])
        #expect(response.headers["X-RateLimit-Remaining"] == "4")
    }
}
