import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Stale entries with validators: `entry(for:)`, `revalidate(_:with:ttl:)` and `conditionalHeaders(for:)`.
@Suite(.timeLimit(.minutes(1)))
struct ResponseCacheRevalidationTests {
    let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/issues")!)

    func ok(_ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
    }

    @Test func anExpiredEntryWithAValidatorIsKeptAsStale() async {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let stored = ok("v1", headers: ["ETag": "\"1\""])
        await cache.store(stored, for: request, ttl: .seconds(10))
        #expect(await cache.entry(for: request) == .fresh(stored))

        clock.advance(by: .seconds(10))
        #expect(await cache.response(for: request) == nil)
        #expect(await cache.entry(for: request) == .stale(stored))
        #expect(await cache.entry(for: request)?.response == stored)
        #expect(await cache.count == 1)
    }

    @Test func anExpiredEntryWithoutAValidatorIsDroppedAsBefore() async {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        await cache.store(ok("v1", headers: ["Cache-Control": "max-age=60"]), for: request, ttl: .seconds(10))
        clock.advance(by: .seconds(11))
        #expect(await cache.entry(for: request) == nil)
        #expect(await cache.count == 0)
        #expect(await cache.byteCount == 0)
    }

    @Test func staleEntriesAreStillEvictedByUse() async {
        let clock = TestClock()
        let cache = ResponseCache(capacity: 1, now: clock.now)
        await cache.store(
            ok("v1", headers: ["Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"]), for: request, ttl: .seconds(1))
        clock.advance(by: .seconds(2))
        let other = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/other")!)
        await cache.store(ok("other"), for: other, ttl: .seconds(1))
        #expect(await cache.entry(for: request) == nil)
        #expect(await cache.count == 1)
    }

    @Test func revalidatingRenewsTheEntryAndTakesTheNewHeaders() async {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        await cache.store(
            ok(
                "v1",
                headers: ["ETag": "\"1\"", "Content-Type": "application/json", "X-Keep": "yes", "Content-Length": "2"]),
            for: request, ttl: .seconds(10))
        clock.advance(by: .seconds(15))

        let notModified = HTTPResponse(
            status: 304, headers: ["etag": "\"2\"", "Date": "Thu, 22 Oct 2015 07:28:00 GMT", "Content-Length": "0"])
        let renewed = await cache.revalidate(request, with: notModified, ttl: .seconds(10))
        let expected = ok(
            "v1",
            headers: [
                "etag": "\"2\"", "Content-Type": "application/json", "X-Keep": "yes", "Content-Length": "2",
                "Date": "Thu, 22 Oct 2015 07:28:00 GMT",
            ])
        #expect(renewed == expected)
        #expect(await cache.entry(for: request) == .fresh(expected))
        clock.advance(by: .seconds(9))
        #expect(await cache.response(for: request) == expected)
        clock.advance(by: .seconds(1))
        #expect(await cache.entry(for: request) == .stale(expected))
    }

    @Test func revalidatingWhatIsGoneAnswersNil() async {
        let cache = ResponseCache()
        #expect(await cache.revalidate(request, with: HTTPResponse(status: 304), ttl: .seconds(10)) == nil)
        await cache.store(ok("v1", headers: ["ETag": "\"1\""]), for: request, ttl: .seconds(10))
        await cache.removeAll()
        #expect(await cache.revalidate(request, with: HTTPResponse(status: 304), ttl: .seconds(10)) == nil)
    }

    @Test func revalidatingWithNoTimeToLiveAnswersButKeepsNothing() async {
        let cache = ResponseCache()
        await cache.store(ok("v1", headers: ["ETag": "\"1\""]), for: request, ttl: .seconds(10))
        let renewed = await cache.revalidate(request, with: HTTPResponse(status: 304), ttl: .zero)
        #expect(renewed?.body == Data("v1".utf8))
        #expect(await cache.count == 0)
    }

    @Test func conditionalHeadersComeFromTheValidators() {
        #expect(ResponseCache.conditionalHeaders(for: ok("x")) == [:])
        #expect(
            ResponseCache.conditionalHeaders(for: ok("x", headers: ["etag": "W/\"a\""])) == ["If-None-Match": "W/\"a\""]
        )
        #expect(
            ResponseCache.conditionalHeaders(
                for: ok("x", headers: ["ETag": "\"a\"", "last-modified": "Wed, 21 Oct 2015 07:28:00 GMT"]))
                == ["If-None-Match": "\"a\"", "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT"])
    }
}
