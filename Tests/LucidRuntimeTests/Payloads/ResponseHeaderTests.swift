import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Response headers read while decoding (`Decoder.responseHeader…`) and whole-response decoding
/// (`ResponsePayload.decode(from: HTTPResponse)`, `decodeIfPresent(from:)`).
struct ResponseHeaderTests {
    /// Reads `name` as `T` from `headers`.
    func header<T: ResponseHeaderValue>(
        _ type: T.Type, _ name: String, in headers: [String: String]
    ) throws -> T {
        try decodeRoot("null", headers: headers) { try $0.responseHeader(type, named: name) }
    }

    /// The `DecodingError` reading `name` as `T` from `headers` throws.
    func headerError<T: ResponseHeaderValue>(
        _ type: T.Type, _ name: String, in headers: [String: String]?
    ) -> DecodingError? {
        #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: headers) { _ = try $0.responseHeader(type, named: name) }
        }
    }

    // MARK: Values

    @Test func readsEachKindOfValue() throws {
        let headers = [
            "ETag": #"W/"abc""#, "X-Count": "-42", "X-Big": "9000000000", "X-Ratio": "0.25", "X-Scale": "1e3",
            "X-Price": "19.99", "X-Flag": "TRUE", "X-Off": "0", "Location": "https://example.com/a?b=c",
            "X-Request-Id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        ]
        #expect(try header(String.self, "ETag", in: headers) == #"W/"abc""#)
        #expect(try header(Int.self, "X-Count", in: headers) == -42)
        #expect(try header(Int64.self, "X-Big", in: headers) == 9_000_000_000)
        #expect(try header(Double.self, "X-Ratio", in: headers) == 0.25)
        #expect(try header(Float.self, "X-Scale", in: headers) == 1000)
        #expect(try header(Decimal.self, "X-Price", in: headers) == Decimal(string: "19.99"))
        #expect(try header(Bool.self, "X-Flag", in: headers) == true)
        #expect(try header(Bool.self, "X-Off", in: headers) == false)
        #expect(try header(URL.self, "Location", in: headers) == URL(string: "https://example.com/a?b=c"))
        #expect(
            try header(UUID.self, "X-Request-Id", in: headers)
                == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test func namesMatchInAnyCaseAndValuesAreTrimmed() throws {
        #expect(try header(Int.self, "x-ratelimit-remaining", in: ["X-RateLimit-Remaining": " 59\t"]) == 59)
        #expect(try header(String.self, "ETAG", in: ["etag": "  \"v1\" "]) == "\"v1\"")
        // Several spellings in one dictionary are one field (`HTTPHeaders`): the spelling that sorts last wins,
        // whatever the dictionary's order and the name asked for.
        for name in ["ETag", "etag", "ETAG"] {
            #expect(try header(String.self, name, in: ["etag": "a", "ETag": "b", "ETAG": "c"]) == "a")
        }
    }

    @Test func anEmptyValueIsPresentButOnlyAStringOrLinksReadIt() throws {
        #expect(try header(String.self, "X-Note", in: ["X-Note": "  "]) == "")
        #expect(try header(Links.self, "Link", in: ["Link": ""]) == Links())
        let error = headerError(Int.self, "X-Count", in: ["X-Count": ""])
        #expect(error?.contextDescription == "The response header 'X-Count' is not an Int: ''.")
    }

    @Test(arguments: ["abc", "4.5", "", "0x10", " ", "1_000", "٣"])
    func aBadIntIsDataCorrupted(value: String) {
        let error = headerError(Int.self, "X-RateLimit-Remaining", in: ["X-RateLimit-Remaining": value])
        #expect(error?.isDataCorrupted == true)
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        #expect(error?.contextDescription == "The response header 'X-RateLimit-Remaining' is not an Int: '\(trimmed)'.")
    }

    @Test(arguments: ["nan", "inf", "-infinity", "0x1p3", "1e", "e3", ".", "1.2.3", "1e400"])
    func numbersAreDecimalAndFinite(value: String) {
        #expect(headerError(Double.self, "X-Ratio", in: ["X-Ratio": value])?.isDataCorrupted == true)
    }

    @Test func aDecimalIsReadWhole() {
        // `Decimal(string:)` alone reads `12abc` as 12.
        let error = headerError(Decimal.self, "X-Price", in: ["X-Price": "12abc"])
        #expect(error?.contextDescription == "The response header 'X-Price' is not a Decimal: '12abc'.")
        #expect(headerError(Decimal.self, "X-Price", in: ["X-Price": "1e3"]) != nil)
    }

    @Test(arguments: ["yes", "2", "tru", ""])
    func aBadBoolIsDataCorrupted(value: String) {
        #expect(headerError(Bool.self, "X-Flag", in: ["X-Flag": value])?.isDataCorrupted == true)
    }

    @Test func badURLsAndUUIDsAreDataCorrupted() {
        #expect(headerError(URL.self, "Location", in: ["Location": ""])?.isDataCorrupted == true)
        let uuid = headerError(UUID.self, "X-Request-Id", in: ["X-Request-Id": "not-a-uuid"])
        #expect(uuid?.contextDescription == "The response header 'X-Request-Id' is not a UUID: 'not-a-uuid'.")
    }

    @Test func aLongValueIsCutInTheMessage() {
        let value = String(repeating: "x", count: 100)
        let error = headerError(Int.self, "X-Count", in: ["X-Count": value])
        #expect(
            error?.contextDescription
                == "The response header 'X-Count' is not an Int: '\(String(repeating: "x", count: 40))…'.")
    }

    @Test func aCredentialHeaderIsNeverQuoted() {
        let error = headerError(Int.self, "Set-Cookie", in: ["Set-Cookie": "session=s3cret"])
        #expect(error?.contextDescription == "The response header 'Set-Cookie' is not an Int: REDACTED.")
    }

    // MARK: Missing headers

    @Test func aMissingHeaderIsKeyNotFound() {
        let error = headerError(String.self, "ETag", in: ["Content-Type": "application/json"])
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "ETag")
        #expect(context.debugDescription == "The response header 'ETag' is missing.")
    }

    @Test func withoutHeadersTheMessageSaysSo() {
        let error = headerError(String.self, "ETag", in: nil)
        #expect(
            error?.contextDescription
                == "The response header 'ETag' is missing. (The payload was decoded without its response headers.)")
    }

    @Test func ifPresentReadsNilForAMissingHeaderButStillRefusesABadOne() throws {
        let headers = ["X-Count": "x"]
        #expect(
            try decodeRoot("null", headers: headers) { try $0.responseHeaderIfPresent(Int.self, named: "ETag") } == nil)
        #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: headers) { try $0.responseHeaderIfPresent(Int.self, named: "x-count") }
        }
        #expect(
            try decodeRoot("null", headers: [:]) { try $0.responseHeaderDateIfPresent(named: "Date", format: .iso8601) }
                == nil)
        #expect(
            try decodeRoot("null", headers: [:]) {
                try $0.responseHeaderDurationIfPresent(named: "Retry-After", unit: .seconds)
            } == nil)
    }

    // MARK: Dates and durations

    @Test func readsAnHTTPDateWithAPattern() throws {
        let headers = ["Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT", "X-Reset": "1445412480"]
        let httpDate = DateCodingFormat.pattern("EEE, dd MMM yyyy HH:mm:ss zzz")
        let modified = try decodeRoot("null", headers: headers) {
            try $0.responseHeaderDate(named: "last-modified", format: httpDate)
        }
        #expect(modified == Date(timeIntervalSince1970: 1_445_412_480))
        let reset = try decodeRoot("null", headers: headers) {
            try $0.responseHeaderDate(named: "X-Reset", format: .epochSeconds)
        }
        #expect(reset == modified)
    }

    @Test func aBadDateNamesTheFormat() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: ["Date": "yesterday"]) {
                try $0.responseHeaderDate(named: "Date", format: .iso8601)
            }
        }
        #expect(
            error?.contextDescription == "The response header 'Date' is not a date in format ISO 8601: 'yesterday'.")
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: [:]) { try $0.responseHeaderDate(named: "Date", format: .iso8601) }
        }
        #expect(missing?.contextDescription == "The response header 'Date' is missing.")
    }

    @Test func readsADurationInItsUnit() throws {
        let headers = ["Retry-After": "120", "X-Wait": "1500"]
        #expect(
            try decodeRoot("null", headers: headers) {
                try $0.responseHeaderDuration(named: "Retry-After", unit: .seconds)
            } == .seconds(120))
        #expect(
            try decodeRoot("null", headers: headers) {
                try $0.responseHeaderDuration(named: "X-Wait", unit: .milliseconds)
            } == .milliseconds(1500))
    }

    @Test(arguments: ["soon", "1e300", "Wed, 21 Oct 2015 07:28:00 GMT"])
    func aBadDurationIsDataCorruptedNotACrash(value: String) {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: ["Retry-After": value]) {
                try $0.responseHeaderDuration(named: "Retry-After", unit: .seconds)
            }
        }
        #expect(
            error?.contextDescription.hasPrefix("The response header 'Retry-After' is not a number of seconds") == true)
    }

    // MARK: Whole responses

    /// A payload reading headers and a body list, as generated payloads with header properties do.
    struct IssuesPage: ResponsePayload, Equatable {
        let etag: String
        let remaining: Int
        let links: Links
        let titles: [String]

        init(from decoder: any Decoder) throws {
            etag = try decoder.responseHeader(String.self, named: "ETag")
            remaining = try decoder.responseHeader(Int.self, named: "X-RateLimit-Remaining")
            links = try decoder.responseHeaderIfPresent(Links.self, named: "Link") ?? Links()
            titles = try decoder.decode([String].self, at: ["titles"])
        }
    }

    /// A payload of headers alone (the answer to a HEAD, or a 201 with a `Location`).
    struct Created: ResponsePayload, Equatable {
        let location: URL

        init(from decoder: any Decoder) throws {
            location = try decoder.responseHeader(URL.self, named: "Location")
        }
    }

    @Test func decodesTheBodyWithTheHeaders() throws {
        let response = HTTPResponse(
            status: 200,
            headers: [
                "etag": "\"v1\"", "X-RateLimit-Remaining": "59",
                "Link": "<https://api.example.com/issues?page=2>; rel=next",
            ],
            body: Data(#"{"titles": ["a", "b"]}"#.utf8))
        let page = try IssuesPage.decode(from: response)
        #expect(page.etag == "\"v1\"")
        #expect(page.remaining == 59)
        #expect(page.links.next == URL(string: "https://api.example.com/issues?page=2"))
        #expect(page.titles == ["a", "b"])
    }

    @Test(arguments: ["", " \r\n\t "])
    func anEmptyBodyDecodesAsNull(body: String) throws {
        let created = HTTPResponse(status: 201, headers: ["Location": "/notes/7"], body: Data(body.utf8))
        #expect(try Created.decode(from: created).location == URL(string: "/notes/7"))
        // A payload that reads the body fails the usual way.
        #expect(throws: DecodingError.self) {
            try IssuesPage.decode(
                from: HTTPResponse(
                    status: 200, headers: ["ETag": "x", "X-RateLimit-Remaining": "1"], body: Data(body.utf8)))
        }
    }

    @Test func aMissingHeaderFailsTheWholeResponse() {
        let error = #expect(throws: DecodingError.self) {
            try IssuesPage.decode(from: HTTPResponse(status: 200, headers: ["ETag": "x"], body: Data("{}".utf8)))
        }
        #expect(error?.contextDescription == "The response header 'X-RateLimit-Remaining' is missing.")
    }

    @Test func aResponseWithoutHeadersIsNotMistakenForADecodeWithoutThem() {
        let response = #expect(throws: DecodingError.self) {
            try Created.decode(from: HTTPResponse(status: 201))
        }
        #expect(response?.contextDescription == "The response header 'Location' is missing.")
        let bodyOnly = #expect(throws: DecodingError.self) { try Created.decode(from: Data()) }
        #expect(
            bodyOnly?.contextDescription.hasSuffix("(The payload was decoded without its response headers.)") == true)
    }

    @Test func decodeIfPresentIsNilWithoutABody() throws {
        let headers = ["ETag": "x", "X-RateLimit-Remaining": "1"]
        let body = Data(#"{"titles": []}"#.utf8)
        #expect(try IssuesPage.decodeIfPresent(from: HTTPResponse(status: 204, headers: headers, body: body)) == nil)
        #expect(try IssuesPage.decodeIfPresent(from: HTTPResponse(status: 205, headers: headers)) == nil)
        #expect(
            try IssuesPage.decodeIfPresent(from: HTTPResponse(status: 200, headers: headers, body: Data(" ".utf8)))
                == nil)
        #expect(
            try IssuesPage.decodeIfPresent(from: HTTPResponse(status: 200, headers: headers, body: body))?.etag == "x")
        #expect(throws: DecodingError.self) {
            try IssuesPage.decodeIfPresent(from: HTTPResponse(status: 200, headers: [:], body: body))
        }
    }

    @Test func aGivenDecoderIsUsedButNotChanged() throws {
        struct Snake: ResponsePayload {
            let itemCount: Int
            let etag: String

            enum CodingKeys: String, CodingKey { case itemCount }

            init(from decoder: any Decoder) throws {
                itemCount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .itemCount)
                etag = try decoder.responseHeader(String.self, named: "ETag")
            }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let snake = try Snake.decode(from: Data(#"{"item_count": 3}"#.utf8), headers: ["ETag": "e"], using: decoder)
        #expect(snake.itemCount == 3)
        #expect(snake.etag == "e")
        #expect(decoder.userInfo[.responseHeaders] == nil)
    }

    @Test func aMissingHeaderReachesAPIErrorAsAHeaderNotABodyKey() async throws {
        let resource = BackendResource<Void, IssuesPage, NoAuth>(
            name: "issues.list", server: "api", method: .get, path: ResourcePath("/issues"),
            readResponse: { try IssuesPage.decode(from: $0) })
        let client = makeClient { _ in
            HTTPResponse(status: 200, headers: ["ETag": "x"], body: Data(#"{"titles": []}"#.utf8))
        }
        let error = await expectAPIError { try await client.send(resource, with: ()) }
        #expect(
            error?.kind
                == .decoding(codingPath: "", message: "The response header 'X-RateLimit-Remaining' is missing."))
    }
}
