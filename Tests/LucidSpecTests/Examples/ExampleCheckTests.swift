import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// An example body is read the way the endpoint's generated decoder reads a response, and every mismatch is an
/// error in the example file: each rule with an example that matches and one that does not.
@Suite struct ExampleCheckTests {
    /// The diagnostics of a spec declaring `declarations`, whose endpoint `e` answers with `response` and has the
    /// example `e.json` holding `json`.
    private func messages(
        _ declarations: String = "", response: String, json: String, unreadKeys: Bool = false
    ) -> [String] {
        let yaml =
            TemporarySpec.header + "\n" + declarations + """

                services:
                  s:
                    endpoints:
                      e:
                        get: /e
                        response: \(response)
                        example: e.json
                """
        var loader = SpecLoader()
        loader.reportsUnreadExampleKeys = unreadKeys
        return TemporarySpec.messages(TemporarySpec.load(yaml, files: ["e.json": json], loader: loader))
    }

    /// `messages` for an entity payload of `movie`, declared with `properties`.
    private func movie(
        _ properties: String, response: String = "{ entity: movie }", json: String, unreadKeys: Bool = false
    ) -> [String] {
        messages(
            """
            entities:
              movie:
                identifier: int
                properties:
            \(properties)
            """, response: response, json: json, unreadKeys: unreadKeys)
    }

    private let prefix = "e.json:1:1: error: the response of endpoint 'e'"

    // MARK: The way to the payload

