// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport.urlSession` against `Tests/Support/loopback_server.py`: the whole-exchange deadline.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    let server: LoopbackServer
    let transport: HTTPTransport

    init() throws {
        server = try LoopbackServer.shared.get()
        transport = .urlSession(URLSession(configuration: .ephemeral))
    }

    func request(
        _ method: HTTPMethod = .get, _ path: String, headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration? = .seconds(20)
    ) throws -> HTTPRequest {
        let url = try #require(URL(string: server.baseURL + path))
        return HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: timeout)
    }

    /// How the server says the transfer under `key` ended, once it has (waiting up to 10 s).
    fileprivate func transferResult(_ key: String) async throws -> TransferResult {
        let response = try await transport.send(try request(.get, "/result/\(key)?wait=10"))
        return try JSONDecoder().decode(TransferResult.self, from: response.body)
    }

    // MARK: The deadline

    @Test func aDrippingServerIsCutOffAtTheDeadline() async throws {
        let key = UUID().uuidString
        // 100 bytes, one every 300 ms: 30 s in all, and never idle long enough for URLSession's own timeout.
        let dripping = try request(.get, "/drip/100/300?key=\(key)", timeout: .seconds(1))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: TransportError.timedOut) { try await transport.send(dripping) }
        #expect(clock.now - start < .seconds(8))
        // The data task really was cancelled: the server saw the client hang up long before the end.
        let result = try await transferResult(key)
        #expect(result.state == "disconnected")
        #expect(result.sent < 100)
    }

    @Test func aDripWithinTheDeadlineArrivesWhole() async throws {
        let response = try await transport.send(try request(.get, "/drip/3/100", timeout: .seconds(20)))
        #expect(response.status == 200)
        #expect(response.body == Data("xxx".utf8))
    }
}

/// How the server says a transfer ended (the `/result` route).
private struct TransferResult: Decodable {
    /// "complete", "disconnected" (the client hung up before the end), "running" or "unknown".
    var state: String
    /// The bytes the server wrote.
    var sent: Int
}
#endif
