import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct APIClientRequestBuildingTests {
    @Test func buildsTheExactURLWithEncodedPathAndQueryValues() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient(environments: clientEnvironments(base: "https://api.example.com/3/")) { request in
            seen.append(request)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "movies.images", server: "api", method: .get,
            path: ResourcePath("/movie/{id}/images", parameters: ["id": "a b/c?d"]),
            query: [QueryItem("ids", "1"), QueryItem("ids", "2"), QueryItem("q", "x y&z=é")],
            decodeResponse: { $0 }
        )
        _ = try await client.send(resource, with: ())
        let request = try #require(seen.values.first)
        #expect(
            request.url.absoluteString
                == "https://api.example.com/3/movie/a%20b%2Fc%3Fd/images?ids=1&ids=2&q=x%20y%26z%3D%C3%A9")
        #expect(request.method == .get)
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }

    @Test func sendsResourceHeadersTimeoutAndAJSONBody() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient { request in
            seen.append(request)
            return clientOK(#"{"id": 7, "title": "Heat"}"#)
        }
        let resource = BackendResource<ClientNewList, ClientMovie, NoAuth>(
            name: "lists.create", server: "api", method: .post, path: ResourcePath("/list"),
            headers: ["X-Trace": "t1"], bodyEncoding: .json, timeout: .seconds(5),
            encodeBody: clientJSONEncode(ClientNewList.self), decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        let movie = try await client.send(resource, with: ClientNewList(name: "Best", tags: ["a", "b"]))
        #expect(movie == ClientMovie(id: 7, title: "Heat"))
        let request = try #require(seen.values.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://api.example.com/3/list")
        #expect(request.headers == ["X-Trace": "t1", "Content-Type": "application/json"])
        #expect(request.timeout == .seconds(5))
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == #"{"name":"Best","tags":["a","b"]}"#)
    }

    @Test func sendsAFormBody() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient { request in
            seen.append(request)
            return HTTPResponse(status: 204)
        }
        let resource = BackendResource<ClientRating, Void, NoAuth>(
            name: "movies.rate", server: "api", method: .post,
            path: ResourcePath("/movie/{id}/rating", parameters: ["id": "5"]),
            bodyEncoding: .form, encodeBody: { try FormURLEncoder.encode($0) }, decodeResponse: { _ in }
        )
        try await client.send(resource, with: ClientRating(value: 9, note: "x y", ids: [3], missing: nil))
        let request = try #require(seen.values.first)
        #expect(request.headers == ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == "value=9&note=x%20y&ids=3")
    }

    @Test func aRawBodyKeepsItsContentTypeAndAnExplicitHeaderWins() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient { request in
            seen.append(request)
            return HTTPResponse(status: 200)
        }
        let raw = BackendResource<Data, Void, NoAuth>(
            name: "files.upload", server: "api", method: .put, path: ResourcePath("/file"),
            bodyEncoding: .raw(contentType: "image/png"), encodeBody: { $0 }, decodeResponse: { _ in }
        )
        try await client.send(raw, with: Data([1, 2, 3]))
        var explicit = raw
        explicit.headers = ["content-type": "image/jpeg"]
        try await client.send(explicit, with: Data([4]))
        #expect(seen.values.map(\.headers) == [["Content-Type": "image/png"], ["content-type": "image/jpeg"]])
        #expect(seen.values.first?.body == Data([1, 2, 3]))
    }

    @Test func requestForReturnsTheFinalRequestWithoutSending() async throws {
        let sent = ClientRecorder<HTTPRequest>()
        let client = makeClient(credentials: .constant("tok")) { request in
            sent.append(request)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        let request = try await client.request(for: resource, with: ())
        #expect(request.url.absoluteString == "https://api.example.com/3/account")
        #expect(request.headers == ["Authorization": "Bearer tok"])
        #expect(sent.count == 0)
    }
}

struct APIClientAuthTests {
    @Test func placesAHeaderCredentialWithItsPrefix() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let schemes = ClientRecorder<String>()
        let credentials = CredentialProvider { scheme in
            schemes.append(String(describing: scheme))
            return "secret"
        }
        let client = makeClient(credentials: credentials) { request in
            seen.append(request)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        _ = try await client.accessor(for: ClientUserAuth.self).access(resource)
        #expect(seen.values.first?.headers == ["Authorization": "Bearer secret"])
        #expect(schemes.values == ["ClientUserAuth"])
    }

