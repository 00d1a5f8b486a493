import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// What an app shows for an `APIError`: `localizedDescription` (through `LocalizedError`) is a sentence for a
/// person, never Foundation's "The operation couldn't be completed. (LucidRuntime.APIError error 1.)".
struct APIErrorTests {
    static let url = URL(string: "https://api.example.com/3/movie/603?api_key=secret-key")!

    static func error(_ kind: APIError.Kind, status: Int? = nil, payload: (any Sendable)? = nil) -> APIError {
        APIError(kind, endpoint: "movies.details", method: .get, url: url, status: status, errorPayload: payload)
    }

    @Test(arguments: [
        (
            APIError.Kind.network("The Internet connection appears to be offline."),
            "The network connection failed: The Internet connection appears to be offline."
        ),
        (.timeout, "The server did not answer in time."),
        (.cancelled, "The request was cancelled."),
        (.status(404), "The server answered with HTTP status 404."),
        (
            .decoding(codingPath: "results[3].title", message: "Expected String"),
            "The server's answer could not be read at results[3].title: Expected String"
        ),
        (.decoding(codingPath: "", message: "Not JSON"), "The server's answer could not be read: Not JSON"),
        (.encoding("NaN is not valid JSON"), "The request could not be encoded: NaN is not valid JSON"),
        (
            .queueDirectoryInUse(path: "/app/queue"),
            "The request could not be queued: its queue is already open elsewhere."
        ),
        (.notQueued("disk full"), "The request could not be queued: disk full"),
        (.invalidURL, "The request's address could not be built."),
        (.missingCredential, "The request needs a credential, and none is available."),
        (.unimplemented(closure: "MoviesClient.fetchCredits"), "MoviesClient.fetchCredits is not implemented."),
        (.noPreview(closure: "MoviesClient.fetchCredits"), "MoviesClient.fetchCredits has no preview answer."),
        (.other("Offline()"), "Offline()"),
    ])
    func localizedDescriptionSaysWhatWentWrong(kind: APIError.Kind, sentence: String) {
        let error = Self.error(kind, status: 404)
        #expect(error.errorDescription == sentence)
        #expect(error.localizedDescription == sentence)
        let anyError: any Error = error
        #expect(anyError.localizedDescription == sentence)
        #expect(!sentence.contains("secret-key"))
    }

    @Test func aLocalizedErrorPayloadSuppliesTheSentenceOfAStatusError() {
        struct ServerMessage: LocalizedError, Sendable {
            var errorDescription: String? { "The resource you requested could not be found." }
        }
        let error = Self.error(.status(404), status: 404, payload: ServerMessage())
        #expect(error.localizedDescription == "The resource you requested could not be found.")
        let plainPayload = Self.error(.status(404), status: 404, payload: ["code": 34])
        #expect(plainPayload.localizedDescription == "The server answered with HTTP status 404.")
    }

    @Test func failureReasonNamesTheRequest() {
        #expect(Self.error(.status(503), status: 503).failureReason == "movies.details GET answered 503")
        #expect(Self.error(.timeout).failureReason == "movies.details GET")
    }

    @Test func descriptionIsTheDeveloperLine() {
        let error = Self.error(.status(404), status: 404)
        #expect(error.description.hasPrefix("movies.details GET https://api.example.com/3/movie/603"))
        #expect(error.description.hasSuffix(": status 404"))
        #expect("\(error)" == error.description)
    }

    @Test func theClientPatternsErrorsNameTheClosure() {
        let unimplemented = APIError.unimplemented("MoviesClient.rate", endpoint: "movies.rate", method: .post)
        #expect(unimplemented.kind == .unimplemented(closure: "MoviesClient.rate") && unimplemented.url == nil)
        #expect(unimplemented.description == "movies.rate POST <no URL>: MoviesClient.rate is unimplemented")
        let noPreview = APIError.noPreview("MoviesClient.fetchCredits", endpoint: "movies.credits", method: .get)
        #expect(
            noPreview.description
                == "movies.credits GET <no URL>: MoviesClient.fetchCredits has no preview: "
                + "give the endpoint an 'example:' in the spec")
    }
}

/// `APIError.catching` and `caught`: what a generated client's labelled method throws, whatever its closure threw.
struct APIErrorCatchingTests {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    static func caught(_ error: any Error) async -> APIError? {
        do {
            try await APIError.catching(endpoint: "movies.movie", method: .get) { throw error }
            return nil
        } catch {
            return error
        }
    }

    @Test func anAPIErrorPassesUnchanged() async throws {
        let original = APIError(.status(503), endpoint: "movies.discover", method: .get, status: 503)
        let error = try #require(await Self.caught(original))
        #expect(error.kind == .status(503) && error.endpoint == "movies.discover" && error.status == 503)
    }

    @Test func aCancellationIsCancelled() async throws {
        let error = try #require(await Self.caught(CancellationError()))
        #expect(error.kind == .cancelled && error.endpoint == "movies.movie" && error.method == .get)
    }

    @Test func anyOtherErrorIsOtherAndKept() async throws {
        let error = try #require(await Self.caught(Offline()))
        #expect(error.kind == .other("offline") && error.underlying is Offline)
        #expect(error.description == "movies.movie GET <no URL>: offline")
    }

    @Test func aValueIsReturned() async throws {
        let value = try await APIError.catching(endpoint: "movies.movie", method: .get) { 42 }
        #expect(value == 42)
    }

    /// What the labelled methods' `catch` throws: the same as `catching`, without a closure.
    @Test func caughtConvertsTheSameWay() {
        let cancelled = APIError.caught(CancellationError(), endpoint: "movies.movie", method: .get)
        #expect(cancelled.kind == .cancelled && cancelled.endpoint == "movies.movie")
        let other = APIError.caught(Offline(), endpoint: "movies.movie", method: .get)
        #expect(other.kind == .other("offline") && other.underlying is Offline)
        let original = APIError(.timeout, endpoint: "movies.discover", method: .get)
        #expect(APIError.caught(original, endpoint: "movies.movie", method: .post).endpoint == "movies.discover")
    }
}

/// No credential in an error's text: the URL's query items, the messages and the excerpt are redacted.
struct APIErrorRedactionTests {
    @Test func theDescriptionRedactsTheURLsCredentials() {
        let url = URL(string: "https://api.example.com/3/movie/603?api_key=secret-key&sig=signature&page=2")!
        let error = APIError(
            .network("could not reach https://api.example.com/3/movie/603?api_key=secret-key"),
            endpoint: "movies.movie",
            method: .get, url: url, body: Data("echo: secret-key signature".utf8),
            redaction: .standard.adding(.query(name: "sig")))
        for text in [error.description, error.errorDescription ?? "", "\(error)", String(reflecting: error)] {
            #expect(!text.contains("secret-key") && !text.contains("signature"), "\(text)")
        }
        #expect(error.description.contains("api_key=REDACTED") && error.description.contains("page=2"))
    }

    @Test func anAPIClientErrorRedactsItsSchemesQueryItem() async throws {
        enum SignedAuth: AuthScheme {
            static let placement = CredentialPlacement.query(name: "sig")
        }
        let resource = BackendResource<Void, ClientMovie, SignedAuth>(
            name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/1"),
            decodeResponse: clientJSONDecode(ClientMovie.self))
        let client = makeClient(credentials: .constant("per-user-signature")) { _ in HTTPResponse(status: 500) }
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        #expect(error.url?.absoluteString.contains("per-user-signature") == true, "the URL itself is intact")
        #expect(!error.description.contains("per-user-signature"))
        #expect(error.description.contains("sig=REDACTED"))
    }
}
