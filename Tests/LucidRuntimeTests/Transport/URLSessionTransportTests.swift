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

/// `HTTPTransport.urlSession` against `Tests/Support/loopback_server.py`: the whole-exchange deadline, the body
/// size cap and the redirects it follows itself.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    static let megabyte = 1024 * 1024

    let server: LoopbackServer
    let transport: HTTPTransport

    init() throws {
        server = try LoopbackServer.shared.get()
        transport = .urlSession(URLSession(configuration: .ephemeral), maxResponseBytes: Self.megabyte)
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
        // The drip lasts 30 s: a timeout error means the 1 s deadline cut it off.
        await #expect(throws: TransportError.timedOut) { try await transport.send(dripping) }
        // The data task really was cancelled: the server saw the client hang up long before the end.
        let result = try await transferResult(key)
        #expect(result.state == "disconnected")
        #expect(result.sent < 100)
    }

    @Test func aDeadlineUnderASecondLetsAQuickAnswerThrough() async throws {
        // URLSession's idle timeout follows the deadline, rounded up to a whole second: FoundationNetworking counts
        // it in whole seconds, and would time out at once with 0.9 s cut down to 0. Order, not speed: the answer
        // arrives, or, on a machine too busy to answer within 0.9 s, the deadline ends the wait no earlier than
        // 0.9 s. (IdleTimeoutTests checks the rounding itself.)
        let started = ContinuousClock.now
        do {
            let response = try await transport.send(try request(.get, "/echo/quick", timeout: .milliseconds(900)))
            #expect(response.status == 200)
        } catch TransportError.timedOut {
            #expect(ContinuousClock.now - started >= .milliseconds(900), "timed out before the deadline")
        }
    }

    @Test func aDripWithinTheDeadlineArrivesWhole() async throws {
        let response = try await transport.send(try request(.get, "/drip/3/100", timeout: .seconds(20)))
        #expect(response.status == 200)
        #expect(response.body == Data("xxx".utf8))
    }

    // MARK: The body size cap

    @Test func aDeclaredLengthOverTheCapFailsWithoutTheBody() async throws {
        let large = try request(.get, "/bytes/\(3 * Self.megabyte)")
        await #expect(throws: ResponseTooLarge(limit: Self.megabyte, declaredLength: 3 * Self.megabyte)) {
            try await transport.send(large)
        }
    }

    @Test func aStreamedBodyOverTheCapStopsTheTransfer() async throws {
        let key = UUID().uuidString
        let total = 32 * Self.megabyte
        // Chunked: no Content-Length, so only counting the bytes as they come can tell. Paced (64 KiB every 2 ms,
        // a second for all of it): over loopback, an unpaced server outruns the delegate callbacks (they are
        // queued, and FoundationNetworking cannot pause the transfer), and would starve the other tests.
        let large = try request(.get, "/chunked/\(total)?key=\(key)&pace=2")
        await #expect(throws: ResponseTooLarge(limit: Self.megabyte, declaredLength: nil)) {
            try await transport.send(large)
        }
        // The client hung up soon after the cap: the server could not write most of the rest.
        let result = try await transferResult(key)
        #expect(result.state == "disconnected")
        #expect(result.sent < total / 2)
    }

    @Test func bodiesWithinTheCapArriveWhole() async throws {
        let exact = try await transport.send(try request(.get, "/bytes/\(Self.megabyte)"))
        #expect(exact.body.count == Self.megabyte)
        let chunked = try await transport.send(try request(.get, "/chunked/\(Self.megabyte / 2)"))
        #expect(chunked.body.count == Self.megabyte / 2)
        // A HEAD's Content-Length is the length of the GET's body: not a reason to fail.
        let head = try await transport.send(try request(.head, "/bytes/\(3 * Self.megabyte)"))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test func theClientReportsAnOversizedBodyAsTooLargeCarryingTheCause() async throws {
        let client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]), transport: transport)
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "loopback.bytes", server: "loopback", method: .get,
            path: ResourcePath("/bytes/\(2 * Self.megabyte)"), decodeResponse: { $0 })
        let error = try #require(await expectAPIError { try await client.unauthenticated.access(resource) })
        #expect(error.kind == .tooLarge(limit: Self.megabyte))
        #expect(
            error.underlying as? ResponseTooLarge
                == ResponseTooLarge(limit: Self.megabyte, declaredLength: 2 * Self.megabyte))
    }

    // MARK: Redirects

    /// Every byte value, so that no text encoding can pass for the body.
    static let binaryBody = Data((0...255).map { UInt8($0) } + Array("{\"name\":\"Best\"}".utf8))

    @Test(arguments: [(307, HTTPMethod.post), (308, .post), (307, .put), (308, .patch)])
    func aRedirectThatKeepsTheMethodReSendsTheExactBody(status: Int, method: HTTPMethod) async throws {
        let write = try request(
            method, "/redirect/\(status)/mirror/final",
            headers: ["Content-Type": "application/octet-stream", "Authorization": "Bearer s3cret"],
            body: Self.binaryBody)
        let response = try await transport.send(write)
        #expect(response.status == 200)
        #expect(response.body == Self.binaryBody)
        let seen = try Mirrored(response)
        #expect(seen.method == method.rawValue)
        #expect(seen.headers["content-type"] == "application/octet-stream")
        #expect(seen.headers["authorization"] == "Bearer s3cret")  // Same origin: kept.
    }

    @Test func aRedirectToAnotherOriginKeepsTheBodyButNotTheCredentials() async throws {
        // localhost and 127.0.0.1 are different origins, though the same server.
        let write = try request(
            .post, "/redirect/307/mirror/final?host=localhost",
            headers: [
                "Authorization": "Bearer s3cret", "Cookie": "session=1", "Proxy-Authorization": "Basic eA==",
                "X-Trace": "abc",
            ],
            body: Self.binaryBody)
        let response = try await transport.send(write)
        #expect(response.status == 200)
        #expect(response.body == Self.binaryBody)
        let seen = try Mirrored(response)
        #expect(seen.headers["host"]?.hasPrefix("localhost:") == true)
        #expect(seen.headers["authorization"] == nil)
        #expect(seen.headers["cookie"] == nil)
        #expect(seen.headers["proxy-authorization"] == nil)
        #expect(seen.headers["x-trace"] == "abc")
    }

    @Test func a303IsFollowedAsAGetWithoutTheBody() async throws {
        let write = try request(
            .post, "/redirect/303/mirror/result", headers: ["Content-Type": "application/json"],
            body: Data(#"{"a":1}"#.utf8))
        let response = try await transport.send(write)
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        let seen = try Mirrored(response)
        #expect(seen.method == "GET")
        #expect(seen.headers["content-type"] == nil)
    }

    @Test(arguments: [301, 302])
    func a301Or302ToAWriteIsReturnedNotFollowed(status: Int) async throws {
        let write = try request(.post, "/redirect/\(status)/mirror/moved", body: Data(#"{"a":1}"#.utf8))
        let response = try await transport.send(write)
        #expect(response.status == status)
        #expect(header("Location", in: response) == "/mirror/moved")
    }

    @Test func aReadIsStillRedirectedAsUsual() async throws {
        let response = try await transport.send(try request(.get, "/redirect/302/redirect/301/mirror/read"))
        #expect(response.status == 200)
        #expect(try Mirrored(response).method == "GET")
    }

    @Test func aWriteFollowsAtMostFiveRedirects() async throws {
        func chain(_ hops: Int) -> String {
            String(repeating: "/redirect/307", count: hops) + "/mirror/end"
        }
        let five = try await transport.send(try request(.post, chain(5), body: Data("x".utf8)))
        #expect(five.status == 200)
        #expect(five.body == Data("x".utf8))
        await #expect(throws: TransportError.network("more than 5 redirects")) {
            try await transport.send(try request(.post, chain(6), body: Data("x".utf8)))
        }
    }
}

/// What `/mirror` saw: the method and headers it reports in its response headers.
private struct Mirrored {
    var method: String
    var headers: [String: String]

    init(_ response: HTTPResponse) throws {
        method = try #require(header("X-Mirror-Method", in: response))
        let json = try #require(header("X-Mirror-Headers", in: response))
        headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }
}

/// The value of header `name` in `response`, whatever its case.
private func header(_ name: String, in response: HTTPResponse) -> String? {
    response.headers[name]
}

/// How the server says a transfer ended (the `/result` route).
private struct TransferResult: Decodable {
    /// "complete", "disconnected" (the client hung up before the end), "running" or "unknown".
    var state: String
    /// The bytes the server wrote.
    var sent: Int
}
#endif
