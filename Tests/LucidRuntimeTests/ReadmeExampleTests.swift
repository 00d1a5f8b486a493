import Foundation
import LucidRuntime
import Testing

// The example of README.md's "LucidRuntime" section, copied verbatim: its declarations inside a namespace
// (this test target already has a `Movie` type), its statements inside a test function with only the
// `transport:` line changed to an in-memory transport. `readmeStillShowsThisCode` checks the copy is current.
enum ReadmeExample {
    /// The spec's `api_key` scheme: the key goes in the `api_key` query item.
    enum APIKeyAuth: AuthScheme {
        static let placement = CredentialPlacement.query(name: "api_key")
    }

    /// Stands in for the generated `Movie` entity.
    struct Movie: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
    }

    enum MoviesService {
        static func fetchMovieResource(id: Int) -> BackendResource<Void, Movie, APIKeyAuth> {
            BackendResource(
                name: "movies.movie", server: "api", method: .get,
                path: ResourcePath("/movie/{id}", parameters: ["id": String(id)]),
                cacheTTL: .seconds(60),
                decodeResponse: { try JSONDecoder().decode(Movie.self, from: $0) }
            )
        }
    }

    protocol MoviesBusinessControllerProtocol: Sendable {
        func fetchMovie(id: Int) async throws(APIError) -> Movie
    }

    struct MoviesBusinessController: MoviesBusinessControllerProtocol {
        private let accessible: AuthenticatedAccessor<APIKeyAuth>

        init(accessible: AuthenticatedAccessor<APIKeyAuth>) {
            self.accessible = accessible
        }

        func fetchMovie(id: Int) async throws(APIError) -> Movie {
            let resource = MoviesService.fetchMovieResource(id: id)
            return try await accessible.fetch(resource, with: ())   // from the cache for 60 s
        }
    }
}

/// The requests the in-memory transport received.
private final class ReadmeRequestLog: @unchecked Sendable {
    // `@unchecked`: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [HTTPRequest] = []

    func append(_ request: HTTPRequest) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(request)
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

extension ReadmeExample {
    struct Tests {
        @Test func readmeExampleFetchesThroughTheConfiguredClient() async throws {
            let log = ReadmeRequestLog()

            // At startup:
            let client = APIClient(
                environments: ServerEnvironments([
                    "api": ["production": "https://api.example-movies.com/3", "local": "http://127.0.0.1:8080/3"],
                ]),
                transport: .inMemory { request in
                    log.append(request)
                    guard request.url.path.hasSuffix("/movie/603") else { return HTTPResponse(status: 404) }
                    return HTTPResponse(status: 200, body: Data(#"{"id": 603, "title": "The Matrix"}"#.utf8))
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
            let movies: any MoviesBusinessControllerProtocol =
                MoviesBusinessController(accessible: client.accessor(for: APIKeyAuth.self))

            let movie = try await movies.fetchMovie(id: 603)
            // GET https://api.example-movies.com/3/movie/603?api_key=my-api-key with Accept-Language: en-GB

            // The decoded result, and the URL, credential and middleware header of the request sent.
            #expect(movie == Movie(id: 603, title: "The Matrix"))
            let first = try #require(log.requests.first)
            #expect(first.method == .get)
            #expect(first.url.absoluteString == "https://api.example-movies.com/3/movie/603?api_key=my-api-key")
            #expect(first.headers == ["Accept-Language": "en-GB"])

            // Fresh for the resource's 60 s: the second fetch is answered by the cache.
            #expect(try await movies.fetchMovie(id: 603) == movie)
            #expect(log.requests.count == 1)

            client.environments.switch(to: "local")   // later requests go to http://127.0.0.1:8080/3

            #expect(try await movies.fetchMovie(id: 603) == movie)
            #expect(log.requests.count == 2)
            #expect(log.requests.last?.url.absoluteString == "http://127.0.0.1:8080/3/movie/603?api_key=my-api-key")
            #expect(log.requests.last?.headers["Accept-Language"] == "en-GB")

            // Every failure is one typed APIError.
            do {
                _ = try await movies.fetchMovie(id: 1)
                Issue.record("expected a 404")
            } catch {
                #expect(error.kind == .status(404))
                #expect(error.endpoint == "movies.movie")
                #expect(error.url?.absoluteString == "http://127.0.0.1:8080/3/movie/1?api_key=my-api-key")
            }
        }

        /// Every line of README.md's LucidRuntime example (but the `transport:` line) appears, in order, in this file.
        @Test func readmeStillShowsThisCode() throws {
            let here = URL(fileURLWithPath: #filePath)
            let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            let source = try String(contentsOf: here, encoding: .utf8)

            let readmeLines = readme.components(separatedBy: "\n")
            let section = try #require(readmeLines.firstIndex(of: "## LucidRuntime"))
            let start = try #require(readmeLines[section...].firstIndex(of: "```swift"))
            let end = try #require(readmeLines[(start + 1)...].firstIndex(of: "```"))
            let example = readmeLines[(start + 1)..<end]
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("transport:") }
            #expect(example.count > 40)

            var remaining = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
            for line in example {
                guard let found = remaining.firstIndex(of: line) else {
                    Issue.record("README line missing from ReadmeExampleTests.swift (or out of order): \(line)")
                    return
                }
                remaining = remaining[(found + 1)...]
            }
        }
    }
}
