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

@testable import GoldenPages

/// The generated catalog client over real HTTP: an album's tracks come back a page at a time, and the `next` URL of
/// one page is where the following request goes — the one helper (`hasMore`) works on whatever list it holds — and
/// a page asked for again comes from the response cache.
@Suite(.timeLimit(.minutes(1)))
struct PagesLoopbackTests {
    static func controller(for server: ScriptedHTTPServer) -> CatalogBusinessController {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let client = APIClient(
            environments: ServerEnvironments(["spotify": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: configuration)), cache: ResponseCache())
        return CatalogBusinessController(accessible: client)
    }

    /// Track `number` of the album, as Spotify's simplified track object.
    static func track(_ number: Int) -> String {
        #"{"id": "t\#(number)", "name": "Track \#(number)", "duration_ms": \#(number * 1000), "explicit": false, "#
            + #""track_number": \#(number), "artists": [{"id": "a1", "name": "Muse"}]}"#
    }

    @Test func anAlbumsTracksArriveAPageAtATime() async throws {
        let base = Locked("")
        let targets = Locked<[String]>([])
        let server = try ScriptedHTTPServer { request in
            targets.withLock { $0.append(request.target) }
            let offset = request.target.contains("offset=2") ? 2 : 0
            let root = base.withLock { $0 } + "/albums/a/tracks"
            let next = offset == 0 ? #""\#(root)?offset=2&limit=2""# : "null"
            let items = (offset + 1...min(offset + 2, 3)).map(Self.track).joined(separator: ", ")
            let body =
                #"{"href": "\#(root)?offset=\#(offset)&limit=2", "items": [\#(items)], "limit": 2, "#
                + #""next": \#(next), "offset": \#(offset), "previous": null, "total": 3}"#
            return ScriptedHTTPServer.Response(
                status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
        defer { server.stop() }
        base.withLock { $0 = server.baseURL }
        let catalog = Self.controller(for: server)

        var page: Page<Track> = try await catalog.fetchAlbumTracks(id: "a", limit: 2, offset: nil)
        var names = page.items.map(\.name)
        while page.hasMore, let next = page.next {
            let offset = URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "offset" }?.value.flatMap(Int.init)
            page = try await catalog.fetchAlbumTracks(id: "a", limit: 2, offset: offset)
            names += page.items.map(\.name)
        }
        #expect(names == ["Track 1", "Track 2", "Track 3"])
        #expect(page.total == 3 && page.offset == 2 && !page.hasMore)
        #expect(targets.withLock { $0 } == ["/albums/a/tracks?limit=2", "/albums/a/tracks?limit=2&offset=2"])
        // A page is cached like any response (`cache: { ttl: 300 }`): asked again, it answers without a request,
        // its tracks decoded again through the entity's own decoding.
        let again = try await catalog.fetchAlbumTracks(id: "a", limit: 2, offset: nil)
        #expect(again.items.map(\.name) == ["Track 1", "Track 2"] && again.hasMore)
        #expect(targets.withLock { $0 }.count == 2, "the first page came from the cache")
    }
}
#endif
