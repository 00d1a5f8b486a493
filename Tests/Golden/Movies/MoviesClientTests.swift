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
        do {
            _ = try await MoviesClient.preview.fetchCredits(id: 603)
            Issue.record("fetchCredits has no example")
        } catch {
            #expect(error.kind == .noPreview(closure: "MoviesClient.fetchCredits"))
            #expect(error.endpoint == "movies.credits" && error.method == .get)
        }
    }

    @Test func unimplementedNamesTheClientAndEndpoint() async {
        do {
            _ = try await MoviesClient.unimplemented.rate(id: 1, body: RatingRequest(value: 5))
            Issue.record("rate is unimplemented")
        } catch {
            #expect(error.kind == .unimplemented(closure: "MoviesClient.rate"))
            #expect(error.description == "movies.rate POST <no URL>: MoviesClient.rate is unimplemented")
        }
    }

    @Test func unimplementedWithOneOverride() async throws {
        var client = MoviesClient.unimplemented
        client.fetchTrending = { window in MoviesTrendingResponse(trendingDays: window == "day" ? [] : nil) }
        #expect(try await client.fetchTrending(window: "day").trendingDays == [])
        // A parameterless call is the closure itself (a method could not share its name), which throws `any Error`;
        // the generated closures throw only `APIError`.
        do {
            _ = try await client.headStatus()
            Issue.record("headStatus is unimplemented")
        } catch let error as APIError {
            #expect(error.kind == .unimplemented(closure: "MoviesClient.headStatus") && error.method == .head)
        } catch {
            Issue.record("not an APIError: \(error)")
        }
    }

    /// The labelled methods throw `APIError` whatever a closure throws: an override's own error arrives as
    /// `.other` with the error kept, a cancellation as `.cancelled`.
    @Test func labelledMethodsThrowOnlyAPIError() async {
        struct Offline: Error {}
        var client = MoviesClient.unimplemented
        client.fetchMovie = { _, _ in throw Offline() }
        client.fetchCredits = { _ in throw CancellationError() }
        do {
            _ = try await client.fetchMovie(id: 1)
            Issue.record("fetchMovie throws")
        } catch {
            #expect(error.kind == .other("Offline()") && error.endpoint == "movies.movie")
            #expect(error.underlying is Offline)
        }
        do {
            _ = try await client.fetchCredits(id: 1)
            Issue.record("fetchCredits throws")
        } catch {
            #expect(error.kind == .cancelled && error.endpoint == "movies.credits")
        }
    }

    @Test func thePreviewStoreHoldsTheExamplesStoredEntities() {
        let store = MoviesClient.previewStore()
        #expect(store.entities(Movie.self, ids: [603, 680]).map(\.title) == ["The Matrix", "Pulp Fiction"])
        #expect(store.count(of: Movie.self) == 2, "the movie example's movie is the discover page's 603")
        #expect(AccountClient.previewStore().count(of: Review.self) == 0, "no example of the account service")
    }

    @Test func liveSendsThroughTheController() async throws {
        let client = MoviesClient.live(MoviesServiceTests.StubMovies())
        #expect(try await client.fetchMovie(7, nil).movie.title == "Stub")
        #expect(try await client.rate(7, RatingRequest(value: 9), nil).value.success)
    }
}
