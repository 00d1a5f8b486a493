import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct APIClientQueuePersistenceTests {
    /// Whether `directory` holds a decodable file for the request carrying idempotency key `key`.
    static func fileExists(in directory: URL, forKey key: String?) -> Bool {
        queueFiles(in: directory).contains { name in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                let queued = try? JSONDecoder().decode(QueuedRequest.self, from: data)
            else { return false }
            return queued.idempotencyKey == key
        }
    }

    @Test func persistedRequestIsOnDiskBeforeItIsSentAndRemovedOnceAnswered() async throws {
        try await withQueueDirectory { directory in
            let onDiskAtSend = QueueLog<Bool>()
            let queue = APIClientQueue(name: "persist", directory: directory) { request in
                await onDiskAtSend.append(Self.fileExists(in: directory, forKey: request.headers["Idempotency-Key"]))
                return HTTPResponse(status: 200)
            }
            await queue.addHandler { _, _ in }
            for index in 0..<5 {
                try await queue.enqueue(
                    endpoint: "e", request: testRequest("p\(index)"), options: QueueOptions(persist: true))
            }
            await queue.waitUntilIdle()
            #expect(await onDiskAtSend.items == Array(repeating: true, count: 5))
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func fileIsRemovedForAnyHTTPResponseThatIsNotRetried() async throws {
        try await withQueueDirectory { directory in
            let queue = APIClientQueue(name: "persist-500", directory: directory) { _ in HTTPResponse(status: 500) }
            await queue.addHandler { _, _ in }
            try await queue.enqueue(
                endpoint: "e", request: testRequest("p"), options: QueueOptions(persist: true, retry: [.status(503)]))
            await queue.waitUntilIdle()
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func requestsThatAreNotPersistedWriteNoFile() async throws {
        try await withQueueDirectory { directory in
            let filesAtSend = QueueLog<Int>()
            let queue = APIClientQueue(name: "memory", directory: directory) { _ in
                await filesAtSend.append(queueFiles(in: directory).count)
                return HTTPResponse(status: 200)
            }
            try await queue.enqueue(endpoint: "e", request: testRequest("m"), options: QueueOptions())
            await queue.waitUntilIdle()
            #expect(await filesAtSend.items == [0])
        }
    }

    @Test func persistingWithoutADirectoryThrows() async {
        let queue = APIClientQueue(name: "no-dir", directory: nil) { _ in HTTPResponse(status: 200) }
        await #expect(throws: APIClientQueueError.self) {
            try await queue.enqueue(endpoint: "e", request: testRequest("x"), options: QueueOptions(persist: true))
        }
        #expect(await queue.count == 0)
    }

    @Test func fileNamesSortInEnqueueOrder() async throws {
        try await withQueueDirectory { directory in
            // Never answered: the files stay.
            let queue = APIClientQueue(name: "names", directory: directory, maxConcurrent: 1) { _ in
                throw TransportError.cancelled
            }
            var ids: [UUID] = []
            for index in 0..<12 {
                let options = QueueOptions(persist: true)
                ids.append(try await queue.enqueue(endpoint: "e", request: testRequest("n\(index)"), options: options))
            }
            await queue.waitUntilIdle()
            let names = queueFiles(in: directory)
            #expect(names.count == 12)
            #expect(names.map { name in ids.firstIndex { name.contains($0.uuidString) } } == (0..<12).map { $0 })
        }
    }

    @Test func failedRequestsStayOnDiskAndANewQueueResendsThemInOrder() async throws {
        try await withQueueDirectory { directory in
            // First run: the network is down and nothing is retried, so every request waits on disk, and no result
            // is delivered (the writes are not given up).
            let firstAttempts = QueueLog<String>()
            let first = APIClientQueue(name: "run-1", directory: directory, maxConcurrent: 1) { request in
                await firstAttempts.append(label(request))
                throw TransportError.network("offline")
            }
            let names = ["r0", "r1", "r2", "r3", "r4"]
            var keys: [String: String] = [:]
            let delivered = QueueLog<String>()
            await first.addHandler { queued, _ in await delivered.append(label(queued.request)) }
            for name in names {
                try await first.enqueue(endpoint: "e", request: testRequest(name), options: QueueOptions(persist: true))
            }
            await first.waitUntilIdle()
            #expect(await firstAttempts.items == names)
            #expect(await delivered.items.isEmpty)
            #expect(
                await first.entries().map(\.state)
                    == Array(repeating: .waiting(reason: "not sent: network(\"offline\")"), count: 5))
            #expect(queueFiles(in: directory).count == 5)
            await first.close()
            for file in queueFiles(in: directory) {
                let path = directory.appendingPathComponent(file).path
                let data = try #require(FileManager.default.contents(atPath: path))
                let queued = try JSONDecoder().decode(QueuedRequest.self, from: data)
                keys[label(queued.request)] = queued.idempotencyKey
            }

            // Second run: a new instance resumes them, in order, with the same idempotency keys.
            let resent = QueueLog<String>()
            let resentKeys = QueueLog<String>()
            let second = APIClientQueue(name: "run-2", directory: directory, maxConcurrent: 1) { request in
                await resent.append(label(request))
                await resentKeys.append("\(label(request))=\(request.headers["Idempotency-Key"] ?? "")")
                return HTTPResponse(status: 200)
            }
            await second.addHandler { queued, _ in await delivered.append(label(queued.request)) }
            try await second.resumePersisted()
            await second.waitUntilIdle()
            #expect(await resent.items == names)
            #expect(await delivered.items == names)
            #expect(await resentKeys.items == names.map { "\($0)=\(keys[$0] ?? "?")" })
            #expect(queueFiles(in: directory).isEmpty)

            // Resuming again sends nothing: everything was answered.
            try await second.resumePersisted()
            await second.waitUntilIdle()
            #expect(await resent.items.count == 5)
        }
    }

    @Test func resumedRequestsGoBeforeRequestsEnqueuedAfterTheRelaunch() async throws {
        try await withQueueDirectory { directory in
            let first = APIClientQueue(name: "old", directory: directory, maxConcurrent: 1) { _ in
                throw TransportError.cancelled
            }
            for name in ["old0", "old1"] {
                try await first.enqueue(endpoint: "e", request: testRequest(name), options: QueueOptions(persist: true))
            }
            await first.waitUntilIdle()
            await first.close()

            let sent = QueueLog<String>()
            let gate = Rendezvous(count: 2)
            let second = APIClientQueue(name: "new", directory: directory, maxConcurrent: 1) { request in
                // The first request sent waits until the new one and the resumed ones are all queued.
                if await sent.items.isEmpty { await gate.arrive() }
                await sent.append(label(request))
                return HTTPResponse(status: 200)
            }
            await second.addHandler { _, _ in }
            try await second.enqueue(
                endpoint: "e", request: testRequest("new-barrier"),
                options: QueueOptions(order: .barrier, persist: true))
            try await second.enqueue(endpoint: "e", request: testRequest("new"), options: QueueOptions(persist: true))
            try await second.resumePersisted()
            await gate.arrive()
            await second.waitUntilIdle()
            // "new-barrier" was already running when the old ones were resumed; they go before "new".
            #expect(await sent.items == ["new-barrier", "old0", "old1", "new"])
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func resumedRequestsRespectBarriers() async throws {
        try await withQueueDirectory { directory in
            let first = APIClientQueue(name: "old", directory: directory, maxConcurrent: 4) { _ in
                throw TransportError.cancelled
            }
            let plan: [(String, QueueOptions.Order)] = [
                ("a", .concurrent), ("b", .concurrent), ("c", .barrier), ("d", .concurrent), ("e", .concurrent),
            ]
            for (name, order) in plan {
                try await first.enqueue(
                    endpoint: "e", request: testRequest(name), options: QueueOptions(order: order, persist: true))
            }
            await first.waitUntilIdle()
            #expect(queueFiles(in: directory).count == 5)
            await first.close()

            let log = QueueLog<String>()
            let second = APIClientQueue(
                name: "new", directory: directory, maxConcurrent: 4,
                send: barrierScenarioSend(log: log, otherDelay: .milliseconds(10)))
            await second.addHandler { _, _ in }
            try await second.resumePersisted()
            await second.waitUntilIdle()
            let events = await log.items
            try #require(events.count == 10)
            #expect(Set(events[0..<2]) == ["start a", "start b"])
            #expect(Set(events[2..<4]) == ["end a", "end b"])
            #expect(Array(events[4..<6]) == ["start c", "end c"])
            #expect(Set(events[6..<8]) == ["start d", "start e"])
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    /// Given up after its retries with the server's 503, while no handler listened: the answer stays on disk and a
    /// relaunch delivers it instead of sending the write again.
    @Test func aResultNoHandlerReceivedIsDeliveredAfterARelaunchWithoutResending() async throws {
        try await withQueueDirectory { directory in
            let sends = InFlightCounter()
            let first = APIClientQueue(
                name: "exhausted", directory: directory,
                send: { _ in
                    await sends.enter()
                    await sends.leave()
                    return HTTPResponse(status: 503, body: Data("busy".utf8))
                },
                sleep: { _ in })
            try await first.enqueue(
                endpoint: "e", request: testRequest("x"),
                options: QueueOptions(persist: true, retry: [.status(503)], maxAttempts: 2))
            await first.waitUntilIdle()
            #expect(queueFiles(in: directory).count == 1)
            #expect(await first.entries().map(\.state) == [.answered])
            await first.close()

            let second = APIClientQueue(name: "relaunch", directory: directory) { _ in
                Issue.record("an answered request is not sent again")
                return HTTPResponse(status: 200)
            }
            let results = QueueLog<Int>()
            await second.addHandler(endpoints: ["e"]) { _, result in
                if case .failure(APIClientQueueError.attemptsExhausted(2, let response?, nil)) = result {
                    await results.append(response.status)
                }
            }
            try await second.resumePersisted()
            await second.waitUntilIdle()
            #expect(await results.items == [503])
            #expect(await sends.total == 2)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func strayTemporaryFilesAreIgnoredAndCleanedUp() async throws {
        try await withQueueDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("{half".utf8).write(to: directory.appendingPathComponent(".tmp-\(UUID().uuidString)"))
            let sent = InFlightCounter()
            let queue = APIClientQueue(name: "stray", directory: directory) { _ in
                await sent.enter()
                await sent.leave()
                return HTTPResponse(status: 200)
            }
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            #expect(await sent.total == 0)
            let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            #expect(left == [".lock"])
        }
    }
}