    @Test func placesAQueryCredentialAfterTheResourceQuery() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient(credentials: .constant("k&y 1")) { request in
            seen.append(request)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, ClientKeyAuth>(
            name: "search.movies", server: "api", method: .get, path: ResourcePath("/search"),
            query: [QueryItem("query", "heat")], decodeResponse: { $0 }
        )
        _ = try await client.accessor(for: ClientKeyAuth.self).access(resource)
        #expect(
            seen.values.first?.url.absoluteString == "https://api.example.com/3/search?query=heat&api_key=k%26y%201")
        #expect(seen.values.first?.headers.isEmpty == true)
    }

    @Test func unauthenticatedResourcesNeverAskForACredential() async throws {
        let asked = ClientRecorder<Bool>()
        let credentials = CredentialProvider { _ in
            asked.append(true)
            return "x"
        }
        let client = makeClient(credentials: credentials) { _ in clientOK("{}") }
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "config.get", server: "api", method: .get, path: ResourcePath("/configuration"),
            decodeResponse: { $0 }
        )
        _ = try await client.unauthenticated.access(resource)
        #expect(asked.count == 0)
    }

    @Test func aMissingOrFailingCredentialIsMissingCredential() async throws {
        struct Locked: Error {}
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        let sent = ClientRecorder<Bool>()
        let none = makeClient(credentials: .none) { _ in
            sent.append(true)
            return clientOK("{}")
        }
        let error = try #require(await expectAPIError { try await none.send(resource, with: ()) })
        #expect(error.kind == .missingCredential)
        #expect(error.endpoint == "account.details")
        let failing = makeClient(credentials: CredentialProvider { _ in throw Locked() }) { _ in clientOK("{}") }
        let failure = try #require(await expectAPIError { try await failing.send(resource, with: ()) })
        #expect(failure.kind == .missingCredential)
        #expect(failure.underlying is Locked)
        #expect(sent.count == 0)
    }

    @Test func a401RefreshesOnceAndRetriesOnceWithTheNewCredential() async throws {
        let token = ClientRecorder<String>()
        token.append("old")
        let refreshes = ClientRecorder<String>()
        let credentials = CredentialProvider(
            credential: { _ in token.values.last },
            refresh: { scheme in
                refreshes.append(String(describing: scheme))
                token.append("new")
                return true
            }
        )
        let seen = ClientRecorder<String>()
        let client = makeClient(credentials: credentials) { request in
            let header = request.headers["Authorization"] ?? ""
            seen.append(header)
            return header == "Bearer new" ? clientOK(#"{"id": 1, "title": "A"}"#) : HTTPResponse(status: 401)
        }
        let resource = BackendResource<Void, ClientMovie, ClientUserAuth>(
            name: "account.movie", server: "api", method: .get, path: ResourcePath("/account/movie"),
            decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        let movie = try await client.accessor(for: ClientUserAuth.self).access(resource)
        #expect(movie.id == 1)
        #expect(seen.values == ["Bearer old", "Bearer new"])
        #expect(refreshes.values == ["ClientUserAuth"])
    }

    @Test func aSecond401IsNotRetriedAgain() async throws {
        let refreshes = ClientRecorder<Bool>()
        let credentials = CredentialProvider(
            credential: { _ in "t" },
            refresh: { _ in
                refreshes.append(true)
                return true
            })
        let sends = ClientRecorder<Bool>()
        let client = makeClient(credentials: credentials) { _ in
            sends.append(true)
            return HTTPResponse(
                status: 401, body: Data(#"{"status_code": 7, "status_message": "Invalid API key"}"#.utf8))
        }
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        #expect(error.kind == .status(401))
        #expect(error.errorPayload(as: ClientStatusPayload.self)?.statusMessage == "Invalid API key")
        #expect(sends.count == 2)
        #expect(refreshes.count == 1)
    }

    @Test func noRetryWhenTheRefreshHasNothingNewOrForUnauthenticatedResources() async throws {
        let refreshes = ClientRecorder<Bool>()
        let credentials = CredentialProvider(
            credential: { _ in "t" },
            refresh: { _ in
                refreshes.append(true)
                return false
            })
        let sends = ClientRecorder<Bool>()
        let client = makeClient(credentials: credentials) { _ in
            sends.append(true)
            return HTTPResponse(status: 401)
        }
        let authenticated = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        let error = try #require(await expectAPIError { try await client.send(authenticated, with: ()) })
        #expect(error.kind == .status(401))
        #expect(sends.count == 1)
        #expect(refreshes.count == 1)
        let open = BackendResource<Void, Data, NoAuth>(
            name: "config.get", server: "api", method: .get, path: ResourcePath("/configuration"),
            decodeResponse: { $0 }
        )
        _ = await expectAPIError { try await client.send(open, with: ()) }
        #expect(sends.count == 2)
        #expect(refreshes.count == 1)
    }
}

struct APIClientMiddlewareTests {
    @Test func middlewareRunsInOrderAfterTheCredentialIsPlaced() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let first: APIClient.Middleware = { request in
            var request = request
            request.headers["X-Order", default: ""] += "1"
            request.headers["X-Saw-Auth"] = request.headers["Authorization"] ?? "none"
            return request
        }
        let second: APIClient.Middleware = { request in
            var request = request
            request.headers["X-Order", default: ""] += "2"
            request.url = request.url.appendingPathComponent("signed")
            return request
        }
        let client = makeClient(credentials: .constant("t"), prepareRequest: [first, second]) { request in
            seen.append(request)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 }
        )
        _ = try await client.send(resource, with: ())
        let request = try #require(seen.values.first)
        #expect(request.headers["X-Order"] == "12")
        #expect(request.headers["X-Saw-Auth"] == "Bearer t")
        #expect(request.url.absoluteString == "https://api.example.com/3/account/signed")
    }

    @Test func aFailingMiddlewareStopsTheRequest() async throws {
        struct Offline: Error {}
        let sends = ClientRecorder<Bool>()
        let client = makeClient(prepareRequest: [{ _ in throw Offline() }]) { _ in
            sends.append(true)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "config.get", server: "api", method: .get, path: ResourcePath("/configuration"),
            decodeResponse: { $0 }
        )
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        guard case .network = error.kind else {
            Issue.record("expected a network error, got \(error)")
            return
        }
        #expect(error.underlying is Offline)
        #expect(error.url?.absoluteString == "https://api.example.com/3/configuration")
        #expect(sends.count == 0)
    }
}

struct APIClientErrorTests {
    static let resource = BackendResource<Void, ClientMovie, NoAuth>(
        name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/{id}", parameters: ["id": "9"]),
        decodeResponse: clientJSONDecode(ClientMovie.self)
    )

    @Test func aNon2xxStatusCarriesEverything() async throws {
        let client = makeClient { _ in
            HTTPResponse(status: 404, body: Data(#"{"status_code": 34, "status_message": "Not found."}"#.utf8))
        }
        let error = try #require(await expectAPIError { try await client.send(Self.resource, with: ()) })
        #expect(error.kind == .status(404))
        #expect(error.status == 404)
        #expect(error.endpoint == "movies.details")
        #expect(error.method == .get)
        #expect(error.url?.absoluteString == "https://api.example.com/3/movie/9")
        #expect(error.bodyExcerpt == #"{"status_code": 34, "status_message": "Not found."}"#)
        #expect(
            error.errorPayload(as: ClientStatusPayload.self)
                == ClientStatusPayload(statusCode: 34, statusMessage: "Not found."))
        #expect(error.description.contains("movies.details GET https://api.example.com/3/movie/9: status 404"))
    }

    @Test func theBodyExcerptIsBoundedAndAnUnreadablePayloadIsNil() async throws {
        let client = makeClient { _ in HTTPResponse(status: 500, body: Data(String(repeating: "x", count: 2000).utf8)) }
        let error = try #require(await expectAPIError { try await client.send(Self.resource, with: ()) })
        #expect(error.kind == .status(500))
        #expect(error.bodyExcerpt?.count == APIError.bodyExcerptLimit)
        #expect(error.errorPayload == nil)
        let empty = makeClient { _ in HTTPResponse(status: 503) }
        let emptyError = try #require(await expectAPIError { try await empty.send(Self.resource, with: ()) })
        #expect(emptyError.bodyExcerpt == nil)
    }

    @Test func aDecodingFailureReportsTheDottedCodingPath() async throws {
        struct Page: Decodable { var results: [ClientMovie] }
        let resource = BackendResource<Void, Page, NoAuth>(
            name: "movies.popular", server: "api", method: .get, path: ResourcePath("/movie/popular"),
            decodeResponse: { try JSONDecoder().decode(Page.self, from: $0) }
        )
        let client = makeClient { _ in clientOK(#"{"results": [{"id": 1, "title": "A"}, {"id": 2, "title": 3}]}"#) }
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        guard case .decoding(let codingPath, let message) = error.kind else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(codingPath == "results[1].title")
        #expect(!message.isEmpty)
        #expect(error.status == 200)
        #expect(error.bodyExcerpt == nil, "a 2xx body may hold a secret: not kept unless the app opts in")
        #expect(error.underlying is DecodingError)

        let debugging = APIClient(
            environments: clientEnvironments(),
            transport: .inMemory { _ in clientOK(#"{"results": [{"id": 1, "title": 2}]}"#) }, successBodyExcerpts: true)
        let debugError = try #require(await expectAPIError { try await debugging.send(resource, with: ()) })
        #expect(debugError.bodyExcerpt?.hasPrefix(#"{"results""#) == true)

        let missing = makeClient { _ in clientOK(#"{"results": [{"id": 1}]}"#) }
        let missingError = try #require(await expectAPIError { try await missing.send(resource, with: ()) })
        #expect(missingError.kind == .decoding(codingPath: "results[0].title", message: "Missing key 'title'."))
    }

    @Test func anEncodingFailureIsEncoding() async throws {
        struct Unencodable: Error {}
        let resource = BackendResource<Int, Void, NoAuth>(
            name: "lists.add", server: "api", method: .post, path: ResourcePath("/list"), bodyEncoding: .json,
            encodeBody: { _ in throw Unencodable() }, decodeResponse: { _ in }
        )
        let client = makeClient { _ in HTTPResponse(status: 200) }
        let error = try #require(await expectAPIError { try await client.send(resource, with: 1) })
        guard case .encoding = error.kind else {
            Issue.record("expected an encoding error, got \(error)")
            return
        }
        #expect(error.method == .post)
    }

    @Test func anUnknownServerOrMissingParameterIsInvalidURL() async throws {
        let client = makeClient { _ in clientOK("{}") }
        var unknown = Self.resource
        unknown.server = "nowhere"
        #expect(await expectAPIError { try await client.send(unknown, with: ()) }?.kind == .invalidURL)
        var missing = Self.resource
        missing.path = ResourcePath("/movie/{id}")
        #expect(await expectAPIError { try await client.send(missing, with: ()) }?.kind == .invalidURL)
    }

    @Test(arguments: [
        (TransportError.network("offline") as any Error, APIError.Kind.network("offline")),
        (TransportError.timedOut as any Error, APIError.Kind.timeout),
        (TransportError.cancelled as any Error, APIError.Kind.cancelled),
        (URLError(.timedOut) as any Error, APIError.Kind.timeout),
        (URLError(.cancelled) as any Error, APIError.Kind.cancelled),
        (CancellationError() as any Error, APIError.Kind.cancelled),
    ])
    func transportErrorsMapToKinds(thrown: any Error, kind: APIError.Kind) async throws {
        let client = makeClient { _ in throw thrown }
        let error = try #require(await expectAPIError { try await client.send(Self.resource, with: ()) })
        #expect(error.kind == kind)
        #expect(error.url?.absoluteString == "https://api.example.com/3/movie/9")
        #expect(error.status == nil)
    }

    /// Cancelling the calling task ends the transport's wait: the transport sleeps for an hour and records how its
    /// sleep ended. No wall-clock bound (a loaded machine can take seconds to start a task); the time limit only
    /// stops a regression from hanging the run.
    @Test(.timeLimit(.minutes(1))) func cancellingTheTaskCancelsTheRequest() async throws {
        let started = ClientRecorder<Bool>()
        let sleepWasCancelled = ClientRecorder<Bool>()
        let client = makeClient { _ in
            started.append(true)
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                sleepWasCancelled.append(error is CancellationError)
                throw error
            }
            return clientOK(#"{"id": 1, "title": "late"}"#)
        }
        let task = Task { () async throws(APIError) -> ClientMovie in
            try await client.send(Self.resource, with: ())
        }
        while started.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
        #expect((error as? APIError)?.kind == .cancelled)
        #expect(sleepWasCancelled.values == [true])
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        let sends = ClientRecorder<Bool>()
        let client = makeClient { _ in
            sends.append(true)
            return clientOK("{}")
        }
        let task = Task { () async throws(APIError) -> ClientMovie in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(Self.resource, with: ())
        }
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
        #expect((error as? APIError)?.kind == .cancelled)
        #expect(sends.count == 0)
    }
}

struct APIClientDeduplicationAndCacheTests {
    /// The shared call is held until both callers have joined it: an event the test waits for, not a 200 ms sleep
    /// that a loaded machine could outlast before starting the second caller.
    @Test func identicalInFlightRequestsShareOneCallWhenTheResourceAllowsIt() async throws {
        let sends = ClientRecorder<HTTPRequest>()
        let open = Locked(false)
        let deduplicator = RequestDeduplicator()
        let client = makeClient(deduplicator: deduplicator) { request in
            sends.append(request)
            while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
            return clientOK(#"{"id": 1, "title": "A"}"#)
        }
        let resource = APIClientErrorTests.resource
        async let first = client.send(resource, with: ())
        async let second = client.send(resource, with: ())
        // A hang guard, not a bound: both callers join within milliseconds on an idle machine.
        let joined = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < joined {
            if let sent = sends.values.first, await deduplicator.waiterCount(for: sent) == 2 { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        open.withLock { $0 = true }
        let movies = try await [first, second]
        #expect(movies.map(\.id) == [1, 1])
        #expect(sends.count == 1)

        var unshared = resource
        unshared.deduplicate = false
        async let third = client.send(unshared, with: ())
        async let fourth = client.send(unshared, with: ())
        _ = try await [third, fourth]
        #expect(sends.count == 3)
    }

    @Test func fetchAnswersFromTheCacheWhileFreshAndPrefetchFillsIt() async throws {
        let sends = ClientRecorder<String>()
        let client = makeClient(cache: ResponseCache()) { request in
            sends.append(request.url.path)
            return clientOK(#"{"id": 1, "title": "A"}"#)
        }
        var resource = APIClientErrorTests.resource
        resource.cacheTTL = .seconds(60)
        #expect(try await client.fetch(resource, with: ()).id == 1)
        #expect(try await client.fetch(resource, with: ()).id == 1)
        #expect(sends.count == 1)

        var other = resource
        other.path = ResourcePath("/movie/{id}", parameters: ["id": "10"])
        try await client.prefetch(other, with: ())
        #expect(sends.count == 2)
        #expect(try await client.accessor(for: NoAuth.self).fetch(other, with: ()).title == "A")
        #expect(sends.count == 2)

        // send never reads the cache; a resource without a TTL is never stored.
        _ = try await client.send(resource, with: ())
        var uncached = resource
        uncached.cacheTTL = nil
        uncached.path = ResourcePath("/movie/{id}", parameters: ["id": "11"])
        _ = try await client.fetch(uncached, with: ())
        _ = try await client.fetch(uncached, with: ())
        #expect(sends.count == 5)
    }

    @Test func theCacheIsKeyedByTheFinalRequest() async throws {
        let token = ClientRecorder<String>()
        token.append("a")
        let sends = ClientRecorder<String>()
        let client = makeClient(credentials: CredentialProvider { _ in token.values.last }, cache: ResponseCache()) {
            request in
            sends.append(request.headers["Authorization"] ?? "")
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, ClientUserAuth>(
            name: "account.details", server: "api", method: .get, path: ResourcePath("/account"),
            cacheTTL: .seconds(60),
            decodeResponse: { $0 }
        )
        _ = try await client.fetch(resource, with: ())
        _ = try await client.fetch(resource, with: ())
        token.append("b")
        _ = try await client.fetch(resource, with: ())
        #expect(sends.values == ["Bearer a", "Bearer b"])
    }

    @Test func aPrefetchThatFailsToDecodeCachesNothing() async throws {
        let sends = ClientRecorder<Bool>()
        let client = makeClient(cache: ResponseCache()) { _ in
            sends.append(true)
            return clientOK("not json")
        }
        var resource = APIClientErrorTests.resource
        resource.cacheTTL = .seconds(60)
        let error = await expectAPIError { try await client.prefetch(resource, with: ()) }
        #expect(error != nil)
        _ = await expectAPIError { try await client.fetch(resource, with: ()) }
        #expect(sends.count == 2)
    }
}

/// The answer's headers reach the caller with the error (`Retry-After`, rate limits).
struct APIClientErrorHeadersTests {
    @Test func aStatusErrorCarriesTheResponseHeaders() async throws {
        let resource = BackendResource<Void, ClientMovie, NoAuth>(
            name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/1"),
            decodeResponse: clientJSONDecode(ClientMovie.self))
        let client = makeClient { _ in
            HTTPResponse(status: 429, headers: ["Retry-After": "30", "X-RateLimit-Remaining": "0"])
        }
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        #expect(error.kind == .status(429))
        #expect(error.headers == ["Retry-After": "30", "X-RateLimit-Remaining": "0"])
    }
}
