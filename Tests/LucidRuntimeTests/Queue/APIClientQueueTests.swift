import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct APIClientQueueOrderingTests {
    @Test func concurrentRequestsNeverExceedMaxConcurrent() async throws {
        let counter = InFlightCounter()
        // The first three wait for each other, so the peak is reached however loaded the machine is.
        let firstThree = Rendezvous(count: 3)
        let queue = APIClientQueue(name: "bound", directory: nil, maxConcurrent: 3) { request in
            await counter.enter()
            if ["r0", "r1", "r2"].contains(label(request)) { await firstThree.arrive() }
            try await Task.sleep(for: .milliseconds(20))
            await counter.leave()
            return HTTPResponse(status: 200)
        }
        for index in 0..<12 {
            try await queue.enqueue(endpoint: "e", request: testRequest("r\(index)"), options: QueueOptions())
        }
        await queue.waitUntilIdle()
        #expect(await counter.total == 12)
        #expect(await counter.peak == 3)
        #expect(await counter.current == 0)
        #expect(await queue.count == 0)
    }

    @Test func maxConcurrentOfOneSendsInEnqueueOrder() async throws {
        let log = QueueLog<String>()
        let queue = APIClientQueue(name: "serial", directory: nil, maxConcurrent: 1) { request in
            await log.append("start \(label(request))")
            try await Task.sleep(for: .milliseconds(2))
            await log.append("end \(label(request))")
            return HTTPResponse(status: 200)
        }
        for name in ["a", "b", "c", "d"] {
            try await queue.enqueue(endpoint: "e", request: testRequest(name), options: QueueOptions())
        }
        await queue.waitUntilIdle()
        #expect(await log.items == ["a", "b", "c", "d"].flatMap { ["start \($0)", "end \($0)"] })
    }

    /// a, b concurrent; c barrier; d, e concurrent: c starts once a and b ended, and d and e start after c ended.
    @Test func barrierWaitsForEarlierRequestsAndBlocksLaterOnes() async throws {
        let log = QueueLog<String>()
        let queue = APIClientQueue(
            name: "barrier", directory: nil, maxConcurrent: 4,
            send: barrierScenarioSend(log: log, otherDelay: .milliseconds(20)))
        let barrier = QueueOptions(order: .barrier)
        try await queue.enqueue(endpoint: "e", request: testRequest("a"), options: QueueOptions())
        try await queue.enqueue(endpoint: "e", request: testRequest("b"), options: QueueOptions())
        try await queue.enqueue(endpoint: "e", request: testRequest("c"), options: barrier)
        try await queue.enqueue(endpoint: "e", request: testRequest("d"), options: QueueOptions())
        try await queue.enqueue(endpoint: "e", request: testRequest("e"), options: QueueOptions())
        await queue.waitUntilIdle()
        let events = await log.items
        try #require(events.count == 10)
        #expect(Set(events[0..<2]) == ["start a", "start b"])
        #expect(Set(events[2..<4]) == ["end a", "end b"])
        #expect(Array(events[4..<6]) == ["start c", "end c"])
        #expect(Set(events[6..<8]) == ["start d", "start e"])
        #expect(Set(events[8..<10]) == ["end d", "end e"])
    }

    @Test func consecutiveBarriersRunOneAtATimeInOrder() async throws {
        let log = QueueLog<String>()
        let queue = APIClientQueue(name: "barriers", directory: nil, maxConcurrent: 8) { request in
            await log.append("start \(label(request))")
            try await Task.sleep(for: .milliseconds(5))
            await log.append("end \(label(request))")
            return HTTPResponse(status: 200)
        }
        for name in ["x", "y", "z"] {
            try await queue.enqueue(endpoint: "e", request: testRequest(name), options: QueueOptions(order: .barrier))
        }
        await queue.waitUntilIdle()
        #expect(await log.items == ["x", "y", "z"].flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test func waitUntilIdleReturnsAtOnceOnAnEmptyQueue() async {
        let queue = APIClientQueue(name: "empty", directory: nil) { _ in HTTPResponse(status: 200) }
        await queue.waitUntilIdle()
        #expect(await queue.count == 0)
    }
}

