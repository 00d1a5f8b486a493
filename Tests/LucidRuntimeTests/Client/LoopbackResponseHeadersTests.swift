// These tests open a real socket on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Response headers read by a payload and paging by `Link`, end to end: `APIClient` over URLSession against
/// `ScriptedHTTPServer`, which shows the bytes each request had.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackResponseHeadersTests {
    /// A page of issues: the body's list plus three headers, as GitHub answers `GET /repos/{owner}/{repo}/issues`.
    struct IssuesPage: ResponsePayload {
        let etag: String
        let remaining: Int
        let links: Links
        let titles: [String]

        init(from decoder: any Decoder) throws {
            etag = try decoder.responseHeader(String.self, named: "ETag")
            remaining = try decoder.responseHeader(Int.self, named: "X-RateLimit-Remaining")
            links = try decoder.responseHeaderIfPresent(Links.self, named: "Link") ?? Links()
            titles = try decoder.decodeArray(Issue.self, at: []).map(\.title)
        }

        struct Issue: Decodable {
            let title: String
        }
    }

    /// A client for `server`, over an ephemeral URLSession without URLCache.
    static func client(for server: ScriptedHTTPServer) -> APIClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return APIClient(
            environments: ServerEnvironments(["scripted": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: configuration)))
    }

    @Test func pagesThroughIssuesByFollowingTheLinkHeader() async throws {
        let base = Locked("")
        let server = try ScriptedHTTPServer { request in
            let query = URLComponents(string: request.target)?.queryItems ?? []
            let page = query.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
            let root = base.withLock { $0 } + "/repos/octo/hello/issues?per_page=2"
            var links = ["<\(root)&page=1>; rel=\"first\"", "<\(root)&page=3>; rel=\"last\""]
            if page > 1 { links.insert("<\(root)&page=\(page - 1)>; rel=\"prev\"", at: 0) }
            if page < 3 { links.insert("<\(root)&page=\(page + 1)>; rel=\"next\"", at: 0) }
            return ScriptedHTTPServer.Response(
                status: 200,
                headers: [
                    ("Content-Type", "application/json"), ("ETag", "W/\"page-\(page)\""),
                    ("X-RateLimit-Remaining", "\(60 - page)"), ("Link", links.joined(separator: ", ")),
                ],
                body: Data(#"[{"title": "issue \#(page)a"}, {"title": "issue \#(page)b"}]"#.utf8))
        }
        defer { server.stop() }
        base.withLock { $0 = server.baseURL }
        let client = Self.client(for: server)

        var resource = BackendResource<Void, IssuesPage, NoAuth>(
            name: "issues.list", server: "scripted", method: .get, path: ResourcePath("/repos/octo/hello/issues"),
            query: [QueryItem("per_page", "2")], headers: ["Accept": "application/vnd.github+json"],
            readResponse: { try IssuesPage.decode(from: $0) })
        var titles: [String] = []
        var remaining: [Int] = []
        var etags: [String] = []
        while true {
            let page = try await client.unauthenticated.access(resource)
            titles += page.titles
            remaining.append(page.remaining)
            etags.append(page.etag)
            guard let next = page.links.next else { break }
            // Follow the link on the same server: its path and query become the resource's.
            let components = try #require(URLComponents(url: next, resolvingAgainstBaseURL: false))
            #expect(next.absoluteString.hasPrefix(server.baseURL))
            resource.path = ResourcePath(components.path)
            let items: [URLQueryItem] = components.queryItems ?? []
            resource.query = items.map { item in QueryItem(item.name, item.value ?? "") }
        }

        #expect(titles == ["issue 1a", "issue 1b", "issue 2a", "issue 2b", "issue 3a", "issue 3b"])
        #expect(remaining == [59, 58, 57])
        #expect(etags == ["W/\"page-1\"", "W/\"page-2\"", "W/\"page-3\""])
        let received = server.received
        #expect(
            received.map { $0.requestLine } == [
                "GET /repos/octo/hello/issues?per_page=2 HTTP/1.1",
                "GET /repos/octo/hello/issues?per_page=2&page=2 HTTP/1.1",
                "GET /repos/octo/hello/issues?per_page=2&page=3 HTTP/1.1",
            ])
        for request in received {
            #expect(request.head.contains("\r\nAccept: application/vnd.github+json\r\n"))
            #expect(request.head.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"))
            #expect(request.header("If-None-Match") == nil)
            #expect(request.body.isEmpty)
        }
    }

    @Test func aMissingHeaderIsADecodingErrorOverTheWire() async throws {
        let server = try ScriptedHTTPServer { _ in
            ScriptedHTTPServer.Response(status: 200, headers: [("ETag", "\"x\"")], body: Data("[]".utf8))
        }
        defer { server.stop() }
        let resource = BackendResource<Void, IssuesPage, NoAuth>(
            name: "issues.list", server: "scripted", method: .get, path: ResourcePath("/issues"),
            readResponse: { try IssuesPage.decode(from: $0) })
        let error = await expectAPIError { try await Self.client(for: server).unauthenticated.access(resource) }
        #expect(
            error?.kind == .decoding(codingPath: "", message: "The response header 'X-RateLimit-Remaining' is missing.")
        )
    }
}
#endif
