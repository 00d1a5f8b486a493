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

/// Kills a process sending persisted requests with SIGKILL, relaunches it in resume mode, and checks that every
/// request reached the server at least once. Uses the `queue-crash-probe` executable (built beside the test
/// bundle) and a local Python HTTP server; everything is bounded in count and time and stays on 127.0.0.1.
struct APIClientQueueCrashTests {
    static let requestCount = 30

    enum CrashTestError: Error {
        case timedOut(String)
        case badServerOutput(String)
    }

    /// The `queue-crash-probe` binary beside the test bundle.
    static var probePath: String {
        TestProducts.executable("queue-crash-probe")
    }

    /// A running `queue_test_server.py`, stopped by closing its stdin. With `holdAfter` N it holds every request
    /// after the first N unanswered until `release()`.
    final class Server: @unchecked Sendable {
        let process = Process()
        let stdin = Pipe()
        let stdout = Pipe()
        private(set) var port = 0

        init(script: URL, delay: Double, holdAfter: Int? = nil) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, String(delay)] + (holdAfter.map { [String($0)] } ?? [])
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            // The first line is the port; the server prints it at once.
            var line = Data()
            let deadline = Date().addingTimeInterval(15)
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty || Date() > deadline { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let port = Int(text) else {
                stop()
                throw CrashTestError.badServerOutput(text)
            }
            self.port = port
        }

        /// The requests the server has seen: (path, Idempotency-Key).
        func seen() async throws -> [(path: String, key: String?, auth: String?)] {
            let response = try await get("/seen")
            let records = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
            return records.map {
                (path: $0["path"] as? String ?? "", key: $0["key"] as? String, auth: $0["auth"] as? String)
            }
        }

        /// Lets the held requests (and every later one) be answered.
        func release() async throws {
            _ = try await get("/release")
        }

        private func get(_ path: String) async throws -> HTTPResponse {
            guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
            // A hang guard only: the server answers these at once.
            return try await HTTPTransport.urlSession().send(HTTPRequest(method: .get, url: url, timeout: .seconds(30)))
        }

