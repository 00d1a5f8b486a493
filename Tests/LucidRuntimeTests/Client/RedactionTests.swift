import Foundation
@_spi(Generated) import LucidRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request carrying `secret` in one place, and what a redaction must know to find it.
struct RedactionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var request: HTTPRequest
    var secret: String
    /// Where the request's auth scheme puts the credential (`.none`: the standard names cover it).
    var placement: CredentialPlacement = .none

    var testDescription: String { name }

    /// A request to the movie API with `headers` and `query` added.
    static func movieRequest(headers: [String: String] = [:], query: String = "") -> HTTPRequest {
        HTTPRequest(
            method: .post, url: URL(string: "https://api.example.com/3/movie/603/rating" + query)!,
            headers: headers.merging(["Content-Type": "application/json"]) { first, _ in first },
            body: Data(#"{"value":8.5}"#.utf8))
    }

    /// Every placement a credential can have, each under the standard names.
    static let standard: [RedactionCase] = [
        RedactionCase(
            name: "Authorization: Bearer", request: movieRequest(headers: ["Authorization": "Bearer tok-AUTH-1"]),
            secret: "tok-AUTH-1"),
        RedactionCase(
            name: "Proxy-Authorization", request: movieRequest(headers: ["Proxy-Authorization": "Basic dXNlcjpwdw=="]),
            secret: "dXNlcjpwdw=="),
        RedactionCase(
            name: "Cookie", request: movieRequest(headers: ["Cookie": "session=sess-COOKIE-2; theme=dark"]),
            secret: "sess-COOKIE-2"),
        RedactionCase(
            name: "X-API-Key", request: movieRequest(headers: ["x-api-key": "key-HEADER-3"]), secret: "key-HEADER-3"),
        RedactionCase(
            name: "api_key query", request: movieRequest(query: "?api_key=key-QUERY-4&page=2"), secret: "key-QUERY-4"),
        RedactionCase(
            name: "access_token query", request: movieRequest(query: "?access_token=tok-QUERY-5"),
            secret: "tok-QUERY-5"),
        RedactionCase(
            name: "user info", request: movieRequest().with(url: "https://sk_live_USER6:@api.example.com/3/charges"),
            secret: "sk_live_USER6"),
    ]

    /// Credentials under an API's own names, found only once the redaction knows the placement.
    static let custom: [RedactionCase] = [
        RedactionCase(
            name: "X-Partner-Token", request: movieRequest(headers: ["X-Partner-Token": "partner-CUSTOM-7"]),
            secret: "partner-CUSTOM-7", placement: .header(name: "X-Partner-Token", prefix: "")),
        RedactionCase(
            name: "Token prefix", request: movieRequest(headers: ["X-Auth": "Token tok-CUSTOM-8"]),
            secret: "tok-CUSTOM-8", placement: .header(name: "x-auth", prefix: "Token ")),
        RedactionCase(
            name: "sig query", request: movieRequest(query: "?sig=sig-CUSTOM-9&page=1"), secret: "sig-CUSTOM-9",
            placement: .query(name: "sig")),
    ]
}

extension HTTPRequest {
    func with(url text: String) -> HTTPRequest {
        var copy = self
        copy.url = URL(string: text)!
        return copy
    }
}

/// `value` as `dump` writes it.
func dumped<T>(_ value: T) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}

@Suite struct RedactionTests {
    /// Every way a request becomes text without a `Redaction` at hand.
    static func implicitForms(of request: HTTPRequest) -> [String] {
        let queued = queued(request)
        return [
            String(describing: request), "\(request)", String(reflecting: request), dumped(request),
            String(describing: Mirror(reflecting: request).children.map(\.value)),
            String(describing: queued), String(reflecting: queued), dumped(queued),
            String(
                describing: HTTPExchange(request: request, result: .success(HTTPResponse(status: 201)), duration: .zero)
            ),
        ]
    }

    /// `request` in a queue, described by the default reflection of its fields.
    static func queued(_ request: HTTPRequest) -> QueuedRequest {
        QueuedRequest(
            endpoint: "movies.rate", request: request, options: QueueOptions(), sequence: 1, idempotencyKey: "k")
    }

