// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import Movies
import Testing

/// The generated Movies networking layer against a real HTTP server on loopback (the example's mock server),
/// through real URLSession: what each request puts on the wire, and what comes back typed.
@Suite struct EndToEndTests {
    /// A client of `server`, made as an app makes one.
    static func client(_ server: MockServer, cache: Bool = true, transport: HTTPTransport = .urlSession()) -> APIClient
    {
        APIClient(
            environments: MoviesServers.environments(mockServer: server.baseURL),
            transport: transport,
            credentials: CredentialProvider { scheme in
                switch scheme {
                case is APIKeyAuth.Type: "demo-key"
                case is SessionAuth.Type: "demo-session"
                case is PartnerAuth.Type: "demo-partner"
                default: nil
                }
            },
            errorPayload: MoviesErrorPayload.decode,
            deduplicator: RequestDeduplicator(),
            cache: cache ? ResponseCache(capacity: 50) : nil
        )
    }

    /// The requests `server` received for `path`.
    static func requests(_ server: MockServer, to path: String) async throws -> [MockServer.Recorded] {
        try await server.requests().filter { $0.path == path }
    }

    // MARK: What goes on the wire

    @Test func queryItemsAreEncodedAndTheAPIKeyIsApplied() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        // The mock serves one movie a page: page 2 of the two matching movies.
        let page = try await movies.fetchDiscover(
            page: 2, language: "pt-BR & más", sortBy: "vote_average.desc", withGenres: [28, 878, 80])
        #expect(page.movies.map(\.title) == ["Pulp Fiction"])
        #expect(page.metadata.totalResults == 2 && page.metadata.totalPages == 2)
        let request = try #require(try await server.requests().last)
        #expect(request.method == "GET" && request.path == "/3/discover/movie")
        #expect(
            request.query == [
                "page": ["2"], "language": ["pt-BR & más"], "sort_by": ["vote_average.desc"],
                "with_genres": ["28", "878", "80"],
                "api_key": ["demo-key"],
            ])
        #expect(
            request.rawQuery.contains("language=pt-BR%20%26%20m%C3%A1s"),
            "an & in a value is encoded: \(request.rawQuery)")
    }

    /// The spec's `paging: { page: page, total_pages: data.total_pages }`: every page, one request each, asked for
    /// as the loop needs it, each with the API key.
    @Test func discoverItemsFollowsThePageNumberToTheLastPage() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        var titles: [String] = []
        for try await movie in movies.discoverItems(withGenres: [28, 80]) { titles.append(movie.title) }
        #expect(titles == ["The Matrix", "Pulp Fiction"])
        let requests = try await server.requests()
        #expect(requests.map { $0.query["page"] ?? [] } == [["1"], ["2"]])
        #expect(requests.allSatisfy { $0.query["api_key"] == ["demo-key"] })
    }

    @Test func pathParametersArePercentEncoded() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        await #expect(throws: APIError.self) { _ = try await movies.fetchTrending(window: "day/week?x") }
        #expect(try await server.requests().map(\.path) == ["/3/trending/day%2Fweek%3Fx"])
        _ = try await movies.fetchCredits(id: 680)
        #expect(try await server.requests().last?.path == "/3/movie/680/credits")
    }

    @Test func aJSONBodyGoesWithTheSessionsBearerToken() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        let answer = try await movies.rate(id: 603, body: RatingRequest(value: 8))
        #expect(answer.value == RatingResult(success: true, statusMessage: "Rated 8.0."))
        let request = try #require(try await Self.requests(server, to: "/3/movie/603/rating").first)
        #expect(request.method == "POST" && request.query == [:])
        #expect(request.headers["authorization"] == "Bearer demo-session")
        #expect(request.headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(RatingRequest.self, from: Data(request.body.utf8)) == RatingRequest(value: 8))
        #expect(try await server.ratings() == ["603": 8])
    }

    // MARK: The entity store

    @Test func aRatingReachesTheObservedListAtOnceAndARefusedOneIsRolledBack() async throws {
        let server = try MockServer()
        let store = EntityStore()
        let movies = MoviesBusinessController(accessible: Self.client(server), store: store)
        var ids: [Movie.ID] = []
        for try await movie in movies.discoverItems() { ids.append(movie.id) }
        #expect(ids == [603, 680])
        let seen = Lists()
        let observer = Task {
            for await list in store.observe(Movie.self, ids: ids) { seen.withLock { $0.append(list.map(\.rating)) } }
        }
        defer { observer.cancel() }
        try await Self.eventually { seen.withLock { $0.count } == 1 }

        _ = try await movies.rate(id: 680, body: RatingRequest(value: 9)) { $0.rating = 9 }
        try await Self.eventually { seen.withLock { $0.count } == 2 }
        #expect(seen.withLock { $0 } == [[8.2, 8.5], [8.2, 9]])
        #expect(try await Self.requests(server, to: "/3/discover/movie").count == 2, "the list was not fetched again")

        try await server.fail("/3/movie/603/rating", status: 422, count: 1)
        await #expect(throws: APIError.self) {
            _ = try await movies.rate(id: 603, body: RatingRequest(value: 1)) { $0.rating = 1 }
        }
        try await Self.eventually { seen.withLock { $0.count } == 4 }
        #expect(seen.withLock { $0.suffix(2) } == [[1, 9], [8.2, 9]], "changed at once, then rolled back")
    }

    /// The lists an observer saw, in order.
    final class Lists: @unchecked Sendable {
        // `@unchecked`: `lists` is only touched while holding `lock`.
        private let lock = NSLock()
        private var lists: [[Double]] = []
        func withLock<T>(_ body: (inout [[Double]]) -> T) -> T { lock.withLock { body(&lists) } }
    }

    /// Waits (without blocking a thread) until `condition` holds, for at most 5 seconds.
    static func eventually(_ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func aFormBodyLogsInAndAPartnerHeaderIsApplied() async throws {
        let server = try MockServer()
        let account = AccountBusinessController(accessible: Self.client(server))
        #expect(try await account.login(body: LoginForm(username: "demo", password: "secret")).value == "demo-session")
        let login = try #require(try await server.requests().last)
        #expect(login.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(Set(login.body.split(separator: "&")) == ["username=demo", "password=secret", "remember=false"])
        #expect(login.headers["authorization"] == nil, "login is `auth: none`")

        let genres = try await account.fetchGenres().value
        #expect(genres == ["Action": .action, "Comedy": .comedy, "Science Fiction": .scienceFiction])
        let request = try #require(try await server.requests().last)
        #expect(request.headers["x-partner-token"] == "demo-partner" && request.query["api_key"] == nil)
    }

    @Test func aClientErrorCarriesTheDecodedErrorPayload() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        do {
            _ = try await movies.fetchMovie(id: 999, ifNoneMatch: nil)
            Issue.record("movie 999 does not exist")
        } catch {
            #expect(error.kind == .status(404) && error.endpoint == "movies.movie")
            #expect(
                error.errorPayload(as: MoviesError.self)
                    == MoviesError(statusCode: 34, statusMessage: "The resource you requested could not be found."))
        }
        do {
            _ = try await movies.rate(id: 603, body: RatingRequest(value: 11))
            Issue.record("11 is out of range")
        } catch {
            #expect(error.kind == .status(400))
            #expect(error.errorPayload(as: MoviesError.self)?.statusCode == 18)
        }
    }

    // MARK: Deduplication and cache

    @Test func identicalConcurrentCallsShareOneRequest() async throws {
        let server = try MockServer()
        try await server.delay("/3/movie/680", milliseconds: 1000)  // long enough for all ten to be in flight together
        let movies = MoviesBusinessController(accessible: Self.client(server, cache: false))
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await movies.fetchMovie(id: 680, ifNoneMatch: nil).movie.title } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(titles == Array(repeating: "Pulp Fiction", count: 10))
        #expect(try await Self.requests(server, to: "/3/movie/680").count == 1)
    }

    @Test func aCachedFetchAndAPrefetchSpareTheNetwork() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        _ = try await movies.fetchMovie(id: 603, ifNoneMatch: nil)
        #expect(try await movies.fetchMovie(id: 603, ifNoneMatch: nil).movie.title == "The Matrix")
        #expect(
            try await Self.requests(server, to: "/3/movie/603").count == 1, "the second fetch is answered by the cache")

        try await movies.prefetchMovie(id: 680, ifNoneMatch: nil)
        #expect(try await Self.requests(server, to: "/3/movie/680").count == 1)
        #expect(try await movies.fetchMovie(id: 680, ifNoneMatch: nil).movie.directorName == "Quentin Tarantino")
        #expect(try await Self.requests(server, to: "/3/movie/680").count == 1, "the fetch is answered by the prefetch")
    }

    // MARK: Queued requests and their response handler

    @Test func aQueuedPostIsRetriedOn503AndRoutedToItsHandler() async throws {
        let server = try MockServer()
        try await server.fail("/3/movie/603/rating", status: 503, count: 2)
        let client = Self.client(server)
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = APIClientQueue.sending(through: client, name: "e2e", directory: directory, sleep: { _ in })
        let handler = RecordingHandler()
        await MoviesResponseRouter(handler: handler.handling).attach(to: queue)

        let id = try await MoviesBusinessController(accessible: client, queue: queue).enqueueRate(
            id: 603, body: RatingRequest(value: 7))
        await queue.waitUntilIdle()

        let rates = await handler.results.rates
        #expect(rates.count == 1 && rates.first?.request.id == id)
        #expect(try rates.first?.result.get().value.statusMessage == "Rated 7.0.")
        let attempts = try await Self.requests(server, to: "/3/movie/603/rating")
        #expect(attempts.count == 3, "two 503s, then the answer")
        #expect(Set(attempts.compactMap { $0.headers["idempotency-key"] }).count == 1, "every attempt carries one key")
        #expect(try await server.ratings() == ["603": 7])
        #expect(Self.requestFiles(in: directory).isEmpty, "answered: off the disk")
    }

    @Test func persistedQueuedRequestsAreDeliveredAfterARelaunch() async throws {
        let server = try MockServer()
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        // First launch: offline. Nothing reaches the server, so nothing is given up: the requests wait on disk, and
        // no result is delivered yet.
        let offline = Self.client(server, transport: HTTPTransport { _ in throw TransportError.network("offline") })
        let firstQueue = APIClientQueue.sending(through: offline, name: "e2e", directory: directory, sleep: { _ in })
        let firstHandler = RecordingHandler()
        await MoviesResponseRouter(handler: firstHandler.handling).attach(to: firstQueue)
        let firstController = MoviesBusinessController(accessible: offline, queue: firstQueue)
        let rateID = try await firstController.enqueueRate(id: 680, body: RatingRequest(value: 6.5))
        let deleteID = try await firstController.enqueueDeleteRating(id: 603)
        await firstQueue.waitUntilIdle()
        #expect(await firstHandler.results.rates.isEmpty)
        #expect(await firstHandler.results.deletes.isEmpty)
        #expect(await firstQueue.entries().map(\.id) == [rateID, deleteID])
        #expect(Self.requestFiles(in: directory).count == 2)
        #expect(try await server.requests().isEmpty)
        await firstQueue.close()

        // Relaunch: new client, queue and router over the same folder.
        let client = Self.client(server)
        let queue = APIClientQueue.sending(through: client, name: "e2e", directory: directory, sleep: { _ in })
        let handler = RecordingHandler()
        await MoviesResponseRouter(handler: handler.handling).attach(to: queue)
        try await queue.resumePersisted()
        await queue.waitUntilIdle()

        let rates = await handler.results.rates
        let deletes = await handler.results.deletes
        #expect(rates.map(\.request.id) == [rateID] && deletes.map(\.request.id) == [deleteID])
        #expect(try rates.first?.result.get().value == RatingResult(success: true, statusMessage: "Rated 6.5."))
        #expect(try deletes.first?.result.get() == EmptyResponse())
        let sent = try await server.requests()
        #expect(
            sent.map { "\($0.method) \($0.path)" } == ["POST /3/movie/680/rating", "DELETE /3/movie/603/rating"],
            "in enqueue order")
        #expect(sent.first?.headers["idempotency-key"] == rates.first?.request.idempotencyKey)
        #expect(try await server.ratings() == ["680": 6.5])
        #expect(Self.requestFiles(in: directory).isEmpty)
    }

    /// The queue's request files in `directory` (its lock file aside).
    static func requestFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
    }

    @Test func theRouterLeavesOtherEndpointsAlone() async throws {
        let handler = RecordingHandler()
        let router = MoviesResponseRouter(handler: handler.handling)
        let request = QueuedRequest(
            endpoint: "movies.movie",
            request: HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1/3/movie/1")!),
            options: QueueOptions(), sequence: 0, idempotencyKey: "k")
        #expect(await router.route(request, .success(HTTPResponse(status: 200))) == false)
        #expect(
            await handler.results.rates.isEmpty
                && MoviesResponseRouter.endpoints == ["movies.rate", "movies.delete_rating"])
    }

    @Test func enqueueingWithoutAQueueSaysSo() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        await #expect(throws: APIError.self) {
            _ = try await movies.enqueueRate(id: 603, body: RatingRequest(value: 5))
        }
        #expect(try await server.requests().isEmpty)
    }

    // MARK: Clients

    @Test func liveReviewsStreamAndResumeAfterTheLastEventID() async throws {
        let server = try MockServer()
        let movies = MoviesBusinessController(accessible: Self.client(server))
        var authors: [String] = []
        for try await review in movies.fetchLiveReviews(id: 603) { authors.append(review.author) }
        #expect(authors == ["neo", "trinity", "morpheus"])
        // The body ended without a terminator: the stream reconnected once with the last ID, and the 204 ended it.
        let requests = try await Self.requests(server, to: "/3/movie/603/reviews/live")
        #expect(requests.count == 2)
        #expect(requests.first?.headers["accept"] == "text/event-stream")
        #expect(requests.first?.headers["last-event-id"] == nil)
        #expect(requests.last?.headers["last-event-id"] == "r-3")
    }

    @Test func aPosterIsDownloadedToItsFile() async throws {
        let server = try MockServer()
        let images = ImagesBusinessController(accessible: Self.client(server))
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("poster.jpg")

        let file = try await images.fetchPoster(movieID: 603, destination: destination)

        let seed = Data("poster-603".utf8)
        let expected = Data((0..<file.bytes).map { seed[Int($0) % seed.count] })
        #expect(file.bytes == 256 * 1024)
        #expect(try Data(contentsOf: destination) == expected)
        #expect(file.headers["ETag"] == #""poster-603-262144""#)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["poster.jpg"])
        let request = try #require(try await Self.requests(server, to: "/images/posters/603").first)
        #expect(request.headers["accept"] == "image/jpeg")
        #expect(request.headers["authorization"] == nil)
    }

    @Test func theLiveClientGoesThroughTheController() async throws {
        let server = try MockServer()
        let client = MoviesClient.live(MoviesBusinessController(accessible: Self.client(server)))
        #expect(try await client.fetchMovie(603, nil).movie.title == "The Matrix")
        #expect(try await client.fetchCredits(603).people.map(\.name) == ["Keanu Reeves", "Laurence Fishburne"])
    }

    @Test func thePreviewClientAnswersFromTheSpecsExamples() async throws {
        let discover = try await MoviesClient.preview.fetchDiscover(1, nil, "popularity.desc", nil)
        #expect(discover.movies.map(\.id) == [603, 680])
        #expect(try await MoviesClient.preview.fetchMovie(42, nil).movie.title == "The Matrix")
        try await MoviesClient.preview.prefetchMovie(42, nil)
        _ = try await MoviesClient.preview.enqueueRate(1, RatingRequest(value: 1), nil)
        var reviews: [Review] = []
        for try await review in MoviesClient.preview.fetchLiveReviews(id: 603) { reviews.append(review) }
        #expect(reviews.map(\.reviewID) == ["r-1", "r-2"])
        do {
            _ = try await MoviesClient.preview.fetchCredits(id: 603)
            Issue.record("fetchCredits has no example")
        } catch {
            #expect(error.kind == .noPreview(closure: "MoviesClient.fetchCredits"))
        }
    }

    @Test func theUnimplementedClientNamesWhatWasCalled() async throws {
        var client = MoviesClient.unimplemented
        do {
            try await client.enqueueRate(id: 1, body: RatingRequest(value: 1))
            Issue.record("enqueueRate is unimplemented")
        } catch {
            #expect(error.kind == .unimplemented(closure: "MoviesClient.enqueueRate"))
        }
        client.fetchMovie = MoviesClient.preview.fetchMovie
        #expect(try await client.fetchMovie(1, nil).movie.id == 603)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("movies-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Records what the generated router hands over.
struct RecordingHandler {
    actor Results {
        var rates: [(request: QueuedRequest, result: Result<MoviesRateResponse, APIError>)] = []
        var deletes: [(request: QueuedRequest, result: Result<EmptyResponse, APIError>)] = []
        func rate(_ request: QueuedRequest, _ result: Result<MoviesRateResponse, APIError>) {
            rates.append((request, result))
        }
        func delete(_ request: QueuedRequest, _ result: Result<EmptyResponse, APIError>) {
            deletes.append((request, result))
        }
    }

    let results = Results()

    /// The closures the router calls.
    var handling: MoviesResponseHandling {
        let results = results
        return MoviesResponseHandling(
            didFinishMoviesRate: { result, request in await results.rate(request, result) },
            didFinishMoviesDeleteRating: { result, request in await results.delete(request, result) })
    }
}
#endif
