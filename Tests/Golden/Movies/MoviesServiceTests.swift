import Foundation
import LucidRuntime
import Testing

@testable import GoldenMovies

/// The generated services, servers and auth types driven through a real `APIClient` (in-memory transport).
@Suite struct MoviesServiceTests {
    /// Records what was sent and answers with `body` and `status`.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [HTTPRequest] = []
        var requests: [HTTPRequest] { lock.withLock { sent } }

        func transport(status: Int = 200, body: String) -> HTTPTransport {
            .inMemory { request in
                self.lock.withLock { self.sent.append(request) }
                return HTTPResponse(status: status, body: Data(body.utf8))
            }
        }
    }

    private func client(_ recorder: Recorder, body: String, environment: String? = nil) -> APIClient {
        APIClient(
            environments: MoviesServers.environments(current: environment),
            transport: recorder.transport(body: body),
            credentials: CredentialProvider(credential: { scheme in scheme == APIKeyAuth.self ? "key-1" : "token-2" }))
    }

    @Test func discoverBuildsTheQueryAndDecodesThePayload() async throws {
        let recorder = Recorder()
        let body =
            #"{"data": {"total_results": 1, "total_pages": 1, "results": [{"id": 7, "title": "T", "popularity": 1, "genre_ids": []}]}}"#
        let response = try await client(recorder, body: body).accessor(for: APIKeyAuth.self)
            .access(
                MoviesService.fetchDiscoverResource(page: 2, sortBy: "title & more", withGenres: [28, 878]), with: ())
        #expect(response.movies.map(\.id) == [7] && response.metadata.totalPages == 1)
        let url = try #require(recorder.requests.first?.url.absoluteString)
        #expect(
            url
                == "https://api.example-movies.com/3/discover/movie?page=2&sort_by=title%20%26%20more&with_genres=28&with_genres=878&api_key=key-1"
        )
    }

    @Test func pathParametersHeadersAndEnvironments() async throws {
        let recorder = Recorder()
        let body = #"{"id": 603, "title": "The Matrix", "popularity": 1, "genre_ids": []}"#
        let movie = try await client(recorder, body: body, environment: "local").accessor(for: APIKeyAuth.self)
            .access(MoviesService.fetchMovieResource(id: 603, ifNoneMatch: "\"v1\""), with: ()).movie
        #expect(movie.title == "The Matrix")
        let request = try #require(recorder.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/3/movie/603?api_key=key-1")
        #expect(
            request.headers["If-None-Match"] == "\"v1\"" && request.method == .get && request.timeout == .seconds(10))
    }

    @Test func bodiesAuthAndQueueOptions() async throws {
        let recorder = Recorder()
        let result = try await client(recorder, body: #"{"data": {"result": {"success": true}}}"#).accessor(
            for: SessionAuth.self
        )
        .access(MoviesService.rateResource(id: 9), with: RatingRequest(value: 8.5)).value
        #expect(result.success)
        let request = try #require(recorder.requests.first)
        #expect(request.method == .post && request.url.path == "/3/movie/9/rating")
        #expect(request.headers["Authorization"] == "Bearer token-2")
        #expect(
            try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: Double] == ["value": 8.5])
        let queue = try #require(MoviesService.rateResource(id: 9).queue)
        #expect(
            queue
                == QueueOptions(
                    order: .barrier, persist: true, retry: [.network, .timeout, .status(503)], maxAttempts: 3,
                    backoff: 1))
        #expect(
            MoviesService.fetchDiscoverResource().cacheTTL == .seconds(300)
                && !MoviesService.rateResource(id: 1).deduplicate)
    }

    @Test func formAndRawBodiesAndUnauthenticatedResources() async throws {
        let recorder = Recorder()
        let token = try await client(recorder, body: #"{"session_id": "abc"}"#).unauthenticated
            .access(AccountService.loginResource(), with: LoginForm(username: "neo", password: "red pill")).value
        #expect(token == "abc")
        let login = try #require(recorder.requests.first)
        #expect(
            String(decoding: try #require(login.body), as: UTF8.self)
                == "username=neo&password=red%20pill&remember=false")
        #expect(login.headers["Authorization"] == nil && login.url.query == nil)
        let upload = ImagesService.uploadPosterResource(movieID: 3)
        #expect(upload.server == MoviesServers.images && upload.bodyEncoding == .raw(contentType: "image/jpeg"))
        #expect(try upload.encodeBody(Data([1, 2])) == Data([1, 2]))
    }

    @Test func anEmptyResponseAndErrorsCarryTheEndpoint() async throws {
        let recorder = Recorder()
        let failing = APIClient(
            environments: MoviesServers.environments(),
            transport: recorder.transport(status: 404, body: #"{"status_code": 34}"#),
            credentials: CredentialProvider(credential: { _ in "t" }))
        await #expect {
            _ = try await failing.accessor(for: SessionAuth.self).access(
                MoviesService.deleteRatingResource(id: 1), with: ())
        } throws: { error in
            guard let error = error as? APIError else { return false }
            return error.kind == .status(404) && error.endpoint == "movies.delete_rating" && error.method == .delete
        }
    }

    @Test func businessControllerFetchesThroughTheCacheAndPrefetches() async throws {
        let recorder = Recorder()
        let body = #"{"id": 603, "title": "The Matrix", "popularity": 1, "genre_ids": []}"#
        let client = APIClient(
            environments: MoviesServers.environments(), transport: recorder.transport(body: body),
            credentials: CredentialProvider(credential: { _ in "key" }), cache: ResponseCache())
        let controller: any MoviesBusinessControllerProtocol = MoviesBusinessController(accessible: client)
        try await controller.prefetchMovie(id: 603, ifNoneMatch: nil)
        let movie = try await controller.fetchMovie(id: 603, ifNoneMatch: nil).movie
        #expect(movie.id == 603 && recorder.requests.count == 1, "the fetch is answered by the prefetched cache")
        _ = try await controller.fetchMovie(id: 603, ifNoneMatch: nil)
        #expect(recorder.requests.count == 1, "fetch stays in the cache while fresh")
        // The movie body is no credits.
        await #expect(throws: APIError.self) { _ = try await controller.fetchCredits(id: 603) }
        #expect(recorder.requests.count == 2 && recorder.requests[1].url.path == "/3/movie/603/credits")
    }

    /// Calls through the protocol leave out every value with a default; the spec's defaults go on the wire.
    @Test func callSitesTakeTheSpecsDefaults() async throws {
        let recorder = Recorder()
        let body = #"{"data": {"total_results": 0, "total_pages": 0, "results": []}}"#
        let client = APIClient(
            environments: MoviesServers.environments(), transport: recorder.transport(body: body),
            credentials: CredentialProvider(credential: { _ in "key" }))
        let controller: any MoviesBusinessControllerProtocol = MoviesBusinessController(accessible: client)
        _ = try await controller.fetchDiscover()
        _ = try await controller.fetchDiscover(page: 2)
        let queries = recorder.requests.map { $0.url.query ?? "" }
        #expect(queries.count == 2)
        #expect(queries.first?.contains("page=1") == true && queries.first?.contains("sort_by=popularity.desc") == true)
        #expect(queries.first?.contains("language") == false, "a nil default leaves the item out")
        #expect(queries.last?.contains("page=2") == true)
        // On a main-actor caller too (the overload runs on the caller's actor).
        let onMain = try await Self.discoverOnMain(controller)
        #expect(onMain.movies.isEmpty && recorder.requests.count == 3)
    }

    @MainActor static func discoverOnMain(
        _ controller: any MoviesBusinessControllerProtocol
    ) async throws
        -> MoviesDiscoverResponse
    {
        try await controller.fetchDiscover(sortBy: "title")
    }

    /// The protocol exists so view models can be tested with a stub.
    struct StubMovies: MoviesBusinessControllerProtocol {
        func fetchDiscover(
            page: Int, language: String?, sortBy: String, withGenres: [Int]?
        ) async throws(APIError) -> MoviesDiscoverResponse {
            MoviesDiscoverResponse(
                movies: [], movieMetadata: [], metadata: MoviesDiscoverResponseMetadata(totalResults: 0, totalPages: 0))
        }
        func prefetchDiscover(page: Int, language: String?, sortBy: String, withGenres: [Int]?) async throws(APIError) {
        }
        func discoverPages(
            page: Int, language: String?, sortBy: String, withGenres: [Int]?, maxPages: Int
        ) -> PageSequence<MoviesDiscoverResponse> {
            PageSequence(pages: [])
        }
        func fetchMovie(id: Movie.ID, ifNoneMatch: String?) async throws(APIError) -> MoviesMovieResponse {
            MoviesMovieResponse(
                movie: Movie(id: id, title: "Stub", popularity: 0, genres: []),
                movieMetadata: MovieMetadata(rank: nil, fetchedAt: Date()))
        }
        func prefetchMovie(id: Movie.ID, ifNoneMatch: String?) async throws(APIError) {}
        func fetchLiveReviews(id: Movie.ID) -> ResponseStream<Review> { ResponseStream(elements: []) }
        func fetchCredits(id: Movie.ID) async throws(APIError) -> MoviesCreditsResponse {
            MoviesCreditsResponse(people: [])
        }
        func fetchCollections(page: Int, language: String?) async throws(APIError) -> MoviesCollectionsResponse {
            MoviesCollectionsResponse(movies: [], movieMetadata: [])
        }
        func fetchTrending(window: String) async throws(APIError) -> MoviesTrendingResponse {
            MoviesTrendingResponse(trendingDays: nil)
        }
        func rate(
            id: Movie.ID, body: RatingRequest, optimistic: (@Sendable (inout Movie) -> Void)?
        ) async throws(APIError) -> MoviesRateResponse {
            MoviesRateResponse(value: RatingResult(success: true, statusMessage: nil))
        }
        func enqueueRate(
            id: Movie.ID, body: RatingRequest, optimistic: (@Sendable (inout Movie) -> Void)?
        ) async throws(APIError) -> UUID { UUID() }
        func deleteRating(id: Movie.ID) async throws(APIError) -> EmptyResponse { EmptyResponse() }
        func enqueueDeleteRating(id: Movie.ID) async throws(APIError) -> UUID { UUID() }
        func headStatus() async throws(APIError) -> EmptyResponse { EmptyResponse() }
    }

    @Test func aStubStandsInForTheController() async throws {
        let controller: any MoviesBusinessControllerProtocol = StubMovies()
        #expect(try await controller.fetchMovie(id: 1, ifNoneMatch: nil).movie.title == "Stub")
        // A stub has no store: its stored reads ask its calls, whatever the policy.
        #expect(try await controller.readMovie(id: 1, policy: .storeFirst).value.title == "Stub")
    }
}
