// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// A server that misbehaves: next pages on another origin, repeated positions, malformed links and cursors, and
/// a next page that never ends. Each is checked on the wire: what was requested, and what never was.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackPagingSafetyTests {
    @Test func aLinkToAnotherPortIsNeverRequested() async throws {
        let foreign = try PagingServer(pages: ["/items?page=2": pageAnswer(#"{"items":[9]}"#)])
        defer { foreign.stop() }
        let foreignBase = foreign.baseURL
        let server = try PagingServer(pages: [
            "/items": pageAnswer(#"{"items":[1]}"#, headers: [("Link", "<\(foreignBase)/items?page=2>; rel=\"next\"")])
        ])
        defer { server.stop() }
        let result = await collectPages(itemPages(pagingClient(server), listing(), paging: .linkHeader))
        #expect(result.pages == [[1]])
        let error = try #require(result.error)
        #expect(error.kind == .paging(.foreignOrigin(foreignBase)))
        #expect(error.endpoint == "items.list")
        #expect(!error.description.contains("page=2"), "the foreign URL's path and query stay out: \(error)")
        #expect(server.targets == ["/items"])
        #expect(foreign.server.received.isEmpty, "no connection, no request, no credential on the foreign server")
        #expect(error.localizedDescription == "The next page is on another server, so it was not requested.")
        #expect(
            error.description
                == "items.list GET \(server.baseURL)/items: paging stopped: next page on another origin \(foreignBase)")
    }

    @Test func aBodyURLOnAnotherHostOrSchemeIsNeverRequested() async throws {
        let server = try PagingServer { target, base, _ in
            let port = base.split(separator: ":").last.map(String.init) ?? ""
            switch target {
            case "/host": return pageAnswer(#"{"items":[1],"next":"http://localhost:\#(port)/host?page=2"}"#)
            case "/scheme": return pageAnswer(#"{"items":[1],"next":"https://127.0.0.1:\#(port)/scheme?page=2"}"#)
            case "/file": return pageAnswer(#"{"items":[1],"next":"file:///etc/passwd"}"#)
            default: return ScriptedHTTPServer.Response(status: 404)
            }
        }
        defer { server.stop() }
        let port = try #require(server.baseURL.split(separator: ":").last.map(String.init))
        let client = pagingClient(server)
        let host = await collectPages(itemPages(client, listing("/host"), paging: .nextURL(at: ["next"])))
        #expect(host.error?.kind == .paging(.foreignOrigin("http://localhost:\(port)")))
        let scheme = await collectPages(itemPages(client, listing("/scheme"), paging: .nextURL(at: ["next"])))
        #expect(scheme.error?.kind == .paging(.foreignOrigin("https://127.0.0.1:\(port)")))
        let file = await collectPages(itemPages(client, listing("/file"), paging: .nextURL(at: ["next"])))
        #expect(file.error?.kind == .paging(.malformed("the next URL is not an http or https URL")))
        #expect(server.targets == ["/host", "/scheme", "/file"])
    }

    @Test func theClientRefusesAForeignAbsoluteURLBeforeAnyCredential() async throws {
        let asked = Locked(0)
        let client = APIClient(
            environments: ServerEnvironments(["api": ["local": "https://API.example.com/3"]]),
            transport: .inMemory { _ in HTTPResponse(status: 200, body: Data(#"{"items":[]}"#.utf8)) },
            credentials: CredentialProvider { _ in
                asked.withLock { $0 += 1 }
                return "secret"
            })
        var foreign = listing()
        foreign.absoluteURL = URL(string: "https://api.example.com:8443/3/items?page=2")
        let error = await expectAPIError { try await client.accessor(for: ClientUserAuth.self).access(foreign) }
        #expect(error?.kind == .paging(.foreignOrigin("https://api.example.com:8443")))
        #expect(asked.withLock { $0 } == 0, "the credential is not even asked for")
        #expect(client.url(of: foreign) == nil)
        // The same origin, spelled with the default port and in capitals, is the server's.
        var same = listing()
        same.absoluteURL = URL(string: "HTTPS://api.EXAMPLE.com:443/3/items?page=2")
        let request = try await client.request(for: same, with: ())
        #expect(request.url.absoluteString == "https://api.example.com:443/3/items?page=2", "sent lowercased")
        #expect(request.headers["Authorization"] == "Bearer secret")
    }

    @Test func aQueryCredentialEchoedInALinkIsReplacedNotRepeated() async throws {
        let server = try PagingServer(pages: [
            "/items?api_key=secret": pageAnswer(
                #"{"items":[1]}"#, headers: [("Link", #"</items?api_key=old&page=2>; rel="next""#)]),
            "/items?page=2&api_key=secret": pageAnswer(#"{"items":[2]}"#),
        ])
        defer { server.stop() }
        let pages = itemPages(pagingClient(server), listing(auth: ClientKeyAuth.self), paging: .linkHeader)
        let result = await collectPages(pages)
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2]])
        #expect(server.targets == ["/items?api_key=secret", "/items?page=2&api_key=secret"])
    }

    @Test func aRepeatedURLOrCursorEndsWithAnError() async throws {
        let server = try PagingServer(pages: [
            "/a": pageAnswer(#"{"items":[1]}"#, headers: [("Link", #"</b>; rel="next""#)]),
            "/b": pageAnswer(#"{"items":[2]}"#, headers: [("Link", #"</a>; rel="next""#)]),
            "/self": pageAnswer(#"{"items":[1]}"#, headers: [("Link", #"</self>; rel="next""#)]),
            "/c": pageAnswer(#"{"items":[1],"next":"x"}"#),
            "/c?cursor=x": pageAnswer(#"{"items":[2],"next":"y"}"#),
            "/c?cursor=y": pageAnswer(#"{"items":[3],"next":"x"}"#),
            "/s": pageAnswer(#"{"items":[5],"more":true}"#),
            "/s?after=5": pageAnswer(#"{"items":[5],"more":true}"#),
        ])
        defer { server.stop() }
        let client = pagingClient(server)
        let cycle = await collectPages(itemPages(client, listing("/a"), paging: .linkHeader))
        #expect(cycle.pages == [[1], [2]])
        #expect(cycle.error?.kind == .paging(.repeated(what: "URL")))
        #expect(cycle.error?.localizedDescription == "The server sent a page it had already sent, so paging stopped.")
        let itself = await collectPages(itemPages(client, listing("/self"), paging: .linkHeader))
        #expect(itself.pages == [[1]])
        #expect(itself.error?.kind == .paging(.repeated(what: "URL")))
        let cursor = await collectPages(
            itemPages(client, listing("/c"), paging: .cursor(at: ["next"], parameter: "cursor")))
        #expect(cursor.pages == [[1], [2], [3]])
        #expect(cursor.error?.kind == .paging(.repeated(what: "cursor")))
        let last = await collectPages(
            itemPages(client, listing("/s"), paging: .lastItem(parameter: "after", more: ["more"])))
        #expect(last.pages == [[5], [5]])
        #expect(last.error?.kind == .paging(.repeated(what: "last item identifier")))
        #expect(server.targets == ["/a", "/b", "/self", "/c", "/c?cursor=x", "/c?cursor=y", "/s", "/s?after=5"])
    }

    @Test(arguments: [
        ("/n", Paging.nextURL(at: ["next"]), "the next URL at next is a number"),
        ("/o", Paging.cursor(at: ["page", "cursor"], parameter: "c"), "the cursor at page.cursor is an object"),
        ("/f", Paging.cursor(at: ["page", "cursor"], parameter: "c"), "the cursor at page.cursor is a number"),
        ("/l", Paging.linkHeader, "the Link header is not a list of links"),
        ("/m", Paging.lastItem(parameter: "after", more: ["has_more"]), "the flag at has_more is a string"),
        ("/t", Paging.pageNumber(parameter: "page", totalPages: ["total"]), "the count at total is a string"),
        ("/q?page=two", Paging.pageNumber(parameter: "page", totalPages: nil), "the query item page is not a number"),
        ("/x", Paging.nextURL(at: ["a", "b"]), "the body has no readable a.b"),
    ])
    func aMalformedNextPageIsATypedErrorNamingTheEndpoint(target: String, paging: Paging, detail: String) async throws {
        let server = try PagingServer(pages: [
            "/n": pageAnswer(#"{"items":[1],"next":12}"#),
            "/o": pageAnswer(#"{"items":[1],"page":{"cursor":{"id":"x"}}}"#),
            "/f": pageAnswer(#"{"items":[1],"page":{"cursor":1.5}}"#),
            "/l": pageAnswer(#"{"items":[1]}"#, headers: [("Link", "next page, please")]),
            "/m": pageAnswer(#"{"items":[1],"has_more":"yes"}"#),
            "/t": pageAnswer(#"{"items":[1],"total":"3"}"#),
            "/q?page=two": pageAnswer(#"{"items":[1]}"#),
            "/x": pageAnswer(#"{"items":[1],"a":[1]}"#),
        ])
        defer { server.stop() }
        let path = String(target.prefix { $0 != "?" })
        let query = target.contains("?page=two") ? [QueryItem("page", "two")] : []
        let result = await collectPages(itemPages(pagingClient(server), listing(path, query: query), paging: paging))
        #expect(result.pages == [[1]], "the page before the malformed step is delivered")
        let error = try #require(result.error)
        #expect(error.kind == .paging(.malformed(detail)))
        #expect(error.endpoint == "items.list")
        #expect(error.url?.absoluteString == server.baseURL + target)
        #expect(server.targets == [target])
    }

    @Test func aNextPageThatNeverEndsStopsAtTheBound() async throws {
        let server = try PagingServer { target, _, _ in
            let page = Int(target.split(separator: "=").last ?? "") ?? 1
            return pageAnswer(#"{"items":[\#(page)]}"#, headers: [("Link", "</items?page=\(page + 1)>; rel=\"next\"")])
        }
        defer { server.stop() }
        let client = pagingClient(server)
        let three = await collectPages(itemPages(client, listing(), paging: .linkHeader, maxPages: 3))
        #expect(three.error == nil, "the bound is a normal end")
        #expect(three.pages == [[1], [2], [3]])
        #expect(server.targets == ["/items", "/items?page=2", "/items?page=3"])
        let none = await collectPages(itemPages(client, listing(), paging: .linkHeader, maxPages: 0))
        #expect(none.error == nil)
        #expect(none.pages.isEmpty)
        #expect(server.targets.count == 3, "no request at all for a bound of zero")
        let unbounded = await collectPages(itemPages(client, listing(), paging: .linkHeader))
        #expect(unbounded.error == nil)
        #expect(unbounded.pages.count == PageSequence<ItemsPage>.defaultMaxPages)
        #expect(PageSequence<ItemsPage>.defaultMaxPages == 100)
        #expect(server.targets.count == 103)
    }
}
#endif