struct APIClientQueueRetryTests {
    @Test func retriesListedStatusWithExponentialBackoff() async throws {
        let attempts = InFlightCounter()
        let sleeps = QueueLog<Duration>()
        let results = QueueLog<Int>()
        let queue = APIClientQueue(
            name: "retry", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                return HTTPResponse(status: await attempts.total <= 3 ? 503 : 201)
            },
            sleep: { await sleeps.append($0) })
        await queue.addHandler { _, result in
            if case .success(let response) = result { await results.append(response.status) }
        }
        let options = QueueOptions(retry: [.status(503)], maxAttempts: 5, backoff: 1)
        try await queue.enqueue(endpoint: "e", request: testRequest("r"), options: options)
        await queue.waitUntilIdle()
        #expect(await attempts.total == 4)
        #expect(await sleeps.items == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(await results.items == [201])
    }

    @Test func givesUpAfterMaxAttemptsAndReportsTheFailure() async throws {
        let attempts = InFlightCounter()
        let sleeps = QueueLog<Duration>()
        let failures = QueueLog<String>()
        let queue = APIClientQueue(
            name: "give-up", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                throw TransportError.network("offline")
            },
            sleep: { await sleeps.append($0) })
        await queue.addHandler { _, result in
            switch result {
            case .success: await failures.append("unexpected success")
            case .failure(APIClientQueueError.attemptsExhausted(let count, let response, let error)):
                await failures.append(
                    "exhausted \(count) \(response == nil) \(error as? TransportError == .network("offline"))")
            case .failure(let error): await failures.append("other \(error)")
            }
        }
        let options = QueueOptions(retry: [.network], maxAttempts: 3, backoff: 0.5)
        try await queue.enqueue(endpoint: "e", request: testRequest("r"), options: options)
        await queue.waitUntilIdle()
        #expect(await attempts.total == 3)
        #expect(await sleeps.items == [.milliseconds(500), .seconds(1)])
        #expect(await failures.items == ["exhausted 3 true true"])
    }

    @Test func retriesTimeoutsWhenListed() async throws {
        let attempts = InFlightCounter()
        let sleeps = QueueLog<Duration>()
        let queue = APIClientQueue(
            name: "timeout", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                if await attempts.total == 1 { throw TransportError.timedOut }
                return HTTPResponse(status: 200)
            },
            sleep: { await sleeps.append($0) })
        try await queue.enqueue(
            endpoint: "e", request: testRequest("r"),
            options: QueueOptions(retry: [.timeout], maxAttempts: 2, backoff: 3))
        await queue.waitUntilIdle()
        #expect(await attempts.total == 2)
        #expect(await sleeps.items == [.seconds(3)])
    }

    @Test(arguments: [500, 404, 200])
    func doesNotRetryAStatusThatIsNotListed(status: Int) async throws {
        let attempts = InFlightCounter()
        let sleeps = QueueLog<Duration>()
        let statuses = QueueLog<Int>()
        let queue = APIClientQueue(
            name: "no-retry", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                return HTTPResponse(status: status)
            },
            sleep: { await sleeps.append($0) })
        await queue.addHandler { _, result in
            if case .success(let response) = result { await statuses.append(response.status) }
        }
        try await queue.enqueue(
            endpoint: "e", request: testRequest("r"),
            options: QueueOptions(retry: [.status(503), .network], maxAttempts: 5))
        await queue.waitUntilIdle()
        #expect(await attempts.total == 1)
        #expect(await sleeps.items.isEmpty)
        #expect(await statuses.items == [status])
    }

    @Test func doesNotRetryATransportErrorThatIsNotListed() async throws {
        let attempts = InFlightCounter()
        let errors = QueueLog<TransportError>()
        let queue = APIClientQueue(
            name: "no-retry-network", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                throw TransportError.network("down")
            },
            sleep: { _ in Issue.record("slept") })
        await queue.addHandler { _, result in
            if case .failure(let error as TransportError) = result { await errors.append(error) }
        }
        try await queue.enqueue(
            endpoint: "e", request: testRequest("r"),
            options: QueueOptions(retry: [.timeout, .status(503)], maxAttempts: 5))
        await queue.waitUntilIdle()
        #expect(await attempts.total == 1)
        #expect(await errors.items == [.network("down")])
    }

    @Test func everyAttemptCarriesTheSameIdempotencyKey() async throws {
        let keys = QueueLog<String?>()
        let queue = APIClientQueue(
            name: "keys", directory: nil,
            send: { request in
                await keys.append(request.headers["Idempotency-Key"])
                return HTTPResponse(status: await keys.items.count < 3 ? 503 : 200)
            },
            sleep: { _ in })
        let reported = QueueLog<String>()
        await queue.addHandler { queued, _ in await reported.append(queued.idempotencyKey) }
        try await queue.enqueue(
            endpoint: "e", request: testRequest("r"), options: QueueOptions(retry: [.status(503)], maxAttempts: 3))
        await queue.waitUntilIdle()
        let sent = await keys.items
        #expect(sent.count == 3)
        #expect(Set(sent).count == 1)
        #expect(sent.first.flatMap { $0 } == (await reported.items).first)
    }

    @Test func backoffDoublesFromTheConfiguredBase() async throws {
        let sleeps = QueueLog<Duration>()
        let queue = APIClientQueue(
            name: "backoff", directory: nil,
            send: { _ in throw TransportError.timedOut },
            sleep: { await sleeps.append($0) })
        try await queue.enqueue(
            endpoint: "e", request: testRequest("r"),
            options: QueueOptions(retry: [.timeout], maxAttempts: 5, backoff: 1.5))
        await queue.waitUntilIdle()
        #expect(await sleeps.items == [.seconds(1.5), .seconds(3), .seconds(6), .seconds(12)])
    }
}

