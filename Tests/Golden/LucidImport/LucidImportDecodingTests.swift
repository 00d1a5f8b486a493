import Foundation
import LucidRuntime
import Testing

@testable import GoldenLucidImport

/// The spec `lucid-gen import-lucid` wrote for `Tests/LucidImportTests/Fixtures/LucidSample`, generated, compiled
/// and fed Lucid-shaped JSON: what Lucid decoded, this decodes the same way.
@Suite struct LucidImportDecodingTests {
    private func body(_ text: String) -> Data { Data(text.utf8) }

    /// A movie as Lucid's API sends it: snake_case keys, `_ids` keys for id-only relationships, nested `details`.
    private func movieJSON(_ id: Int, _ overrides: [String: String] = [:]) -> String {
        var fields: [(String, String)] = [
            ("id", "\(id)"), ("title", #""Movie \#(id)""#), ("details", #"{"overview": "A film."}"#),
            ("genres_ids", #"["action", "drama"]"#), ("director_ref_id", #""lana@example.com""#),
            ("cast", #"["keanu@example.com"]"#), ("studio", #"{"studio_id": 1, "name": "WB"}"#),
            ("popularity", "7.5"), ("runtime", "8160"), ("clip_length", "2500"),
            ("poster_path", #""https://img.example.com/\#(id).jpg""#), ("accent", ##""#FF0000""##),
            ("release_date", #""1999-03-31T00:00:00Z""#), ("rating", #""adult""#), ("tags", #"["cult"]"#),
            ("show_times", #"["2024-05-01T20:00:00Z"]"#), ("is_classic", "true"), ("formats", "5"),
            ("price", #"{"amount.value": 9.99, "currency_code": "EUR", "precision": 3}"#),
            ("trailer_name", #""Trailer""#), ("view_count", "10"), ("notes", #""n""#), ("rank", "1"),
        ]
        for (key, value) in overrides {
            if let index = fields.firstIndex(where: { $0.0 == key }) {
                fields[index].1 = value
            } else {
                fields.append((key, value))
            }
        }
        return "{" + fields.filter { $0.1 != "<absent>" }.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func decodeMovie(_ json: String) throws -> MovieEntity {
        let response = try ApiMovieResponse.decode(from: body(json))
        return try #require(response.movie)
    }

    @Test func aLucidMovieDecodes() throws {
        let movie = try decodeMovie(movieJSON(603))
        #expect(movie.id.rawValue == 603)
        #expect(movie.overview == "A film.")
        #expect(movie.genres.map(\.rawValue) == ["action", "drama"])
        #expect(movie.director.rawValue == "lana@example.com")
        #expect(movie.cast.map(\.rawValue) == ["keanu@example.com"])
        #expect(movie.studio?.id.rawValue == 1)
        #expect(movie.runtime == .seconds(8160))
        #expect(movie.clipLength == .milliseconds(2500))
        #expect(movie.posterPath == URL(string: "https://img.example.com/603.jpg"))
        #expect(movie.accent == RGBAColor(red: 255, green: 0, blue: 0))
        #expect(movie.releaseDate == Date(timeIntervalSince1970: 922_838_400))
        #expect(movie.rating == .adult)
        #expect(movie.showTimes == [Date(timeIntervalSince1970: 1_714_593_600)])
        #expect(movie.isClassic.value == .some(true))
        #expect(movie.formats == [.hd, .uhd])  // 5: bits 0 and 2, the unused legacy_sd keeping bit 1
        #expect(movie.price?.amount == 9.99)
        #expect(movie.price?.currency == "EUR")
        #expect(movie.viewCount.value == 10)
        #expect(movie.imdbID == nil)
        let withIMDb = try decodeMovie(movieJSON(604, ["external_ids": #"{"imdb_id": "tt0133093"}"#]))
        #expect(withIMDb.imdbID == "tt0133093")  // Lucid's `externalIds.imdbId`, read as snake_case
    }

    @Test func badValuesFallBackToTheDefaultOrNilAsInLucid() throws {
        let overrides = [
            "popularity": #""high""#, "runtime": #""long""#, "clip_length": "null", "poster_path": "12",
            "accent": "5", "rating": #""legacy""#, "studio": #""oops""#, "formats": #""all""#,
            "trailer_name": "false", "release_date": #""yesterday""#, "rank": #""first""#,
            "price": #"{"amount.value": 1, "currency_code": 7, "precision": "x"}"#,
        ]
        let before = Date()
        let movie = try decodeMovie(movieJSON(1, overrides))
        #expect(movie.popularity == 0)
        #expect(movie.runtime == .seconds(5400))
        #expect(movie.clipLength == .milliseconds(1500))
        #expect(movie.posterPath == nil)
        #expect(movie.accent == RGBAColor(hex: "#1E88E5"))
        #expect(movie.rating == .general)  // an unused Lucid case fails to decode, so the default is taken
        #expect(movie.studio == nil)
        #expect(movie.formats == nil)
        #expect(movie.trailerName == nil)
        #expect(movie.releaseDate >= before.addingTimeInterval(-1))
        #expect(movie.price?.currency == "USD")
        #expect(movie.price?.precision == 2)
        let pair = try #require(
            ApiCollectionsFeaturedResponse.decode(
                from: body(#"{"data": {"items": [{"movie": \#(movieJSON(1, ["rank": #""first""#]))}]}}"#)
            ).movieMetadata.first)
        #expect(pair.rank == nil)  // Lucid drops bad metadata, never the entity
    }

    @Test func missingValuesTakeTheirDefaults() throws {
        let absent = [
            "popularity", "runtime", "clip_length", "poster_path", "accent", "rating", "studio", "formats",
            "trailer_name", "release_date", "notes", "is_classic", "view_count", "price", "details", "show_times",
        ]
        let movie = try decodeMovie(movieJSON(2, Dictionary(uniqueKeysWithValues: absent.map { ($0, "<absent>") })))
        #expect(movie.popularity == 0)
        #expect(movie.runtime == .seconds(5400))
        #expect(movie.notes == "")
        #expect(movie.overview == nil)
        #expect(movie.isClassic.value == nil)
        #expect(movie.viewCount.value == nil)
    }

    @Test func aRequiredValueThatIsBadFailsTheMovieAsInLucid() {
        #expect(throws: DecodingError.self) { try decodeMovie(movieJSON(3, ["title": "4"])) }
        #expect(throws: DecodingError.self) { try decodeMovie(movieJSON(3, ["genres_ids": "<absent>"])) }
    }

    @Test func listItemsAreFailableAsInLucid() throws {
        let (movie, issues) = try DecodingIssueReporter.collectingIssues {
            try decodeMovie(movieJSON(4, ["tags": #"["a", 1, "b"]"#, "genres_ids": #"["action", 2]"#]))
        }
        #expect(movie.tags == ["a", "b"])
        #expect(movie.genres.map(\.rawValue) == ["action"])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 1)])
    }

    @Test func nestedArraysHoldOneMovieInEachItem() throws {
        let json =
            #"{"data": {"items": [{"movie": \#(movieJSON(1))}, {"movie": {"id": "x"}}, {"other": 1}, "#
            + #"{"movie": \#(movieJSON(2))}]}}"#
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try ApiCollectionsFeaturedResponse.decode(from: body(json))
        }
        #expect(response.movies.map(\.id.rawValue) == [1, 2])
        #expect(response.movieMetadata.map(\.rank) == [1, 1])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 2)])
    }

    @Test func excludedPathsAreNeverRead() throws {
        let json = #"{"data": {"results": [\#(movieJSON(5))], "total_results": 1}}"#
        let response = try ApiDiscoverMovieResponse.decode(from: body(json))
        let movie = try #require(response.movies.first)
        #expect(movie.posterPath == nil)  // data.results.poster_path
        #expect(movie.studio == nil)  // movie.studio, rooted at the entity
        #expect(movie.title == "Movie 5")
        #expect(response.metadata.totalResults == 1)
        #expect(response.metadata.page == nil)
    }

    @Test func otherPayloadShapes() throws {
        let genres = try ApiGenreMovieListResponse.decode(
            from: body(#"{"genres": [{"slug": "action", "name": "Action"}]}"#))
        #expect(genres.genres.map(\.id.rawValue) == ["action"])
        let credits = try ApiCreditsWriteResponse.decode(
            from: body(#"{"credits": [{"movie_id": 603, "person_id": "keanu@example.com", "role": "Neo"}]}"#))
        #expect(credits.credits.map(\.role) == ["Neo"])
        #expect(credits.credits.first?.movie.rawValue == 603)
        #expect(try ApiMovieResponse.decode(from: body("null")).movie == nil)
        #expect(try ApiMovieWriteResponse.decode(from: body(movieJSON(6))).movie?.id.rawValue == 6)
    }
}
