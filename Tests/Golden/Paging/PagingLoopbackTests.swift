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

@testable import GoldenPaging

/// The generated controller's `…Pages` and `…Items` over real HTTP, one style each: the `Paging` value the spec
/// gives each endpoint, checked by the requests on the wire, in order, each with the endpoint's credential.
@Suite(.timeLimit(.minutes(1)))
struct PagingLoopbackTests {
    /// A server answering each request target with its page; `{base}` in a body or header is its own URL.
    static func server(_ pages: [String: (headers: [(String, String)], body: String)]) throws -> ScriptedHTTPServer {
        let base = Locked("")
        let server = try ScriptedHTTPServer { request in
            guard let page = pages[request.target] else { return ScriptedHTTPServer.Response(status: 404) }
            let url = base.withLock { $0 }
            return ScriptedHTTPServer.Response(
                status: 200,
                headers: [("Content-Type", "application/json")]
                    + page.headers.map { ($0.0, $0.1.replacingOccurrences(of: "{base}", with: url)) },
                body: Data(page.body.replacingOccurrences(of: "{base}", with: url).utf8))
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    static func controller(for server: ScriptedHTTPServer) -> CatalogBusinessController {
        let client = APIClient(
            environments: ServerEnvironments(["api": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: .constant("secret-token"), cache: ResponseCache())
        return CatalogBusinessController(accessible: client)
    }

    static func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var elements: [S.Element] = []
        for try await element in sequence { elements.append(element) }
        return elements
    }

    /// The targets the server received, and whether each carried the bearer token.
    static func wire(_ server: ScriptedHTTPServer) -> [String] {
        server.received.map { request in
            request.target + (request.header("Authorization") == "Bearer secret-token" ? " +token" : "")
        }
    }

    @Test func aLinkHeaderIsFollowed() async throws {
        let server = try Self.server([
            "/repos/apple/swift/issues": (
                [("Link", "<{base}/repos/apple/swift/issues?page=2>; rel=\"next\"")], #"[{"number": 2, "title": "b"}]"#
            ),
            "/repos/apple/swift/issues?page=2": ([], #"[{"number": 1, "title": "a"}]"#),
        ])
        defer { server.stop() }
        let issues = try await Self.collect(Self.controller(for: server).issuesItems(owner: "apple", repo: "swift"))
        #expect(issues.map(\.number) == [2, 1])
        #expect(Self.wire(server) == ["/repos/apple/swift/issues +token", "/repos/apple/swift/issues?page=2 +token"])
    }

    @Test func aNextURLInTheBodyIsFollowed() async throws {
        let server = try Self.server([
            "/me/playlists": (
                [], #"{"items": [{"id": "p1", "name": "Focus"}], "next": "{base}/me/playlists?offset=1"}"#
            ),
            "/me/playlists?offset=1": ([], #"{"items": [{"id": "p2", "name": "Run"}], "next": null}"#),
        ])
        defer { server.stop() }
        let playlists = try await Self.collect(Self.controller(for: server).playlistsItems())
        #expect(playlists.map(\.name) == ["Focus", "Run"])
        #expect(Self.wire(server) == ["/me/playlists +token", "/me/playlists?offset=1 +token"])
    }

    @Test func aCursorIsSentBackAsItsQueryItemWithoutCredentialWhereTheEndpointHasNone() async throws {
        let server = try Self.server([
            "/conversations.list?limit=1": (
                [],
                #"{"channels": [{"id": "C1", "name": "general"}], "response_metadata": {"next_cursor": "dGVhbQ=="}}"#
            ),
            "/conversations.list?limit=1&cursor=dGVhbQ%3D%3D": (
                [], #"{"channels": [{"id": "C2", "name": "random"}], "response_metadata": {"next_cursor": ""}}"#
            ),
        ])
        defer { server.stop() }
        let channels = try await Self.collect(Self.controller(for: server).channelsItems(limit: 1))
        #expect(channels.map(\.id.rawValue) == ["C1", "C2"])
        #expect(
            Self.wire(server) == ["/conversations.list?limit=1", "/conversations.list?limit=1&cursor=dGVhbQ%3D%3D"])
    }

    @Test func theLastItemIsSentWhileTheBodySaysMore() async throws {
        let server = try Self.server([
            "/v1/customers?limit=1": ([], #"{"data": [{"id": "cus_1", "email": "a@x.io"}], "has_more": true}"#),
            "/v1/customers?limit=1&starting_after=cus_1": (
                [], #"{"data": [{"id": "cus_2", "email": "b@x.io"}], "has_more": false}"#
            ),
        ])
        defer { server.stop() }
        let customers = try await Self.collect(Self.controller(for: server).customersItems(limit: 1))
        #expect(customers.map(\.id.rawValue) == ["cus_1", "cus_2"])
        #expect(
            Self.wire(server) == ["/v1/customers?limit=1 +token", "/v1/customers?limit=1&starting_after=cus_1 +token"])
    }

    @Test func anOffsetAdvancesByTheItemsUntilTheTotal() async throws {
        let track = { (id: Int) in #"{"id": "t\#(id)", "name": "Track \#(id)"}"# }
        let server = try Self.server([
            "/albums/a1/tracks?offset=0&limit=2": ([], #"{"items": [\#(track(1)), \#(track(2))], "total": 3}"#),
            "/albums/a1/tracks?offset=2&limit=2": ([], #"{"items": [\#(track(3))], "total": 3}"#),
        ])
        defer { server.stop() }
        let tracks = try await Self.collect(Self.controller(for: server).albumTracksItems(id: "a1", limit: 2))
        #expect(tracks.map(\.name) == ["Track 1", "Track 2", "Track 3"])
        #expect(
            Self.wire(server) == [
                "/albums/a1/tracks?offset=0&limit=2 +token", "/albums/a1/tracks?offset=2&limit=2 +token",
            ])
    }

    /// Spotify's shared paging object: the items of a `page<track>` are its one list, counted to advance the offset.
    @Test func aStructPagesOneListIsItsItems() async throws {
        let track = { (id: Int) in #"{"id": "t\#(id)", "name": "Track \#(id)"}"# }
        let page = { (offset: Int, items: String) in
            #"{"items": [\#(items)], "offset": \#(offset), "limit": 2, "total": 3}"#
        }
        let server = try Self.server([
            "/me/tracks?offset=0&limit=2": ([], page(0, "\(track(1)), \(track(2))")),
            "/me/tracks?offset=2&limit=2": ([], page(2, track(3))),
        ])
        defer { server.stop() }
        let tracks = try await Self.collect(Self.controller(for: server).savedTracksItems(limit: 2))
        #expect(tracks.map(\.name) == ["Track 1", "Track 2", "Track 3"])
        #expect(Self.wire(server) == ["/me/tracks?offset=0&limit=2 +token", "/me/tracks?offset=2&limit=2 +token"])
    }

    /// The same page beside a response header: the payload holds the page as its `value`, and its items are read
    /// from there; each page answers its header.
    @Test func aStructPageInsideAPayloadIsReadFromItsValue() async throws {
        let track = { (id: Int) in #"{"id": "t\#(id)", "name": "Track \#(id)"}"# }
        let page = { (offset: Int, items: String) in
            #"{"items": [\#(items)], "offset": \#(offset), "limit": 2, "total": 3}"#
        }
        let server = try Self.server([
            "/me/tracks/limited?offset=0&limit=2": (
                [("X-RateLimit-Remaining", "9")], page(0, "\(track(1)), \(track(2))")
            ),
            "/me/tracks/limited?offset=2&limit=2": ([("X-RateLimit-Remaining", "8")], page(2, track(3))),
        ])
        defer { server.stop() }
        let controller = Self.controller(for: server)
        let tracks = try await Self.collect(controller.savedTracksLimitedItems(limit: 2))
        #expect(tracks.map(\.name) == ["Track 1", "Track 2", "Track 3"])
        let pages = try await Self.collect(controller.savedTracksLimitedPages(limit: 2))
        #expect(pages.map(\.remaining) == [9, 8])
        #expect(pages.map { $0.value.items.count } == [2, 1])
    }

    @Test func aPageNumberAdvancesUntilThePageCountOrAnEmptyPage() async throws {
        let movie = { (id: Int) in #"{"id": \#(id), "title": "Movie \#(id)"}"# }
        let server = try Self.server([
            "/discover/movie?page=1": ([], #"{"data": {"results": [\#(movie(1))], "total_pages": 2}}"#),
            "/discover/movie?page=2": ([], #"{"data": {"results": [\#(movie(2))], "total_pages": 2}}"#),
            "/search?q=m&page=1": ([], "[\(movie(3))]"),
            "/search?q=m&page=2": ([], "[]"),
        ])
        defer { server.stop() }
        let catalog = Self.controller(for: server)
        let discovered = try await Self.collect(catalog.discoverItems())
        let again = try await Self.collect(catalog.discoverPages())
        let found = try await Self.collect(catalog.searchItems(q: "m"))
        #expect(discovered.map(\.id) == [1, 2] && again.count == 2 && found.map(\.id) == [3])
        #expect(
            Self.wire(server) == [
                "/discover/movie?page=1 +token", "/discover/movie?page=2 +token",  // again: from the cache
                "/search?q=m&page=1 +token", "/search?q=m&page=2 +token",
            ])
    }

    @Test func aNextPageOnAnotherOriginIsRefusedAndNeverRequested() async throws {
        let other = try Self.server([:])
        defer { other.stop() }
        let server = try Self.server([
            "/repos/apple/swift/issues": (
                [("Link", "<\(other.baseURL)/steal?page=2>; rel=\"next\"")], #"[{"number": 2, "title": "b"}]"#
            )
        ])
        defer { server.stop() }
        var numbers: [Int] = []
        do {
            for try await issue in Self.controller(for: server).issuesItems(owner: "apple", repo: "swift") {
                numbers.append(issue.number)
            }
            Issue.record("the foreign link was followed")
        } catch {
            guard case .paging(.foreignOrigin(let origin)) = error.kind else {
                Issue.record("expected a foreign origin, got \(error)")
                return
            }
            #expect(other.baseURL.hasPrefix(origin) && error.endpoint == "catalog.issues")
        }
        #expect(numbers == [2], "the first page's items came before the error")
        #expect(other.received.isEmpty)
    }
}
#endif
