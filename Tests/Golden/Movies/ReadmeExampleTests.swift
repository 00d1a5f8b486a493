// swift-format-ignore-file
// (docs/Runtime.md and the DocC articles show this code line for line: readmeStillShowsThisCode.)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing
@testable import GoldenMovies

/// The examples of docs/Runtime.md (once the README's "LucidRuntime" section) and of LucidRuntime's DocC articles,
/// run against the generated Movies code. The statements are copied verbatim (only `transport:` answers in memory);
/// `readmeStillShowsThisCode` keeps the copy current.
@Suite struct ReadmeExampleTests {
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [HTTPRequest] = []
        var all: [HTTPRequest] { lock.withLock { requests } }
        func record(_ request: HTTPRequest) { lock.withLock { requests.append(request) } }
    }

    @Test func readmeExampleFetchesThroughTheGeneratedController() async throws {
        let sent = Sent()
        // At startup:
        let client = APIClient(
            environments: MoviesServers.environments(),   // production, staging, local: from the spec's servers
            transport: .inMemory { request in
                sent.record(request)
                return HTTPResponse(status: 200, body: Data(#"{"id": 603, "title": "The Matrix", "popularity": 1, "genre_ids": []}"#.utf8))
            },
            credentials: CredentialProvider { scheme in scheme == APIKeyAuth.self ? "my-api-key" : nil },
            prepareRequest: [
                { request in
                    var request = request
                    request.headers["Accept-Language"] = "en-GB"
                    return request
                },
            ],
            deduplicator: RequestDeduplicator(),
            cache: ResponseCache(capacity: 200)
        )
        let movies: any MoviesBusinessControllerProtocol = MoviesBusinessController(accessible: client)

        // The example's `movie` has entity metadata (its rank), so its answer is a payload holding both.
        let movie = try await movies.fetchMovie(id: 603).movie   // `ifNoneMatch` is nullable: it defaults to nil
        // GET https://api.example-movies.com/3/movie/603?api_key=my-api-key with Accept-Language: en-GB,
        // answered from the cache for the next 60 s (the spec's `cache: { ttl: 60 }`)

        try client.environments.switch(to: "local")   // later requests go to http://127.0.0.1:8080/3

        #expect(movie.title == "The Matrix")
        let first = try #require(sent.all.first)
        #expect(first.url.absoluteString == "https://api.example-movies.com/3/movie/603?api_key=my-api-key")
        #expect(first.headers == ["Accept-Language": "en-GB"])
        _ = try await movies.fetchMovie(id: 603)   // the local environment: a new request
        _ = try await movies.fetchMovie(id: 603)   // fresh in the cache: not sent
        _ = try await movies.headStatus()
        #expect(sent.all.map(\.url.absoluteString) == [
            "https://api.example-movies.com/3/movie/603?api_key=my-api-key",
            "http://127.0.0.1:8080/3/movie/603?api_key=my-api-key",
            "http://127.0.0.1:8080/3/status",
        ])
    }

    /// What the example's handling received.
    actor Delivered {
        var answers: [(UUID, MoviesRateResponse?)] = []
        func add(_ id: UUID, _ answer: MoviesRateResponse?) { answers.append((id, answer)) }
    }

    static let delivered = Delivered()

    @Test func readmeQueueExampleRoutesTheQueuedRatingToItsHandler() async throws {
        try await withTemporaryFolder("readme") { folder in
            try await Self.runQueueExample(stateFolder: folder.appendingPathComponent("state"))
        }
    }

    /// The queue example (docs/Runtime.md) with its state in `stateFolder`.
    static func runQueueExample(stateFolder: URL) async throws {
        let sent = Sent()
        let client = APIClient(
            environments: MoviesServers.environments(),
            transport: .inMemory { request in
                sent.record(request)
                return HTTPResponse(status: 201, body: Data(#"{"data": {"result": {"success": true}}}"#.utf8))
            },
            credentials: CredentialProvider { scheme in scheme == SessionAuth.self ? "session" : nil }
        )

        let ratings = MoviesResponseHandling(didFinishMoviesRate: { result, request in   // only the endpoints you need
            if case .failure(let error) = result { print("rating \(request.id) failed: \(error)") }
            await ReadmeExampleTests.delivered.add(request.id, try? result.get())
        })

        let queue = APIClientQueue.sending(through: client, name: "movies", directory: stateFolder)
        await MoviesResponseRouter(handler: ratings).attach(to: queue)
        try await queue.resumePersisted()   // what an earlier run queued and never got answered
        let unhandled = await queue.waitingResults()   // results no handling took yet (here: delete_rating's, if any)
        let controller = MoviesBusinessController(accessible: client, queue: queue)
        try await controller.enqueueRate(id: 603, body: RatingRequest(value: 9.5))   // on disk before it is sent

        await queue.waitUntilIdle()
        #expect(unhandled.isEmpty, "a fresh folder holds no earlier results")
        let answers = await Self.delivered.answers
        #expect(answers.count == 1 && answers.first?.1 == MoviesRateResponse(value: RatingResult(success: true, statusMessage: nil)))
        #expect(sent.all.map(\.url.absoluteString) == ["https://api.example-movies.com/3/movie/603/rating"])
        #expect(sent.all.first?.headers["Authorization"] == "Bearer session")
        let files = try FileManager.default.contentsOfDirectory(atPath: stateFolder.path)
        #expect(files.filter { $0.hasSuffix(".json") }.isEmpty, "answered: off the disk")

        try await controller.enqueueRate(id: 680, body: RatingRequest(value: 1))
        // Signing out: none of this user's queued writes is sent, and no cached answer is shown, after this.
        try await queue.purge()
        await client.cache?.removeAll()
        await queue.waitUntilIdle()
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFolder.path).filter { $0.hasSuffix(".json") }.isEmpty)
    }

    /// docs/Runtime.md's "Paging" example: every page of discover, one request each, the page number from the body.
    @Test func readmePagingExampleFollowsThePageNumber() async throws {
        let sent = Sent()
        let client = APIClient(
            environments: MoviesServers.environments(),
            transport: .inMemory { request in
                sent.record(request)
                let page = request.url.absoluteString.contains("page=2") ? 2 : 1
                let movie = #"{"id": \#(600 + page), "title": "Movie \#(page)", "popularity": 1, "genre_ids": []}"#
                let body = #"{"data": {"total_results": 2, "total_pages": 2, "results": [\#(movie)]}}"#
                return HTTPResponse(status: 200, body: Data(body.utf8))
            },
            credentials: CredentialProvider { scheme in scheme == APIKeyAuth.self ? "my-api-key" : nil }
        )
        var titles: [String] = []
        let print = { (title: String) in titles.append(title) }

        let pages = PageSequence(
            first: MoviesService.fetchDiscoverResource(page: 1),   // the first page, as a single call would send it
            paging: .pageNumber(parameter: "page", totalPages: ["data", "total_pages"]),
            maxPages: 20,   // default: PageSequence.defaultMaxPages, 100
            count: { $0.movies.count },
            accessor: client.accessor(for: APIKeyAuth.self))
        for try await movie in pages.items({ $0.movies }) { print(movie.title) }

        #expect(titles == ["Movie 1", "Movie 2"])
        #expect(sent.all.map(\.url.query) == [
            "page=1&sort_by=popularity.desc&api_key=my-api-key", "page=2&sort_by=popularity.desc&api_key=my-api-key",
        ])
    }

    /// docs/Runtime.md's "Several schemes and alternatives": one provider answers for each scheme; what an endpoint
    /// accepts is readable, and a missing credential is an error before anything is sent.
    @Test func readmeProviderAnswersPerScheme() async throws {
        let sent = Sent()
        let sessionToken: String? = nil
        // One provider for every scheme: the credential of each scheme the app has, nil for the others.
        let signedOut = APIClient(
            environments: MoviesServers.environments(),
            transport: .inMemory { request in
                sent.record(request)
                return HTTPResponse(status: 200, body: Data(#"{"id": 603, "title": "The Matrix", "popularity": 1, "genre_ids": []}"#.utf8))
            },
            credentials: CredentialProvider { scheme in
                switch scheme {
                case is APIKeyAuth.Type: "my-api-key"
                case is SessionAuth.Type: sessionToken   // nil while signed out
                default: nil
                }
            })
        let rating = MoviesService.acceptedAuth["movies.rate"]   // SessionAuth
        let either = AcceptedAuth(AnyOfAuth<SessionAuth, APIKeyAuth>.self)   // SessionAuth, or APIKeyAuth

        #expect(rating?.description == "SessionAuth" && either.description == "SessionAuth, or APIKeyAuth")
        let movies = MoviesBusinessController(accessible: signedOut)
        _ = try await movies.fetchMovie(id: 603)
        do {
            _ = try await movies.rate(id: 603, body: RatingRequest(value: 9.5))
            Issue.record("rated while signed out")
        } catch {
            #expect(error.kind == .missingCredential && error.acceptedAuth?.description == "SessionAuth")
        }
        #expect(sent.all.map(\.url.absoluteString) == ["https://api.example-movies.com/3/movie/603?api_key=my-api-key"])
    }

    struct ChatRequest: Encodable, Sendable {
        var model: String
        var stream: Bool
    }
    struct ChatChunk: Decodable, Sendable {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable { var content: String? }
            var delta: Delta
        }
        var choices: [Choice]
    }
    enum BearerAuth: AuthScheme {
        static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
    }

    @Test func readmeStreamReadsAChatAnswer() async throws {
        let sent = Sent()
        let client = APIClient(
            environments: ServerEnvironments(["openai": ["production": "https://api.openai.com"]]),
            transport: .inMemory { request in
                sent.record(request)
                return HTTPResponse(status: 200, body: Data("data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"content\":\"lo\"}}]}\n\ndata: [DONE]\n\n".utf8))
            },
            credentials: CredentialProvider { _ in "sk-test" })
        let question = ChatRequest(model: "gpt-4o", stream: true)
        let chat = StreamResource<ChatRequest, ChatChunk, BearerAuth>(
            request: BackendResource(
                name: "chat.completions", server: "openai", method: .post, path: ResourcePath("/v1/chat/completions"),
                bodyEncoding: .json, encodeBody: { try JSONBodyEncoder.encode($0) },
                decodeResponse: { _ in EmptyResponse() }),
            format: .serverSentEvents, terminator: "[DONE]",
            decodeItem: { try $0.decode(ChatChunk.self) })
        var text = ""
        for try await chunk in ResponseStream(chat, with: question, accessor: client.accessor(for: BearerAuth.self)) {
            text += chunk.choices.first?.delta.content ?? ""
        }
        #expect(text == "Hello")
        let request = try #require(sent.all.first)
        #expect(request.headers["Authorization"] == "Bearer sk-test")
        #expect(request.headers["Accept"] == "text/event-stream")
        let sentBody = try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: Any]
        #expect(sentBody?["model"] as? String == "gpt-4o" && sentBody?["stream"] as? Bool == true)
    }

    /// docs/Runtime.md's first entity store example: the generated Movies controller with a store, against an in-memory
    /// server answering the discover page, the movie and the rating.
    @Test func theGeneratedControllersStoreExampleRuns() async throws {
        let sent = Sent()
        let discoverBody = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Spec/fixtures/discover.json"))
        let client = APIClient(
            environments: MoviesServers.environments(),
            transport: .inMemory { request in
                sent.record(request)
                if request.url.path.hasSuffix("/rating") {
                    return HTTPResponse(status: 201, body: Data(#"{"data": {"result": {"success": true}}}"#.utf8))
                }
                return HTTPResponse(status: 200, body: discoverBody)
            },
            credentials: CredentialProvider { _ in "key" })
        let store = EntityStore()
        let catalogue = MoviesBusinessController(accessible: client, store: store)
        let discover = try await catalogue.fetchDiscover()          // its movies, their cast and studios: into the store
        let screen = store.observe(Movie.self, ids: discover.movies.map(\.id))   // what a list screen shows, kept true
        _ = try await catalogue.rate(id: 603, body: RatingRequest(value: 9)) { $0.rating = 9 }   // at once; undone if refused
        let matrix = try await catalogue.readMovie(id: 603).value   // `store: store_first` in the spec: no request
        #expect(matrix.rating == 9 && sent.all.count == 2, "the discover page and the rating: nothing for the movie")
        for await shown in screen {
            #expect(shown.map(\.rating) == [9, 8.5], "the list's movie changed without a refetch")
            break
        }
    }

    /// docs/Runtime.md's second entity store example (the store alone), with a status and its account whose
    /// conformances are written by hand here.
    @Test func theEntityStoreExampleRuns() async throws {
        let page = ReadmeTimeline(statuses: [
            Status(id: 1, account: Account(id: "ada")), Status(id: 2, account: Account(id: "bob")),
        ])
        let id = 2
        let refused = true
        var shown: [Status] = []
        let store = EntityStore()                                   // 10,000 entities per type at most
        store.put(page)                                             // every status, and each status's account
        let change = store.update(Status.self, id: id) { $0.favourited = true }    // at once, before the server answers
        #expect(store.entity(Account.self, id: "bob") != nil)
        store.update(Status.self, id: 1) { $0.favourited = true }
        for await statuses in store.observe(Status.self, ids: page.ids) {
            shown = statuses                                        // now, then after every change, coalesced
            if shown.allSatisfy(\.favourited) { break }
        }
        if refused, let change { store.rollBack(change) }           // every observer sees the old value again
        #expect(shown.map(\.id) == [1, 2])
        #expect(store.entity(Status.self, id: 2)?.favourited == false)
    }

    /// Every line of each Swift example of docs/Runtime.md, and of each article of LucidRuntime's DocC catalog (but
    /// `transport:`), appears, in order, in this file (the streams example in
    /// Tests/Golden/Streams/StreamsReadmeTests.swift), so the examples the docs show are code that compiles and runs.
    @Test func readmeStillShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The streams example runs against the Streams golden case's code, in that case's tests.
        let streams = root.appendingPathComponent("Tests/Golden/Streams/StreamsReadmeTests.swift")
        let source = try (String(contentsOf: here, encoding: .utf8) + String(contentsOf: streams, encoding: .utf8))
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        /// The number of Swift examples in `file`, each checked against `source`.
        func checkExamples(in file: URL) throws -> Int {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var examples = 0
            var cursor = lines.startIndex
            while let open = lines[cursor...].firstIndex(of: "```swift") {
                let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
                let example = lines[(open + 1)..<close].map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !$0.hasPrefix("transport:") }
                #expect(example.count > 5, "\(file.lastPathComponent): an example of a few lines at least")
                var position = source.startIndex
                for line in example {
                    let found = source[position...].firstIndex(of: line)
                    #expect(found != nil, "\(file.lastPathComponent) line not in the test, in order: \(line)")
                    if let found { position = found + 1 }
                }
                examples += 1
                cursor = close + 1
            }
            return examples
        }
        #expect(try checkExamples(in: root.appendingPathComponent("docs/Runtime.md")) == 8)
        let catalog = root.appendingPathComponent("Sources/LucidRuntime/LucidRuntime.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        #expect(articles.count >= 8, "the landing page and the articles: \(articles)")
        var articleExamples = 0
        for article in articles.sorted() {
            articleExamples += try checkExamples(in: catalog.appendingPathComponent(article))
        }
        #expect(articleExamples >= 8)
    }
}

/// A status and its account for the entity store example (docs/Runtime.md).
struct Status: StorableEntity, EntityContaining {
    var id: Int
    var favourited = false
    var account: Account

    func collectEntities(into batch: inout EntityBatch) {
        batch.add(self)
        account.collectEntities(into: &batch)
    }
}

struct Account: StorableEntity, EntityContaining {
    var id: String
    func collectEntities(into batch: inout EntityBatch) { batch.add(self) }
}

/// A page of statuses, as a timeline endpoint answers it.
struct ReadmeTimeline: EntityContaining {
    var statuses: [Status]
    var ids: [Int] { statuses.map(\.id) }
    func collectEntities(into batch: inout EntityBatch) { statuses.collectEntities(into: &batch) }
}
