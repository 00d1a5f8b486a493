// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the loopback server's `/flaky` route answers once it stops failing.
private struct FlakyReply: Decodable, Sendable, Equatable {
    var attempt: Int
}

/// What the loopback server's `/slow` route answers.
private struct SlowReply: Decodable, Sendable, Equatable {
    var sleptMS: Int

    enum CodingKeys: String, CodingKey {
        case sleptMS = "slept_ms"
    }
}

/// A clock the tests move by hand.
private final class ManualClock: @unchecked Sendable {
    // `@unchecked`: `offset` is only touched while holding `lock`.
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset = Duration.zero

    var now: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return start + offset
    }

    func advance(by duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        offset += duration
    }
}

/// The queue, the deduplicator and the cache over URLSession against `Tests/Support/loopback_server.py`.
///
/// The server keeps no count of the requests it serves (but for `/flaky`), so every client here sends through
/// the real URLSession transport wrapped in one that records each request it passes on: one recorded request
/// is one request the server saw.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackQueueAndDedupTests {
    let server: LoopbackServer
    /// Every request that went to the server, in order.
    let sent = ClientRecorder<HTTPRequest>()

    init() throws {
        server = try LoopbackServer.shared.get()
    }

    /// URLSession, recording each request into `sent`.
    var countingTransport: HTTPTransport {
        let real = HTTPTransport.urlSession(URLSession(configuration: .ephemeral))
        let sent = self.sent
        return HTTPTransport { request in
            sent.append(request)
            return try await real.send(request)
        }
    }

    func makeLoopbackClient(deduplicator: RequestDeduplicator? = nil, cache: ResponseCache? = nil) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: countingTransport,
            credentials: .constant("s3cret"),
            errorPayload: ClientStatusPayload.decode,
            deduplicator: deduplicator,
            cache: cache
        )
    }

    // MARK: Queue

    @Test func aQueuedPostToAFlakyRouteSucceedsOnItsThirdAttempt() async throws {
        let client = makeLoopbackClient()
        let key = UUID().uuidString
        let flaky = BackendResource<Void, FlakyReply, NoAuth>(
            name: "loopback.flaky", server: "loopback", method: .post,
            path: ResourcePath("/flaky/{key}/{failures}", parameters: ["key": key, "failures": "2"]),
            queue: QueueOptions(retry: [.status(503)], maxAttempts: 3, backoff: 0.05),
            decodeResponse: clientJSONDecode(FlakyReply.self)
        )
        // The waits are recorded instead of timed: what the queue asks for is exact, however loaded the machine.
        let waits = QueueLog<Duration>()
        let queue = APIClientQueue.sending(
            through: client, name: "flaky", directory: nil, sleep: { await waits.append($0) })
        let results = QueueLog<Result<FlakyReply, APIError>>()
        await queue.addHandler(for: flaky, errorPayload: client.errorPayload) { _, result in
            await results.append(result)
        }

        try await client.enqueue(flaky, with: (), on: queue)
        await queue.waitUntilIdle()

        #expect(try await results.items.map { try $0.get() } == [FlakyReply(attempt: 3)])
        #expect(sent.count == 3)
        #expect(sent.values.allSatisfy { $0.method == .post })
        // The same idempotency key on every attempt.
        #expect(Set(sent.values.map { $0.headers[QueuedRequest.idempotencyKeyHeader] }).count == 1)
        // Two waits: 0.05 s, then 0.1 s.
        #expect(await waits.items == [.seconds(0.05), .seconds(0.1)])
    }

    @Test func aQueuedRequestThatRunsOutOfAttemptsReportsTheServersErrorPayload() async throws {
        let client = makeLoopbackClient()
        let key = UUID().uuidString
        let flaky = BackendResource<Void, FlakyReply, NoAuth>(
            name: "loopback.flaky", server: "loopback", method: .post,
            path: ResourcePath("/flaky/{key}/{failures}", parameters: ["key": key, "failures": "5"]),
            queue: QueueOptions(retry: [.status(503)], maxAttempts: 2, backoff: 0.01),
            decodeResponse: clientJSONDecode(FlakyReply.self)
        )
        let queue = APIClientQueue.sending(through: client, name: "flaky", directory: nil)
        let results = QueueLog<Result<FlakyReply, APIError>>()
        await queue.addHandler(for: flaky, errorPayload: client.errorPayload) { _, result in
            await results.append(result)
        }
        try await client.enqueue(flaky, with: (), on: queue)
        await queue.waitUntilIdle()

        #expect(sent.count == 2)
        let result = try #require(await results.items.first)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.kind == .status(503))
        #expect(error.url == sent.values.last?.url)
        #expect(
            error.errorPayload(as: ClientStatusPayload.self)
                == ClientStatusPayload(statusCode: 503, statusMessage: "flaky attempt 2 of \(key)"))
    }

    @Test func aPersistedRequestOfADroppedQueueIsSentByTheNextOne() async throws {
        let client = makeLoopbackClient()
        try await withQueueDirectory { directory in
            let order = BackendResource<ClientNewList, LoopbackEcho, ClientUserAuth>(
                name: "loopback.order", server: "loopback", method: .post, path: ResourcePath("/echo/orders"),
                bodyEncoding: .json, queue: QueueOptions(persist: true),
                encodeBody: clientJSONEncode(ClientNewList.self), decodeResponse: clientJSONDecode(LoopbackEcho.self)
            )

            // The first instance is offline: the request is not sent, waits in its file (no result is delivered:
            // the write is not given up), and the instance goes away.
            let id: UUID
            let key: String
            do {
                let offline = QueueLog<QueuedRequest>()
                let first = APIClientQueue(name: "orders", directory: directory) { _ in
                    throw TransportError.network("offline")
                }
                await first.addHandler { queued, _ in await offline.append(queued) }
                id = try await client.enqueue(order, with: ClientNewList(name: "Mine", tags: ["x"]), on: first)
                #expect(queueFiles(in: directory).count == 1)
                await first.waitUntilIdle()
                #expect(await offline.items.isEmpty)
                let waiting = try #require(await first.entries().first)
                guard case .waiting = waiting.state else {
                    Issue.record("expected the request to wait, not \(waiting.state)")
                    return
                }
                key = waiting.request.idempotencyKey
                await first.close()
            }
            #expect(queueFiles(in: directory).count == 1)
            #expect(sent.count == 0)

            // A new instance over the same directory sends it, and its typed handler gets the server's answer.
            let second = APIClientQueue.sending(through: client, name: "orders", directory: directory)
            let results = QueueLog<(QueuedRequest, Result<LoopbackEcho, APIError>)>()
            await second.addHandler(for: order, errorPayload: client.errorPayload) { queued, result in
                await results.append((queued, result))
            }
            try await second.resumePersisted()
            await second.waitUntilIdle()

            let (queued, result) = try #require(await results.items.first)
            #expect(await results.items.count == 1)
            #expect(queued.id == id)
            let echo = try result.get()
            #expect(echo.method == "POST")
            #expect(echo.path == "/echo/orders")
            #expect(echo.headers["authorization"] == "Bearer s3cret")
            #expect(echo.headers["idempotency-key"] == key)
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.body == #"{"name":"Mine","tags":["x"]}"#)
            #expect(sent.count == 1)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func enqueueThroughTheClientSendsAuthAndTheIdempotencyKeyToTheServer() async throws {
        let client = makeLoopbackClient()
        let me = BackendResource<Void, LoopbackEcho, ClientKeyAuth>(
            name: "loopback.me", server: "loopback", method: .put, path: ResourcePath("/echo/me"),
            query: [QueryItem("a", "1")], decodeResponse: clientJSONDecode(LoopbackEcho.self)
        )
        let queue = APIClientQueue.sending(through: client, name: "me", directory: nil)
        let results = QueueLog<(QueuedRequest, Result<LoopbackEcho, APIError>)>()
        await queue.addHandler(for: me) { queued, result in await results.append((queued, result)) }
        try await client.enqueue(me, with: (), on: queue)
        await queue.waitUntilIdle()

        let (queued, result) = try #require(await results.items.first)
        let echo = try result.get()
        #expect(echo.method == "PUT")
        #expect(echo.query == "a=1&api_key=s3cret")
        #expect(echo.headers["idempotency-key"] == queued.idempotencyKey)
        #expect(UUID(uuidString: queued.idempotencyKey) != nil)
    }

    // MARK: Deduplication and cache

    @Test func twentyConcurrentIdenticalGetsReachTheServerOnce() async throws {
        let deduplicator = RequestDeduplicator()
        let client = makeLoopbackClient(deduplicator: deduplicator)
        let slow = BackendResource<Void, SlowReply, NoAuth>(
            name: "loopback.slow", server: "loopback", method: .get, path: ResourcePath("/slow/200"),
            decodeResponse: clientJSONDecode(SlowReply.self)
        )
        #expect(slow.deduplicate)
        let replies = try await withThrowingTaskGroup(of: SlowReply.self) { group in
            for _ in 0..<20 {
                group.addTask { try await client.send(slow, with: ()) }
            }
            var replies: [SlowReply] = []
            for try await reply in group { replies.append(reply) }
            return replies
        }
        #expect(replies == Array(repeating: SlowReply(sleptMS: 200), count: 20))
        #expect(sent.count == 1)
        #expect(await deduplicator.inFlightCount == 0)

        // Nothing is cached: once the call is over, the same GET goes to the server again.
        _ = try await client.send(slow, with: ())
        #expect(sent.count == 2)
    }

    @Test func aSecondFetchWithinTheTTLIsAnsweredByTheCache() async throws {
        let clock = ManualClock()
        let cache = ResponseCache(capacity: 16, now: { clock.now })
        let client = makeLoopbackClient(cache: cache)
        let echo = BackendResource<Void, LoopbackEcho, NoAuth>(
            name: "loopback.cached", server: "loopback", method: .get,
            path: ResourcePath("/echo/cached/{id}", parameters: ["id": UUID().uuidString]),
            cacheTTL: .seconds(30), decodeResponse: clientJSONDecode(LoopbackEcho.self)
        )

        let first = try await client.fetch(echo, with: ())
        #expect(sent.count == 1)
        clock.advance(by: .seconds(29))
        let second = try await client.fetch(echo, with: ())
        #expect(sent.count == 1)
        #expect(second.path == first.path)
        #expect(second.headers == first.headers)

        // Past the TTL the server is asked again.
        clock.advance(by: .seconds(2))
        _ = try await client.fetch(echo, with: ())
        #expect(sent.count == 2)
    }
}
#endif
