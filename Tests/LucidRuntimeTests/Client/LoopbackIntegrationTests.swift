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

/// `APIClient` over URLSession against `Tests/Support/loopback_server.py` on 127.0.0.1.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackIntegrationTests {
    let server: LoopbackServer
    let client: APIClient

    init() throws {
        server = try LoopbackServer.shared.get()
        client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: .constant("s3cret"),
            errorPayload: ClientStatusPayload.decode
        )
    }

    func echo<Req>(
        _ method: HTTPMethod, _ template: String, parameters: [String: String] = [:], query: [QueryItem] = [],
        bodyEncoding: BodyEncoding = .none, encodeBody: @escaping @Sendable (Req) throws -> Data? = { _ in nil }
    ) -> BackendResource<Req, LoopbackEcho, NoAuth> {
        BackendResource(
            name: "loopback.echo", server: "loopback", method: method,
            path: ResourcePath(template, parameters: parameters),
            query: query, bodyEncoding: bodyEncoding, encodeBody: encodeBody,
            decodeResponse: clientJSONDecode(LoopbackEcho.self)
        )
    }

    @Test func theServerSeesEncodedPathAndQueryValues() async throws {
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(
            .get, "/echo/{name}/x", parameters: ["name": "a b/c?d#é"],
            query: [QueryItem("ids", "1"), QueryItem("ids", "2"), QueryItem("q", "x y&z=+")]
        )
        let seen = try await client.unauthenticated.access(resource)
        #expect(seen.method == "GET")
        #expect(seen.path == "/echo/a%20b%2Fc%3Fd%23%C3%A9/x")
        #expect(seen.query == "ids=1&ids=2&q=x%20y%26z%3D%2B")
        #expect(seen.body == "")
    }

    @Test func theServerSeesAJSONBodyAndHeaders() async throws {
        var resource: BackendResource<ClientNewList, LoopbackEcho, NoAuth> = echo(
            .post, "/echo/lists", bodyEncoding: .json, encodeBody: clientJSONEncode(ClientNewList.self)
        )
        resource.headers = ["X-Trace": "abc"]
        let seen = try await client.unauthenticated.access(resource, with: ClientNewList(name: "Best", tags: ["x"]))
        #expect(seen.method == "POST")
        #expect(seen.headers["content-type"] == "application/json")
        #expect(seen.headers["x-trace"] == "abc")
        #expect(seen.body == #"{"name":"Best","tags":["x"]}"#)
    }

    @Test func theServerSeesAFormBody() async throws {
        let resource: BackendResource<ClientRating, LoopbackEcho, NoAuth> = echo(
            .put, "/echo/rating", bodyEncoding: .form, encodeBody: { try FormURLEncoder.encode($0) }
        )
        let seen = try await client.unauthenticated.access(
            resource, with: ClientRating(value: 7.5, note: "a b&c", ids: [1, 2], missing: nil))
        #expect(seen.method == "PUT")
        #expect(seen.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(seen.body == "value=7.5&note=a%20b%26c&ids=1&ids=2")
    }

    @Test func credentialsReachTheServer() async throws {
        let header = BackendResource<Void, LoopbackEcho, ClientUserAuth>(
            name: "loopback.echo", server: "loopback", method: .get, path: ResourcePath("/echo/me"),
            decodeResponse: clientJSONDecode(LoopbackEcho.self)
        )
        #expect(
            try await client.accessor(for: ClientUserAuth.self).access(header).headers["authorization"]
                == "Bearer s3cret")
        let query = BackendResource<Void, LoopbackEcho, ClientKeyAuth>(
            name: "loopback.echo", server: "loopback", method: .get, path: ResourcePath("/echo/me"),
            query: [QueryItem("a", "1")], decodeResponse: clientJSONDecode(LoopbackEcho.self)
        )
        #expect(try await client.accessor(for: ClientKeyAuth.self).access(query).query == "a=1&api_key=s3cret")
    }

    @Test func a4xxCarriesTheDecodedErrorPayload() async throws {
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(.get, "/status/404")
        let error = try #require(await expectAPIError { try await client.unauthenticated.access(resource) })
        #expect(error.kind == .status(404))
        #expect(error.url?.absoluteString == "\(server.baseURL)/status/404")
        #expect(
            error.errorPayload(as: ClientStatusPayload.self)
                == ClientStatusPayload(statusCode: 404, statusMessage: "status 404 as requested"))
        #expect(error.bodyExcerpt?.contains("status_code") == true)
    }

    @Test func a5xxIsAStatusError() async throws {
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(.delete, "/status/503")
        let error = try #require(await expectAPIError { try await client.unauthenticated.access(resource) })
        #expect(error.kind == .status(503))
        #expect(error.method == .delete)
        #expect(error.errorPayload(as: ClientStatusPayload.self)?.statusCode == 503)
    }

    @Test func aFlakyRouteFailsThenSucceeds() async throws {
        let key = UUID().uuidString
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "loopback.flaky", server: "loopback", method: .get, path: ResourcePath("/flaky/\(key)/1"),
            decodeResponse: { $0 }
        )
        let first = try #require(await expectAPIError { try await client.unauthenticated.access(resource) })
        #expect(first.kind == .status(503))
        let body = try await client.unauthenticated.access(resource)
        #expect(String(decoding: body, as: UTF8.self) == #"{"attempt": 2}"#)
    }

    @Test func aSlowResponseBeyondTheTimeoutIsTimeout() async throws {
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "loopback.slow", server: "loopback", method: .get, path: ResourcePath("/slow/3000"),
            timeout: .milliseconds(300), deduplicate: false, decodeResponse: { $0 }
        )
        // The server answers after 3 s, so a timeout error means the 300 ms timeout cut the wait (no wall-clock
        // bound: on a loaded machine that would test the machine, not the client).
        let error = try #require(await expectAPIError { try await client.unauthenticated.access(resource) })
        #expect(error.kind == .timeout)
    }

    @Test func aSlowResponseWithinTheTimeoutArrives() async throws {
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "loopback.slow", server: "loopback", method: .get, path: ResourcePath("/slow/100"),
            timeout: .seconds(10), decodeResponse: { $0 }
        )
        #expect(
            String(decoding: try await client.unauthenticated.access(resource), as: UTF8.self) == #"{"slept_ms": 100}"#)
    }

    /// Cancelling the calling task while the server holds the request ends it as `.cancelled`. Events, not sleeps
    /// or time bounds: the server says when the request has arrived, the test cancels then, and the server never
    /// answers before the test has its result — so only the cancellation can have ended the wait, however loaded
    /// the machine (the deadline, 10 minutes, is far beyond the suite's time limit).
    @Test func cancellingARequestTheServerHoldsEndsItAsCancelled() async throws {
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let holding = try ScriptedHTTPServer { _ in
            arrived.yield()
            // Bounded only so that a failed test cannot keep the thread forever; the test releases it.
            _ = release.wait(timeout: .now() + 600)
            return ScriptedHTTPServer.Response(status: 200, body: Data("late".utf8))
        }
        defer {
            release.signal()
            holding.stop()
        }
        let client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": holding.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)))
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "loopback.held", server: "loopback", method: .get, path: ResourcePath("/held"),
            timeout: .seconds(600), deduplicate: false, decodeResponse: { $0 }
        )
        let task = Task { try await client.unauthenticated.access(resource) }
        for await _ in arrivals { break }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
        #expect((error as? APIError)?.kind == .cancelled)
        #expect(holding.received.map(\.target) == ["/held"])
    }
}
#endif
