// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// Each paging style end to end: `PageSequence` over `APIClient` and URLSession against a scripted server, checking
/// the exact requests on the wire, in order.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackPagingStylesTests {
    @Test func linkHeaderFollowsRelativeAndAbsoluteNextLinks() async throws {
        let server = try PagingServer(pages: [
            "/items": pageAnswer(#"{"items":[1,2]}"#, headers: [("Link", #"</items?page=2>; rel="next""#)]),
            "/items?page=2": pageAnswer(
                #"{"items":[3,4]}"#,
                headers: [("Link", #"<{base}/items?page=1>; rel="prev", <{base}/items?page=3>; rel="next""#)]),
            "/items?page=3": pageAnswer(#"{"items":[5]}"#, headers: [("Link", #"<{base}/items>; rel="first""#)]),
        ])
        defer { server.stop() }
        let result = await collectPages(itemPages(pagingClient(server), listing(), paging: .linkHeader))
        #expect(result.error == nil)
        #expect(result.pages == [[1, 2], [3, 4], [5]])
        #expect(server.targets == ["/items", "/items?page=2", "/items?page=3"])
        #expect(server.server.received.allSatisfy { $0.header("Authorization") == "Bearer secret" })
    }

    @Test func relativeLinksResolveAgainstTheRequestedURL() async throws {
        let server = try PagingServer(pages: [
            "/v1/items?sort=new": pageAnswer(#"{"items":[1]}"#, headers: [("Link", #"<more?page=2>; rel="next""#)]),
            "/v1/more?page=2": pageAnswer(#"{"items":[2]}"#, headers: [("Link", #"<?page=3>; rel="next""#)]),
            "/v1/more?page=3": pageAnswer(#"{"items":[3]}"#, headers: [("Link", #"<../v2/x>; rel="next""#)]),
            "/v2/x": pageAnswer(#"{"items":[4]}"#),
        ])
        defer { server.stop() }
        let first = listing("/v1/items", query: [QueryItem("sort", "new")])
        let result = await collectPages(itemPages(pagingClient(server), first, paging: .linkHeader))
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2], [3], [4]])
        #expect(server.targets == ["/v1/items?sort=new", "/v1/more?page=2", "/v1/more?page=3", "/v2/x"])
    }

    /// A next URL's scheme and host compare without regard to case, and are sent lowercased: FoundationNetworking
    /// refuses `HTTP://`.
    @Test func anUpperCaseSchemeIsTheSameOriginAndSentLowercased() async throws {
        let server = try PagingServer { target, base, _ in
            guard target == "/items" else { return pageAnswer(#"{"items":[2]}"#) }
            let shouting = base.replacingOccurrences(of: "http://", with: "HTTP://")
            return pageAnswer(#"{"items":[1]}"#, headers: [("Link", "<\(shouting)/items?page=2>; rel=\"next\"")])
        }
        defer { server.stop() }
        let result = await collectPages(itemPages(pagingClient(server), listing(), paging: .linkHeader))
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2]])
        #expect(server.targets == ["/items", "/items?page=2"])
    }

    @Test func nextURLInTheBodyIsFollowedUntilNull() async throws {
        let server = try PagingServer(pages: [
            "/items": pageAnswer(#"{"items":[1],"paging":{"next":"{base}/items?after=a"}}"#),
            "/items?after=a": pageAnswer(#"{"items":[2],"paging":{"next":"/items?after=b"}}"#),
            "/items?after=b": pageAnswer(#"{"items":[3],"paging":{"next":null}}"#),
        ])
        defer { server.stop() }
        let pages = itemPages(pagingClient(server), listing(), paging: .nextURL(at: ["paging", "next"]))
        let result = await collectPages(pages)
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2], [3]])
        #expect(server.targets == ["/items", "/items?after=a", "/items?after=b"])
    }

    @Test func aCursorReplacesItsQueryItemOrIsAppended() async throws {
        let server = try PagingServer(pages: [
            "/items?limit=2": pageAnswer(#"{"items":[1,2],"meta":{"next_cursor":"a b/c+="}}"#),
            "/items?limit=2&cursor=a%20b%2Fc%2B%3D": pageAnswer(#"{"items":[3,4],"meta":{"next_cursor":42}}"#),
            "/items?limit=2&cursor=42": pageAnswer(#"{"items":[5],"meta":{"next_cursor":""}}"#),
            "/items?cursor=start&limit=2": pageAnswer(#"{"items":[1],"meta":{"next_cursor":"z"}}"#),
            "/items?cursor=z&limit=2": pageAnswer(#"{"items":[2],"meta":{}}"#),
        ])
        defer { server.stop() }
        let paging = Paging.cursor(at: ["meta", "next_cursor"], parameter: "cursor")
        let appended = await collectPages(
            itemPages(pagingClient(server), listing(query: [QueryItem("limit", "2")]), paging: paging))
        #expect(appended.error == nil)
        #expect(appended.pages == [[1, 2], [3, 4], [5]])
        let replaced = await collectPages(
            itemPages(
                pagingClient(server), listing(query: [QueryItem("cursor", "start"), QueryItem("limit", "2")]),
                paging: paging))
        #expect(replaced.error == nil)
        #expect(replaced.pages == [[1], [2]])
        #expect(
            server.targets == [
                "/items?limit=2", "/items?limit=2&cursor=a%20b%2Fc%2B%3D", "/items?limit=2&cursor=42",
                "/items?cursor=start&limit=2", "/items?cursor=z&limit=2",
            ])
    }

    @Test func bodyValuesAreFoundPastMembersThatLookLikeThem() async throws {
        // Strings holding brackets and quotes, a `next` in a nested list and in another object, escapes and a
        // surrogate pair in the cursor itself: only `meta.next` counts, decoded.
        let first = #"""
            {"a": "}{\"[", "list": [{"next": "wrong"}, "]", {"x": [[]]}], "items": [1],
             "meta": {"x": {"next": 1}, "next" : "a\"b\u00e9\ud83d\ude00 \/"}, "next": "wrong"}
            """#
        let server = try PagingServer(pages: [
            "/items": pageAnswer(first),
            "/items?c=a%22b%C3%A9%F0%9F%98%80%20%2F": pageAnswer(#"{"items":[2],"meta":{"next":null}}"#),
        ])
        defer { server.stop() }
        let result = await collectPages(
            itemPages(pagingClient(server), listing(), paging: .cursor(at: ["meta", "next"], parameter: "c")))
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2]])
        #expect(server.targets == ["/items", "/items?c=a%22b%C3%A9%F0%9F%98%80%20%2F"])
    }

    @Test func lastItemSendsTheLastIdentifierWhileMoreIsTrue() async throws {
        let server = try PagingServer(pages: [
            "/customers?limit=2": pageAnswer(#"{"items":[11,12],"has_more":true}"#),
            "/customers?limit=2&starting_after=12": pageAnswer(#"{"items":[13,14],"has_more":true}"#),
            "/customers?limit=2&starting_after=14": pageAnswer(#"{"items":[15],"has_more":false}"#),
        ])
        defer { server.stop() }
        let first = listing("/customers", query: [QueryItem("limit", "2")])
        let result = await collectPages(
            itemPages(pagingClient(server), first, paging: .lastItem(parameter: "starting_after", more: ["has_more"])))
        #expect(result.error == nil)
        #expect(result.pages == [[11, 12], [13, 14], [15]])
        #expect(
            server.targets == [
                "/customers?limit=2", "/customers?limit=2&starting_after=12", "/customers?limit=2&starting_after=14",
            ])
    }

    @Test func offsetAdvancesByTheItemsReceivedUntilTheTotal() async throws {
        let server = try PagingServer(pages: [
            "/items?offset=0&limit=2": pageAnswer(#"{"items":[1,2],"total":5}"#),
            "/items?offset=2&limit=2": pageAnswer(#"{"items":[3,4],"total":5}"#),
            "/items?offset=4&limit=2": pageAnswer(#"{"items":[5],"total":5}"#),
        ])
        defer { server.stop() }
        let first = listing(query: [QueryItem("offset", "0"), QueryItem("limit", "2")])
        let paging = Paging.offset(parameter: "offset", limit: nil, total: ["total"])
        let result = await collectPages(itemPages(pagingClient(server), first, paging: paging))
        #expect(result.error == nil)
        #expect(result.pages == [[1, 2], [3, 4], [5]])
        #expect(server.targets == ["/items?offset=0&limit=2", "/items?offset=2&limit=2", "/items?offset=4&limit=2"])
    }

    /// A page shorter than `limit` does not end the list while the body's total says more remain (Spotify answers
    /// fewer items than asked for when some are unavailable).
    @Test func aTotalOutranksAShortPage() async throws {
        let server = try PagingServer(pages: [
            "/items?offset=0&limit=3": pageAnswer(#"{"items":[1],"total":4}"#),
            "/items?offset=1&limit=3": pageAnswer(#"{"items":[2,3,4],"total":4}"#),
        ])
        defer { server.stop() }
        let first = listing(query: [QueryItem("offset", "0"), QueryItem("limit", "3")])
        let paging = Paging.offset(parameter: "offset", limit: "limit", total: ["total"])
        let result = await collectPages(itemPages(pagingClient(server), first, paging: paging))
        #expect(result.error == nil)
        #expect(result.pages == [[1], [2, 3, 4]])
        #expect(server.targets == ["/items?offset=0&limit=3", "/items?offset=1&limit=3"])
    }

    @Test func offsetEndsOnAShortPageOrAnEmptyOne() async throws {
        let server = try PagingServer(pages: [
            "/items?limit=2": pageAnswer(#"{"items":[1,2]}"#),
            "/items?limit=2&offset=2": pageAnswer(#"{"items":[3]}"#),
            "/other": pageAnswer(#"{"items":[1,2,3]}"#),
            "/other?offset=3": pageAnswer(#"{"items":[]}"#),
        ])
        defer { server.stop() }
        let short = await collectPages(
            itemPages(
                pagingClient(server), listing(query: [QueryItem("limit", "2")]),
                paging: .offset(parameter: "offset", limit: "limit", total: nil)))
        #expect(short.error == nil)
        #expect(short.pages == [[1, 2], [3]])
        let empty = await collectPages(
            itemPages(
                pagingClient(server), listing("/other"), paging: .offset(parameter: "offset", limit: nil, total: nil)))
        #expect(empty.error == nil)
        #expect(empty.pages == [[1, 2, 3], []])
        #expect(server.targets == ["/items?limit=2", "/items?limit=2&offset=2", "/other", "/other?offset=3"])
    }

    @Test func pageNumberAdvancesUntilTheTotalPagesOrAnEmptyPage() async throws {
        let server = try PagingServer(pages: [
            "/items?page=1": pageAnswer(#"{"items":[1],"data":{"total_pages":2}}"#),
            "/items?page=2": pageAnswer(#"{"items":[2],"data":{"total_pages":2}}"#),
            "/open": pageAnswer(#"{"items":[1]}"#),
            "/open?page=2": pageAnswer(#"{"items":[2]}"#),
            "/open?page=3": pageAnswer(#"{"items":[]}"#),
        ])
        defer { server.stop() }
        let client = pagingClient(server)
        let counted = await collectPages(
            itemPages(
                client, listing(query: [QueryItem("page", "1")]),
                paging: .pageNumber(parameter: "page", totalPages: ["data", "total_pages"])))
        #expect(counted.error == nil)
        #expect(counted.pages == [[1], [2]])
        let open = await collectPages(
            itemPages(client, listing("/open"), paging: .pageNumber(parameter: "page", totalPages: nil)))
        #expect(open.error == nil)
        #expect(open.pages == [[1], [2], []])
        #expect(server.targets == ["/items?page=1", "/items?page=2", "/open", "/open?page=2", "/open?page=3"])
    }

    @Test func itemsRunOverEveryPageLazily() async throws {
        let server = try PagingServer(pages: [
            "/items": pageAnswer(#"{"items":[1,2]}"#, headers: [("Link", #"</items?page=2>; rel="next""#)]),
            "/items?page=2": pageAnswer(#"{"items":[]}"#, headers: [("Link", #"</items?page=3>; rel="next""#)]),
            "/items?page=3": pageAnswer(#"{"items":[3]}"#),
        ])
        defer { server.stop() }
        let items = itemPages(pagingClient(server), listing(), paging: .linkHeader).items { $0.items }
        var iterator = items.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
        #expect(server.targets == ["/items"], "the second page is requested only when an item of it is needed")
        var rest: [Int] = []
        while let item = try await iterator.next() { rest.append(item) }
        #expect(rest == [3])
        #expect(server.targets == ["/items", "/items?page=2", "/items?page=3"])
        // A second iteration starts over.
        var again: [Int] = []
        for try await item in items { again.append(item) }
        #expect(again == [1, 2, 3])
    }
}
#endif
