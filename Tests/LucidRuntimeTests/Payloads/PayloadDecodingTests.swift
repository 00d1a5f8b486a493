import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

/// The `Decoder` navigation that generated payloads use (`payload(at:)`, `decode…(_:at:)`), `EntityWithMetadata`
/// and `ResponsePayload`.
struct PayloadDecodingTests {
    struct Item: Decodable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    struct Score: Decodable, Equatable, Sendable {
        let score: Double
    }

    let body = #"""
        {"data": {
            "page": {"id": 1, "title": "A"},
            "ids": [1, 2, 3],
            "badIds": [1, "2", 3],
            "none": null,
            "text": "x",
            "results": [{"id": 1, "title": "A"}, {"id": 2}, {"id": 3, "title": "C"}, 4, {"id": 5, "title": "E"}]
        }}
        """#

    // MARK: payload(at:)

    @Test func anEmptyPayloadPathIsTheDecoderItself() throws {
        let item = try decodeRoot(#"{"id": 1, "title": "A"}"#) { decoder in
            let payload = try decoder.payload(at: [])
            #expect(payload.codingPath.isEmpty)
            return try Item(from: payload)
        }
        #expect(item == Item(id: 1, title: "A"))
    }

    @Test func aPayloadPathPositionsTheDecoder() throws {
        let (item, path) = try decodeRoot(body) { decoder in
            let payload = try decoder.payload(at: ["data", "page"])
            return (try Item(from: payload), payload.codingPath.map(\.stringValue))
        }
        #expect(item == Item(id: 1, title: "A"))
        #expect(path == ["data", "page"])
        let ids = try decodeRoot(body) { try [Int](from: $0.payload(at: ["data", "ids"])) }
        #expect(ids == [1, 2, 3])
    }

    @Test(arguments: [
        (["data", "missing"], "data.missing"), (["missing", "page"], "missing"), (["missing"], "missing"),
    ])
    func aMissingPayloadKeyIsKeyNotFoundWithItsCodingPath(path: [String], errorPath: String) {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { _ = try $0.payload(at: path) }
        }
        #expect(error?.dottedPath == errorPath)
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("Expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == errorPath.split(separator: ".").last.map(String.init))
        #expect(context.codingPath.count == path.firstIndex(of: key.stringValue))
    }

    @Test func aPayloadStepThatIsNotAnObjectIsAnError() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { _ = try $0.payload(at: ["data", "text", "x"]) }
        }
        #expect(error?.dottedPath == "data.text")
    }

    // MARK: decode(_:at:), decodeIfPresent(_:at:)

    @Test func decodesTheValueAtAPath() throws {
        #expect(try decodeRoot(body) { try $0.decode(Item.self, at: ["data", "page"]) } == Item(id: 1, title: "A"))
        #expect(try decodeRoot(body) { try $0.decode(String.self, at: ["data", "page", "title"]) } == "A")
        #expect(
            try decodeRoot(#"{"id": 2, "title": "B"}"#) { try $0.decode(Item.self, at: []) } == Item(id: 2, title: "B"))
        #expect(try decodeRoot("7") { try $0.decode(Int.self, at: []) } == 7)
    }

    @Test func decodeAtAPathReportsTheFailingStep() {
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(Int.self, at: ["data", "page", "year"]) }
        }
        #expect(missing?.dottedPath == "data.page.year")
        let null = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(Item.self, at: ["data", "none"]) }
        }
        #expect(null?.dottedPath == "data.none")
        #expect(throws: DecodingError.self) { try decodeRoot("null") { try $0.decode(Item.self, at: []) } }
    }

    @Test(arguments: [
        ["data", "none"], ["data", "missing"], ["data", "none", "id"], ["data", "missing", "id"], ["absent", "page"],
    ])
    func decodeIfPresentIsNilForAMissingOrNullStep(path: [String]) throws {
        #expect(try decodeRoot(body) { try $0.decodeIfPresent(Item.self, at: path) } == nil)
    }

    @Test func decodeIfPresentDecodesPresentValues() throws {
        #expect(
            try decodeRoot(body) { try $0.decodeIfPresent(Item.self, at: ["data", "page"]) } == Item(id: 1, title: "A"))
        #expect(try decodeRoot(body) { try $0.decodeIfPresent(Int.self, at: ["data", "page", "id"]) } == 1)
        #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeIfPresent(Int.self, at: ["data", "text"]) }
        }
        #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeIfPresent(Int.self, at: ["data", "text", "x"]) }
        }
    }

    @Test func decodeIfPresentAtAnEmptyPathIsNilOnlyForNull() throws {
        #expect(try decodeRoot("null") { try $0.decodeIfPresent(Item.self, at: []) } == nil)
        #expect(
            try decodeRoot(#"{"id": 2, "title": "B"}"#) { try $0.decodeIfPresent(Item.self, at: []) }
                == Item(id: 2, title: "B"))
        #expect(throws: DecodingError.self) { try decodeRoot("{}") { try $0.decodeIfPresent(Item.self, at: []) } }
    }

    // MARK: decodeArray(_:at:), decodeArrayIfPresent(_:at:)

    @Test func decodesArraysAtAnEmptyPathOrAKeyPath() throws {
        #expect(try decodeRoot("[3, 2, 1]") { try $0.decodeArray(Int.self, at: []) } == [3, 2, 1])
        #expect(try decodeRoot(body) { try $0.decodeArray(Int.self, at: ["data", "ids"]) } == [1, 2, 3])
        #expect(try decodeRoot("[]") { try $0.decodeArray(Int.self, at: []) } == [])
    }

    @Test func oneBadItemFailsAPlainArray() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeArray(Int.self, at: ["data", "badIds"]) }
        }
        #expect(error?.dottedPath == "data.badIds[1]")
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeArray(Int.self, at: ["data", "missing"]) }
        }
        #expect(missing?.dottedPath == "data.missing")
    }

    @Test func decodeArrayIfPresentIsNilForMissingOrNull() throws {
        #expect(try decodeRoot(body) { try $0.decodeArrayIfPresent(Int.self, at: ["data", "none"]) } == nil)
        #expect(try decodeRoot(body) { try $0.decodeArrayIfPresent(Int.self, at: ["data", "missing"]) } == nil)
        #expect(try decodeRoot(body) { try $0.decodeArrayIfPresent(Int.self, at: ["absent", "ids"]) } == nil)
        #expect(try decodeRoot("null") { try $0.decodeArrayIfPresent(Int.self, at: []) } == nil)
        #expect(try decodeRoot("[1]") { try $0.decodeArrayIfPresent(Int.self, at: []) } == [1])
        #expect(try decodeRoot(body) { try $0.decodeArrayIfPresent(Int.self, at: ["data", "ids"]) } == [1, 2, 3])
        #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeArrayIfPresent(Int.self, at: ["data", "badIds"]) }
        }
    }

    // MARK: decode(.failable(_:), at:), decodeIfPresent(.failable(_:), at:)

    let topLevelList = #"[{"id": 1, "title": "A"}, {"id": 2}, "x", {"id": 4, "title": "D"}]"#

    @Test func aFailableArrayAtAnEmptyPathIsTheTopLevelList() throws {
        let (items, issues) = try collectingIssues {
            try decodeRoot(topLevelList) { try $0.decode(.failable(Item.self), at: []) }
        }
        #expect(items.map(\.id) == [1, 4])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 2)])
        #expect(issues.map(\.codingPath) == ["[1].title", "[2]"])
    }

    @Test func aFailableArrayAtAKeyPathReportsDroppedItemsToTheBoundReporter() throws {
        let dropped = Locked<[DecodingIssue]>([])
        let reporter = DecodingIssueReporter { issue in dropped.withLock { $0.append(issue) } }
        let items = try DecodingIssueReporter.$current.withValue(reporter) {
            try decodeRoot(body) { try $0.decode(.failable(Item.self), at: ["data", "results"]) }
        }
        #expect(items.map(\.id) == [1, 3, 5])
        let issues = dropped.withLock { $0 }
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 3)])
        #expect(issues.map(\.codingPath) == ["data.results[1].title", "data.results[3]"])
        #expect(issues.first?.message == "Missing key 'title'.")
    }

    @Test func aFailableArrayStillNeedsTheList() {
        let missing = #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.failable(Item.self), at: ["data", "missing"]) }
        }
        #expect(missing?.dottedPath == "data.missing")
        #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decode(.failable(Item.self), at: ["data", "page"]) }
        }
        #expect(throws: DecodingError.self) { try decodeRoot(body) { try $0.decode(.failable(Item.self), at: []) } }
    }

    @Test func failableArrayIfPresentIsNilForMissingOrNull() throws {
        #expect(try decodeRoot("null") { try $0.decodeIfPresent(.failable(Item.self), at: []) } == nil)
        #expect(try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["data", "none"]) } == nil)
        #expect(
            try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["data", "missing"]) } == nil)
        #expect(
            try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["data", "none", "results"]) }
                == nil)
        #expect(
            try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["absent", "results"]) } == nil)
    }

    @Test func failableArrayIfPresentDropsAndReportsLikeTheRequiredOne() throws {
        let (atRoot, rootIssues) = try collectingIssues {
            try decodeRoot(topLevelList) { try $0.decodeIfPresent(.failable(Item.self), at: []) }
        }
        #expect(atRoot?.map(\.id) == [1, 4])
        #expect(rootIssues.map(\.codingPath) == ["[1].title", "[2]"])
        let (atPath, pathIssues) = try collectingIssues {
            try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["data", "results"]) }
        }
        #expect(atPath?.map(\.id) == [1, 3, 5])
        #expect(pathIssues.map(\.codingPath) == ["data.results[1].title", "data.results[3]"])
        #expect(throws: DecodingError.self) {
            try decodeRoot(body) { try $0.decodeIfPresent(.failable(Item.self), at: ["data", "text"]) }
        }
    }

    // MARK: decodeNestedArrays(_:innerKey:failable:)

    let groups = #"""
        [
            {"section": {"items": [{"id": 1, "title": "A"}, {"id": 2}, {"id": 3, "title": "C"}]}},
            {"section": {"items": []}},
            {"section": {"items": [{"id": 4, "title": "D"}, {"id": "5", "title": "E"}, {"id": 6, "title": "F"}]}}
        ]
        """#

    let goodGroups =
        #"[{"section": {"items": [{"id": 1, "title": "A"}]}}, {"section": {"items": [{"id": 2, "title": "B"}, {"id": 3, "title": "C"}]}}]"#

    @Test func nestedArraysJoinTheInnerListsInOrder() throws {
        for failable in [true, false] {
            let (items, issues) = try collectingIssues {
                try decodeRoot(goodGroups) {
                    try $0.decodeNestedArrays(Item.self, innerKey: ["section", "items"], failable: failable)
                }
            }
            #expect(items.map(\.id) == [1, 2, 3])
            #expect(issues.isEmpty)
        }
        #expect(
            try decodeRoot("[[1, 2], [], [3]]") { try $0.decodeNestedArrays(Int.self, innerKey: [], failable: false) }
                == [1, 2, 3])
        #expect(try decodeRoot("[]") { try $0.decodeNestedArrays(Int.self, innerKey: ["x"], failable: false) } == [])
    }

    @Test func failableNestedArraysDropAndReportBadItems() throws {
        let (items, issues) = try collectingIssues {
            try decodeRoot(groups) {
                try $0.decodeNestedArrays(Item.self, innerKey: ["section", "items"], failable: true)
            }
        }
        #expect(items.map(\.id) == [1, 3, 4, 6])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 1)])
        #expect(issues.map(\.codingPath) == ["[0].section.items[1].title", "[2].section.items[1].id"])
    }

    @Test func nonFailableNestedArraysFailOnABadItem() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(groups) {
                try $0.decodeNestedArrays(Item.self, innerKey: ["section", "items"], failable: false)
            }
        }
        #expect(error?.dottedPath == "[0].section.items[1].title")
    }

    @Test(arguments: [true, false])
    func aGroupWithoutItsInnerListIsAnError(failable: Bool) {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(#"[{"section": {"items": [1]}}, {"section": {}}]"#) {
                try $0.decodeNestedArrays(Int.self, innerKey: ["section", "items"], failable: failable)
            }
        }
        #expect(error?.dottedPath == "[1].section.items")
        #expect(throws: DecodingError.self) {
            try decodeRoot(#"{"section": {}}"#) {
                try $0.decodeNestedArrays(Int.self, innerKey: ["section"], failable: failable)
            }
        }
    }

    @Test(arguments: [true, false])
    func nestedArraysIfPresentIsNilForNull(failable: Bool) throws {
        #expect(
            try decodeRoot("null") { try $0.decodeNestedArraysIfPresent(Int.self, innerKey: ["x"], failable: failable) }
                == nil)
        let items = try decodeRoot(goodGroups) {
            try $0.decodeNestedArraysIfPresent(Item.self, innerKey: ["section", "items"], failable: failable)
        }
        #expect(items?.map(\.id) == [1, 2, 3])
    }

    @Test func nestedArraysIfPresentStillDropsFailableItems() throws {
        let (items, issues) = try collectingIssues {
            try decodeRoot(groups) {
                try $0.decodeNestedArraysIfPresent(Item.self, innerKey: ["section", "items"], failable: true)
            }
        }
        #expect(items?.map(\.id) == [1, 3, 4, 6])
        #expect(issues.count == 2)
    }

    // MARK: Nested items (Lucid's nested_array)

    let wrapped = #"[{"entry": {"movie": {"id": 1, "title": "A"}}}, {"entry": {"movie": {"id": "2"}}}, {"entry": {}}]"#

    @Test func nestedItemsReadOneEntityFromEachItem() throws {
        let good = #"[{"entry": {"movie": {"id": 1, "title": "A"}}}, {"entry": {"movie": {"id": 2, "title": "B"}}}]"#
        for failable in [true, false] {
            let items = try decodeRoot(good) {
                try $0.decodeNestedItems(Item.self, key: ["entry", "movie"], failable: failable)
            }
            #expect(items.map(\.id) == [1, 2])
        }
        #expect(try decodeRoot("[]") { try $0.decodeNestedItems(Int.self, key: ["x"], failable: false) } == [])
        #expect(
            try decodeRoot(#"[{"x": 1}, {"x": 2}]"#) { try $0.decodeNestedItems(Int.self, key: ["x"], failable: false) }
                == [1, 2])
    }

    @Test func failableNestedItemsDropAndReportBadOrMissingEntities() throws {
        let (items, issues) = try collectingIssues {
            try decodeRoot(wrapped) { try $0.decodeNestedItems(Item.self, key: ["entry", "movie"], failable: true) }
        }
        #expect(items.map(\.id) == [1])
        #expect(issues.map(\.kind) == [.droppedItem(index: 1), .droppedItem(index: 2)])
        #expect(issues.map(\.codingPath) == ["[1].entry.movie.id", "[2].entry.movie"])
    }

    @Test func nonFailableNestedItemsFailOnABadItem() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot(wrapped) { try $0.decodeNestedItems(Item.self, key: ["entry", "movie"], failable: false) }
        }
        #expect(error?.dottedPath == "[1].entry.movie.id")
        #expect(throws: DecodingError.self) {
            try decodeRoot(#"{"entry": {}}"#) { try $0.decodeNestedItems(Int.self, key: ["entry"], failable: true) }
        }
    }

    @Test func nestedItemsIfPresentIsNilForNull() throws {
        #expect(
            try decodeRoot("null") { try $0.decodeNestedItemsIfPresent(Int.self, key: ["x"], failable: true) } == nil)
        #expect(
            try decodeRoot(#"[{"x": 3}]"#) { try $0.decodeNestedItemsIfPresent(Int.self, key: ["x"], failable: true) }
                == [3])
    }

    // MARK: EntityWithMetadata

    @Test func entityAndMetadataAreReadFromTheSameObject() throws {
        let pair = try JSONDecoder().decode(
            EntityWithMetadata<Item, Score>.self, from: Data(#"{"id": 1, "title": "A", "score": 0.5}"#.utf8))
        #expect(pair.entity == Item(id: 1, title: "A"))
        #expect(pair.metadata == Score(score: 0.5))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EntityWithMetadata<Item, Score>.self, from: Data(#"{"id": 1, "title": "A"}"#.utf8))
        }
    }

    /// An entity that reads its metadata from its own container, as generated entities with metadata do; it
    /// counts how often `EntityWithMetadata` uses that.
    struct Ranked: DecodableWithMetadata, Equatable {
        static let pairedDecodes = Locked(0)
        enum CodingKeys: String, CodingKey { case id, score }
        let id: Int

        init(id: Int) {
            self.id = id
        }

        init(from decoder: any Decoder) throws {
            try self.init(from: decoder.container(keyedBy: CodingKeys.self))
        }

        init(from container: KeyedDecodingContainer<CodingKeys>) throws {
            id = try container.decode(Int.self, forKey: .id)
        }

        static func decodeWithMetadata(from decoder: any Decoder) throws -> (Ranked, Score) {
            pairedDecodes.withLock { $0 += 1 }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            return (try Ranked(from: container), Score(score: try container.decode(Double.self, forKey: .score)))
        }
    }

    @Test func anEntityDecodableWithItsMetadataOpensTheObjectOnce() throws {
        let json = Data(#"{"id": 7, "score": 0.5}"#.utf8)
        let before = Ranked.pairedDecodes.withLock { $0 }
        let pair = try JSONDecoder().decode(EntityWithMetadata<Ranked, Score>.self, from: json)
        #expect(pair.entity == Ranked(id: 7) && pair.metadata == Score(score: 0.5))
        #expect(Ranked.pairedDecodes.withLock { $0 } == before + 1)
        // Another metadata type is read on its own, from the same object.
        struct Other: Decodable, Equatable { let score: Double }
        let other = try JSONDecoder().decode(EntityWithMetadata<Ranked, Other>.self, from: json)
        #expect(other.metadata == Other(score: 0.5) && Ranked.pairedDecodes.withLock { $0 } == before + 1)
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EntityWithMetadata<Ranked, Score>.self, from: Data(#"{"id": 7}"#.utf8))
        }
        #expect(error?.dottedPath == "score")
    }

    @Test func aListOfPairsStaysAlignedWhenAnItemIsDropped() throws {
        let json = #"""
            {"results": [
                {"id": 1, "title": "A", "score": 0.1},
                {"id": 2, "score": 0.2},
                {"id": 3, "title": "C"},
                {"id": 4, "title": "D", "score": 0.4}
            ]}
            """#
        let (pairs, issues) = try collectingIssues {
            try decodeRoot(json) { try $0.decode(.failable(EntityWithMetadata<Item, Score>.self), at: ["results"]) }
        }
        // What generated code does with the pairs: split them into two lists of equal length.
        let entities = pairs.map(\.entity)
        let metadata = pairs.map(\.metadata)
        #expect(entities.map(\.id) == [1, 4])
        #expect(metadata.map(\.score) == [0.1, 0.4])
        #expect(issues.map(\.codingPath) == ["results[1].title", "results[2].score"])
    }

    // MARK: ResponsePayload

    /// A response like the generated ones: the payload under `data`, items under `results`, and each
    /// item's `credits` (which this type cannot decode) excluded through the array.
    struct DiscoverResponse: ResponsePayload, Equatable {
        static let excludedPaths: [[String]] = [["data", "results", "credits"], ["data", "debug"]]

        struct Film: Decodable, Equatable {
            let id: Int
            let credits: Int?
        }

        let debug: String?
        let films: [Film]

        init(from decoder: any Decoder) throws {
            let payload = try decoder.payload(at: ["data"])
            debug = try payload.decodeIfPresent(String.self, at: ["debug"])
            films = try payload.decodeArray(Film.self, at: ["results"])
        }
    }

    /// A response that keeps the default (no excluded paths) and uses synthesized decoding.
    struct PlainResponse: ResponsePayload, Equatable {
        let fullName: String
    }

    let discoverBody = Data(
        #"""
        {"data": {"debug": "trace", "results": [
            {"id": 1, "credits": {"cast": ["x"]}},
            {"id": 2},
            {"id": 3, "credits": [1, 2]}
        ]}}
        """#.utf8)

    @Test func excludedPathsAreRemovedBeforeDecoding() throws {
        let response = try DiscoverResponse.decode(from: discoverBody)
        #expect(response.debug == nil)
        #expect(response.films == [.init(id: 1, credits: nil), .init(id: 2, credits: nil), .init(id: 3, credits: nil)])
        // Without the exclusion the same body does not decode.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DiscoverResponse.self, from: discoverBody) }
    }

    @Test func theDefaultExcludesNothingAndTheGivenDecoderIsUsed() throws {
        #expect(PlainResponse.excludedPaths.isEmpty)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = Data(#"{"full_name": "Ada"}"#.utf8)
        #expect(try PlainResponse.decode(from: body, using: decoder) == PlainResponse(fullName: "Ada"))
        #expect(throws: DecodingError.self) { try PlainResponse.decode(from: body) }
    }

    @Test func invalidJSONIsDataCorrupted() {
        let error = #expect(throws: DecodingError.self) { try DiscoverResponse.decode(from: Data(#"{"data": "#.utf8)) }
        #expect(error?.isDataCorrupted == true)
    }

    // MARK: Literals

    @Test(arguments: ["https://example.com/a/b?c=1&d=%20#frag", "mailto:someone@example.com", "/relative/path"])
    func urlLiteralsKeepTheirText(text: String) {
        #expect(URL(lucidLiteral: text).absoluteString == text)
        #expect(URL(lucidLiteral: text) == URL(string: text))
    }

    @Test func uuidLiteralsParseInEitherCase() {
        let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(UUID(lucidLiteral: text).uuidString == text)
        #expect(UUID(lucidLiteral: text.lowercased()) == UUID(lucidLiteral: text))
        #expect(UUID(lucidLiteral: text) == UUID(uuidString: text))
    }

    @Test func anInvalidUUIDLiteralFallsBackToTheNilUUID() {
        #expect(UUID(lucidLiteral: "not a uuid").uuidString == "00000000-0000-0000-0000-000000000000")
    }
}
