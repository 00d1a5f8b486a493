// These tests start a server as a child process (or open a socket). iOS, tvOS, watchOS and visionOS have no
// `Process`, so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every request has a deadline, also when its resource sets none: the resource's `timeout`, else the client's
/// (`APIClient(timeout:)`), else the transport's (`HTTPTransport.urlSession(timeout:)`, 60 s). Against
/// `Tests/Support/loopback_server.py`: `/drip/100/300` takes 30 s, one byte every 300 ms (never quiet long enough
/// for URLSession's idle timeout), `/slow/30000` says nothing for 30 s. Ending with `.timeout` means a deadline
/// shorter than those ended it; ending with an answer, that no shorter one applied.
@Suite(.timeLimit(.minutes(1)))
struct DefaultDeadlineTests {
    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer.shared.get()
    }

    /// A client of the loopback server with the deadline `timeout`, over a transport whose default is
    /// `transportTimeout`.
    func client(timeout: Duration?, transportTimeout: Duration = .seconds(60)) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral), timeout: transportTimeout),
            timeout: timeout)
    }

    /// A GET of `path` answered as raw bytes, with `timeout` of its own (the spec's `timeout:`).
    func resource(_ path: String, timeout: Duration? = nil) -> BackendResource<Void, Data, NoAuth> {
        BackendResource(
            name: "loopback.deadline", server: "loopback", method: .get, path: ResourcePath(path), timeout: timeout,
            decodeResponse: { $0 })
    }

    /// How the server says the transfer under `key` ended (waiting up to 10 s for it to end).
    func transferResult(_ key: String) async throws -> (state: String, sent: Int) {
        let response = try await HTTPTransport.urlSession(URLSession(configuration: .ephemeral)).send(
            HTTPRequest(method: .get, url: try #require(URL(string: server.baseURL + "/result/\(key)?wait=10"))))
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (object["state"] as? String ?? "", object["sent"] as? Int ?? -1)
    }

    @Test func aResourceWithoutTimeoutEndsAtTheClientsDefault() async throws {
        let key = UUID().uuidString
        let client = client(timeout: .seconds(1))
        let error = try #require(
            await expectAPIError { try await client.unauthenticated.access(resource("/drip/100/300?key=\(key)")) })
        #expect(error.kind == .timeout)
        // The transfer itself was cancelled: the server saw the client hang up long before the 100th byte.
        let result = try await transferResult(key)
        #expect(result.state == "disconnected")
        #expect(result.sent < 100)
    }

    @Test func aSilentServerEndsAtTheDeadlineNotAtURLSessionsIdleTimeout() async throws {
        let client = client(timeout: .seconds(1))
        let error = try #require(
            await expectAPIError { try await client.unauthenticated.access(resource("/slow/30000")) })
        #expect(error.kind == .timeout)
    }

    @Test func withoutAClientDefaultTheTransportsApplies() async throws {
        let client = client(timeout: nil, transportTimeout: .seconds(1))
        let error = try #require(
            await expectAPIError { try await client.unauthenticated.access(resource("/drip/100/300")) })
        #expect(error.kind == .timeout)
        // A request sent straight through the transport gets the same default.
        let transport = HTTPTransport.urlSession(URLSession(configuration: .ephemeral), timeout: .seconds(1))
        let url = try #require(URL(string: server.baseURL + "/slow/30000"))
        await #expect(throws: TransportError.timedOut) {
            try await transport.send(HTTPRequest(method: .get, url: url))
        }
    }

    @Test func theClientsDefaultWinsOverTheTransports() async throws {
        // Three bytes 700 ms apart: more than the transport's second, well within the client's 20.
        let client = client(timeout: .seconds(20), transportTimeout: .seconds(1))
        #expect(try await client.unauthenticated.access(resource("/drip/3/700")) == Data("xxx".utf8))
    }

    @Test func aResourcesTimeoutWinsOverTheClientsDefault() async throws {
        let patient = client(timeout: .seconds(60))
        let error = try #require(
            await expectAPIError {
                try await patient.unauthenticated.access(resource("/drip/100/300", timeout: .seconds(1)))
            })
        #expect(error.kind == .timeout)
        // Longer than the client's default too: three bytes 700 ms apart against the client's second.
        let hasty = client(timeout: .seconds(1))
        #expect(
            try await hasty.unauthenticated.access(resource("/drip/3/700", timeout: .seconds(20))) == Data("xxx".utf8))
    }

    @Test func theDeadlineIsPartOfTheRequestAsSent() async throws {
        let client = client(timeout: .seconds(7))
        #expect(try await client.request(for: resource("/echo/x"), with: ()).timeout == .seconds(7))
        #expect(
            try await client.request(for: resource("/echo/x", timeout: .seconds(3)), with: ()).timeout == .seconds(3))
        let withoutDefault = self.client(timeout: nil)
        #expect(try await withoutDefault.request(for: resource("/echo/x"), with: ()).timeout == nil)
    }

    @Test func aQueuedWriteEndsAtTheClientsDefault() async throws {
        let client = client(timeout: .seconds(1))
        let write = BackendResource<Void, Data, NoAuth>(
            name: "loopback.slowWrite", server: "loopback", method: .post, path: ResourcePath("/slow/30000"),
            queue: QueueOptions(), decodeResponse: { $0 })
        let queue = APIClientQueue.sending(through: client, name: "deadline", directory: nil)
        let results = ClientRecorder<Result<Data, APIError>>()
        await queue.addHandler(for: write, errorPayload: client.errorPayload) { _, result in results.append(result) }
        try await client.enqueue(write, with: (), on: queue)
        await queue.waitUntilIdle()
        let result = try #require(results.values.first)
        guard case .failure(let error) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(error.kind == .timeout)
    }

    @Test func aRevalidationEndsAtTheClientsDefault() async throws {
        // Answers the first request at once, with an ETag; a conditional one only after 5 s, past the deadline.
        let scripted = try ScriptedHTTPServer { request in
            if request.header("If-None-Match") != nil { Thread.sleep(forTimeInterval: 5) }
            return ScriptedHTTPServer.Response(status: 200, headers: [("ETag", "\"v1\"")], body: Data("v1".utf8))
        }
        defer { scripted.stop() }
        let clock = TestClock()
        let client = APIClient(
            environments: ServerEnvironments(["scripted": ["local": scripted.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)), timeout: .seconds(1),
            cache: ResponseCache(now: clock.now))
        let note = BackendResource<Void, Data, NoAuth>(
            name: "notes.get", server: "scripted", method: .get, path: ResourcePath("/notes/1"),
            cacheTTL: .seconds(60), decodeResponse: { $0 })
        #expect(try await client.unauthenticated.fetch(note) == Data("v1".utf8))
        clock.advance(by: .seconds(61))
        let error = try #require(await expectAPIError { try await client.unauthenticated.fetch(note) })
        #expect(error.kind == .timeout)
        #expect(scripted.received.last?.header("If-None-Match") == "\"v1\"")
    }
}
#endif
