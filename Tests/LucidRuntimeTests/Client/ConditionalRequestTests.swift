import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// `APIClient.fetch` and `prefetch` revalidating stale cache entries with `If-None-Match` / `If-Modified-Since`,
/// and `BackendResource.readResponse` receiving the whole response.
@Suite(.timeLimit(.minutes(1)))
struct ConditionalRequestTests {
    /// A payload that reads its `ETag` header and a body value, to see which response it was decoded from.
    struct Versioned: ResponsePayload, Equatable {
        let etag: String?
        let value: String

        init(etag: String?, value: String) {
            self.etag = etag
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
            value = try decoder.decode(String.self, at: ["value"])
        }
    }

    static func resource(
        ttl: Duration? = .seconds(60), headers: [String: String] = [:]
    ) -> BackendResource<Void, Versioned, ClientUserAuth> {
        BackendResource(
            name: "notes.get", server: "api", method: .get, path: ResourcePath("/notes/1"), headers: headers,
            cacheTTL: ttl, readResponse: { try Versioned.decode(from: $0) })
    }

    static func ok(_ value: String, headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(#"{"value": "\#(value)"}"#.utf8))
    }

    /// A client whose transport records each request and answers with `answer`, with a middleware that adds a
    /// header (conditional headers must come after it) and a bearer credential.
    static func client(
        cache: ResponseCache, answer: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse
    ) -> (APIClient, ClientRecorder<HTTPRequest>) {
        let sent = ClientRecorder<HTTPRequest>()
        let client = makeClient(
            credentials: .constant("t0k3n"),
            prepareRequest: [
                { request in
                    var request = request
                    request.headers["X-Signed"] = "yes"
                    return request
                }
            ],
            cache: cache
        ) { request in
            sent.append(request)
            return try await answer(request, sent.count)
        }
        return (client, sent)
    }

    @Test func aStaleEntryIsRevalidatedWithIfNoneMatchAndA304AnswersFromTheCache() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in
            count == 1
                ? Self.ok("first", headers: ["ETag": "\"v1\""])
                : HTTPResponse(status: 304, headers: ["ETag": "\"v1\"", "X-Extra": "1"])
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        let resource = Self.resource()

        #expect(try await accessor.fetch(resource) == Versioned(etag: "\"v1\"", value: "first"))
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(resource) == Versioned(etag: "\"v1\"", value: "first"))
        #expect(sent.count == 2)
        let conditional = try #require(sent.values.last)
        #expect(conditional.headers["If-None-Match"] == "\"v1\"")
        #expect(conditional.headers["If-Modified-Since"] == nil)
        #expect(conditional.headers["Authorization"] == "Bearer t0k3n")
        #expect(conditional.headers["X-Signed"] == "yes")