        func stop() {
            try? stdin.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
        }
    }

    /// Starts the probe with `arguments`, its stdout going to `output`.
    static func launchProbe(_ arguments: [String], output: URL, errors: URL? = nil) throws -> Process {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probePath)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func lines(of file: URL) -> [String] {
        String(decoding: FileManager.default.contents(atPath: file.path) ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    /// Polls `condition` every 20 ms until it holds; throws after `timeout`.
    static func waitFor(_ what: String, timeout: Duration, _ condition: () async throws -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while try await !condition() {
            guard clock.now < deadline else { throw CrashTestError.timedOut(what) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The queue directory's lock holds across processes: a probe resuming a directory this process owns fails
    /// with `directoryInUse` instead of sending the requests a second time.
    @Test(.timeLimit(.minutes(1)))
    func aSecondProcessCannotOwnTheQueueDirectory() async throws {
        try await withTemporaryFolder("queue-lock") { work in
            let directory = work.appendingPathComponent("queue", isDirectory: true)
            let owner = APIClientQueue(name: "owner", directory: directory) { _ in HTTPResponse(status: 200) }
            try await owner.resumePersisted()
            let output = work.appendingPathComponent("probe.out")
            let errors = work.appendingPathComponent("probe.err")
            let probe = try Self.launchProbe(["resume", directory.path, "9"], output: output, errors: errors)
            defer { if probe.isRunning { kill(probe.processIdentifier, SIGKILL) } }
            try await Self.waitFor("the probe gave up", timeout: .seconds(20)) { !probe.isRunning }
            #expect(probe.terminationStatus == 2)
            #expect(Self.lines(of: errors).contains { $0.contains("directoryInUse") })
            await owner.close()
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func everyRequestReachesTheServerDespiteASIGKILL() async throws {
        try await withTemporaryFolder("queue-crash") { work in try await Self.crashAndResume(in: work) }
    }

    /// Runs the probe in `work` until it is killed, then again to resume, and checks what the server saw.
    ///
    /// The kill window is an event, not a time: the server answers the first `answered` requests and holds the
    /// next one, so the probe (one request at a time) is stuck sending it when the test kills it, however fast
    /// or loaded the machine. (The waits' timeouts only stop a broken run from hanging; none is an assertion.)
    static func crashAndResume(in work: URL) async throws {
        let queueDirectory = work.appendingPathComponent("queue", isDirectory: true)
        let answered = 3
        let server = try Server(script: try QueueTestServer.write(to: work), delay: 0, holdAfter: answered)
        defer { server.stop() }
        let port = String(server.port)

        // First run: enqueue everything, then get killed while the server holds request `answered + 1`.
        let firstOutput = work.appendingPathComponent("first.out")
        let first = try Self.launchProbe(
            ["send", queueDirectory.path, port, String(Self.requestCount)], output: firstOutput)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        try await Self.waitFor("the probe enqueued everything and the server held a request", timeout: .seconds(50)) {
            guard Self.lines(of: firstOutput).contains("all-enqueued") else { return false }
            return try await server.seen().count > answered
        }
        kill(first.processIdentifier, SIGKILL)
        try await Self.waitFor("the probe died", timeout: .seconds(10)) { !first.isRunning }
        #expect(first.terminationReason == .uncaughtSignal)
        #expect(first.terminationStatus == SIGKILL)

        let enqueued = Self.lines(of: firstOutput).filter { $0.hasPrefix("enqueued ") }
            .map { $0.split(separator: " ").map(String.init) }
        try #require(enqueued.count == Self.requestCount)
        let seenAtKill = try await server.seen()
        // The held request, and its retries after its 10 s deadline on a slow machine, are all the probe can have
        // sent beyond the answered ones.
        #expect(seenAtKill.count > answered)
        #expect(
            Set(seenAtKill.map(\.path)).count == answered + 1,
            "the probe got past the held request: the test proves nothing"
        )
        #expect(!queueFiles(in: queueDirectory).isEmpty)
        let onDisk = queueFiles(in: queueDirectory).compactMap {
            FileManager.default.contents(atPath: queueDirectory.appendingPathComponent($0).path)
        }
        #expect(!onDisk.contains { String(decoding: $0, as: UTF8.self).contains("token-send") }, "a credential on disk")

        // Second run: resume what the killed run left on disk, with every request answered.
        try await server.release()
        let secondOutput = work.appendingPathComponent("second.out")
        let second = try Self.launchProbe(["resume", queueDirectory.path, port], output: secondOutput)
        defer { if second.isRunning { kill(second.processIdentifier, SIGKILL) } }
        try await Self.waitFor("the resumed probe finished", timeout: .seconds(30)) { !second.isRunning }
        #expect(second.terminationStatus == 0)
        #expect(Self.lines(of: secondOutput).last == "idle")

        // Every request reached the server at least once, with one idempotency key per request.
        let seen = try await server.seen()
        for fields in enqueued where fields.count >= 3 {
            let (index, item) = (fields[1], fields[2])
            let hits = seen.filter { $0.path == "/items/\(index)/\(item)" }
            #expect(!hits.isEmpty, "request \(index) never reached the server")
            #expect(Set(hits.map(\.key)).count == 1, "request \(index) was sent with different idempotency keys")
        }
        #expect(Set(seen.map(\.path)).count == Self.requestCount)
        // What the killed run had not sent went out with the resumed run's credential, not the one of enqueue time.
        let sentBeforeKill = Set(seenAtKill.map(\.path))
        let resumed = seen.filter { !sentBeforeKill.contains($0.path) }
        #expect(!resumed.isEmpty && resumed.allSatisfy { $0.auth == "Bearer token-resume" })
        #expect(seenAtKill.allSatisfy { $0.auth == "Bearer token-send" })
        #expect(queueFiles(in: queueDirectory).isEmpty)
    }
}
#endif
