import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// A page of movies, to get a decoding error deep in a body.
private struct TypedMoviePage: Decodable, Sendable, Equatable {
    var results: [ClientMovie]
}

private typealias MovieResult = Result<ClientMovie, APIError>

/// `APIClientQueue.addHandler(for:errorPayload:_:)` and `APIClient.enqueue(_:with:on:)`, in memory.
struct TypedHandlerTests {
    private let details = BackendResource<Void, ClientMovie, NoAuth>(
        name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/1"),
        decodeResponse: clientJSONDecode(ClientMovie.self)
    )

    /// A queue answering with `answer`, never waiting between attempts.
    private func makeQueue(
        _ answer: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) -> APIClientQueue {
        APIClientQueue(name: "typed", directory: nil, send: answer, sleep: { _ in })
    }

    /// The typed results `queue` reported for `resource`, once everything is sent.
    private func results<Resp: Sendable>(
        of resource: BackendResource<Void, Resp, NoAuth>, on queue: APIClientQueue,
        errorPayload: @escaping @Sendable (Data) -> (any Sendable)? = { _ in nil },
        enqueueing requests: [(endpoint: String, request: HTTPRequest, options: QueueOptions)]
    ) async throws -> [(QueuedRequest, Result<Resp, APIError>)] {
        let log = QueueLog<(QueuedRequest, Result<Resp, APIError>)>()
        await queue.addHandler(for: resource, errorPayload: errorPayload) { queued, result in
            await log.append((queued, result))
        }
        for (endpoint, request, options) in requests {
            try await queue.enqueue(endpoint: endpoint, request: request, options: options)
        }
        await queue.waitUntilIdle()
        return await log.items.sorted { $0.0.sequence < $1.0.sequence }
    }

    // MARK: Typed results

    @Test func decodesTheBodiesOfItsEndpoint() async throws {
        let queue = makeQueue { request in
            let id = request.url.lastPathComponent
            return clientOK(#"{"id": \#(id), "title": "Movie \#(id)"}"#)
        }
        let seen = try await results(
            of: details, on: queue,
            enqueueing: [
                ("movies.details", testRequest("7", method: .get), QueueOptions()),
                ("movies.details", testRequest("8", method: .get), QueueOptions()),
            ])
        #expect(seen.count == 2)
        #expect(
            try seen.map { try $0.1.get() } == [
                ClientMovie(id: 7, title: "Movie 7"), ClientMovie(id: 8, title: "Movie 8"),
            ])
        #expect(seen.map { $0.0.request.url.lastPathComponent } == ["7", "8"])
    }

    @Test func reportsADecodingErrorWithItsCodingPathAsTheClientDoes() async throws {
        let body = #"{"results": [{"id": 1, "title": "A"}, {"id": 2, "title": 5}]}"#
        let page = BackendResource<Void, TypedMoviePage, NoAuth>(
            name: "movies.popular", server: "api", method: .get, path: ResourcePath("/movie/popular"),
            decodeResponse: clientJSONDecode(TypedMoviePage.self)
        )
        let queue = makeQueue { _ in clientOK(body) }
        let seen = try await results(
            of: page, on: queue,
            enqueueing: [
                ("movies.popular", testRequest("movie/popular", method: .get), QueueOptions())
            ])
        let error = try #require(seen.first?.1.failure)
        guard case .decoding(let codingPath, let message) = error.kind else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(codingPath == "results[1].title")
        #expect(!message.isEmpty)
        #expect(error.endpoint == "movies.popular")
        #expect(error.method == .get)
        #expect(error.status == 200)
        #expect(error.url == testRequest("movie/popular").url)
        #expect(error.bodyExcerpt == nil, "a 2xx body may hold a secret")
        #expect(error.underlying is DecodingError)

        // The same body through the client: the same error, but for the URL.
        let client = makeClient { _ in clientOK(body) }
        let thrown = try #require(await expectAPIError { try await client.send(page, with: ()) })
        #expect(thrown.kind == error.kind)
        #expect(thrown.status == error.status)
        #expect(thrown.bodyExcerpt == error.bodyExcerpt)
        #expect(thrown.endpoint == error.endpoint)
    }