        // Renewed for the TTL, with the 304's headers merged in: no request within it.
        clock.advance(by: .seconds(59))
        #expect(try await accessor.fetch(resource).value == "first")
        #expect(sent.count == 2)
        let key = try #require(sent.values.first)
        #expect(await cache.entry(for: key)?.response.headers["X-Extra"] == "1")
    }

    @Test func the304sHeadersReachThePayload() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in
            count == 1
                ? Self.ok("body", headers: ["ETag": "\"v1\""]) : HTTPResponse(status: 304, headers: ["etag": "\"v2\""])
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        _ = try await accessor.fetch(Self.resource())
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()) == Versioned(etag: "\"v2\"", value: "body"))
        // The next revalidation asks with the new tag.
        clock.advance(by: .seconds(61))
        _ = try await accessor.fetch(Self.resource())
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", "\"v2\""])
    }

    @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let date = "Wed, 21 Oct 2015 07:28:00 GMT"
        let (client, sent) = Self.client(cache: cache) { _, count in
            count == 1 ? Self.ok("dated", headers: ["Last-Modified": date]) : HTTPResponse(status: 304)
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        _ = try await accessor.fetch(Self.resource())
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()).value == "dated")
        #expect(sent.values.last?.headers["If-Modified-Since"] == date)
        #expect(sent.values.last?.headers["If-None-Match"] == nil)
    }

    @Test func a200OnRevalidationReplacesTheEntry() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in
            Self.ok("v\(count)", headers: ["ETag": "\"\(count)\""])
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        #expect(try await accessor.fetch(Self.resource()).value == "v1")
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()) == Versioned(etag: "\"2\"", value: "v2"))
        #expect(try await accessor.fetch(Self.resource()).value == "v2")
        #expect(sent.count == 2)
        #expect(sent.values.last?.headers["If-None-Match"] == "\"1\"")
    }

    @Test func withoutAValidatorAStaleEntryIsFetchedAfreshAsBefore() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in Self.ok("v\(count)", headers: [:]) }
        let accessor = client.accessor(for: ClientUserAuth.self)
        _ = try await accessor.fetch(Self.resource())
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()).value == "v2")
        #expect(sent.values.allSatisfy { $0.headers["If-None-Match"] == nil && $0.headers["If-Modified-Since"] == nil })
    }

    @Test func a304ForAnUncachedResourceIsStillAStatusError() async throws {
        let cache = ResponseCache()
        let (client, sent) = Self.client(cache: cache) { _, _ in HTTPResponse(status: 304, headers: ["ETag": "\"1\""]) }
        let error = await expectAPIError {
            try await client.accessor(for: ClientUserAuth.self).fetch(Self.resource(ttl: nil))
        }
        #expect(error?.kind == .status(304))
        #expect(sent.count == 1)
        // And with a TTL but nothing cached, an unasked-for 304 is an error too.
        let unasked = await expectAPIError {
            try await client.accessor(for: ClientUserAuth.self).fetch(Self.resource())
        }
        #expect(unasked?.kind == .status(304))
    }

    @Test func aRequestThatIsAlreadyConditionalIsLeftAlone() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in
            count == 1 ? Self.ok("v1", headers: ["ETag": "\"v1\""]) : HTTPResponse(status: 304)
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        let resource = Self.resource(headers: ["if-none-match": "\"mine\""])
        _ = try await accessor.fetch(resource)
        clock.advance(by: .seconds(61))
        let error = await expectAPIError { try await accessor.fetch(resource) }
        #expect(error?.kind == .status(304))
        #expect(
            sent.values.last?.headers == [
                "if-none-match": "\"mine\"", "Authorization": "Bearer t0k3n", "X-Signed": "yes",
            ])
    }

    @Test func whenTheEntryGoesMeanwhileTheRequestIsSentAgainWithoutValidators() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { request, count in
            switch count {
            case 1: return Self.ok("v1", headers: ["ETag": "\"v1\""])
            case 2:
                await cache.removeAll()  // a logout, say, while the conditional request is out
                return HTTPResponse(status: 304)
            default: return Self.ok("v3", headers: ["ETag": "\"v3\""])
            }
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        _ = try await accessor.fetch(Self.resource())
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()).value == "v3")
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", nil])
        #expect(await cache.count == 1)
    }

    @Test func aRefreshAfter401SendsAgainWithoutValidators() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let token = Locked("old")
        let credentials = CredentialProvider(
            credential: { _ in token.withLock { $0 } },
            refresh: { _ in
                token.withLock { $0 = "new" }
                return true
            })
        let sent = ClientRecorder<HTTPRequest>()
        let client = makeClient(credentials: credentials, cache: cache) { request in
            sent.append(request)
            switch sent.count {
            case 1: return Self.ok("v1", headers: ["ETag": "\"v1\""])
            case 2: return HTTPResponse(status: 401)
            default: return Self.ok("v2", headers: ["ETag": "\"v2\""])
            }
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        _ = try await accessor.fetch(Self.resource())
        clock.advance(by: .seconds(61))
        #expect(try await accessor.fetch(Self.resource()).value == "v2")
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", nil])
        #expect(sent.values.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer old", "Bearer new"])
    }

    @Test func prefetchRevalidatesToo() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let (client, sent) = Self.client(cache: cache) { _, count in
            count == 1 ? Self.ok("v1", headers: ["ETag": "\"v1\""]) : HTTPResponse(status: 304)
        }
        let accessor = client.accessor(for: ClientUserAuth.self)
        try await accessor.prefetch(Self.resource())
        clock.advance(by: .seconds(50))
        // Still fresh: a prefetch asks the server anyway (to refresh), conditionally, and renews the entry.
        try await accessor.prefetch(Self.resource())
        #expect(sent.values.last?.headers["If-None-Match"] == "\"v1\"")
        clock.advance(by: .seconds(59))
        #expect(try await accessor.fetch(Self.resource()).value == "v1")
        #expect(sent.count == 2)
    }
}
