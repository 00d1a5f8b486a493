// These tests open a real socket on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GoldenResponses

/// The generated GitHub issues client over real HTTP: it pages by the `Link` header, reads the rate limit, answers a
/// 204 as nil, and revalidates its cached page with `If-None-Match`, a 304 answering from the cache.
@Suite(.timeLimit(.minutes(1)))
struct ResponsesLoopbackTests {
    /// The client's clock, moved by the tests so that a cached page goes stale without waiting.
    final class Clock: Sendable {
        private let instant = Locked(ContinuousClock.now)
        var now: @Sendable () -> ContinuousClock.Instant { { self.instant.withLock { $0 } } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    static func controller(for server: ScriptedHTTPServer, clock: Clock = Clock()) -> IssuesBusinessController {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let client = APIClient(
            environments: ServerEnvironments(["github": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: configuration)), cache: ResponseCache(now: clock.now))
        return IssuesBusinessController(accessible: client)
    }

    /// GitHub's answer for page `page` of 3: one issue, and the links to the others.
    static func page(_ page: Int, base: String) -> ScriptedHTTPServer.Response {
        let url = { (number: Int) in "<\(base)/repos/octocat/hello/issues?page=\(number)>" }
        var links = ["\(url(3)); rel=\"last\"", "\(url(1)); rel=\"first\""]
        if page < 3 { links.insert("\(url(page + 1)); rel=\"next\"", at: 0) }
        if page > 1 { links.insert("\(url(page - 1)); rel=\"prev\"", at: 0) }
        return ScriptedHTTPServer.Response(
            status: 200,
            headers: [
                ("Content-Type", "application/json"), ("ETag", "\"page-\(page)\""),
                ("Link", links.joined(separator: ", ")), ("X-RateLimit-Remaining", String(5000 - page)),
            ],
            body: Data(#"[{"number": \#(page), "title": "Issue \#(page)", "labels": null}]"#.utf8))
    }

    @Test func pagesAreFollowedByTheirLinkHeader() async throws {
        let base = Locked("")
        let server = try ScriptedHTTPServer { request in
            let page = Int(request.target.split(separator: "=").last ?? "") ?? 1
            return Self.page(page, base: base.withLock { $0 })
        }
        defer { server.stop() }
        base.withLock { $0 = server.baseURL }
        let issues = Self.controller(for: server)

        var pages: [IssuesListResponse] = []
        for try await page in issues.listPages(owner: "octocat", repo: "hello") { pages.append(page) }
        #expect(pages.flatMap(\.issues).map(\.title) == ["Issue 1", "Issue 2", "Issue 3"])
        #expect(pages.last?.remaining == 4997 && pages.last?.etag == "\"page-3\"" && pages.last?.link?.next == nil)
        var titles: [String] = []
        for try await issue in issues.listItems(owner: "octocat", repo: "hello", maxPages: 2) {
            titles.append(issue.title)
        }
        #expect(titles == ["Issue 1", "Issue 2"], "at most two pages, the first two from the cache")
        #expect(
            server.received.map(\.requestLine) == [
                "GET /repos/octocat/hello/issues HTTP/1.1", "GET /repos/octocat/hello/issues?page=2 HTTP/1.1",
                "GET /repos/octocat/hello/issues?page=3 HTTP/1.1",
            ])
    }

    /// `cache: { ttl: 60 }` answers from the cache without the app passing one: an `APIClient` made with its
    /// defaults has a bounded cache, and `cache: nil` opts out (issue 42: the ttl did nothing, silently).
    @Test func theSpecsCacheTTLWorksWithTheClientsDefaults() async throws {
        let server = try ScriptedHTTPServer { _ in Self.page(3, base: "http://x") }
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let environments = ServerEnvironments(["github": ["local": server.baseURL]])
        let transport = HTTPTransport.urlSession(URLSession(configuration: configuration))
        let issues = IssuesBusinessController(accessible: APIClient(environments: environments, transport: transport))
        let first = try await issues.fetchList(owner: "octocat", repo: "hello")
        let second = try await issues.fetchList(owner: "octocat", repo: "hello")
        #expect(first.issues.map(\.title) == ["Issue 3"] && second.issues.map(\.title) == ["Issue 3"])
        #expect(server.received.count == 1, "the second call, within the ttl, sends no request")

        let uncached = IssuesBusinessController(
            accessible: APIClient(environments: environments, transport: transport, cache: nil))
        _ = try await uncached.fetchList(owner: "octocat", repo: "hello")
        _ = try await uncached.fetchList(owner: "octocat", repo: "hello")
        #expect(server.received.count == 3, "without a cache each call is sent")
    }

    @Test func aStalePageIsRevalidatedAndA304AnswersFromTheCache() async throws {
        let server = try ScriptedHTTPServer { request in
            guard request.header("If-None-Match") == "\"page-1\"" else { return Self.page(1, base: "http://x") }
            return ScriptedHTTPServer.Response(
                status: 304, headers: [("ETag", "\"page-1\""), ("X-RateLimit-Remaining", "4990")])
        }
        defer { server.stop() }
        let clock = Clock()
        let issues = Self.controller(for: server, clock: clock)

        let first = try await issues.fetchList(owner: "octocat", repo: "hello")
        clock.advance(by: .seconds(61))  // the spec's ttl is 60 s
        let revalidated = try await issues.fetchList(owner: "octocat", repo: "hello")
        #expect(revalidated.issues == first.issues)
        #expect(revalidated.remaining == 4990, "the 304's headers replace the stored ones")
        let received = server.received
        #expect(received.count == 2)
        #expect(received.last?.head.contains("\r\nIf-None-Match: \"page-1\"\r\n") == true)
        _ = try await issues.fetchList(owner: "octocat", repo: "hello")
        #expect(server.received.count == 2, "renewed for another ttl")
    }

    @Test func noContentAnswersNilAndABodyAnswersTheIssue() async throws {
        let server = try ScriptedHTTPServer { request in
            request.target.hasSuffix("/1/lock")
                ? ScriptedHTTPServer.Response(status: 204)
                : ScriptedHTTPServer.Response(status: 200, body: Data(#"{"number": 2, "title": "Two"}"#.utf8))
        }
        defer { server.stop() }
        let issues = Self.controller(for: server)
        #expect(try await issues.unlock(owner: "o", repo: "r", number: 1) == nil)
        #expect(try await issues.unlock(owner: "o", repo: "r", number: 2)?.title == "Two")
        #expect(server.received.map(\.requestLine).first == "DELETE /repos/o/r/issues/1/lock HTTP/1.1")
    }

    @Test func aHeadRequestReadsItsHeadersAndAMissingOneIsADecodingError() async throws {
        let server = try ScriptedHTTPServer { request in
            ScriptedHTTPServer.Response(
                status: 200,
                headers: request.target.hasSuffix("/1/lock")
                    ? [("Retry-After", "30"), ("X-GitHub-Request-Id", "CAFE:1")] : [("Retry-After", "30")])
        }
        defer { server.stop() }
        let issues = Self.controller(for: server)
        let status = try await issues.lockStatus(owner: "o", repo: "r", number: 1)
        #expect(status.retryAfter == .seconds(30) && status.requestId == "CAFE:1")
        do {
            _ = try await issues.lockStatus(owner: "o", repo: "r", number: 2)
            Issue.record("a missing required header fails")
        } catch {
            guard case .decoding = error.kind else { throw error }
            #expect(error.description.contains("X-GitHub-Request-Id"))
        }
    }
}
#endif
