import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenPages

/// The one helper an app writes for every list: it compiles once, for `Page<Track>`, `Page<Artist>`, `Page<String>`
/// alike, because every endpoint and property that uses the spec's `page` gets the same generic type.
extension Page {
    var hasMore: Bool { next != nil }
    var pageNumber: Int { limit == 0 ? 0 : offset / limit }
}

/// The spec's generic `page` (Spotify's paging object) as a whole response, twice inside one (search), as an
/// entity's property (an album's tracks), and with a struct, a scalar and another page as its item.
@Suite struct PagesDecodingTests {
    private static func ok(_ json: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(json.utf8))
    }

    private static let tracks = """
        {"href": "https://api.spotify.com/v1/albums/a/tracks?offset=2&limit=2", "limit": 2, "offset": 2,
         "next": "https://api.spotify.com/v1/albums/a/tracks?offset=4&limit=2",
         "previous": "https://api.spotify.com/v1/albums/a/tracks?offset=0&limit=2", "total": 5,
         "items": [
           {"id": "t3", "name": "Three", "duration_ms": 1000, "explicit": false, "track_number": 3,
            "artists": [{"id": "a1", "name": "Muse"}]},
           {"id": "t4", "name": "Four", "duration_ms": 2000, "explicit": true, "track_number": 4, "artists": []}
         ]}
        """

    @Test func aWholeResponseIsThePageItself() throws {
        // The annotation is the point: the endpoint answers `Page<Track>`, no wrapper around it.
        let resource: BackendResource<Void, Page<Track>, NoAuth> = CatalogService.fetchAlbumTracksResource(
            id: "a", limit: 2, offset: 2)
        let page = try resource.readResponse(Self.ok(Self.tracks))
        #expect(page.items.map(\.id) == ["t3", "t4"])
        #expect(page.items.map(\.name) == ["Three", "Four"])
        #expect(page.items[0].artists.map(\.name) == ["Muse"])
        #expect(page.total == 5 && page.offset == 2 && page.limit == 2 && page.pageNumber == 1)
        #expect(page.hasMore && page.next?.query == "offset=4&limit=2")
        #expect(page.previous?.query == "offset=0&limit=2")
    }

    @Test func oneHelperServesEveryList() throws {
        let tracks = try CatalogService.fetchAlbumTracksResource(id: "a").readResponse(Self.ok(Self.tracks))
        let images = try CatalogService.fetchArtistImagesResource(id: "a1").readResponse(
            Self.ok(
                #"{"href": "https://x.test/i", "items": [{"url": "https://x.test/1.jpg", "height": 64, "width": 64}], "#
                    + #""limit": 1, "offset": 0, "next": null, "previous": null, "total": 1}"#))
        let seeds = try CatalogService.fetchGenreSeedsResource().readResponse(
            Self.ok(
                #"{"href": "https://x.test/g", "items": ["acoustic", "afrobeat"], "limit": 2, "offset": 0, "#
                    + #""next": "https://x.test/g?offset=2", "previous": null, "total": 120}"#,
                headers: ["ETag": "\"seeds-1\""]))
        #expect(tracks.hasMore && !images.hasMore && seeds.value.hasMore)
        #expect(images.items.first?.height == 64)
        #expect(seeds.value.items == ["acoustic", "afrobeat"] && seeds.etag == "\"seeds-1\"")
        // The same type wherever it comes from: a page read from a response and one made in code are comparable.
        let made = Page<String>(
            href: URL(string: "https://x.test/g")!, items: ["acoustic", "afrobeat"], limit: 2,
            next: URL(string: "https://x.test/g?offset=2"), offset: 0, total: 120)
        #expect(made == seeds.value)
        #expect(Set([made, seeds.value]).count == 1, "Hashable where its item is")
    }

    @Test func aSearchAnswersTwoPagesInOneBody() throws {
        let artistsPage = """
            {"href": "https://api.spotify.com/v1/search?type=artist", "limit": 1, "offset": 0, "next": null,
             "previous": null, "total": 1, "items": [{"id": "a1", "name": "Muse", "genres": ["rock"]}]}
            """
        let body = #"{"tracks": \#(Self.tracks), "artists": \#(artistsPage)}"#
        let result: SearchResult = try CatalogService.fetchSearchResource(q: "muse", type: "track,artist")
            .readResponse(Self.ok(body))
        let tracks: Page<Track>? = result.tracks
        let artists: Page<Artist>? = result.artists
        #expect(tracks?.items.count == 2 && tracks?.hasMore == true)
        #expect(artists?.items.map(\.genres) == [["rock"]] && artists?.hasMore == false)
        // A search for one type answers one page; the other is absent.
        let onlyArtists = try SearchResult.decode(from: Data(#"{"artists": \#(artistsPage)}"#.utf8))
        #expect(onlyArtists.tracks == nil && onlyArtists.artists == artists)
    }

    @Test func anEntityHoldsAPageAsAProperty() throws {
        let album = try CatalogService.fetchAlbumResource(id: "a").readResponse(
            Self.ok(
                #"{"id": "a", "name": "Hmm", "release_date": "2012", "images": [], "tracks": \#(Self.tracks)}"#))
        let tracks: Page<Track> = album.tracks
        #expect(tracks.items.map(\.trackNumber) == [3, 4] && tracks.hasMore && album.totalTracks == nil)
    }

    @Test func anItemThatDoesNotDecodeIsDroppedAndReported() throws {
        // `items` has `failable_items: true`: the track without an id goes through the entity's own decoding,
        // fails it, and is dropped (reported) rather than failing the page.
        let body = Self.tracks.replacingOccurrences(of: #""id": "t3", "#, with: "")
        let (page, issues) = try DecodingIssueReporter.collectingIssues {
            try CatalogService.fetchAlbumTracksResource(id: "a").readResponse(Self.ok(body))
        }
        #expect(page.items.map(\.id) == ["t4"])
        #expect(issues.count == 1, "the dropped track is reported: \(issues)")
    }

    @Test func aPageNestsAndTwoParametersTakeTheirOwnArguments() throws {
        let inner = #"{"href": "https://x.test/i", "items": [1, 2], "limit": 2, "offset": 0, "total": 2}"#
        let shelves = try CatalogService.fetchPagesOfPagesResource().readResponse(
            Self.ok(
                #"[{"href": "https://x.test/o", "items": [\#(inner)], "limit": 1, "offset": 0, "total": 1}]"#))
        let items: [Page<Page<Int>>] = shelves.value
        #expect(items.first?.items.first?.items == [1, 2])
        let keyed: Keyed<String, Artist> = try CatalogService.fetchKeyedResource().readResponse(
            Self.ok(#"{"key": "k", "values": [{"id": "a1", "name": "Muse"}], "first": {"id": "a2", "name": "X"}}"#))
        #expect(keyed.key == "k" && keyed.values.map(\.name) == ["Muse"] && keyed.first?.id == "a2")
        #expect(keyed.byName.isEmpty, "a missing map takes its default")
    }

    @Test func aPageEncodesBackToWhatItDecodedFrom() throws {
        let page = try Page<Track>.decode(from: Data(Self.tracks.utf8))
        let again = try Page<Track>.decode(from: JSONEncoder().encode(page))
        #expect(again == page)
    }

    // MARK: Real Spotify bodies (../shared/testdata/bodies/spotify)

    static let spotify = "bodies/spotify"

    private static func body(_ name: String) throws -> HTTPResponse {
        let folder = try #require(ConformanceSuites.folder(spotify), "\(ConformanceSuites.skipReason(spotify))")
        return HTTPResponse(status: 200, body: try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test(.enabled(if: ConformanceSuites.shouldRun(spotify), Comment(rawValue: ConformanceSuites.skipReason(spotify))))
    func spotifysRealBodiesDecode() throws {
        let (album, albumIssues) = try DecodingIssueReporter.collectingIssues {
            try CatalogService.fetchAlbumResource(id: "x").readResponse(Self.body("album.json"))
        }
        #expect(albumIssues.isEmpty, "\(albumIssues)")
        #expect(!album.tracks.items.isEmpty && album.tracks.items.count <= album.tracks.limit)
        #expect(album.tracks.total >= album.tracks.items.count && album.tracks.href.host == "api.spotify.com")

        let (search, searchIssues) = try DecodingIssueReporter.collectingIssues {
            try CatalogService.fetchSearchResource(q: "muse", type: "track,artist").readResponse(
                Self.body("search.json"))
        }
        #expect(searchIssues.isEmpty, "\(searchIssues)")
        let tracks = try #require(search.tracks)
        let artists = try #require(search.artists)
        #expect(!tracks.items.isEmpty && !artists.items.isEmpty)
        #expect(tracks.hasMore == (tracks.offset + tracks.items.count < tracks.total))
        #expect(artists.hasMore == (artists.offset + artists.items.count < artists.total))

        let (saved, savedIssues) = try DecodingIssueReporter.collectingIssues {
            try CatalogService.fetchSavedTracksResource().readResponse(Self.body("saved_tracks.json"))
        }
        #expect(savedIssues.isEmpty, "\(savedIssues)")
        #expect(!saved.items.isEmpty && saved.items.allSatisfy { !$0.track.name.isEmpty && !$0.addedAt.isEmpty })
    }
}
