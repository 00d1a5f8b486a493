import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenPaging

/// The generated paging API: the client's `…Pages` closures (preview from the example, one page then the end;
/// unimplemented; stubbed with static pages) and the `…Items` methods derived from them, and the controller
/// protocol's defaults and items, which reach the controller's own `…Pages`.
@Suite struct PagingTests {
    /// Every element of `sequence`, or the error its iteration threw.
    static func collect<S: AsyncSequence>(_ sequence: S) async -> Result<[S.Element], APIError>
    where S.Failure == APIError {
        var elements: [S.Element] = []
        var iterator = sequence.makeAsyncIterator()
        do {
            while let element = try await iterator.next(isolation: nil) { elements.append(element) }
            return .success(elements)
        } catch {
            return .failure(error)
        }
    }

    @Test func previewPagesAreTheExampleThenTheEnd() async throws {
        let pages = try await Self.collect(CatalogClient.preview.issuesPages(owner: "apple", repo: "swift")).get()
        #expect(pages.map { $0.value.map(\.number) } == [[2, 1]])
        let issues = try await Self.collect(CatalogClient.preview.issuesItems(owner: "apple", repo: "swift")).get()
        #expect(issues.map(\.title) == ["Paging", "Caching"])
        let customers = try await Self.collect(CatalogClient.preview.customersItems()).get()
        #expect(customers.map(\.id) == ["cus_1", "cus_2"])
        let playlists = try await Self.collect(CatalogClient.preview.playlistsItems(maxPages: 1)).get()
        #expect(playlists.map(\.name) == ["Focus"])
    }

    @Test func previewWithoutAnExampleSaysSo() async {
        let result = await Self.collect(CatalogClient.preview.discoverItems(withGenres: [28]))
        #expect(throws: APIError.self) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.kind == .noPreview(closure: "CatalogClient.discoverPages"))
            #expect(error.endpoint == "catalog.discover" && error.method == .get)
        }
        // A struct page's items are its one list; without an example its preview says so.
        if case .failure(let error) = await Self.collect(CatalogClient.preview.eventsItems()) {
            #expect(error.kind == .noPreview(closure: "CatalogClient.eventsPages"))
        } else {
            Issue.record("eventsPages has no example")
        }
    }

    @Test func unimplementedNamesTheClosure() async {
        guard case .failure(let error) = await Self.collect(CatalogClient.unimplemented.searchItems(q: "matrix")) else {
            Issue.record("searchPages is unimplemented")
            return
        }
        #expect(error.kind == .unimplemented(closure: "CatalogClient.searchPages"))
        #expect(error.endpoint == "catalog.search")
    }

    /// Stubbing the pages closure stubs the items too: they come from the pages, in order, with the spec's
    /// defaults and the runtime's page bound as the closure's arguments.
    @Test func stubbedPagesServeTheItems() async throws {
        var client = CatalogClient.unimplemented
        let asked = Locked<[String]>([])
        let first = CatalogAlbumTracksResponse(tracks: [Track(id: "t1", name: "One"), Track(id: "t2", name: "Two")])
        let second = CatalogAlbumTracksResponse(tracks: nil)
        let third = CatalogAlbumTracksResponse(tracks: [Track(id: "t3", name: "Three")])
        client.albumTracksPages = { id, offset, limit, maxPages in
            asked.withLock { $0.append("\(id) \(offset) \(limit) \(maxPages)") }
            return PageSequence(pages: [first, second, third])
        }
        let tracks = try await Self.collect(client.albumTracksItems(id: "a1")).get()
        #expect(tracks.map(\.name) == ["One", "Two", "Three"])
        let pages = try await Self.collect(client.albumTracksPages(id: "a2", offset: 40, maxPages: 3)).get()
        #expect(pages == [first, second, third])
        #expect(
            asked.withLock { $0 }
                == ["a1 0 20 \(PageSequence<CatalogAlbumTracksResponse>.defaultMaxPages)", "a2 40 20 3"])
    }

    /// The protocol extension's defaults and `…Items` call the controller's `…Pages` requirement (never
    /// themselves), also through a client made `live` from it.
    @Test func controllerDefaultsAndItemsReachThePagesRequirement() async throws {
        let controller = StubController()
        let movies = try await Self.collect(controller.discoverItems(withGenres: [28])).get()
        #expect(movies.map(\.title) == ["Alien", "Heat"])
        let customers = try await Self.collect(CatalogClient.live(controller).customersItems(limit: 2)).get()
        #expect(customers.map(\.email) == ["a@example.com"])
        #expect(controller.asked.withLock { $0 } == ["discover 1 [28] 100", "customers 2 100"])
    }
}

