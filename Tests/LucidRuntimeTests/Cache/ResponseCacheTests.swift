import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

private func makeRequest(
    _ method: HTTPMethod = .get,
    _ address: String = "https://api.example.com/movies",
    headers: [String: String] = [:],
    body: String? = nil
) throws -> HTTPRequest {
    HTTPRequest(
        method: method, url: try #require(URL(string: address)), headers: headers, body: body.map { Data($0.utf8) })
}

private func request(_ key: Int) throws -> HTTPRequest {
    try makeRequest(.get, "https://api.example.com/movies/\(key)")
}

private func response(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, body: Data(text.utf8))
}

@Suite(.timeLimit(.minutes(1)))
struct ResponseCacheTests {
    @Test func returnsAStoredResponseWhileFresh() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let movies = try makeRequest()
        #expect(await cache.response(for: movies) == nil)

        await cache.store(response("movies"), for: movies, ttl: .seconds(10))
        #expect(await cache.response(for: movies) == response("movies"))
        clock.advance(by: .seconds(9))
        #expect(await cache.response(for: movies) == response("movies"))
        #expect(await cache.count == 1)
    }

    @Test func missesOnceTheTimeToLiveHasPassedAndDropsTheEntry() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let movies = try makeRequest()
        await cache.store(response("movies"), for: movies, ttl: .seconds(10))

        clock.advance(by: .seconds(10))
        #expect(await cache.count == 1)  // Expired, but not yet looked up.
        #expect(await cache.response(for: movies) == nil)
        #expect(await cache.count == 0)
    }

    @Test func theTimeToLiveCountsFromTheLatestStore() async throws {
        let clock = TestClock()
        let cache = ResponseCache(now: clock.now)
        let movies = try makeRequest()
        await cache.store(response("old"), for: movies, ttl: .seconds(10))
        clock.advance(by: .seconds(8))
        await cache.store(response("new"), for: movies, ttl: .seconds(10))
        clock.advance(by: .seconds(8))

        #expect(await cache.response(for: movies) == response("new"))
        #expect(await cache.count == 1)
        clock.advance(by: .seconds(2))
        #expect(await cache.response(for: movies) == nil)
    }

    @Test func aNonPositiveTimeToLiveStoresNothingAndDropsTheOldEntry() async throws {
        let cache = ResponseCache()
        let movies = try makeRequest()
        await cache.store(response("movies"), for: movies, ttl: .zero)
        #expect(await cache.count == 0)

        await cache.store(response("movies"), for: movies, ttl: .seconds(10))
        await cache.store(response("stale"), for: movies, ttl: .seconds(-1))
        #expect(await cache.response(for: movies) == nil)
        #expect(await cache.count == 0)
    }

    @Test func evictsTheLeastRecentlyUsedAndReadsRefreshRecency() async throws {
        let cache = ResponseCache(capacity: 3)
        let (a, b, c, d, e) = (try request(1), try request(2), try request(3), try request(4), try request(5))
        await cache.store(response("a"), for: a, ttl: .seconds(60))
        await cache.store(response("b"), for: b, ttl: .seconds(60))
        await cache.store(response("c"), for: c, ttl: .seconds(60))
        // Oldest first: a, b, c. Reading a makes it b, c, a.
        #expect(await cache.response(for: a) == response("a"))

        await cache.store(response("d"), for: d, ttl: .seconds(60))  // Evicts b: c, a, d.
        #expect(await cache.count == 3)
        await cache.store(response("e"), for: e, ttl: .seconds(60))  // Evicts c: a, d, e.
        #expect(await cache.count == 3)

        #expect(await cache.response(for: b) == nil)
        #expect(await cache.response(for: c) == nil)
        #expect(await cache.response(for: a) == response("a"))
        #expect(await cache.response(for: d) == response("d"))
        #expect(await cache.response(for: e) == response("e"))
    }

    @Test func storingOverAnEntryRefreshesItsRecency() async throws {
        let cache = ResponseCache(capacity: 2)
        let (a, b, c) = (try request(1), try request(2), try request(3))
        await cache.store(response("a"), for: a, ttl: .seconds(60))
        await cache.store(response("b"), for: b, ttl: .seconds(60))
        await cache.store(response("a2"), for: a, ttl: .seconds(60))  // b, a.
        #expect(await cache.count == 2)

        await cache.store(response("c"), for: c, ttl: .seconds(60))  // Evicts b.
        #expect(await cache.response(for: b) == nil)
        #expect(await cache.response(for: a) == response("a2"))
        #expect(await cache.response(for: c) == response("c"))
    }

    @Test func capacityOneKeepsOnlyTheLatest() async throws {
        let cache = ResponseCache(capacity: 1)
        let (a, b) = (try request(1), try request(2))
        await cache.store(response("a"), for: a, ttl: .seconds(60))
        #expect(await cache.response(for: a) == response("a"))

        await cache.store(response("b"), for: b, ttl: .seconds(60))
        #expect(await cache.count == 1)
        #expect(await cache.response(for: a) == nil)
        #expect(await cache.response(for: b) == response("b"))

        await cache.store(response("b2"), for: b, ttl: .seconds(60))
        #expect(await cache.count == 1)
        #expect(await cache.response(for: b) == response("b2"))
    }

    @Test func capacityZeroStoresNothing() async throws {
        let cache = ResponseCache(capacity: 0)
        let a = try request(1)
        await cache.store(response("a"), for: a, ttl: .seconds(60))
        #expect(await cache.count == 0)
        #expect(await cache.response(for: a) == nil)
    }

    @Test func keysDistinguishMethodURLHeadersAndBody() async throws {
        let cache = ResponseCache()
        let requests = [
            try makeRequest(),
            try makeRequest(.post),
            try makeRequest(.get, "https://api.example.com/genres"),
            try makeRequest(headers: ["Accept-Language": "en"]),
            try makeRequest(headers: ["Accept-Language": "pt-BR"]),
            try makeRequest(.post, body: #"{"page":1}"#),
            try makeRequest(.post, body: #"{"page":2}"#),
        ]
        for (index, request) in requests.enumerated() {
            await cache.store(response("\(index)"), for: request, ttl: .seconds(60))
        }

        #expect(await cache.count == requests.count)
        for (index, request) in requests.enumerated() {
            #expect(await cache.response(for: request) == response("\(index)"))
        }
        // An equal request built separately is the same key.
        #expect(await cache.response(for: try makeRequest(headers: ["Accept-Language": "en"])) == response("3"))
        #expect(await cache.response(for: try makeRequest(headers: ["Accept-Language": "fr"])) == nil)
    }

    @Test func removeAllEmptiesTheCache() async throws {
        let cache = ResponseCache(capacity: 4)
        for key in 0..<4 {
            await cache.store(response("\(key)"), for: try request(key), ttl: .seconds(60))
        }
        await cache.removeAll()
        #expect(await cache.count == 0)
        #expect(await cache.response(for: try request(0)) == nil)

        // Still usable, with its capacity, afterwards.
        for key in 0..<6 {
            await cache.store(response("\(key)"), for: try request(key), ttl: .seconds(60))
        }
        #expect(await cache.count == 4)
        #expect(await cache.response(for: try request(1)) == nil)
        #expect(await cache.response(for: try request(5)) == response("5"))
    }

    @Test func evictsTheLeastRecentlyUsedUntilTheBodiesFitTheByteLimit() async throws {
        let cache = ResponseCache(capacity: 10, maxBytes: 10)
        let (a, b, c) = (try request(1), try request(2), try request(3))
        await cache.store(response("aaaa"), for: a, ttl: .seconds(60))
        await cache.store(response("bbbb"), for: b, ttl: .seconds(60))
        #expect(await cache.response(for: a) == response("aaaa"))  // b, a.
        #expect(await cache.byteCount == 8)

        await cache.store(response("cccc"), for: c, ttl: .seconds(60))  // 12 bytes: evicts b.
        #expect(await cache.count == 2)
        #expect(await cache.byteCount == 8)
        #expect(await cache.response(for: b) == nil)
        #expect(await cache.response(for: a) == response("aaaa"))
        #expect(await cache.response(for: c) == response("cccc"))
    }

    @Test func aBodyLargerThanTheByteLimitIsNotStoredAndDropsTheStaleEntry() async throws {
        let cache = ResponseCache(maxBytes: 10)
        let (a, b) = (try request(1), try request(2))
        await cache.store(response("aaaa"), for: a, ttl: .seconds(60))
        await cache.store(response("01234567890"), for: b, ttl: .seconds(60))
        #expect(await cache.response(for: b) == nil)
        #expect(await cache.response(for: a) == response("aaaa"))  // Kept: nothing had to make room.

        await cache.store(response("01234567890"), for: a, ttl: .seconds(60))
        #expect(await cache.response(for: a) == nil)
        #expect(await cache.count == 0)
        #expect(await cache.byteCount == 0)
    }

    @Test func aBodyOfExactlyTheByteLimitIsStoredAlone() async throws {
        let cache = ResponseCache(maxBytes: 10)
        let (a, b) = (try request(1), try request(2))
        await cache.store(response("aaaa"), for: a, ttl: .seconds(60))
        await cache.store(response("0123456789"), for: b, ttl: .seconds(60))
        #expect(await cache.count == 1)
        #expect(await cache.byteCount == 10)
        #expect(await cache.response(for: b) == response("0123456789"))
        #expect(await cache.response(for: a) == nil)
    }

    @Test func replacingExpiringAndRemovingKeepTheByteCount() async throws {
        let clock = TestClock()
        let cache = ResponseCache(maxBytes: 10, now: clock.now)
        let (a, b) = (try request(1), try request(2))
        await cache.store(response("aa"), for: a, ttl: .seconds(60))
        await cache.store(response("aaaaaa"), for: a, ttl: .seconds(60))
        #expect(await cache.byteCount == 6)
        await cache.store(response("bbb"), for: b, ttl: .seconds(1))
        #expect(await cache.byteCount == 9)

        clock.advance(by: .seconds(1))
        #expect(await cache.response(for: b) == nil)  // Expired: dropped, its bytes too.
        #expect(await cache.byteCount == 6)
        await cache.removeAll()
        #expect(await cache.byteCount == 0)

        // The byte budget is whole again after removeAll.
        await cache.store(response("0123456789"), for: b, ttl: .seconds(60))
        #expect(await cache.response(for: b) == response("0123456789"))
    }

    @Test func manyTasksCanUseTheCacheConcurrently() async throws {
        let cache = ResponseCache(capacity: 64)
        let requests = try (0..<200).map(request)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<100 {
                group.addTask {
                    for step in 0..<50 {
                        let key = (worker * 7 + step * 13) % requests.count
                        await cache.store(response("\(key)"), for: requests[key], ttl: .seconds(60))
                        let other = (worker + step * 31) % requests.count
                        if let cached = await cache.response(for: requests[other]) {
                            // Whatever is found is what was stored for that very request.
                            #expect(cached == response("\(other)"))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(await cache.count == 64)
        var hits = 0
        for (key, request) in requests.enumerated() {
            if let cached = await cache.response(for: request) {
                hits += 1
                #expect(cached == response("\(key)"))
            }
        }
        #expect(hits == 64)
    }

    /// Random operations checked against a plain array model (oldest first), to exercise the linked list's
    /// bookkeeping (eviction by count and by bytes, expiry, moves) far beyond the hand-written cases.
    @Test func agreesWithASimpleModelOverRandomOperations() async throws {
        struct Model {
            var entries: [(key: Int, value: String, expiry: ContinuousClock.Instant)] = []
            var bytes: Int { entries.reduce(0) { $0 + $1.value.utf8.count } }
        }
        let clock = TestClock()
        let (capacity, maxBytes) = (8, 100)
        let cache = ResponseCache(capacity: capacity, maxBytes: maxBytes, now: clock.now)
        let requests = try (0..<20).map(request)
        var model = Model()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }

        for step in 0..<5_000 {
            let key = next(requests.count)
            switch next(10) {
            case 0..<4:
                let ttl = Duration.seconds(next(20) + 1)
                // Sizes from a few bytes to just over the limit, so that evictions by bytes and refusals happen.
                let value = "\(key)@\(step)" + String(repeating: "x", count: next(maxBytes))
                await cache.store(response(value), for: requests[key], ttl: ttl)
                model.entries.removeAll { $0.key == key }
                if value.utf8.count <= maxBytes {
                    model.entries.append((key, value, clock.now() + ttl))
                    while model.entries.count > capacity || model.bytes > maxBytes { model.entries.removeFirst() }
                }
            case 4..<9:
                let found = await cache.response(for: requests[key])
                var expected: HTTPResponse?
                if let index = model.entries.firstIndex(where: { $0.key == key }) {
                    let entry = model.entries.remove(at: index)
                    if clock.now() < entry.expiry {
                        expected = response(entry.value)
                        model.entries.append(entry)
                    }
                }
                #expect(found == expected, "step \(step), key \(key)")
            default:
                clock.advance(by: .seconds(next(3)))
            }
            let (count, bytes) = (await cache.count, await cache.byteCount)
            #expect(count == model.entries.count && bytes == model.bytes, "step \(step)")
            if count != model.entries.count || bytes != model.bytes { return }
        }
    }
}