    /// Every way a `Redaction` writes a request.
    static func explicitForms(of request: HTTPRequest, by redaction: Redaction) -> [String] {
        let exchange = HTTPExchange(request: request, result: .failure(TransportError.timedOut), duration: .zero)
        return [
            redaction.description(of: request), redaction.redacted(request.url),
            String(describing: redaction.redacted(request.headers).sorted { $0.name < $1.name }),
            redaction.description(of: exchange),
        ]
    }

    @Test(arguments: RedactionCase.standard)
    func standardCredentialsAreRedactedInEveryOutputForm(_ example: RedactionCase) {
        let forms = Self.implicitForms(of: example.request) + Self.explicitForms(of: example.request, by: .standard)
        for text in forms {
            #expect(
                !text.contains(example.secret), "leaked in: \(text.replacingOccurrences(of: example.secret, with: "…"))"
            )
        }
        // Not vacuous: the forms that show every part of the request show the credential redacted.
        for text in [
            String(describing: example.request), dumped(example.request),
            String(describing: Self.queued(example.request)),
        ] {
            #expect(text.contains(Redaction.placeholder), "nothing redacted in: \(text)")
        }
    }

    @Test(arguments: RedactionCase.custom)
    func anAuthSchemesOwnPlacementIsRedactedOnceAdded(_ example: RedactionCase) {
        let redaction = Redaction.standard.adding(example.placement)
        for text in Self.explicitForms(of: example.request, by: redaction) {
            #expect(
                !text.contains(example.secret), "leaked in: \(text.replacingOccurrences(of: example.secret, with: "…"))"
            )
        }
        // The standard names do not know this placement: the reason the integrator adds it.
        #expect(Redaction.standard.description(of: example.request).contains(example.secret))
    }

    @Test(arguments: [
        "?api%5Fkey=SECRET", "?api%5fkey=SECRET", "?API_KEY=SECRET", "?Api%5FKey=SECRET", "?api%255Fkey=SECRET",
        "?%61%70%69%5F%6B%65%79=SECRET", "?api_key%20=SECRET", "?page=1&api_key=SECRET&api_key=SECRET",
        "?a=1;api_key=SECRET", "?q=x?api_key=SECRET", "#access_token=SECRET&state=1", "#/callback?access_token=SECRET",
        "?page=2#api_key=SECRET", "?api_key=SECRET#api_key=SECRET", "?api_key=SEC%52ET",
    ])
    func queryItemsAreRedactedWhateverTheirSpelling(_ suffix: String) throws {
        let url = try #require(URL(string: "https://api.example.com/3/movie/603" + suffix))
        let text = Redaction.standard.redacted(url)
        #expect(!text.contains("SECRET"), "leaked in: \(text)")
        #expect(!text.contains("SEC%52ET"), "leaked in: \(text)")
        #expect(text.contains("=REDACTED"))
    }

    @Test func onlyTheValuesOfRedactedItemsChange() throws {
        let url = try #require(URL(string: "https://api.example.com/3/search?q=a%20b&api%5Fkey=k1&page=2#top"))
        #expect(
            Redaction.standard.redacted(url) == "https://api.example.com/3/search?q=a%20b&api%5Fkey=REDACTED&page=2#top"
        )
        let plain = try #require(URL(string: "https://api.example.com/3/movie/603?language=en"))
        #expect(Redaction.standard.redacted(plain) == plain.absoluteString)
    }

    @Test func userInfoIsRedactedWhole() throws {
        let withPassword = try #require(URL(string: "https://me:pa55word@api.example.com/x?page=1"))
        #expect(Redaction.standard.redacted(withPassword) == "https://REDACTED@api.example.com/x?page=1")
        let keyAsUser = try #require(URL(string: "https://sk_live_1@api.example.com/x"))
        #expect(Redaction.standard.redacted(keyAsUser) == "https://REDACTED@api.example.com/x")
        let atInPath = try #require(URL(string: "https://api.example.com/users/@me"))
        #expect(Redaction.standard.redacted(atInPath) == "https://api.example.com/users/@me")
    }

    @Test func headerNamesAreMatchedInAnyCase() {
        let redaction = Redaction.standard.adding(.header(name: "X-Partner-TOKEN", prefix: ""))
        let headers = [
            "AUTHORIZATION": "Bearer a1", "cOoKiE": "c=2", "set-cookie": "s=3", "x-partner-token": "p4",
            "X-PARTNER-TOKEN": "p5", "Accept": "application/json",
        ]
        let redacted = redaction.redacted(headers)
        #expect(Set(redacted.keys) == Set(headers.keys))
        #expect(redacted["Accept"] == "application/json")
        for name in headers.keys where name != "Accept" {
            #expect(redacted[name] == Redaction.placeholder, "\(name) kept its value")
        }
        #expect(redaction.headerNames.contains("x-partner-token"))
        #expect(
            Redaction(headers: ["X-Custom"], queryItems: ["Sig"])
                == Redaction(headers: ["x-custom"], queryItems: ["sig"]))
    }

    @Test func aRequestDescribesItselfOnOneLineWithoutItsBody() {
        let request = RedactionCase.movieRequest(
            headers: ["Authorization": "Bearer tok-1", "Accept": "application/json"], query: "?api_key=key-2")
        let expected =
            "POST https://api.example.com/3/movie/603/rating?api_key=REDACTED "
            + "[Accept: application/json, Authorization: REDACTED, Content-Type: application/json] (13-byte body)"
        #expect(request.description == expected)
        #expect(String(reflecting: request) == expected)
        #expect(!request.description.contains("8.5"))
        let bare = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/3/configuration")!)
        #expect("\(bare)" == "GET https://api.example.com/3/configuration")
    }

    @Test func aResponseRedactsItsCookiesAndLocation() {
        let response = HTTPResponse(
            status: 302,
            headers: [
                "Set-Cookie": "session=sess-RESP-1; HttpOnly",
                "Location": "https://api.example.com/next?api_key=key-RESP-2&page=3",
            ],
            body: Data(#"{"access_token":"tok-RESP-3"}"#.utf8))
        let forms = [String(describing: response), "\(response)", String(reflecting: response), dumped(response)]
        for text in forms {
            for secret in ["sess-RESP-1", "key-RESP-2", "tok-RESP-3"] {
                #expect(!text.contains(secret), "\(secret) leaked")
            }
        }
        #expect(
            response.description
                == "HTTP 302 [Location: https://api.example.com/next?api_key=REDACTED&page=3, Set-Cookie: REDACTED] "
                + "(29-byte body)")
        let exhausted = APIClientQueueError.attemptsExhausted(attempts: 3, lastResponse: response, lastError: nil)
        #expect(!String(describing: exhausted).contains("sess-RESP-1"))
    }

    @Test func freeTextLosesEverySecretTheRequestCarries() throws {
        let request = HTTPRequest(
            method: .get, url: try #require(URL(string: "https://u:pw-1@api.example.com/x?api_key=a%2Fb&q=1")),
            headers: ["Authorization": "Bearer tok-2", "Cookie": "c=cookie-3"])
        let text =
            "failed https://u:pw-1@api.example.com/x?api_key=a%2Fb&q=1 (decoded a/b), token tok-2, header Bearer tok-2, "
            + "cookie c=cookie-3, encoded a%2Fb"
        let redacted = Redaction.standard.redacted(text, secretsOf: request)
        for secret in ["pw-1", "a%2Fb", "a/b", "tok-2", "c=cookie-3"] {
            #expect(!redacted.contains(secret), "\(secret) leaked: \(redacted)")
        }
        #expect(redacted.contains("q=1"))
        let error = URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        #expect(!Redaction.standard.redacted(String(describing: error), secretsOf: request).contains("a%2Fb"))
    }

    @Test func aFailedExpectationShowsTheRequestRedacted() {
        let secret = "tok-EXPECT-1"
        let request = RedactionCase.movieRequest(headers: ["Authorization": "Bearer \(secret)"])
        let other = RedactionCase.movieRequest()
        withKnownIssue {
            #expect(request == other)
        } matching: { issue in
            let text = String(describing: issue) + String(reflecting: issue)
            return text.contains(Redaction.placeholder) && !text.contains(secret)
        }
    }
}
