// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// Each page goes through the path of a single call: a 401 refreshes the credential, the cache answers, middleware
/// runs, an error payload is decoded; cancellation stops the iteration at once.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackPagingClientPathTests {
    /// Three pages linked by `Link` headers.
    static let threePages = [
        "/items": pageAnswer(#"{"items":[1]}"#, headers: [("Link", #"</items?page=2>; rel="next""#)]),
        "/items?page=2": pageAnswer(#"{"items":[2]}"#, headers: [("Link", #"</items?page=3>; rel="next""#)]),
        "/items?page=3": pageAnswer(#"{"items":[3]}"#),
    ]

    @Test func a401MidPagingRefreshesOnceAndContinues() async throws {
        let server = try PagingServer { target, _, request in
            if target == "/items?page=2", request.header("Authorization") != "Bearer new" {
                return ScriptedHTTPServer.Response(status: 401)
            }
            return Self.threePages[target] ?? ScriptedHTTPServer.Response(status: 404)
        }
        defer { server.stop() }
        let token = Locked("old")
        let refreshes = Locked(0)
        let credentials = CredentialProvider(
            credential: { _ in token.withLock { $0 } },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                token.withLock { $0 = "new" }
                return true
            })
        let result = await collectPages(
            itemPages(pagingClient(server, credentials: credentials), listing(), paging: .linkHeader))
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2], [3]])
        #expect(refreshes.withLock { $0 } == 1)
        #expect(server.targets == ["/items", "/items?page=2", "/items?page=2", "/items?page=3"])
        #expect(
            server.server.received.map { $0.header("Authorization") }
                == ["Bearer old", "Bearer old", "Bearer new", "Bearer new"])
    }

    @Test func cachedPagesKeepTheirNextLinks() async throws {
        let server = try PagingServer(pages: Self.threePages)
        defer { server.stop() }
        let client = pagingClient(server, cache: ResponseCache())
        let pages = itemPages(client, listing(cacheTTL: .seconds(60)), paging: .linkHeader)
        let first = await collectPages(pages)
        let second = await collectPages(pages)
        #expect(first.error == nil)
        #expect(second.error == nil)
        #expect(first.pages == [[1], [2], [3]])
        #expect(second.pages == [[1], [2], [3]], "the cached pages' Link headers lead to the next pages")
        #expect(server.targets == ["/items", "/items?page=2", "/items?page=3"], "the second run is all cached")
    }

    @Test func middlewareRunsOnEveryPage() async throws {
        let server = try PagingServer(pages: Self.threePages)
        defer { server.stop() }
        let counter = Locked(0)
        let middleware: APIClient.Middleware = { request in
            var request = request
            request.headers["X-Page-Request"] = String(
                counter.withLock {
                    $0 += 1
                    return $0
                })
            return request
        }
        let client = pagingClient(server, prepareRequest: [middleware])
        _ = await collectPages(itemPages(client, listing(), paging: .linkHeader))
        #expect(server.server.received.map { $0.header("X-Page-Request") } == ["1", "2", "3"])
    }

    @Test func anErrorPayloadOnPageTwoIsTheUsualStatusError() async throws {
        let server = try PagingServer(pages: [
            "/items": pageAnswer(#"{"items":[1]}"#, headers: [("Link", #"</items?page=2>; rel="next""#)]),
            "/items?page=2": ScriptedHTTPServer.Response(
                status: 404, headers: [("Content-Type", "application/json")],
                body: Data(#"{"status_code":34,"status_message":"gone"}"#.utf8)),
        ])
        defer { server.stop() }
        let result = await collectPages(itemPages(pagingClient(server), listing(), paging: .linkHeader))
        #expect(result.pages == [[1]])
        let error = try #require(result.error)
        #expect(error.kind == .status(404))
        #expect(
            error.errorPayload(as: ClientStatusPayload.self)
                == ClientStatusPayload(statusCode: 34, statusMessage: "gone"))
        #expect(error.url?.absoluteString == server.baseURL + "/items?page=2")
        #expect(server.targets == ["/items", "/items?page=2"])
    }

    @Test func aCancelledTaskSendsNothingMore() async throws {
        let server = try PagingServer(pages: Self.threePages)
        defer { server.stop() }
        let pages = itemPages(pagingClient(server), listing(), paging: .linkHeader)
        let task = Task { () -> (first: [Int]?, error: APIError?) in
            var iterator = pages.makeAsyncIterator()
            let first = try? await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            let error = await expectAPIError { try await iterator.next() }
            let after = try? await iterator.next()
            #expect(after == nil, "a sequence that threw is over")
            return (first?.items, error)
        }
        let (first, error) = await task.value
        #expect(first == [1])
        #expect(error?.kind == .cancelled)
        #expect(error?.endpoint == "items.list")
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.targets == ["/items"])
    }

    @Test func cancellingAnInFlightPageEndsItAsCancelled() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try PagingServer { target, _, _ in
            // Held until the test has its result (bounded only so that a failed test frees the thread).
            if target == "/items?page=2" { _ = release.wait(timeout: .now() + 600) }
            return Self.threePages[target] ?? ScriptedHTTPServer.Response(status: 404)
        }
        defer { server.stop() }
        let pages = itemPages(pagingClient(server), listing(), paging: .linkHeader)
        let task = Task { await collectPages(pages) }
        while server.targets.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let result = await task.value
        release.signal()
        #expect(result.pages == [[1]])
        #expect(result.error?.kind == .cancelled)
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.targets == ["/items", "/items?page=2"])
    }
}

