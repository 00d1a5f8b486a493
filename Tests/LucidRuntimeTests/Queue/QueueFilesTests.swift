import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// The queue's directory on a real disk: private files, one owner, unreadable files set aside and reported,
/// sequences that cannot wrap, and the app's controls (list, cancel, purge).
struct QueueFilesTests {
    static let persisted = QueueOptions(persist: true)

    /// A queue whose requests never reach the server (they wait on disk).
    static func offlineQueue(_ directory: URL) -> APIClientQueue {
        APIClientQueue(name: "offline", directory: directory) { _ in throw TransportError.network("offline") }
    }

    static func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func filesArePrivate() async throws {
        try await withQueueDirectory { directory in
            let queue = Self.offlineQueue(directory)
            try await queue.enqueue(endpoint: "e", request: testRequest("a"), options: Self.persisted)
            await queue.waitUntilIdle()
            let file = try #require(queueFiles(in: directory).first)
            #expect(try Self.permissions(directory.appendingPathComponent(file)) == 0o600)
            #expect(try Self.permissions(directory) == 0o700)
        }
    }

    @Test func aSecondQueueCannotOwnTheDirectory() async throws {
        try await withQueueDirectory { directory in
            let first = Self.offlineQueue(directory)
            try await first.enqueue(endpoint: "e", request: testRequest("a"), options: Self.persisted)
            let second = Self.offlineQueue(directory)
            do {
                try await second.resumePersisted()
                Issue.record("two queues own one directory")
            } catch {
                guard case .directoryInUse(let path)? = error as? APIClientQueueError else {
                    Issue.record("expected directoryInUse, got \(error)")
                    return
                }
                #expect(path == directory.path)
            }
            await #expect(throws: APIClientQueueError.self) {
                try await second.enqueue(endpoint: "e", request: testRequest("b"), options: Self.persisted)
            }
            #expect(queueFiles(in: directory).count == 1)
            await first.waitUntilIdle()
            await first.close()
            #expect(try await second.resumePersisted().isEmpty)
        }
    }

    /// A corrupt, an empty and a foreign file, and one whose sequence would wrap the next one around to 0: each is
    /// moved to `SetAside/` and reported once; the good request is sent, and the next one sorts after it.
    @Test func unreadableFilesAreSetAsideAndReported() async throws {
        try await withQueueDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let good = QueuedRequest(
                endpoint: "e", request: testRequest("good"), options: Self.persisted, sequence: 7, idempotencyKey: "k")
            var huge = good
            huge.id = UUID()
            huge.sequence = .max
            let files: [(String, Data)] = [
                ("00000000000000000001-\(UUID().uuidString).json", Data("{not json".utf8)),
                ("00000000000000000002-\(UUID().uuidString).json", Data()),
                ("notes.txt", Data("hello".utf8)),
                ("18446744073709551615-\(huge.id.uuidString).json", try JSONEncoder().encode(huge)),
                ("00000000000000000007-\(good.id.uuidString).json", try JSONEncoder().encode(good)),
            ]
            for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }

            let sent = QueueLog<String>()
            let queue = APIClientQueue(name: "resume", directory: directory, maxConcurrent: 1) { request in
                await sent.append(label(request))
                return HTTPResponse(status: 200)
            }
            await queue.addHandler { _, _ in }
            let reported = QueueLog<QueueIssue>()
            await queue.addIssueHandler { await reported.append($0) }
            let issues = try await queue.resumePersisted()
            let id = try await queue.enqueue(endpoint: "e", request: testRequest("next"), options: Self.persisted)
            await queue.waitUntilIdle()

            let setAside = issues.compactMap { issue -> String? in
                if case .setAside(let file, _) = issue { return file }
                return nil
            }
            #expect(Set(setAside) == Set(files.prefix(4).map(\.0)))
            #expect(await reported.items == issues)
            let kept = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("SetAside").path)
            #expect(Set(kept) == Set(setAside), "set aside, never deleted")
            #expect(await sent.items == ["good", "next"])
            #expect(!queueFiles(in: directory).contains { $0.contains(id.uuidString) })
            #expect(try await queue.resumePersisted().isEmpty, "reported once")
        }
    }

    @Test func theNextSequenceFollowsTheFilesOfAnEarlierRun() async throws {
        try await withQueueDirectory { directory in
            let first = Self.offlineQueue(directory)
            for name in ["a", "b"] {
                try await first.enqueue(endpoint: "e", request: testRequest(name), options: Self.persisted)
            }
            await first.waitUntilIdle()
            await first.close()
            let second = Self.offlineQueue(directory)
            try await second.enqueue(endpoint: "e", request: testRequest("c"), options: Self.persisted)
            await second.waitUntilIdle()
            #expect(
                queueFiles(in: directory).map { $0.prefix(20) } == [
                    "00000000000000000000", "00000000000000000001", "00000000000000000002",
                ])
        }
    }

    /// A process started while a queue owns the directory must not inherit the lock: after `close()`, another
    /// queue owns the directory even though that process still runs. `posix_spawn` without file actions, as
    /// `fork` and `exec` would, passes on every descriptor that is not close-on-exec.
    @Test func aChildProcessDoesNotKeepTheDirectoryLocked() async throws {
        try await withQueueDirectory { directory in
            let first = Self.offlineQueue(directory)
            try await first.enqueue(endpoint: "e", request: testRequest("a"), options: Self.persisted)
            await first.waitUntilIdle()
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
            defer { arguments.forEach { free($0) } }
            var child = pid_t()
            try #require(posix_spawn(&child, "/bin/sleep", nil, nil, arguments, nil) == 0)
            defer {
                kill(child, SIGKILL)
                var status: Int32 = 0
                waitpid(child, &status, 0)
            }
            await first.close()
            let second = Self.offlineQueue(directory)
            #expect(try await second.resumePersisted().isEmpty)
            await second.close()
        }
    }

    @Test func entriesCancelAndPurge() async throws {
        try await withQueueDirectory { directory in
            let queue = Self.offlineQueue(directory)
            var ids: [UUID] = []
            for name in ["a", "b", "c"] {
                ids.append(try await queue.enqueue(endpoint: "e", request: testRequest(name), options: Self.persisted))
            }
            await queue.waitUntilIdle()
            #expect(await queue.entries().map(\.id) == ids)
            #expect(await queue.cancel(ids[1]))
            #expect(await !queue.cancel(ids[1]), "already gone")
            #expect(await queue.entries().map(\.id) == [ids[0], ids[2]])
            #expect(queueFiles(in: directory).count == 2)
            #expect(!queueFiles(in: directory).contains { $0.contains(ids[1].uuidString) })

            // A file an earlier run left, not resumed yet, goes too.
            let stray = QueuedRequest(
                endpoint: "e", request: testRequest("old"), options: Self.persisted, sequence: 99, idempotencyKey: "k")
            try JSONEncoder().encode(stray).write(
                to: directory.appendingPathComponent("00000000000000000099-\(stray.id.uuidString).json"))
            #expect(try await queue.purge() == 3)
            #expect(await queue.entries().isEmpty)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func cancellingARequestBeingSentDropsItsResult() async throws {
        try await withQueueDirectory { directory in
            let started = Rendezvous(count: 2)
            let queue = APIClientQueue(name: "cancel", directory: directory) { _ in
                await started.arrive()
                try await Task.sleep(for: .seconds(30))
                return HTTPResponse(status: 200)
            }
            let results = QueueLog<String>()
            await queue.addHandler { _, _ in await results.append("result") }
            let id = try await queue.enqueue(endpoint: "e", request: testRequest("a"), options: Self.persisted)
            await started.arrive()
            #expect(await queue.entries().map(\.state) == [.sending])
            #expect(await queue.cancel(id))
            await queue.waitUntilIdle()
            #expect(await results.items.isEmpty)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    /// Answered while no handler listened: the result waits, and goes to the first handler of its endpoint.
    @Test func aResultWaitsForAHandlerOfItsEndpoint() async throws {
        let queue = APIClientQueue(name: "late", directory: nil) { _ in HTTPResponse(status: 201) }
        let other = QueueLog<String>()
        await queue.addHandler(endpoints: ["other"]) { queued, _ in await other.append(queued.endpoint) }
        let id = try await queue.enqueue(endpoint: "e", request: testRequest("a"), options: QueueOptions())
        await queue.waitUntilIdle()
        #expect(await queue.entries().map(\.state) == [.answered])
        let waiting = await queue.waitingResults()
        #expect(waiting.map(\.id) == [id] && waiting.map(\.request.endpoint) == ["e"])
        #expect(waiting.first?.request.answer?.status == 201, "the app sees what the server said")
        #expect(await queue.waitingResults(endpoints: ["e"]).map(\.id) == [id])
        #expect(await queue.waitingResults(endpoints: ["other"]).isEmpty)
        let statuses = QueueLog<Int>()
        await queue.addHandler(endpoints: ["e"]) { _, result in
            if case .success(let response) = result { await statuses.append(response.status) }
        }
        #expect(await statuses.items == [201])
        #expect(await other.items.isEmpty)
        #expect(await queue.entries().isEmpty)
        #expect(await queue.waitingResults().isEmpty)
    }

    @Test(arguments: [
        (["Retry-After": "7"], Duration.seconds(7)),
        (["retry-after": "0"], .seconds(1)),
        (["Retry-After": "99999999"], APIClientQueue.maxRetryAfter),
        (["Retry-After": "soon"], .seconds(1)),
        ([:], .seconds(1)),
    ])
    func retryAfterDelaysTheRetry(headers: [String: String], expected: Duration) async throws {
        let waits = QueueLog<Duration>()
        let attempts = InFlightCounter()
        let queue = APIClientQueue(
            name: "retry-after", directory: nil,
            send: { _ in
                await attempts.enter()
                await attempts.leave()
                return await attempts.total == 1
                    ? HTTPResponse(status: 503, headers: headers) : HTTPResponse(status: 200)
            },
            sleep: { await waits.append($0) })
        await queue.addHandler { _, _ in }
        try await queue.enqueue(
            endpoint: "e", request: testRequest("a"), options: QueueOptions(retry: [.status(503)], backoff: 1))
        await queue.waitUntilIdle()
        #expect(await waits.items == [expected])
    }

    @Test func retryAfterAsAnHTTPDate() async throws {
        let date = Date().addingTimeInterval(120)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let response = HTTPResponse(status: 429, headers: ["Retry-After": formatter.string(from: date)])
        let delay = APIClientQueue.delay(backoff: 1, afterAttempt: 1, response: response)
        #expect(delay > .seconds(100) && delay <= .seconds(121))
    }
}
