import Foundation
import LucidRuntime
import Testing

@testable import GoldenMovies

/// The Movies example's generated code, fed real JSON: fixtures, defaults, failures and round trips.
@Suite struct MoviesDecodingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Spec/fixtures")

    private func json(_ text: String) -> Data { Data(text.utf8) }

    @Test func discoverFixture() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("discover.json"))
        let response = try MoviesDiscoverResponse.decode(from: data)
        #expect(response.movies.map(\.id) == [603, 680])
        #expect(response.movies.map(\.title) == ["The Matrix", "Pulp Fiction"])
        #expect(response.metadata == MoviesDiscoverResponseMetadata(totalResults: 2, totalPages: 1))
        #expect(response.movieMetadata.count == 2 && response.movieMetadata[0].rank == nil)
        // excluded_paths removes results.credits, so the dotted key finds nothing.
        #expect(response.movies[0].directorName == nil)
        #expect(response.movies[0].genres == [Genre.ID(28), Genre.ID(878)])
        #expect(response.movies[0].runtime == .seconds(8160) && response.movies[1].runtime == .seconds(0))
        #expect(response.movies[1].overview == nil)
    }

    @Test func movieFixture() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("movie.json"))
        let movie = try MoviesMovieResponse.decode(from: data).movie
        #expect(movie.directorName == "Lana Wachowski")
        #expect(movie.studio == Studio(id: 79, name: "Village Roadshow", logo: nil, country: "AU"))
        #expect(movie.cast.map(\.id) == ["6384"] && movie.cast[0].knownFor == [603])
        #expect(movie.reviewCount == .requested(12))
        #expect(movie.accentColor == RGBAColor(red: 0, green: 255, blue: 65))
        let components = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!, from: movie.releaseDate!)
        #expect((components.year, components.month, components.day) == (1999, 3, 30))
    }

    @Test func defaultsApplyWhenKeysAreMissing() throws {
        let movie = try JSONDecoder().decode(
            Movie.self, from: json(#"{"id": 1, "title": "T", "popularity": 1, "genre_ids": []}"#))
        #expect(movie.runtime == .seconds(0) && movie.adult == false && movie.tags == [] && movie.scores == [:])
        #expect(movie.rating == 0 && movie.watched == false && movie.cast == [])
        #expect(movie.reviewCount == .unrequested)
        #expect(movie.accentColor == RGBAColor(red: 0x1E, green: 0x88, blue: 0xE5))
        #expect(movie.qualities == [.hd] && movie.permissions == [.read])
        #expect(movie.boxOffice == nil && movie.trackingID == nil && movie.createdAt == nil)
    }

    @Test func missingRequiredKeyFailsWithItsPath() {
        #expect {
            try JSONDecoder().decode(Movie.self, from: json(#"{"id": 1, "popularity": 1, "genre_ids": []}"#))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "title"
        }
    }

    @Test func badItemsAreDroppedAndReported() throws {
        let body =
            #"{"data": {"total_results": 3, "total_pages": 1, "results": [{"id": 1, "title": "A", "popularity": 1, "genre_ids": []}, {"id": "x"}, {"id": 3, "title": "C", "popularity": 2, "genre_ids": [7, "bad", 8]}]}}"#
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try MoviesDiscoverResponse.decode(from: json(body))
        }
        #expect(response.movies.map(\.id) == [1, 3])
        #expect(response.movies[1].genres == [7, 8])
        #expect(response.movieMetadata.count == 2)
        #expect(issues.count == 2)
        #expect(issues.contains { $0.kind == .droppedItem(index: 1) && $0.codingPath.contains("results[1]") })
        #expect(issues.contains { $0.kind == .droppedItem(index: 1) && $0.codingPath.contains("genre_ids[1]") })
    }

    @Test func lenientValueFallsBack() throws {
        let (movie, issues) = try DecodingIssueReporter.collectingIssues {
            try JSONDecoder().decode(
                Movie.self,
                from: json(#"{"id": 1, "title": "T", "popularity": 1, "genre_ids": [], "box_office": "lots"}"#))
        }
        #expect(movie.boxOffice == nil)
        #expect(issues.map(\.kind) == [.lenientFallback])
    }

    @Test func unknownEnumValueIsKept() throws {
        let genre = try JSONDecoder().decode(Genre.self, from: json(#"{"id": 5, "name": "Noir", "kind": "noir"}"#))
        #expect(genre.kind == .unknown("noir"))
        #expect(
            try JSONDecoder().decode(Genre.self, from: json(#"{"id": 6, "name": "SF", "kind": "sci-fi"}"#)).kind
                == .scienceFiction)
        #expect(GenreKind(rawValue: "sci-fi").rawValue == "sci-fi" && GenreKind.knownCases.count == 4)
        // Without the fallback an unknown value is an error.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(VideoQuality.self, from: json(#""8k""#)) }
        #expect(try JSONDecoder().decode(VideoQuality.self, from: json(#""4k""#)) == .ultraHD)
    }

    @Test func datesInEveryFormat() throws {
        let body = #"{"review_id": "r1", "author": "A", "content": "C", "movie_id": 9, "created_at": 1700000000123}"#
        let review = try JSONDecoder().decode(Review.self, from: json(body))
        #expect(review.createdAt.timeIntervalSince1970 == 1_700_000_000.123)
        #expect(review.id == Review.ID("r1") && review.movie == Movie.ID(9))
        let day = try JSONDecoder().decode(TrendingDay.self, from: json(#"{"date": "2024-02-29", "movies": []}"#))
        #expect(day.date.timeIntervalSince1970 == 1_709_164_800)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TrendingDay.self, from: json(#"{"date": "29.02.2024", "movies": []}"#))
        }
        let movie = try JSONDecoder().decode(
            Movie.self,
            from: json(
                #"{"id": 1, "title": "T", "popularity": 1, "genre_ids": [], "created_at": "2024-01-02T03:04:05.678Z", "updated_at": 1704164645}"#
            ))
        #expect(movie.createdAt?.timeIntervalSince1970 == 1_704_164_645.678)
        #expect(movie.updatedAt?.timeIntervalSince1970 == 1_704_164_645)
    }

    @Test func encodingRoundTripsAndKeepsTheShape() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("movie.json"))
        let movie = try MoviesMovieResponse.decode(from: data).movie
        let encoded = try JSONEncoder().encode(movie)
        #expect(try JSONDecoder().decode(Movie.self, from: encoded) == movie)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect((object["credits"] as? [String: Any])?["director"] as? [String: String] == ["name": "Lana Wachowski"])
        #expect(object["genre_ids"] as? [Int] == [28, 878] && object["release_date"] as? String == "1999-03-30")
        #expect(object["permissions"] as? [String] == ["read"] && object["accent_color"] as? String == "#00FF41")
        #expect(object["trailer_offset"] == nil && object["review_count"] as? Int == 12)
    }

    @Test func equalityIgnoresPropertiesLeftOutOfIt() throws {
        let base = try JSONDecoder().decode(
            Movie.self, from: json(#"{"id": 1, "title": "T", "popularity": 1, "genre_ids": [], "updated_at": 1}"#))
        let later = try JSONDecoder().decode(
            Movie.self, from: json(#"{"id": 1, "title": "T", "popularity": 1, "genre_ids": [], "updated_at": 2}"#))
        #expect(base == later && base.hashValue == later.hashValue)
        #expect(
            base.updated(rating: 9) != base && base.updated(rating: 9).rating == 9
                && base.updated().rating == base.rating)
    }

    @Test func plainAndCollectionResponses() throws {
        #expect(
            try MoviesRateResponse.decode(
                from: json(#"{"data": {"result": {"success": true, "status_message": null}}}"#)
            ).value
                == RatingResult(success: true, statusMessage: nil))
        #expect(try AccountLoginResponse.decode(from: json(#"{"session_id": "abc"}"#)).value == "abc")
        #expect(try AccountPatchWatchlistResponse.decode(from: json("[1, 2]")).value == [1, 2])
        #expect(
            try AccountGenresResponse.decode(from: json(#"{"genres": {"a": "action", "b": "x"}}"#)).value == [
                "a": .action, "b": .unknown("x"),
            ])
        let collections = try MoviesCollectionsResponse.decode(
            from: json(
                #"{"data": {"items": [{"movies": [{"id": 1, "title": "A", "popularity": 1, "genre_ids": []}]}, {"movies": [{"id": 2, "title": "B", "popularity": 1, "genre_ids": []}]}]}}"#
            ))
        #expect(collections.movies.map(\.id) == [1, 2])
        #expect(try MoviesTrendingResponse.decode(from: json("null")).trendingDays == nil)
    }
}