    @Test func baseKeyStepsMustBeThere() {
        let response = "{ base_key: data.result, type: int }"
        #expect(messages(response: response, json: #"{"data": {"result": 3}}"#) == [])
        #expect(
            messages(response: response, json: #"{"data": {"other": 3}}"#) == [
                "e.json:1:10: error: the response of endpoint 'e' reads its payload (base_key 'data.result') from 'data', but the example has no 'result'"
            ])
        #expect(
            messages(response: response, json: #"{"data": [3]}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is a list, which is not an object with 'result'"
            ])
        #expect(
            messages(response: response, json: "[]") == [
                "\(prefix): the body root is a list, which is not an object with 'data'"
            ])
    }

    @Test func plainTypeResponses() {
        #expect(messages(response: "{ type: \"[int]\" }", json: "[1, 2]") == [])
        #expect(
            messages(response: "{ type: \"[int]\" }", json: #"[1, 2.5, "3", null]"#) == [
                "e.json:1:5: error: the response of endpoint 'e': '[1]' is 2.5, which is not an integer",
                "e.json:1:10: error: the response of endpoint 'e': '[2]' is \"3\", which is not an integer",
                "e.json:1:15: error: the response of endpoint 'e': '[3]' is null, which is not an integer",
            ])
        #expect(
            messages(response: "{ type: string }", json: "null") == [
                "\(prefix): the body root is null, which is not a string"
            ])
    }

    @Test func noResponseTakesAnyBodyButStillValidJSON() {
        #expect(messages(response: "none", json: #"{"anything": [1, "x"]}"#) == [])
        #expect(
            messages(response: "none", json: "{") == [
                "e.json:1:2: error: example of endpoint 'e': expected a key in double quotes, found the end of the file"
            ])
    }

    // MARK: Entity payloads

    @Test func aSingleEntityNeedsItsIdentifierAndRequiredProperties() {
        let properties = "      title: string"
        #expect(movie(properties, json: #"{"id": 1, "title": "Heat"}"#) == [])
        #expect(
            movie(properties, json: #"{"title": "Heat"}"#) == [
                "\(prefix) reads the identifier of entity 'movie' from the body root, but the example has no 'id'"
            ])
        #expect(
            movie(properties, json: "{\"id\": \"1\",\n \"title\": null}") == [
                "e.json:1:8: error: the response of endpoint 'e': 'id' is \"1\", which is not an integer",
                "e.json:2:11: error: the response of endpoint 'e': 'title' is null, which is not a string",
            ])
        #expect(
            movie(properties, json: "[]") == [
                "\(prefix): the body root is a list, which is not an object (entity 'movie')"
            ])
    }

    @Test func anArrayOfEntitiesDropsBadItemsButReportsThem() {
        let properties = "      title: string"
        let response = "{ base_key: data, entity: { name: movie, key: results, structure: array } }"
        let good = #"{"data": {"results": [{"id": 1, "title": "Heat"}]}}"#
        #expect(movie(properties, response: response, json: good) == [])
        #expect(
            movie(properties, response: response, json: #"{"data": {"results": [{"id": 1}, {"id": 2, "title": 3}]}}"#)
                == [
                    "e.json:1:23: warning: the response of endpoint 'e' reads property 'title' of entity 'movie' from 'data.results[0]', but the example has no 'title'; the item 'data.results[0]' would be dropped (failable_items); if the server may leave it out, make it 'nullable: true'",
                    "e.json:1:53: warning: the response of endpoint 'e': 'data.results[1].title' is 3, which is not a string; the item 'data.results[1]' would be dropped (failable_items)",
                ])
        #expect(
            movie(properties, response: response, json: #"{"data": {"items": []}}"#) == [
                "e.json:1:10: error: the response of endpoint 'e' reads the list of entity 'movie' from 'data', but the example has no 'results'"
            ])
        let strict = "{ entity: { name: movie, structure: array, failable_items: false } }"
        #expect(
            movie(properties, response: strict, json: #"[{"id": 1}]"#) == [
                "e.json:1:2: error: the response of endpoint 'e' reads property 'title' of entity 'movie' from '[0]', but the example has no 'title'; if the server may leave it out, make it 'nullable: true'"
            ])
        #expect(
            movie(properties, response: strict, json: #"{"id": 1}"#) == [
                "\(prefix): the body root is an object, which is not a list (entity 'movie')"
            ])
    }

    @Test func flattenedArraysAreListsOfGroupsHoldingLists() {
        let properties = "      title: string"
        let response = "{ base_key: data, entity: { name: movie, key: movies, structure: flattened_arrays } }"
        let good = #"{"data": [{"movies": [{"id": 1, "title": "a"}]}, {"movies": []}]}"#
        #expect(movie(properties, response: response, json: good) == [])
        #expect(
            movie(properties, response: response, json: #"{"data": [{"films": []}, 3]}"#) == [
                "e.json:1:11: error: the response of endpoint 'e' reads the inner list of entity 'movie' from 'data[0]', but the example has no 'movies'",
                "e.json:1:26: error: the response of endpoint 'e': 'data[1]' is 3, which is not an object with 'movies'",
            ])
        #expect(
            movie(properties, response: response, json: #"{"data": {}}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is an object, which is not a list of objects with 'movies'"
            ])
    }

    @Test func nestedArraysAreListsOfItemsHoldingOneEntity() {
        let properties = "      title: string"
        let strict =
            "{ base_key: data, entity: { name: movie, key: movie, structure: nested_array, failable_items: false } }"
        let good = #"{"data": [{"movie": {"id": 1, "title": "a"}}, {"movie": {"id": 2, "title": "b"}}]}"#
        #expect(movie(properties, response: strict, json: good) == [])
        #expect(
            movie(properties, response: strict, json: #"{"data": [{"film": {}}]}"#) == [
                "e.json:1:11: error: the response of endpoint 'e' reads entity 'movie' from 'data[0]', but the example has no 'movie'"
            ])
        #expect(
            movie(properties, response: strict, json: #"{"data": {}}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is an object, which is not a list of objects with 'movie'"
            ])
        let failable = "{ base_key: data, entity: { name: movie, key: movie, structure: nested_array } }"
        #expect(movie(properties, response: failable, json: #"{"data": [{"film": {}}]}"#).count == 1)
    }

    @Test func nullablePayloadsMayBeNullOrMissing() {
        let properties = "      title: string"
        let single = "{ entity: { name: movie, nullable: true } }"
        #expect(movie(properties, response: single, json: "null") == [])
        let list = "{ base_key: data, entity: { name: movie, key: results, structure: array, nullable: true } }"
        #expect(movie(properties, response: list, json: "{}") == [])
        #expect(movie(properties, response: list, json: #"{"data": {"results": null}}"#) == [])
        #expect(
            movie(properties, response: list, json: #"{"data": 3}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is 3, which is not an object with 'results'"
            ])
        let nested = "{ base_key: data, entity: { name: movie, key: m, structure: flattened_arrays, nullable: true } }"
        #expect(movie(properties, response: nested, json: "{}") == [])
        #expect(movie(properties, response: "{ entity: movie }", json: "null").count == 1)
    }

    @Test func excludedPathsAreRemovedBeforeReading() {
        let properties = "      title: string\n      credits: { type: int, nullable: true }"
        let response =
            "{ base_key: data, entity: { name: movie, key: results, structure: array }, excluded_paths: [results.credits] }"
        #expect(
            movie(
                properties, response: response,
                json: #"{"data": {"results": [{"id": 1, "title": "a", "credits": "x"}]}}"#)
                == [])
        #expect(
            movie(
                properties, response: response, json: #"{"data": {"results": [{"id": 1, "title": 2, "credits": "x"}]}}"#
            )
            .count == 1)
    }

    // MARK: Metadata

    @Test func responseMetadataIsReadFromThePayload() {
        let properties = "      title: string"
        let response =
            "{ base_key: data, entity: { name: movie, key: results, structure: array }, metadata: { total: int } }"
        #expect(movie(properties, response: response, json: #"{"data": {"total": 1, "results": []}}"#) == [])
        #expect(
            movie(properties, response: response, json: #"{"total": 1, "data": {"results": []}}"#) == [
                "e.json:1:22: error: the response of endpoint 'e' reads metadata 'total' from 'data', but the example has no 'total'; if the server may leave it out, make it 'nullable: true'"
            ])
        let sun = "subtypes:\n  sun: { properties: { sunrise: string } }"
        let plain = "{ type: sun, metadata: { status: string } }"
        #expect(messages(sun, response: plain, json: #"{"sunrise": "6:00", "status": "OK"}"#) == [])
        #expect(
            messages(sun, response: plain, json: #"{"sunrise": "6:00"}"#) == [
                "\(prefix) reads metadata 'status' from the body root, but the example has no 'status'; if the server may leave it out, make it 'nullable: true'"
            ])
        // A payload that is no object cannot hold metadata (said once, however many metadata values it has).
        #expect(
            messages(
                response: "{ type: string, base_key: name, metadata: { a: int, b: int } }", json: #"{"name": "x"}"#)
                == [
                    "e.json:1:10: error: the response of endpoint 'e': 'name' is \"x\", which is not an object (the response metadata)"
                ])
    }

    @Test func entityMetadataIsReadFromEachItem() {
        let declarations = """
            entities:
              movie:
                properties: { title: string }
                metadata: { rank: int, seen: { type: bool, default: false } }
            """
        #expect(messages(declarations, response: "{ entity: movie }", json: #"{"title": "a", "rank": 1}"#) == [])
        #expect(
            messages(declarations, response: "{ entity: movie }", json: #"{"title": "a"}"#) == [
                "\(prefix) reads metadata 'rank' of entity 'movie' from the body root, but the example has no 'rank'; if the server may leave it out, make it 'nullable: true'"
            ])
        // Related entities are read without their metadata.
        let related = declarations + "\n  list: { properties: { movies: \"[movie]\" } }"
        #expect(messages(related, response: "{ entity: list }", json: #"{"movies": [{"title": "a"}]}"#) == [])
    }

    // MARK: Properties

    /// A nullable identifier may be null or missing (the generated code reads it with `decodeIfPresent`); a value
    /// of another type still fails, and without `nullable` null is the error it always was.
    @Test func aNullableIdentifierMayBeNull() {
        func track(_ identifier: String, _ json: String) -> [String] {
            messages(
                "entities:\n  track: { identifier: \(identifier), properties: { name: string } }",
                response: "{ entity: { name: track, structure: array, failable_items: false } }", json: json)
        }
        let nullable = "{ type: string, nullable: true }"
        #expect(track(nullable, #"[{"id": "a", "name": "x"}, {"id": null, "name": "y"}, {"name": "z"}]"#) == [])
        #expect(
            track(nullable, #"[{"id": 5, "name": "x"}]"#) == [
                "e.json:1:9: error: the response of endpoint 'e': '[0].id' is 5, which is not a string"
            ])
        #expect(
            track("string", #"[{"id": null, "name": "y"}]"#) == [
                "e.json:1:9: error: the response of endpoint 'e': '[0].id' is null, which is not a string"
            ])
    }

    @Test func nullableDefaultLazyAndLenientProperties() {
        let properties = """
                  a: { type: int, nullable: true }
                  b: { type: int, default: 1 }
                  c: { type: int, lazy: true }
                  d: { type: int, lenient: true, nullable: true }
                  e: { type: int, lazy: true, nullable: true }
            """
        #expect(movie(properties, json: #"{"id": 1}"#) == [])
        #expect(movie(properties, json: #"{"id": 1, "a": null, "b": null, "d": "x", "e": null}"#) == [])
        #expect(
            movie(properties, json: #"{"id": 1, "a": "x", "b": "y", "c": null}"#) == [
                "e.json:1:16: error: the response of endpoint 'e': 'a' is \"x\", which is not an integer",
                "e.json:1:26: error: the response of endpoint 'e': 'b' is \"y\", which is not an integer",
                "e.json:1:36: error: the response of endpoint 'e': 'c' is null, which is not an integer",
            ])
    }

    /// The generated example tests accept a lenient fallback and nothing else that fails (they decode the same
    /// example): lint draws the line at the same place.
    @Test func aLenientFallbackIsAcceptedAsTheExampleTestsAcceptIt() {
        #expect(
            movie("      reactions: { type: int, default: 0, lenient: true }", json: #"{"id": 1, "reactions": "many"}"#)
                == [])
        #expect(
            movie("      reactions: { type: int, default: 0 }", json: #"{"id": 1, "reactions": "many"}"#) == [
                "e.json:1:24: error: the response of endpoint 'e': 'reactions' is \"many\", which is not an integer"
            ])
    }

    @Test func dottedKeysReadNestedObjects() {
        let required = "      name: { type: string, key: credits.director.name }"
        #expect(movie(required, json: #"{"id": 1, "credits": {"director": {"name": "x"}}}"#) == [])
        #expect(
            movie(required, json: #"{"id": 1, "credits": {}}"#) == [
                "e.json:1:22: error: the response of endpoint 'e' reads property 'name' of entity 'movie' from 'credits', but the example has no 'director'; if the server may leave it out, make it 'nullable: true'"
            ])
        #expect(
            movie(required, json: #"{"id": 1, "credits": {"director": null}}"#) == [
                "e.json:1:35: error: the response of endpoint 'e': 'credits.director' is null, which is not an object with 'name'"
            ])
        let nullable = "      name: { type: string, key: credits.director.name, nullable: true }"
        #expect(movie(nullable, json: #"{"id": 1, "credits": {"director": null}}"#) == [])
        #expect(movie(nullable, json: #"{"id": 1}"#) == [])
        #expect(
            movie(nullable, json: #"{"id": 1, "credits": []}"#) == [
                "e.json:1:22: error: the response of endpoint 'e': 'credits' is a list, which is not an object with 'director'"
            ])
        let lenient = "      name: { type: string, key: credits.director.name, nullable: true, lenient: true }"
        #expect(movie(lenient, json: #"{"id": 1, "credits": []}"#) == [])
    }

    @Test func listKeysWithDotsAreOneKey() {
        let properties = "      first: { type: string, key: [meta, first.name] }"
        #expect(movie(properties, json: #"{"id": 1, "meta": {"first.name": "x"}}"#) == [])
        #expect(
            movie(properties, json: #"{"id": 1, "meta": {"first.name": 1}}"#) == [
                "e.json:1:34: error: the response of endpoint 'e': 'meta[\"first.name\"]' is 1, which is not a string"
            ])
    }

    // MARK: Scalars

    @Test func integers() {
        let properties = "      n: int\n      m: int64"
        #expect(movie(properties, json: #"{"id": 1, "n": 1.0, "m": 9223372036854775807}"#) == [])
        #expect(movie(properties, json: #"{"id": 1, "n": 1e2, "m": -9223372036854775808}"#) == [])
        #expect(
            movie(properties, json: #"{"id": 1, "n": 1.5, "m": 9223372036854775808}"#) == [
                "e.json:1:16: error: the response of endpoint 'e': 'n' is 1.5, which is not an integer",
                "e.json:1:26: error: the response of endpoint 'e': 'm' is 9223372036854775808, which is not an integer that fits 'int64' (64 bits)",
            ])
        #expect(movie(properties, json: #"{"id": 1, "n": 1e19, "m": true}"#).count == 2)
    }

    @Test func floatingPointNumbers() {
        let properties = "      d: double\n      f: float\n      x: decimal"
        #expect(movie(properties, json: #"{"id": 1, "d": 1e308, "f": 3.4e38, "x": 1.5}"#) == [])
        #expect(
            movie(properties, json: #"{"id": 1, "d": 1e-400, "f": 1e39, "x": 1e200}"#) == [
                "e.json:1:16: error: the response of endpoint 'e': 'd' is 1e-400, which is not a number that fits 'double'",
                "e.json:1:29: error: the response of endpoint 'e': 'f' is 1e39, which is not a number that fits 'float'",
                "e.json:1:40: error: the response of endpoint 'e': 'x' is 1e200, which is not a number that fits 'decimal'",
            ])
        #expect(movie(properties, json: #"{"id": 1, "d": "1", "f": 0, "x": 0}"#).count == 1)
    }

    @Test func datesInEveryFormat() {
        let properties = """
                  a: date
                  b: { type: date, format: iso8601_fractional }
                  c: { type: date, format: epoch_seconds }
                  d: { type: date, format: yyyy-MM-dd }
                  e: { type: "[date]", format: "dd.MM.yyyy" }
            """
        let good = #"""
            {"id": 1, "a": "2024-05-01T12:00:00Z", "b": "2024-05-01 12:00:00.5+02:00", "c": 1714564800.5,
             "d": "2020-01-01", "e": ["01.02.2020"]}
            """#
        #expect(movie(properties, json: good) == [])
        let bad = #"""
            {"id": 1, "a": "2024-05-01", "b": "2023-02-29T00:00:00Z", "c": "1714564800",
             "d": "2020/01/01", "e": ["01.02.2020", "2020-02-01"]}
            """#
        #expect(
            movie(properties, json: bad) == [
                "e.json:1:16: error: the response of endpoint 'e': 'a' is \"2024-05-01\", which is not a date in format 'iso8601' (such as \"2024-05-01T12:00:00Z\")",
                "e.json:1:35: error: the response of endpoint 'e': 'b' is \"2023-02-29T00:00:00Z\", which is not a date in format 'iso8601_fractional' (such as \"2024-05-01T12:00:00Z\")",
                "e.json:1:64: error: the response of endpoint 'e': 'c' is \"1714564800\", which is not a number (a date in format 'epoch_seconds')",
                "e.json:2:7: error: the response of endpoint 'e': 'd' is \"2020/01/01\", which is not a date in format 'yyyy-MM-dd'",
                "e.json:2:41: error: the response of endpoint 'e': 'e[1]' is \"2020-02-01\", which is not a date in format 'dd.MM.yyyy'",
            ])
    }

    @Test func durationsURLsUUIDsColorsDataAndBooleans() {
        let properties = """
                  s: seconds
                  ms: milliseconds
                  u: url
                  i: uuid
                  c: color
                  k: color
                  b: data
                  t: bool
            """
        let good = #"""
            {"id": 1, "s": 1.5, "ms": 20, "u": "/posters/a%20b.jpg", "i": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
             "c": "#1E88E5", "k": "fff", "b": "aGVs\r\nbG8=", "t": false}
            """#
        #expect(movie(properties, json: good) == [])
        let bad = #"""
            {"id": 1, "s": "1.5", "ms": null, "u": "a b", "i": "e621e1f8", "c": "#12345", "k": "blue",
             "b": "aGVsbG8", "t": 0}
            """#
        #expect(
            movie(properties, json: bad) == [
                "e.json:1:16: error: the response of endpoint 'e': 's' is \"1.5\", which is not a number of seconds",
                "e.json:1:29: error: the response of endpoint 'e': 'ms' is null, which is not a number of milliseconds",
                "e.json:1:40: error: the response of endpoint 'e': 'u' is \"a b\", which is not a URL (a space must be percent-encoded)",
                "e.json:1:52: error: the response of endpoint 'e': 'i' is \"e621e1f8\", which is not a UUID",
                "e.json:1:69: error: the response of endpoint 'e': 'c' is \"#12345\", which is not a color (#RGB, #RRGGBB or #RRGGBBAA)",
                "e.json:1:84: error: the response of endpoint 'e': 'k' is \"blue\", which is not a color (#RGB, #RRGGBB or #RRGGBBAA)",
                "e.json:2:7: error: the response of endpoint 'e': 'b' is \"aGVsbG8\", which is not base64 data",
                "e.json:2:23: error: the response of endpoint 'e': 't' is 0, which is not true or false",
            ])
    }

    @Test func longValuesAreCutShortInMessages() {
        let long = String(repeating: "x", count: 100)
        #expect(
            movie("      n: int", json: "{\"id\": 1, \"n\": \"\(long)\"}") == [
                "e.json:1:16: error: the response of endpoint 'e': 'n' is \"\(String(repeating: "x", count: 39))…\", which is not an integer"
            ])
    }

    // MARK: Lists, maps, subtypes

    @Test func listsAndMaps() {
        let properties = """
                  tags: "[string]"
                  grid: "[[int]]"
                  scores: "{string: double}"
            """
        #expect(movie(properties, json: #"{"id": 1, "tags": [], "grid": [[1], []], "scores": {"a": 1}}"#) == [])
        #expect(
            movie(properties, json: #"{"id": 1, "tags": "a", "grid": [[1, "x"]], "scores": {"a": 1, "b": null}}"#) == [
                "e.json:1:19: error: the response of endpoint 'e': 'tags' is \"a\", which is not a list",
                "e.json:1:37: error: the response of endpoint 'e': 'grid[0][1]' is \"x\", which is not an integer",
                "e.json:1:68: error: the response of endpoint 'e': 'scores.b' is null, which is not a number",
            ])
        #expect(
            movie(properties, json: #"{"id": 1, "tags": [], "grid": [], "scores": []}"#) == [
                "e.json:1:45: error: the response of endpoint 'e': 'scores' is a list, which is not an object ({string: double})"
            ])
    }

    @Test func failableListPropertiesDropBadItems() {
        let properties = "      tags: { type: \"[string]\", failable_items: true }"
        #expect(
            movie(properties, json: #"{"id": 1, "tags": ["a", 2]}"#) == [
                "e.json:1:25: warning: the response of endpoint 'e': 'tags[1]' is 2, which is not a string; the item 'tags[1]' would be dropped (failable_items)"
            ])
    }

    @Test func enumsWithAndWithoutFallback() {
        let declarations = """
            subtypes:
              quality: { cases: [sd, hd, { name: ultra, value: 4k }] }
              genre: { cases: [action], unknown: true }
            entities:
              movie:
                properties: { q: quality, g: genre }
            """
        #expect(messages(declarations, response: "{ entity: movie }", json: #"{"q": "4k", "g": "western"}"#) == [])
        #expect(
            messages(declarations, response: "{ entity: movie }", json: #"{"q": "ultra", "g": 1}"#) == [
                "e.json:1:7: error: the response of endpoint 'e': 'q' is \"ultra\", which is not a case of enum 'quality' (\"sd\", \"hd\", \"4k\")",
                "e.json:1:21: error: the response of endpoint 'e': 'g' is 1, which is not a string (enum 'genre')",
            ])
    }

    @Test func optionSetsAreNamesOrBits() {
        let declarations = """
            subtypes:
              permissions: { options: [read, write] }
            entities:
              movie:
                properties: { p: permissions }
            """
        #expect(messages(declarations, response: "{ entity: movie }", json: #"{"p": ["read", "later"]}"#) == [])
        #expect(messages(declarations, response: "{ entity: movie }", json: #"{"p": 3}"#) == [])
        #expect(
            messages(declarations, response: "{ entity: movie }", json: #"{"p": "read"}"#) == [
                "e.json:1:7: error: the response of endpoint 'e': 'p' is \"read\", which is not a list of option names or an integer (option set 'permissions')"
            ])
        #expect(
            messages(declarations, response: "{ entity: movie }", json: #"{"p": ["read", true]}"#) == [
                "e.json:1:16: error: the response of endpoint 'e': 'p[1]' is true, which is not a string (an option of 'permissions')"
            ])
    }

    @Test func structsAreCheckedInsideAndEmptyOnesTakeAnything() {
        let declarations = """
            subtypes:
              money: { properties: { amount: decimal, currency: string } }
              anything: { properties: {} }
            entities:
              movie:
                properties: { budget: money, extra: anything }
            """
        let response = "{ entity: movie }"
        #expect(
            messages(
                declarations, response: response, json: #"{"budget": {"amount": 1, "currency": "EUR"}, "extra": 3}"#)
                == [])
        #expect(
            messages(declarations, response: response, json: #"{"budget": {"amount": "1"}, "extra": null}"#) == [
                "e.json:1:12: error: the response of endpoint 'e' reads property 'currency' of subtype 'money' from 'budget', but the example has no 'currency'; if the server may leave it out, make it 'nullable: true'",
                "e.json:1:23: error: the response of endpoint 'e': 'budget.amount' is \"1\", which is not a number",
            ])
    }

    // MARK: Relationships

    @Test func relationshipsAreObjectsOrIdentifiers() {
        let declarations = """
            entities:
              person: { identifier: { type: string, key: person_id }, properties: { name: string } }
              genre: { identifier: { property: code }, properties: { code: uuid } }
              movie:
                identifier: int
                properties:
                  director: { type: person, id_only: true }
                  genres: { type: "[genre]", id_only: true }
                  cast: "[person]"
                  writer: { type: person, id_only: true, key: writer_ref }
                  known_for: { type: "[movie]", id_only: true, match_exact_key: true }
            """
        let good = #"""
            {"id": 1, "director_id": "p1", "genre_ids": ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"],
             "cast": [{"person_id": "p2", "name": "A"}], "writer_ref": "p3", "known_for": [2]}
            """#
        #expect(messages(declarations, response: "{ entity: movie }", json: good) == [])
        let bad = #"""
            {"id": 1, "director_id": 7, "genre_ids": ["x"],
             "cast": [{"name": "A"}], "writer_ref": "p3", "known_for": ["2"]}
            """#
        #expect(
            messages(declarations, response: "{ entity: movie }", json: bad) == [
                "e.json:1:26: error: the response of endpoint 'e': 'director_id' is 7, which is not a string (an identifier of entity 'person')",
                "e.json:1:43: warning: the response of endpoint 'e': 'genre_ids[0]' is \"x\", which is not a UUID (an identifier of entity 'genre'); the item 'genre_ids[0]' would be dropped (failable_items)",
                "e.json:2:11: warning: the response of endpoint 'e' reads the identifier of entity 'person' from 'cast[0]', but the example has no 'person_id'; the item 'cast[0]' would be dropped (failable_items)",
                "e.json:2:61: warning: the response of endpoint 'e': 'known_for[0]' is \"2\", which is not an integer (an identifier of entity 'movie'); the item 'known_for[0]' would be dropped (failable_items)",
            ])
    }

    // MARK: Reporting

    @Test func atMostTwentyMismatchesThenACount() {
        let items = (0..<25).map { _ in "\"x\"" }.joined(separator: ",\n")
        let lines = messages(response: "{ type: \"[int]\" }", json: "[\n\(items)\n]")
        #expect(lines.count == 21)
        #expect(
            lines.first == "e.json:2:1: error: the response of endpoint 'e': '[0]' is \"x\", which is not an integer")
        #expect(lines.last == "e.json:22:1: error: the response of endpoint 'e': and 5 more mismatches in this example")
    }

    @Test func mismatchesAreReportedInFileOrder() {
        // Properties are checked in the spec's order; the example writes them the other way round.
        let lines = movie("      a: int\n      b: int", json: "{\"id\": 1,\n\"b\": \"x\",\n\"a\": \"y\"}")
        #expect(lines.map { $0.prefix(8) } == ["e.json:2", "e.json:3"])
    }

    @Test func aSpecWithErrorsHasItsExamplesReadButNotChecked() {
        let lines = movie("      title: strin", json: #"{"id": "x"}"#)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("unknown type 'strin'") == true)
    }

    /// Bytes that are no JSON text end in one error at the first bad byte, whatever follows.
    @Test func hostileBytesEndInOneLocatedError() throws {
        let spec =
            TemporarySpec.header + """

                services:
                  s:
                    endpoints:
                      e: { get: /e, response: { type: string }, example: e.json }
                """
        let cases: [([UInt8], String)] = [
            (
                [UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")],
                "1:2: error: example of endpoint 'e': invalid UTF-8 (byte 0xFF)"
            ),
            (
                [0x00] + Array(repeating: UInt8(ascii: "["), count: 10),
                "1:1: error: example of endpoint 'e': expected a value, found '\\u{0}'"
            ),
            (
                Array("\"a\u{1B}[31m\"".utf8),
                "1:3: error: example of endpoint 'e': control character U+001B in a string; write it escaped, as \\u001B"
            ),
            (
                Array(repeating: UInt8(ascii: "{"), count: 1_000_000),
                "1:2: error: example of endpoint 'e': expected a key in double quotes, found '{'"
            ),
        ]
        for (bytes, expected) in cases {
            let lines = TemporarySpec.withFolder { folder in
                TemporarySpec.write(["spec.lucid.yaml": spec], into: folder)
                _ = FileManager.default.createFile(atPath: folder + "/e.json", contents: Data(bytes))
                return TemporarySpec.messages(SpecLoader().load(path: folder + "/spec.lucid.yaml"))
            }
            #expect(lines == ["e.json:" + expected])
        }
    }

    @Test func largeExamplesAreCheckedWithoutHanging() {
        let items = Array(repeating: #"{"id": 1, "title": "a"}"#, count: 50_000).joined(separator: ",")
        let response = "{ entity: { name: movie, structure: array } }"
        #expect(movie("      title: string", response: response, json: "[\(items)]") == [])
        let bad = Array(repeating: #"{"id": "1"}"#, count: 50_000).joined(separator: ",")
        #expect(movie("      title: string", response: response, json: "[\(bad)]").count == 21)
        // A megabyte of numbers where strings belong: a million mismatches, twenty-one lines.
        let numbers = "[" + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]"
        let lines = messages(response: "{ type: \"[string]\" }", json: numbers)
        #expect(lines.count == 21)
        #expect(
            lines.last == "e.json:1:42: error: the response of endpoint 'e': and 499980 more mismatches in this example"
        )
    }

    // MARK: Issue 16's responses

    @Test func rootMetadataIsReadFromTheRootAndPlainDatesWithTheirFormat() {
        let response =
            "{ base_key: results.sunrise, type: date, format: iso8601, metadata: { status: { type: string, root: true } } }"
        #expect(
            messages(
                response: response, json: #"{"results": {"sunrise": "2015-05-21T05:05:35+00:00"}, "status": "OK"}"#)
                == [])
        #expect(
            messages(response: response, json: #"{"results": {"sunrise": "2015-05-21T05:05:35+00:00"}}"#) == [
                "\(prefix) reads metadata 'status' from the body root, but the example has no 'status'; if the server may leave it out, make it 'nullable: true'"
            ])
        #expect(
            messages(response: response, json: #"{"results": {"sunrise": "5:05:35 AM"}, "status": "OK"}"#) == [
                "e.json:1:25: error: the response of endpoint 'e': 'results.sunrise' is \"5:05:35 AM\", which is not a date in format 'iso8601' (such as \"2024-05-01T12:00:00Z\")"
            ])
        // Beside the payload, metadata is read below base_key.
        let beside = "{ base_key: data, type: int, metadata: { total: int } }"
        #expect(
            messages(
                response: "{ base_key: data, type: \"{string: int}\", metadata: { total: int } }",
                json: #"{"data": {"total": 1}}"#) == [])
        #expect(
            messages(response: beside, json: #"{"data": 3, "total": 1}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is 3, which is not an object (the response metadata)"
            ])
        // With a value at the root, the others are read below base_key from the root too.
        let mixed = "{ base_key: data, type: int, metadata: { total: int, status: { type: string, root: true } } }"
        #expect(
            messages(response: mixed, json: #"{"data": 3, "status": "OK"}"#) == [
                "e.json:1:10: error: the response of endpoint 'e': 'data' is 3, which is not an object with 'total'"
            ])
    }

    @Test func failableMapsMayHoldBadValuesOnlyAsDropped() {
        let declarations =
            "subtypes:\n  box: { properties: { counts: { type: \"{string: int}\", failable_items: true } } }"
        #expect(messages(declarations, response: "{ type: box }", json: #"{"counts": {"a": 1}}"#) == [])
        let found = messages(declarations, response: "{ type: box }", json: #"{"counts": {"a": "x"}}"#)
        #expect(found.count == 1 && found.first?.contains("would be dropped") == true, "\(found)")
    }

    @Test func unionsAreCheckedByTagOrByTheFirstCaseThatFits() {
        let declarations = """
            subtypes:
              labeled: { properties: { label: string } }
              commented: { properties: { body: string } }
              event:
                discriminator: event
                one_of: { labeled: labeled, commented: commented }
              loose:
                discriminator: event
                one_of: { labeled: labeled }
                unknown: true
              id_or_labeled: { one_of: [string, labeled] }
            """
        #expect(
            messages(declarations, response: "{ type: event }", json: #"{"event": "labeled", "label": "bug"}"#) == [])
        #expect(
            messages(declarations, response: "{ type: event }", json: #"{"event": "labeled", "body": "x"}"#) == [
                "\(prefix) reads property 'label' of subtype 'labeled' from the body root, but the example has no 'label'; if the server may leave it out, make it 'nullable: true'"
            ])
        #expect(
            messages(declarations, response: "{ type: event }", json: #"{"event": "renamed"}"#) == [
                "e.json:1:11: error: the response of endpoint 'e': 'event' is \"renamed\", which is not a kind of union 'event' (\"labeled\", \"commented\")"
            ])
        #expect(
            messages(declarations, response: "{ type: event }", json: #"{"label": "bug"}"#) == [
                "\(prefix) reads the discriminator of union 'event' from the body root, but the example has no 'event'"
            ])
        #expect(messages(declarations, response: "{ type: loose }", json: #"{"event": "renamed"}"#) == [])
        #expect(messages(declarations, response: "{ type: id_or_labeled }", json: #""cus_1""#) == [])
        #expect(messages(declarations, response: "{ type: id_or_labeled }", json: #"{"label": "x"}"#) == [])
        #expect(
            messages(declarations, response: "{ type: id_or_labeled }", json: "3") == [
                "\(prefix): the body root is 3, which is not one of 'string', 'labeled'"
            ])
        // An object no case reads: why the struct case failed inside it, not that it is no string.
        #expect(
            messages(declarations, response: "{ type: id_or_labeled }", json: #"{"lable": "x"}"#) == [
                "\(prefix): the body root is an object, which is not one of 'string', 'labeled'; as 'labeled', reads"
                    + " property 'label' of subtype 'labeled' from the body root, but the example has no 'label'"
            ])
        #expect(
            messages(declarations, response: "{ type: id_or_labeled }", json: #"{"label": 3}"#) == [
                "e.json:1:1: error: the response of endpoint 'e': the body root is an object, which is not one of"
                    + " 'string', 'labeled'; as 'labeled', 'label' is 3, which is not a string"
            ])
    }

    // MARK: Keys read under another name

    /// `id_only` makes a property read `<name>_id`: an example holding the whole object at `<name>` would decode as
    /// nil, silently. The warning stands at the key the example has.
    @Test func anIDOnlyPropertyBesideTheObjectItsNameHoldsIsAWarningThere() {
        let properties = """
                  title: string
                  sequel: { type: movie, id_only: true, nullable: true }
            """
        #expect(
            movie(
                properties, json: "{\"id\": 1, \"title\": \"Heat\",\n \"sequel\": {\"id\": 2, \"title\": \"Heat 2\"}}")
                == [
                    "e.json:2:2: warning: the response of endpoint 'e': property 'sequel' of entity 'movie' reads key 'sequel_id' (id_only reads the identifier alone, at the name with '_id'), which the object lacks; it has 'sequel', which no property reads; if 'sequel' holds the whole object, drop 'id_only'"
                ])
        #expect(movie(properties, json: #"{"id": 1, "title": "Heat", "sequel_id": 2}"#) == [])
        #expect(movie(properties, json: #"{"id": 1, "title": "Heat"}"#) == [], "no key like it: nothing to say")
    }

    /// A key that is the property's own name wins over a near miss the object has before it: Mastodon's status
    /// sends `reblogged` (a boolean) before `reblog` (the boosted status), and the hint for `reblog: { type: status,
    /// id_only: true }` is about `reblog`, not `set 'key: reblogged'` (issue 42).
    @Test func theKeyOfThePropertysOwnNameWinsOverANearMissBeforeIt() {
        let declarations = """
            entities:
              status:
                identifier: string
                properties:
                  reblog: { type: status, id_only: true, nullable: true }
            """
        let json = """
            {"id": "1", "reblogs_count": 6, "reblogged": false,
             "reblog": {"id": "2", "reblogs_count": 0, "reblogged": false, "reblog": null}}
            """
        #expect(
            messages(declarations, response: "{ entity: status }", json: json) == [
                "e.json:2:2: warning: the response of endpoint 'e': property 'reblog' of entity 'status' reads key 'reblog_id' (id_only reads the identifier alone, at the name with '_id'), which the object lacks; it has 'reblog', which no property reads; if 'reblog' holds the whole object, drop 'id_only'"
            ])
    }

    /// The same with Mastodon's documented status (`../shared/testdata/bodies/mastodon/status.json`).
    @Test(
        .enabled(
            if: ConformanceSuites.shouldRun("bodies/mastodon"),
            Comment(rawValue: ConformanceSuites.skipReason("bodies/mastodon"))))
    func mastodonsStatusGetsTheHintAboutReblogNotReblogged() throws {
        let folder = try #require(
            ConformanceSuites.folder("bodies/mastodon"), "\(ConformanceSuites.skipReason("bodies/mastodon"))")
        let json = try String(contentsOf: folder.appendingPathComponent("status.json"), encoding: .utf8)
        let declarations = """
            entities:
              status:
                identifier: string
                properties:
                  reblog: { type: status, id_only: true, nullable: true }
            """
        #expect(
            messages(declarations, response: "{ entity: status }", json: json) == [
                "e.json:21:3: warning: the response of endpoint 'e': property 'reblog' of entity 'status' reads key 'reblog_id' (id_only reads the identifier alone, at the name with '_id'), which the object lacks; it has 'reblog', which no property reads; if 'reblog' holds the whole object, drop 'id_only'"
            ])
    }

    @Test func aKeyThatDiffersByIDCaseOrATypoIsAWarningNamingTheKeyAndWhy() {
        let properties = """
                  title: string
                  release_year: { type: int, nullable: true, key: year }
                  original_title: { type: string, nullable: true }
                  studio_id: { type: int, nullable: true }
                  homepage: { type: string, nullable: true }
            """
        #expect(
            movie(
                properties,
                json: """
                    {"id": 1, "title": "Heat", "release_year": 1995, "originalTitle": "Heat",
                     "studio": 4, "hompage": "https://example.com"}
                    """)
                == [
                    "e.json:1:28: warning: the response of endpoint 'e': property 'release_year' of entity 'movie' reads key 'year' (set by 'key:'), which the object lacks; it has 'release_year', which no property reads; if 'release_year' is the key meant, set 'key: release_year'",
                    "e.json:1:50: warning: the response of endpoint 'e': property 'original_title' of entity 'movie' reads key 'original_title', which the object lacks; it has 'originalTitle', which no property reads; if 'originalTitle' is the key meant, set 'key: originalTitle'",
                    "e.json:2:2: warning: the response of endpoint 'e': property 'studio_id' of entity 'movie' reads key 'studio_id', which the object lacks; it has 'studio', which no property reads; if 'studio' is the key meant, set 'key: studio'",
                    "e.json:2:15: warning: the response of endpoint 'e': property 'homepage' of entity 'movie' reads key 'homepage', which the object lacks; it has 'hompage', which no property reads; if 'hompage' is the key meant, set 'key: hompage'",
                ])
    }

    /// A key another property reads is no candidate, nor is one unlike the key, nor a short key one letter off:
    /// real bodies hold many keys the spec does not read.
    @Test func keysReadElsewhereOrUnlikeTheKeyAreNoWarning() {
        let properties = """
                  title: string
                  url: { type: string, nullable: true }
                  uri: string
                  sequel: { type: movie, id_only: true, nullable: true }
                  sequel_info: { type: string, nullable: true, key: sequel }
            """
        #expect(
            movie(
                properties,
                json: #"{"id": 1, "title": "Heat", "uri": "x", "sequel": "s", "ip": "1", "visibility": "public"}"#)
                == [])
    }

    // MARK: Unread keys

    @Test func unreadKeysAreReportedOnlyWhenAskedFor() {
        let declarations = """
            subtypes:
              credits: { properties: { director: string } }
            entities:
              movie:
                identifier: int
                properties:
                  title: string
                  credits: credits
                  poster: { type: string, nullable: true, key: images.poster }
            """
        let json = """
            {"id": 1, "title": "Heat", "popularity": 9.5,
             "credits": {"director": "Mann", "writer": "Mann"},
             "images": {"poster": "p.jpg", "backdrop": "b.jpg"}}
            """
        #expect(messages(declarations, response: "{ entity: movie }", json: json) == [], "quiet by default")
        #expect(
            messages(declarations, response: "{ entity: movie }", json: json, unreadKeys: true) == [
                "e.json:1:28: warning: the response of endpoint 'e': 'popularity' is read by no property",
                "e.json:2:34: warning: the response of endpoint 'e': 'credits.writer' is read by no property",
                "e.json:3:32: warning: the response of endpoint 'e': 'images.backdrop' is read by no property",
            ])
    }

    @Test func aTaggedUnionsDiscriminatorIsReadByTheUnion() {
        let declarations = """
            subtypes:
              shape:
                discriminator: kind
                one_of: { circle: circle }
              circle: { properties: { radius: double } }
            """
        #expect(
            messages(
                declarations, response: "{ type: shape }", json: #"{"kind": "circle", "radius": 1, "color": "red"}"#,
                unreadKeys: true) == [
                    "e.json:1:33: warning: the response of endpoint 'e': 'color' is read by no property"
                ])
    }
}