/// Paging through a `ResourceSending` that is not an `APIClient` (a test's fake): pages come from the resource's
/// own `readResponse`, absolute next URLs are handed over as given, and a relative one cannot be resolved.
@Suite struct FakeSenderPagingTests {
    /// Answers each request by its position (the `page` query item or the absolute URL) from canned responses.
    struct Fake: SendOnlyFake {
        let answers: [String: HTTPResponse]
        let asked = Locked<[String]>([])

        func send<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req
        ) async throws(APIError) -> Resp {
            let key = resource.absoluteURL?.absoluteString ?? resource.query.map { "\($0.name)=\($0.value)" }.joined()
            asked.withLock { $0.append(key) }
            guard let answer = answers[key] else { throw APIError(.status(404), endpoint: resource.name, method: .get) }
            do {
                return try resource.readResponse(answer)
            } catch {
                throw APIError(.other("\(error)"), endpoint: resource.name, method: .get)
            }
        }
    }

    static func ok(_ json: String, link: String? = nil) -> HTTPResponse {
        HTTPResponse(status: 200, headers: link.map { ["Link": $0] } ?? [:], body: Data(json.utf8))
    }

    @Test func pageNumbersAndAbsoluteLinksWorkWithoutAClient() async throws {
        let fake = Fake(answers: [
            "": Self.ok(#"{"items":[1],"total_pages":2}"#),
            "page=2": Self.ok(#"{"items":[2],"total_pages":2}"#),
        ])
        let pages = PageSequence(
            first: listing(), paging: .pageNumber(parameter: "page", totalPages: ["total_pages"]),
            count: { $0.items.count }, accessor: fake.accessor(for: ClientUserAuth.self))
        #expect(await collectPages(pages).pages == [[1], [2]])
        #expect(fake.asked.withLock { $0 } == ["", "page=2"])

        let linked = Fake(answers: [
            "": Self.ok(#"{"items":[1]}"#, link: "<https://api.example/items?page=2>; rel=\"next\""),
            "https://api.example/items?page=2": Self.ok(#"{"items":[2]}"#, link: "</items?page=3>; rel=\"next\""),
            "https://api.example/items?page=3": Self.ok(#"{"items":[3]}"#),
        ])
        let linkedPages = await collectPages(
            PageSequence(first: listing(), paging: .linkHeader, accessor: linked.accessor(for: ClientUserAuth.self)))
        #expect(linkedPages.error == nil)
        #expect(linkedPages.pages == [[1], [2], [3]], "a relative link resolves against the absolute URL before it")
        #expect(linked.asked.withLock { $0 }.count == 3)

        let relative = Fake(answers: ["": Self.ok(#"{"items":[1]}"#, link: "</items?page=2>; rel=\"next\"")])
        let result = await collectPages(
            PageSequence(first: listing(), paging: .linkHeader, accessor: relative.accessor(for: ClientUserAuth.self)))
        #expect(result.pages == [[1]])
        #expect(
            result.error?.kind
                == .paging(.malformed("the next URL is relative, and this client has no URL to resolve it against")))
    }

    @Test func staticAndPreviewSequencesStillWork() async throws {
        let pages = PageSequence(pages: [ItemsPage(items: [1]), ItemsPage(items: [2, 3])])
        #expect(await collectPages(pages).pages == [[1], [2, 3]])
        var items: [Int] = []
        for try await item in pages.items({ $0.items }) { items.append(item) }
        #expect(items == [1, 2, 3])
    }
}
#endif
