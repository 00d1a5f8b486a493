import Foundation
import LucidTestSupport
import Testing

@_spi(Generated) @testable import LucidRuntime

/// `ResponsePayload.excludedPaths` are skipped while decoding: an excluded key reads as absent wherever it is asked
/// for, and its value is never read, so nothing it holds can fail the decode.
struct ExcludedPathsTests {
    /// Decodes `json` as `T` the way generated services do (`decode(from: HTTPResponse)`).
    func decode<T: ResponsePayload>(_ type: T.Type, _ json: String, headers: [String: String] = [:]) throws -> T {
        try T.decode(from: HTTPResponse(status: 200, headers: headers, body: Data(json.utf8)))
    }

    struct Credits: Decodable, Equatable {
        let director: String
    }

    struct Film: Decodable, Equatable {
        let id: Int
        /// Read by the type, but excluded by the payloads below.
        let credits: Credits?
    }

    /// Films under a base key, each with its excluded `credits` (which `Film` would read).
    struct Discover: ResponsePayload, Equatable {
        static let excludedPaths = [["data", "results", "credits"], ["data", "debug"]]
        let films: [Film]
        let debug: String?

        init(from decoder: any Decoder) throws {
            let payload = try decoder.payload(at: ["data"])
            films = try payload.decode(.failable(Film.self), at: ["results"])
            debug = try payload.decodeIfPresent(String.self, at: ["debug"])
        }
    }