/// A controller whose paged endpoints answer static pages and record their arguments; the rest is unused.
private struct StubController: CatalogBusinessControllerProtocol {
    let asked = Locked<[String]>([])

    func discoverPages(page: Int, withGenres: [Int]?, maxPages: Int) -> PageSequence<CatalogDiscoverResponse> {
        asked.withLock { $0.append("discover \(page) \(withGenres ?? []) \(maxPages)") }
        let metadata = CatalogDiscoverResponseMetadata(totalPages: 2)
        return PageSequence(pages: [
            CatalogDiscoverResponse(movies: [Movie(id: 1, title: "Alien")], metadata: metadata),
            CatalogDiscoverResponse(movies: [Movie(id: 2, title: "Heat")], metadata: metadata),
        ])
    }

    func customersPages(limit: Int?, maxPages: Int) -> PageSequence<CatalogCustomersResponse> {
        asked.withLock { $0.append("customers \(limit ?? 0) \(maxPages)") }
        return PageSequence(pages: [CatalogCustomersResponse(customers: [Customer(id: "c1", email: "a@example.com")])])
    }

    func issuesPages(owner: String, repo: String, perPage: Int?, maxPages: Int) -> PageSequence<CatalogIssuesResponse> {
        PageSequence(pages: [])
    }
    func eventsPages(maxPages: Int) -> PageSequence<EventPage> { PageSequence(pages: []) }
    func playlistsPages(maxPages: Int) -> PageSequence<CatalogPlaylistsResponse> { PageSequence(pages: []) }
    func channelsPages(cursor: String?, limit: Int?, maxPages: Int) -> PageSequence<CatalogChannelsResponse> {
        PageSequence(pages: [])
    }
    func albumTracksPages(
        id: String, offset: Int, limit: Int, maxPages: Int
    ) -> PageSequence<CatalogAlbumTracksResponse> {
        PageSequence(pages: [])
    }
    func searchPages(q: String, pageNumber: Int, maxPages: Int) -> PageSequence<CatalogSearchResponse> {
        PageSequence(pages: [])
    }
    func savedTracksPages(offset: Int, limit: Int, maxPages: Int) -> PageSequence<Page<Track>> {
        PageSequence(pages: [])
    }
    func savedTracksLimitedPages(
        offset: Int, limit: Int, maxPages: Int
    ) -> PageSequence<CatalogSavedTracksLimitedResponse> {
        PageSequence(pages: [])
    }
    func reportsPages(maxPages: Int) -> PageSequence<Report> { PageSequence(pages: []) }

    func fetchIssues(owner: String, repo: String, perPage: Int?) async throws(APIError) -> CatalogIssuesResponse {
        throw Self.unused
    }
    func fetchEvents() async throws(APIError) -> EventPage { throw Self.unused }
    func fetchSavedTracks(offset: Int, limit: Int) async throws(APIError) -> Page<Track> { throw Self.unused }
    func fetchSavedTracksLimited(
        offset: Int, limit: Int
    ) async throws(APIError) -> CatalogSavedTracksLimitedResponse { throw Self.unused }
    func fetchReports() async throws(APIError) -> Report { throw Self.unused }
    func fetchPlaylists() async throws(APIError) -> CatalogPlaylistsResponse { throw Self.unused }
    func fetchChannels(cursor: String?, limit: Int?) async throws(APIError) -> CatalogChannelsResponse {
        throw Self.unused
    }
    func fetchCustomers(limit: Int?) async throws(APIError) -> CatalogCustomersResponse { throw Self.unused }
    func fetchAlbumTracks(id: String, offset: Int, limit: Int) async throws(APIError) -> CatalogAlbumTracksResponse {
        throw Self.unused
    }
    func fetchDiscover(page: Int, withGenres: [Int]?) async throws(APIError) -> CatalogDiscoverResponse {
        throw Self.unused
    }
    func prefetchDiscover(page: Int, withGenres: [Int]?) async throws(APIError) { throw Self.unused }
    func fetchSearch(q: String, pageNumber: Int) async throws(APIError) -> CatalogSearchResponse { throw Self.unused }

    static let unused = APIError.unimplemented("StubController", endpoint: "catalog", method: .get)
}