struct APIClientQueueHandlerTests {
    @Test func everyHandlerGetsEachFinalResultOnce() async throws {
        let first = QueueLog<String>()
        let second = QueueLog<String>()
        let queue = APIClientQueue(name: "handlers", directory: nil) { request in
            switch label(request) {
            case "ok": return HTTPResponse(status: 200, body: Data("yes".utf8))
            case "missing": return HTTPResponse(status: 404)
            default: throw TransportError.cancelled
            }
        }
        await queue.addHandler { queued, result in
            switch result {
            case .success(let response):
                await first.append(
                    "\(queued.endpoint) \(label(queued.request)) \(response.status) \(String(decoding: response.body, as: UTF8.self))"
                )
            case .failure(let error):
                await first.append("\(queued.endpoint) \(label(queued.request)) \(error)")
            }
        }
        await queue.addHandler { queued, _ in await second.append(label(queued.request)) }
        var ids: [UUID] = []
        for name in ["ok", "missing", "broken"] {
            ids.append(
                try await queue.enqueue(endpoint: "svc.\(name)", request: testRequest(name), options: QueueOptions()))
        }
        await queue.waitUntilIdle()
        #expect(Set(ids).count == 3)
        #expect(
            Set(await first.items) == ["svc.ok ok 200 yes", "svc.missing missing 404 ", "svc.broken broken cancelled"])
        #expect(await first.items.count == 3)
        #expect((await second.items).sorted() == ["broken", "missing", "ok"])
    }

    @Test func handlerReceivesTheQueuedRequestWithItsIdAndOptions() async throws {
        let seen = QueueLog<QueuedRequest>()
        let queue = APIClientQueue(name: "ids", directory: nil) { _ in HTTPResponse(status: 204) }
        await queue.addHandler { queued, _ in await seen.append(queued) }
        let options = QueueOptions(order: .barrier, retry: [.status(429)], maxAttempts: 2, backoff: 0.25)
        let id = try await queue.enqueue(endpoint: "svc.one", request: testRequest("one"), options: options)
        await queue.waitUntilIdle()
        let queued = try #require(await seen.items.first)
        #expect(queued.id == id)
        #expect(queued.endpoint == "svc.one")
        #expect(queued.options == options)
        #expect(queued.request.headers["Idempotency-Key"] == queued.idempotencyKey)
    }

    @Test func keepsAnIdempotencyKeyTheCallerSet() async throws {
        let seen = QueueLog<String>()
        let queue = APIClientQueue(name: "own-key", directory: nil) { request in
            await seen.append(request.headers["Idempotency-Key"] ?? "none")
            return HTTPResponse(status: 200)
        }
        var request = testRequest("k")
        request.headers["Idempotency-Key"] = "mine"
        try await queue.enqueue(endpoint: "e", request: request, options: QueueOptions())
        await queue.waitUntilIdle()
        #expect(await seen.items == ["mine"])
    }

    @Test func queuedRequestRoundTripsThroughJSON() throws {
        let queued = QueuedRequest(
            endpoint: "svc.x",
            request: HTTPRequest(method: .put, url: try #require(URL(string: "http://h/x")), body: Data([1, 2])),
            options: QueueOptions(order: .barrier, persist: true, retry: [.network, .status(503)]), sequence: 7,
            idempotencyKey: "k")
        let decoded = try JSONDecoder().decode(QueuedRequest.self, from: JSONEncoder().encode(queued))
        #expect(decoded == queued)
    }
}