    @Test(arguments: [#""not an object""#, "[1, 2]", #"{"director": 5}"#, "null", "{}", #"{"director": "Varda"}"#])
    func anExcludedKeyDecodesAsAbsentWhateverItHolds(credits: String) throws {
        let json = #"{"data": {"debug": {"took": 3}, "results": [{"id": 1, "credits": \#(credits)}, {"id": 2}]}}"#
        let (response, issues) = try collectingIssues { try decode(Discover.self, json) }
        #expect(response.films == [Film(id: 1, credits: nil), Film(id: 2, credits: nil)] && response.debug == nil)
        #expect(issues.isEmpty)
    }

    @Test func withoutTheExclusionTheSameValuesAreRead() throws {
        struct Plain: ResponsePayload {
            let films: [Film]
            init(from decoder: any Decoder) throws {
                films = try decoder.payload(at: ["data"]).decodeArray(Film.self, at: ["results"])
            }
        }
        let good = #"{"data": {"results": [{"id": 1, "credits": {"director": "Varda"}}]}}"#
        #expect(try decode(Plain.self, good).films == [Film(id: 1, credits: Credits(director: "Varda"))])
        #expect(throws: DecodingError.self) {
            try decode(Plain.self, #"{"data": {"results": [{"id": 1, "credits": [1, 2]}]}}"#)
        }
    }

    @Test func aRequiredExcludedKeyIsMissingWithItsPath() throws {
        struct Strict: ResponsePayload {
            static let excludedPaths = [["item", "title"]]
            struct Item: Decodable { let title: String }
            let item: Item
        }
        let error = #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"item": {"title": "A"}}"#) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("Expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "title" && error?.dottedPath == "item.title")
        #expect(context.debugDescription.contains("\"title\""))
    }

    /// Reports being decoded, to show that an excluded value is never read.
    struct Tripwire: Decodable {
        static let decoded = Locked(0)
        init(from decoder: any Decoder) throws {
            Self.decoded.withLock { $0 += 1 }
        }
    }

    @Test func anExcludedValueIsNeverRead() throws {
        struct Watched: ResponsePayload {
            static let excludedPaths = [["wire"], ["list", "wire"]]
            struct Entry: Decodable { let wire: Tripwire? }
            let wire: Tripwire?
            let entries: [Entry]
            let hasWire: Bool
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                wire = try container.decodeIfPresent(Tripwire.self, forKey: "wire")
                entries = try container.decode([Entry].self, forKey: "list")
                hasWire = container.contains("wire") || container.allKeys.contains { $0.stringValue == "wire" }
            }
        }
        let before = Tripwire.decoded.withLock { $0 }
        let response = try decode(Watched.self, #"{"wire": 1, "list": [{"wire": 2}, {"wire": {}}]}"#)
        #expect(response.wire == nil && response.entries.map { $0.wire == nil } == [true, true])
        #expect(!response.hasWire)
        #expect(Tripwire.decoded.withLock { $0 } == before)
    }

    @Test func nestedPathsThroughObjectsAndArraysOfArrays() throws {
        struct Shelves: ResponsePayload, Equatable {
            static let excludedPaths = [
                ["data", "shelves", "studio", "logo"], ["data", "shelves", "secret"], ["data", "note"],
            ]
            struct Studio: Decodable, Equatable {
                let name: String
                let logo: URL?
            }
            struct Item: Decodable, Equatable {
                let id: Int
                let studio: Studio?
                let secret: Int?
            }
            let shelves: [[Item]]
            let note: String?
            init(from decoder: any Decoder) throws {
                let payload = try decoder.payload(at: ["data"])
                shelves = try payload.decode([[Item]].self, at: ["shelves"])
                note = try payload.decodeIfPresent(String.self, at: ["note"])
            }
        }
        let json = #"""
            {"data": {"note": 7, "shelves": [
                [{"id": 1, "secret": "x", "studio": {"name": "A24", "logo": ["not a URL"]}}],
                [{"id": 2, "secret": 2}, {"id": 3, "studio": {"name": "Ghibli"}}]
            ]}}
            """#
        let shelves = try decode(Shelves.self, json)
        #expect(shelves.note == nil)
        #expect(shelves.shelves.map { $0.map(\.id) } == [[1], [2, 3]])
        #expect(shelves.shelves.joined().map(\.secret) == [nil, nil, nil])
        #expect(shelves.shelves.joined().map(\.studio?.name) == ["A24", nil, "Ghibli"])
        #expect(shelves.shelves.joined().map { $0.studio?.logo == nil } == [true, true, true])
    }

    @Test func aMapLosesItsExcludedKeysAndFailableItemsReportOnlyTheRest() throws {
        struct Scores: ResponsePayload {
            static let excludedPaths = [["scores", "bad"], ["lenient", "bad"], ["items", "debug"]]
            struct Item: Decodable { let id: Int }
            let scores: [String: Int]
            let lenient: [String: Int]
            let items: [Item]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                scores = try container.decode([String: Int].self, forKey: "scores")
                lenient = try container.decodeFailableDictionary(Int.self, forKey: "lenient")
                items = try container.decodeFailableArray(Item.self, forKey: "items")
            }
        }
        let json = #"""
            {"scores": {"a": 1, "bad": "x"}, "lenient": {"a": 1, "b": "y", "bad": "x"},
             "items": [{"id": 1, "debug": "x"}, {"debug": 2}, {"id": 3}]}
            """#
        let (response, issues) = try collectingIssues { try decode(Scores.self, json) }
        #expect(response.scores == ["a": 1] && response.lenient == ["a": 1] && response.items.map(\.id) == [1, 3])
        #expect(issues.map(\.kind) == [.droppedValue(key: "b"), .droppedItem(index: 1)])
        #expect(issues.map(\.codingPath) == ["lenient.b", "items[1].id"])
    }

    @Test func valuesOnAnExcludedPathKeepTheDecodersStrategies() throws {
        struct Stamped: ResponsePayload, Equatable {
            static let excludedPaths = [["when", "x"], ["blob", "x"], ["item", "x"]]
            struct Item: Decodable, Equatable {
                let when: Date
                let blob: Data
            }
            let when: Date
            let blob: Data
            let item: Item
        }
        let decoder = JSONDecoder.payloadDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let json = #"{"when": 86400, "blob": "aGk=", "item": {"when": 0, "blob": "aGk=", "x": 1}}"#
        let stamped = try Stamped.decode(from: Data(json.utf8), using: decoder)
        #expect(stamped.when == Date(timeIntervalSince1970: 86_400) && stamped.blob == Data("hi".utf8))
        #expect(stamped.item == Stamped.Item(when: Date(timeIntervalSince1970: 0), blob: Data("hi".utf8)))
    }

    @Test func anExcludedBaseKeyIsAMissingPayloadAndHeadersStayReadable() throws {
        struct Tagged: ResponsePayload {
            static let excludedPaths = [["data"], ["meta", "debug"]]
            let etag: String?
            let total: Int
            init(from decoder: any Decoder) throws {
                etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
                total = try decoder.decode(Int.self, at: ["meta", "total"])
                _ = try decoder.payload(at: ["data"])
            }
        }
        let error = #expect(throws: DecodingError.self) {
            try decode(Tagged.self, #"{"data": {}, "meta": {"total": 1, "debug": []}}"#, headers: ["ETag": "\"v1\""])
        }
        #expect(error?.dottedPath == "data")
        struct Headers: ResponsePayload {
            static let excludedPaths = [["meta", "debug"]]
            let etag: String?
            let total: Int
            init(from decoder: any Decoder) throws {
                etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
                total = try decoder.decode(Int.self, at: ["meta", "total"])
            }
        }
        let headers = try decode(Headers.self, #"{"meta": {"total": 1, "debug": []}}"#, headers: ["ETag": "\"v1\""])
        #expect(headers.etag == "\"v1\"" && headers.total == 1)
    }

    @Test func emptyAndMissingPathsExcludeNothing() throws {
        struct Loose: ResponsePayload, Equatable {
            static let excludedPaths: [[String]] = [[], ["absent", "deeper"], ["id", "x"]]
            let id: Int
        }
        #expect(try decode(Loose.self, #"{"id": 4}"#) == Loose(id: 4))
        #expect(throws: DecodingError.self) { try decode(Loose.self, #"{"id": "4"}"#) }
    }
}