    @Test func reportsAStatusErrorWithTheErrorPayloadAsTheClientDoes() async throws {
        let body = #"{"status_code": 34, "status_message": "The resource you requested could not be found."}"#
        let answer: @Sendable (HTTPRequest) async throws -> HTTPResponse = { _ in
            HTTPResponse(status: 404, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let seen = try await results(
            of: details, on: makeQueue(answer), errorPayload: ClientStatusPayload.decode,
            enqueueing: [
                ("movies.details", testRequest("movie/1", method: .get), QueueOptions())
            ])
        let error = try #require(seen.first?.1.failure)
        #expect(error.kind == .status(404))
        #expect(error.status == 404)
        #expect(error.endpoint == "movies.details")
        #expect(error.url == testRequest("movie/1").url)
        #expect(error.bodyExcerpt == body)
        let payload = ClientStatusPayload(
            statusCode: 34, statusMessage: "The resource you requested could not be found.")
        #expect(error.errorPayload(as: ClientStatusPayload.self) == payload)
        #expect(error.underlying == nil)

        let client = makeClient(handler: answer)
        let thrown = try #require(await expectAPIError { try await client.send(details, with: ()) })
        #expect(thrown.kind == error.kind)
        #expect(thrown.status == error.status)
        #expect(thrown.bodyExcerpt == error.bodyExcerpt)
        #expect(thrown.errorPayload(as: ClientStatusPayload.self) == payload)
    }

    @Test func withoutAnErrorPayloadDecoderTheStatusErrorHasNoPayload() async throws {
        let seen = try await results(
            of: details, on: makeQueue { _ in HTTPResponse(status: 500, body: Data("oops".utf8)) },
            enqueueing: [
                ("movies.details", testRequest("movie/1", method: .get), QueueOptions())
            ])
        let error = try #require(seen.first?.1.failure)
        #expect(error.kind == .status(500))
        #expect(error.errorPayload == nil)
        #expect(error.bodyExcerpt == "oops")
    }

    @Test func isNotCalledForOtherEndpoints() async throws {
        let untyped = QueueLog<String>()
        let queue = makeQueue { request in
            request.url.lastPathComponent == "1" ? clientOK(#"{"id": 1, "title": "One"}"#) : HTTPResponse(status: 204)
        }
        await queue.addHandler { queued, _ in await untyped.append(queued.endpoint) }
        let seen = try await results(
            of: details, on: queue,
            enqueueing: [
                ("lists.create", testRequest("lists"), QueueOptions()),
                ("movies.details", testRequest("1", method: .get), QueueOptions()),
                ("movies.detailsExtra", testRequest("2", method: .get), QueueOptions()),
                ("", testRequest("3", method: .get), QueueOptions()),
            ])
        #expect(seen.count == 1)
        #expect(seen.first?.0.endpoint == "movies.details")
        #expect(try seen.first?.1.get() == ClientMovie(id: 1, title: "One"))
        #expect(await untyped.items.count == 4)
    }

    @Test func eachHandlerOfAnEndpointGetsTheResultOnce() async throws {
        let queue = makeQueue { _ in clientOK(#"{"id": 1, "title": "One"}"#) }
        let first = QueueLog<MovieResult>()
        let second = QueueLog<MovieResult>()
        await queue.addHandler(for: details) { _, result in await first.append(result) }
        await queue.addHandler(for: details) { _, result in await second.append(result) }
        try await queue.enqueue(
            endpoint: "movies.details", request: testRequest("1", method: .get), options: QueueOptions())
        await queue.waitUntilIdle()
        #expect(await first.items.count == 1)
        #expect(await second.items.count == 1)
    }

    @Test func mapsTransportFailuresAsTheClientDoes() async throws {
        let queue = makeQueue { request in
            switch request.url.lastPathComponent {
            case "offline": throw TransportError.network("offline")
            case "slow": throw TransportError.timedOut
            case "cancelled": throw TransportError.cancelled
            default: throw URLError(.cannotFindHost)
            }
        }
        let seen = try await results(
            of: details, on: queue,
            enqueueing: ["offline", "slow", "cancelled", "dns"].map {
                ("movies.details", testRequest($0, method: .get), QueueOptions())
            })
        let errors = seen.compactMap { $0.1.failure }
        #expect(errors.count == 4)
        guard errors.count == 4 else { return }
        #expect(errors[0].kind == .network("offline"))
        #expect(errors[0].underlying as? TransportError == .network("offline"))
        #expect(errors[0].url == testRequest("offline").url)
        #expect(errors[0].status == nil)
        #expect(errors[1].kind == .timeout)
        #expect(errors[2].kind == .cancelled)
        guard case .network = errors[3].kind else {
            Issue.record("expected a network error, got \(errors[3])")
            return
        }
    }

    @Test func afterTheRetriesTheLastStatusOrTransportErrorIsReported() async throws {
        let attempts = InFlightCounter()
        let queue = makeQueue { request in
            await attempts.enter()
            if request.url.lastPathComponent == "busy" {
                return HTTPResponse(status: 503, body: Data(#"{"status_code": 503, "status_message": "busy"}"#.utf8))
            }
            throw TransportError.network("offline")
        }
        let retrying = QueueOptions(retry: [.status(503), .network], maxAttempts: 3, backoff: 0)
        let seen = try await results(
            of: details, on: queue, errorPayload: ClientStatusPayload.decode,
            enqueueing: [
                ("movies.details", testRequest("busy", method: .get), retrying),
                ("movies.details", testRequest("offline", method: .get), retrying),
            ])
        #expect(await attempts.total == 6)
        let errors = seen.compactMap { $0.1.failure }
        #expect(errors.count == 2)
        guard errors.count == 2 else { return }

        #expect(errors[0].kind == .status(503))
        #expect(errors[0].status == 503)
        #expect(
            errors[0].errorPayload(as: ClientStatusPayload.self)
                == ClientStatusPayload(statusCode: 503, statusMessage: "busy"))
        guard case .attemptsExhausted(let count, let response?, nil)? = errors[0].underlying as? APIClientQueueError
        else {
            Issue.record("expected the queue's error as underlying, got \(String(describing: errors[0].underlying))")
            return
        }
        #expect(count == 3)
        #expect(response.status == 503)

        #expect(errors[1].kind == .network("offline"))
        guard case .attemptsExhausted(3, nil, let last?)? = errors[1].underlying as? APIClientQueueError else {
            Issue.record("expected the queue's error as underlying, got \(String(describing: errors[1].underlying))")
            return
        }
        #expect(last as? TransportError == .network("offline"))
    }

    // MARK: Enqueueing through the client

    @Test func enqueueThroughTheClientAppliesAuthBodyMiddlewareAndAnIdempotencyKey() async throws {
        let sent = ClientRecorder<HTTPRequest>()
        let keysSeenByMiddleware = ClientRecorder<String?>()
        let client = makeClient(
            credentials: .constant("tok"),
            prepareRequest: [
                { request in
                    keysSeenByMiddleware.append(request.headers[QueuedRequest.idempotencyKeyHeader])
                    var request = request
                    request.headers["X-Signed"] = "yes"
                    return request
                }
            ]
        ) { request in
            sent.append(request)
            return clientOK(#"{"id": 3, "title": "Best"}"#)
        }
        let create = BackendResource<ClientNewList, ClientMovie, ClientUserAuth>(
            name: "lists.create", server: "api", method: .post, path: ResourcePath("/list"),
            query: [QueryItem("lang", "en")],
            bodyEncoding: .json, encodeBody: clientJSONEncode(ClientNewList.self),
            decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        let queue = APIClientQueue.sending(through: client, name: "client", directory: nil, sleep: { _ in })
        let results = QueueLog<(QueuedRequest, MovieResult)>()
        await queue.addHandler(for: create, errorPayload: client.errorPayload) { queued, result in
            await results.append((queued, result))
        }

        let value = ClientNewList(name: "Best", tags: ["a"])
        let id = try await client.enqueue(create, with: value, on: queue)
        await queue.waitUntilIdle()

        let request = try #require(sent.values.first)
        #expect(sent.count == 1)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://api.example.com/3/list?lang=en")
        #expect(request.headers["Authorization"] == "Bearer tok")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-Signed"] == "yes")
        let key = try #require(request.headers[QueuedRequest.idempotencyKeyHeader])
        #expect(UUID(uuidString: key) != nil)
        #expect(keysSeenByMiddleware.values == [key])
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == #"{"name":"Best","tags":["a"]}"#)

        // Exactly what `request(for:with:)` builds, plus the key.
        var expected = try await client.request(for: create, with: value)
        expected.headers[QueuedRequest.idempotencyKeyHeader] = key
        #expect(request == expected)

        let (queued, result) = try #require(await results.items.first)
        #expect(queued.id == id)
        #expect(queued.endpoint == "lists.create")
        #expect(queued.idempotencyKey == key)
        #expect(queued.options == QueueOptions())
        #expect(try result.get() == ClientMovie(id: 3, title: "Best"))
    }

    @Test func enqueueKeepsAnIdempotencyKeyTheResourceAlreadyHas() async throws {
        let sent = ClientRecorder<HTTPRequest>()
        let client = makeClient { request in
            sent.append(request)
            return HTTPResponse(status: 204)
        }
        var resource = BackendResource<Void, Void, NoAuth>(
            name: "lists.clear", server: "api", method: .post, path: ResourcePath("/list/1/clear"),
            decodeResponse: { _ in }
        )
        resource.headers = ["idempotency-key": "fixed-key"]
        let queue = APIClientQueue.sending(through: client, name: "client", directory: nil)
        try await client.enqueue(resource, with: (), on: queue)
        await queue.waitUntilIdle()
        let request = try #require(sent.values.first)
        #expect(request.headers == [QueuedRequest.idempotencyKeyHeader: "fixed-key"])
    }

    @Test func enqueueUsesTheResourceQueueOptions() async throws {
        let attempts = InFlightCounter()
        let client = makeClient { _ in
            await attempts.enter()
            return await attempts.total < 3 ? HTTPResponse(status: 503) : clientOK(#"{"id": 1, "title": "One"}"#)
        }
        var resource = details
        resource.queue = QueueOptions(order: .barrier, retry: [.status(503)], maxAttempts: 3, backoff: 0)
        let queue = APIClientQueue.sending(through: client, name: "client", directory: nil, sleep: { _ in })
        let results = QueueLog<(QueuedRequest, MovieResult)>()
        await queue.addHandler(for: resource) { queued, result in await results.append((queued, result)) }
        try await client.enqueue(resource, with: (), on: queue)
        await queue.waitUntilIdle()
        #expect(await attempts.total == 3)
        let (queued, result) = try #require(await results.items.first)
        #expect(queued.options == resource.queue)
        #expect(try result.get() == ClientMovie(id: 1, title: "One"))
    }

    /// The credential is added when the request is sent, not when it is queued: a request in memory without one
    /// ends with `.missingCredential` (a persisted one waits instead: `QueueCredentialTests`).
    @Test func aRequestInMemoryWithoutACredentialFailsWithMissingCredential() async throws {
        let client = makeClient { _ in
            Issue.record("nothing is sent without a credential")
            return HTTPResponse(status: 204)
        }
        let queue = APIClientQueue.sending(through: client, name: "client", directory: nil)
        let secret = BackendResource<Void, Void, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"),
            decodeResponse: { _ in }
        )
        let results = QueueLog<Result<Void, APIError>>()
        await queue.addHandler(for: secret) { _, result in await results.append(result) }
        try await client.enqueue(secret, with: (), on: queue)
        await queue.waitUntilIdle()
        let result = try #require(await results.items.first)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .missingCredential)
        #expect(error.endpoint == "account.details")
    }

    @Test func enqueueThrowsAnAPIErrorWhenTheQueueCannotPersist() async throws {
        let client = makeClient { _ in HTTPResponse(status: 204) }
        let queue = APIClientQueue.sending(through: client, name: "client", directory: nil)
        var resource = details
        resource.queue = QueueOptions(persist: true)
        let error = try #require(await expectAPIError { try await client.enqueue(resource, with: (), on: queue) })
        guard case .notQueued(let reason) = error.kind else {
            Issue.record("expected a notQueued error, got \(error)")
            return
        }
        #expect(reason == "the queue has no directory to persist the request in")
        #expect(error.endpoint == "movies.details")
        #expect(error.url?.absoluteString == "https://api.example.com/3/movie/1")
        guard case .noPersistenceDirectory(let endpoint)? = error.underlying as? APIClientQueueError else {
            Issue.record("expected the queue's error as underlying, got \(String(describing: error.underlying))")
            return
        }
        #expect(endpoint == "movies.details")
        #expect(await queue.count == 0)
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
