import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenMovies

/// The generated client of closures: live through a controller, preview from the spec's examples, unimplemented.
@Suite struct MoviesClientTests {
    @Test func previewAnswersFromTheExampleBodies() async throws {
        let discover = try await MoviesClient.preview.fetchDiscover(1, nil, "popularity.desc", nil)
        #expect(discover.movies.map(\.title) == ["The Matrix", "Pulp Fiction"])
        #expect(try await MoviesClient.preview.fetchMovie(603, nil).movie.directorName == "Lana Wachowski")
        #expect(try await MoviesClient.preview.deleteRating(1) == EmptyResponse())
    }

    /// The labelled methods take the spec's defaults and call the closures, also overridden ones.
    @Test func labelledCallsWithDefaults() async throws {
        let discover = try await MoviesClient.preview.fetchDiscover()
        #expect(discover.movies.count == 2)
        #expect(try await MoviesClient.preview.fetchMovie(id: 603).movie.id == 603)
        var client = MoviesClient.unimplemented
        let asked = Locked<[String]>([])
        client.fetchDiscover = { page, language, sortBy, withGenres in
            asked.withLock { $0.append("\(page) \(language ?? "-") \(sortBy) \(withGenres ?? [])") }
            return discover
        }
        _ = try await client.fetchDiscover(page: 2)
        _ = try await client.fetchDiscover(language: "de", withGenres: [28])
        #expect(asked.withLock { $0 } == ["2 - popularity.desc []", "1 de popularity.desc [28]"])
    }

    @Test func previewWithoutAnExampleSaysSo() async {
        await #expect(throws: ClientError.noPreview(client: "MoviesClient", endpoint: "fetchCredits")) {
            _ = try await MoviesClient.preview.fetchCredits(603)
        }
    }

    @Test func unimplementedNamesTheClientAndEndpoint() async {
        await #expect(throws: ClientError.unimplemented(client: "MoviesClient", endpoint: "rate")) {
            _ = try await MoviesClient.unimplemented.rate(1, RatingRequest(value: 5))
        }
        #expect(
            ClientError.unimplemented(client: "MoviesClient", endpoint: "rate").description
                == "MoviesClient.rate is unimplemented")
    }

    @Test func unimplementedWithOneOverride() async throws {
        var client = MoviesClient.unimplemented
        client.fetchTrending = { window in MoviesTrendingResponse(trendingDays: window == "day" ? [] : nil) }
        #expect(try await client.fetchTrending("day").trendingDays == [])
        await #expect(throws: ClientError.unimplemented(client: "MoviesClient", endpoint: "headStatus")) {
            _ = try await client.headStatus()
        }
    }

    @Test func liveSendsThroughTheController() async throws {
        let client = MoviesClient.live(MoviesServiceTests.StubMovies())
        #expect(try await client.fetchMovie(7, nil).movie.title == "Stub")
        #expect(try await client.rate(7, RatingRequest(value: 9)).value.success)
    }
}
