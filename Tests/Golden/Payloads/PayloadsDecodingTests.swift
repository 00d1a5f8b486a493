import Foundation
import LucidRuntime
import Testing

@testable import GoldenPayloads

/// Every form of response payload, decoded with `<Payload>.decode(from:)` from real response bodies.
@Suite struct PayloadsDecodingTests {
    private func body(_ text: String) -> Data { Data(text.utf8) }

    private let matrix = #"{"id": 603, "title": "The Matrix"}"#
    private let heat = #"{"id": 949, "title": "Heat"}"#
    private let broken = #"{"id": "x"}"#

    // MARK: Base keys

    @Test func baseKeyAsString() throws {
        let response = try EntitiesMovieResponse.decode(from: body(#"{"movie": \#(matrix), "other": 1}"#))
        #expect(response.movie == Movie(id: 603, title: "The Matrix"))
        #expect(throws: DecodingError.self) { try EntitiesMovieResponse.decode(from: body(matrix)) }
    }

    @Test func baseKeyAtTheRoot() throws {
        // The whole body is the movie: the endpoint answers `Movie` itself, with no wrapper.
        #expect(try Movie.decode(from: body(heat)) == Movie(id: 949, title: "Heat"))
        #expect(!PayloadsDecodingTests.generatedPayloads.contains("struct EntitiesMovieAtRootResponse"))
    }

    @Test func dottedBaseKeyAndEntityKey() throws {
        let response = try EntitiesMovieInKeyResponse.decode(from: body(#"{"data": {"result": {"item": \#(matrix)}}}"#))
        #expect(response.movie.id == 603)
        // Each step is required.
        #expect(throws: DecodingError.self) {
            try EntitiesMovieInKeyResponse.decode(from: body(#"{"data": {"item": \#(matrix)}}"#))
        }
        #expect(throws: DecodingError.self) {
            try EntitiesMovieInKeyResponse.decode(from: body(#"{"data": {"result": null}}"#))
        }
    }

    @Test func listBaseKeyTakesKeysLiterally() throws {
        let json =
            #"{"odd.key": {"shelves": [{"items": [\#(matrix)]}, {"items": []}, {"items": [\#(heat)]}]}, "odd": {"key": {}}}"#
        let response = try EntitiesShelvesResponse.decode(from: body(json))
        #expect(response.movies.map(\.id) == [603, 949])
        #expect(throws: DecodingError.self) {
            try EntitiesShelvesResponse.decode(from: body(#"{"odd": {"key": {"shelves": []}}}"#))
        }
    }

    // MARK: Structures

    @Test func arrayWithMetadataAndExcludedPaths() throws {
        let json = #"""
            {"data": {"page": {"total": 42, "next_cursor": "c2", "debug": {"took": 3},
              "results": [{"id": 1, "title": "A", "rating": "not a number", "credits": {"crew": "not a list", "cast": []}},
                          {"id": 2, "title": "B", "rating": 7.5, "credits": {"crew": 7}}]}}}
            """#
        // `results.rating` is removed from every item before decoding, so the bad rating fails nothing.
        let response = try EntitiesSearchResponse.decode(from: body(json))
        #expect(response.movies == [Movie(id: 1, title: "A"), Movie(id: 2, title: "B")])
        #expect(response.movies.map(\.rating) == [nil, nil])
        #expect(response.metadata == EntitiesSearchResponseMetadata(total: 42, nextCursor: "c2"))
        #expect(
            EntitiesSearchResponse.excludedPaths
                == [
                    ["data", "page", "results", "rating"], ["data", "page", "results", "credits", "crew"],
                    ["data", "page", "debug"],
                ])
        // Without the exclusion the first rating fails the item.
        #expect(
            try JSONDecoder().decode(Movie.self, from: body(#"{"id": 2, "title": "B", "rating": 7.5}"#)).rating == 7.5)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Movie.self, from: body(#"{"id": 1, "title": "A", "rating": "not a number"}"#))
        }
        // The paths go through the results array, and stop where a key is missing.
        let removed = try JSONExclusion.removing(EntitiesSearchResponse.excludedPaths, from: body(json))
        let object = try #require(try JSONSerialization.jsonObject(with: removed) as? [String: Any])
        let page = try #require((object["data"] as? [String: Any])?["page"] as? [String: Any])
        #expect(page["debug"] == nil && page["total"] as? Int == 42)
        let results = try #require(page["results"] as? [[String: Any]])
        #expect(results.map { $0.keys.sorted() } == [["credits", "id", "title"], ["credits", "id", "title"]])
        #expect(results.map { ($0["credits"] as? [String: Any])?.keys.sorted() ?? [] } == [["cast"], []])
        #expect(
            try EntitiesSearchResponse.decode(from: body(#"{"data": {"page": {"total": 0, "results": []}}}"#))
                == EntitiesSearchResponse(movies: [], metadata: EntitiesSearchResponseMetadata(total: 0)))
        // Metadata is required like any value.
        #expect(throws: DecodingError.self) {
            try EntitiesSearchResponse.decode(from: body(#"{"data": {"page": {"results": []}}}"#))
        }
    }

    @Test func failableItemsAreDroppedAndReported() throws {
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try EntitiesSearchResponse.decode(
                from: body(#"{"data": {"page": {"total": 3, "results": [\#(matrix), \#(broken), \#(heat)]}}}"#))
        }
        #expect(response.movies.map(\.id) == [603, 949])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1)])
        let (categories, categoryIssues) = try DecodingIssueReporter.collectingIssues {
            try EntitiesCategoriesResponse.decode(
                from: body(#"[{"name": "Noir"}, {"name": 5}, {}, {"name": "Western"}]"#))
        }
        #expect(categories.categories == [Category(name: "Noir"), Category(name: "Western")])
        #expect(categoryIssues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 2)])
    }

    @Test func nonFailableItemsFailTheList() throws {
        #expect(
            try EntitiesStrictListResponse.decode(from: body("[\(matrix), \(heat)]")).movies.map(\.title) == [
                "The Matrix", "Heat",
            ])
        #expect(try EntitiesStrictListResponse.decode(from: body("[]")).movies == [])
        let (_, issues) = DecodingIssueReporter.collectingIssues {
            #expect(throws: DecodingError.self) {
                try EntitiesStrictListResponse.decode(from: body("[\(matrix), \(broken)]"))
            }
        }
        #expect(issues.isEmpty)
    }

    @Test func flattenedArrays() throws {
        let json =
            #"[{"shelf": {"items": [\#(matrix), \#(heat)]}}, {"shelf": {"items": []}}, {"shelf": {"items": [{"id": 7, "title": "Se7en"}]}}]"#
        #expect(try EntitiesStrictShelvesResponse.decode(from: body(json)).movies.map(\.id) == [603, 949, 7])
        // Not failable: one bad item fails the whole payload, and so does a group without its list.
        #expect(throws: DecodingError.self) {
            try EntitiesStrictShelvesResponse.decode(from: body(#"[{"shelf": {"items": [\#(broken)]}}]"#))
        }
        #expect(throws: DecodingError.self) {
            try EntitiesStrictShelvesResponse.decode(from: body(#"[{"shelf": {}}]"#))
        }
        // Failable: bad items are dropped, from any group.
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try EntitiesShelvesResponse.decode(
                from: body(
                    #"{"odd.key": {"shelves": [{"items": [\#(broken), \#(matrix)]}, {"items": [\#(heat), \#(broken)]}]}}"#
                ))
        }
        #expect(response.movies.map(\.id) == [603, 949])
        #expect(issues.map(\.kind) == [.droppedItem(index: 0), .droppedItem(index: 1)])
    }

    @Test func nestedArrayItemsHoldOneEntityEach() throws {
        let json = #"[{"entry": {"movie": \#(matrix)}}, {"entry": {"movie": \#(heat)}}]"#
        #expect(try EntitiesStrictWrappedResponse.decode(from: body(json)).movies.map(\.id) == [603, 949])
        #expect(try EntitiesStrictWrappedResponse.decode(from: body("[]")).movies == [])
        // Not failable: a bad entity, or an item without one, fails the whole payload.
        #expect(throws: DecodingError.self) {
            try EntitiesStrictWrappedResponse.decode(from: body(#"[{"entry": {"movie": \#(broken)}}]"#))
        }
        #expect(throws: DecodingError.self) {
            try EntitiesStrictWrappedResponse.decode(from: body(#"[{"entry": {}}]"#))
        }
        // Failable: a bad entity and an item without one are dropped and reported at their index.
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try EntitiesWrappedResponse.decode(
                from: body(
                    #"{"data": [{"movie": \#(broken)}, {"movie": \#(matrix)}, {"film": 1}, {"movie": \#(heat)}]}"#))
        }
        #expect(response.movies.map(\.id) == [603, 949])
        #expect(issues.map(\.kind) == [.droppedItem(index: 0), .droppedItem(index: 2)])
    }

    // MARK: Nullable payloads

    @Test func nullableSingleIsNilWhenNullOrMissing() throws {
        #expect(
            try NullableFeaturedResponse.decode(from: body(#"{"data": {"featured": \#(matrix)}}"#)).movie?.id == 603)
        #expect(try NullableFeaturedResponse.decode(from: body(#"{"data": {"featured": null}}"#)).movie == nil)
        #expect(try NullableFeaturedResponse.decode(from: body(#"{"data": {}}"#)).movie == nil)
        #expect(try NullableFeaturedResponse.decode(from: body(#"{"data": null}"#)).movie == nil)
        #expect(try NullableFeaturedResponse.decode(from: body("{}")).movie == nil)
        // A present value must still decode.
        #expect(throws: DecodingError.self) {
            try NullableFeaturedResponse.decode(from: body(#"{"data": {"featured": \#(broken)}}"#))
        }
    }

    @Test func nullableAtTheRoot() throws {
        #expect(
            try NullableMaybeRootResponse.decode(from: body(#"{"person_id": "p1", "name": "Ann"}"#)).person
                == Person(id: "p1", name: "Ann"))
        #expect(try NullableMaybeRootResponse.decode(from: body("null")).person == nil)
    }

    @Test func nullableArray() throws {
        let people = try NullableMaybePeopleResponse.decode(
            from: body(#"{"results": [{"person_id": "a", "name": "A"}, {"name": "no id"}]}"#)
        ).people
        #expect(people == [Person(id: "a", name: "A")])
        #expect(try NullableMaybePeopleResponse.decode(from: body(#"{"results": []}"#)).people == [])
        #expect(try NullableMaybePeopleResponse.decode(from: body(#"{"results": null}"#)).people == nil)
        #expect(try NullableMaybePeopleResponse.decode(from: body("{}")).people == nil)
        #expect(throws: DecodingError.self) { try NullableMaybePeopleResponse.decode(from: body(#"{"results": {}}"#)) }
    }

    @Test func nullableNestedArrays() throws {
        #expect(
            try NullableMaybeShelvesResponse.decode(from: body(#"[{"items": [\#(heat)]}]"#)).movies == [
                Movie(id: 949, title: "Heat")
            ])
        #expect(try NullableMaybeShelvesResponse.decode(from: body("null")).movies == nil)
        #expect(try NullableMaybeShelvesResponse.decode(from: body("[]")).movies == [])
    }

    // MARK: Entity metadata

    @Test func entityMetadataStaysAlignedWhenAnItemIsDropped() throws {
        let json = #"""
            {"data": {"page": 2, "movies": [{"id": 1, "title": "A", "rank": 1, "score": 9.5},
                                           {"id": 2, "title": "B"},
                                           {"id": "x", "title": "C", "rank": 3},
                                           {"id": 4, "title": "D", "rank": 4}]}}
            """#
        let (response, issues) = try DecodingIssueReporter.collectingIssues {
            try RankingTopResponse.decode(from: body(json))
        }
        // Item 1 lacks its metadata's rank, item 2 its entity's id: both pairs are dropped together.
        #expect(response.rankedMovies.map(\.id) == [1, 4])
        #expect(
            response.rankedMovieMetadata == [
                RankedMovieMetadata(rank: 1, score: 9.5), RankedMovieMetadata(rank: 4, score: 0),
            ])
        #expect(response.metadata == RankingTopResponseMetadata(page: 2))
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 2)])
    }

    @Test func entityMetadataInOtherStructures() throws {
        let strict = try RankingTopStrictResponse.decode(from: body(#"[{"id": 1, "title": "A", "rank": 5}]"#))
        #expect(
            strict.rankedMovies == [RankedMovie(id: 1, title: "A")]
                && strict.rankedMovieMetadata == [RankedMovieMetadata(rank: 5)])
        #expect(throws: DecodingError.self) {
            try RankingTopStrictResponse.decode(from: body(#"[{"id": 1, "title": "A"}]"#))
        }

        let one = try RankingTopOneResponse.decode(from: body(#"{"id": 8, "title": "H", "rank": 1, "score": 2}"#))
        #expect(
            one
                == RankingTopOneResponse(
                    rankedMovie: RankedMovie(id: 8, title: "H"),
                    rankedMovieMetadata: RankedMovieMetadata(rank: 1, score: 2)))

        let maybe = try RankingTopMaybeResponse.decode(from: body(#"{"best": {"id": 8, "title": "H", "rank": 1}}"#))
        #expect(maybe.rankedMovie?.id == 8 && maybe.rankedMovieMetadata?.rank == 1)
        let missing = try RankingTopMaybeResponse.decode(from: body("{}"))
        #expect(missing.rankedMovie == nil && missing.rankedMovieMetadata == nil)
        #expect(try RankingTopMaybeResponse.decode(from: body(#"{"best": null}"#)).rankedMovie == nil)

        let shelves = try RankingTopShelvesResponse.decode(
            from: body(
                #"[{"movies": [{"id": 1, "title": "A", "rank": 2}, {"id": 2, "title": "B"}]}, {"movies": [{"id": 3, "title": "C", "rank": 1}]}]"#
            ))
        #expect(shelves.rankedMovies.map(\.id) == [1, 3] && shelves.rankedMovieMetadata.map(\.rank) == [2, 1])
    }

    // MARK: Plain values

    @Test func plainScalars() throws {
        #expect(try PlainCountResponse.decode(from: body(#"{"meta": {"count": 12}}"#)).value == 12)
        #expect(throws: DecodingError.self) { try PlainCountResponse.decode(from: body(#"{"meta": {"count": "12"}}"#)) }
        #expect(try PlainNameResponse.decode(from: body(#""Lucid""#)).value == "Lucid")
    }

    @Test func plainListsAndMaps() throws {
        #expect(try PlainNamesResponse.decode(from: body(#"{"names": ["a", "b"]}"#)).value == ["a", "b"])
        #expect(
            try PlainFlagsResponse.decode(from: body(#"{"flags": [[true], [], [false, true]]}"#)).value == [
                [true], [], [false, true],
            ])
        #expect(try PlainScoresResponse.decode(from: body(#"{"x": 1.5, "y": -2}"#)).value == ["x": 1.5, "y": -2])
        let summaries = try PlainSummariesResponse.decode(
            from: body(#"{"a": [{"count": 1}, {"count": 2, "label": "two"}], "b": []}"#))
        #expect(summaries.value == ["a": [Summary(count: 1), Summary(count: 2, label: "two")], "b": []])
    }

    @Test func plainSubtypeAndEntity() throws {
        #expect(
            try PlainSummaryResponse.decode(from: body(#"{"summary": {"count": 3, "label": null}}"#)).value
                == Summary(count: 3, label: nil))
        // `type: movie` at the root answers the entity directly.
        #expect(try Movie.decode(from: body(matrix)) == Movie(id: 603, title: "The Matrix"))
        #expect(!Self.generatedPayloads.contains("struct PlainMovieResponse"))
    }

    @Test func responsesWithoutPayloadGetNoType() throws {
        // `response: none` and an omitted response generate no payload type: the runtime's EmptyResponse stands in.
        #expect(try EmptyResponse.decode(from: Data()) == EmptyResponse())
        #expect(
            !Self.generatedPayloads.contains("struct EmptyPingResponse")
                && !Self.generatedPayloads.contains("struct EmptyDeleteResponse"))
        #expect(Self.generatedPayloads.contains("struct PlainNameResponse"))
    }

    static let generatedPayloads: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Generated/Payloads.swift")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()
}

/// Deprecated payloads: a deprecated endpoint's, and one holding a deprecated entity.
@Suite struct DeprecatedPayloadsTests {
    @available(*, deprecated)
    @Test func deprecatedPayloadsDecode() throws {
        #expect(
            try OldMovie.decode(from: Data(#"{"id": 1, "title": "Old"}"#.utf8)) == OldMovie(id: 1, title: "Old"))
        let movies = try LegacyMoviesResponse.decode(
            from: Data(#"{"data": {"items": [{"id": 2, "title": "Older"}], "total": 9}}"#.utf8))
        #expect(movies.oldMovies.map(\.id) == [2])
        #expect(movies.metadata.total == 9)
    }
}
