import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

struct FailableArrayTests {
    struct Item: Decodable, Equatable {
        let id: Int
        let title: String
    }

    struct RootList: Decodable {
        let items: [Int]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            items = try container.decodeFailableElements(Int.self)
        }
    }

    let json = #"""
        {"page": {"results": [
            {"id": 1, "title": "A"},
            {"id": 2},
            {"id": 3, "title": "C"},
            "not an object",
            null,
            {"id": "6", "title": "F"},
            {"id": 7, "title": "G"}
        ]}, "single": 3, "nothing": null}
        """#

    @Test func dropsAndReportsEachBadElement() throws {
        let (items, issues) = try collectingIssues {
            try decodeJSON(json) { container in
                try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "page")
                    .decodeFailableArray(Item.self, forKey: "results")
            }
        }
        #expect(items.map(\.id) == [1, 3, 7])
        #expect(issues.map(\.kind) == [1, 3, 4, 5].map { .droppedItem(index: $0) })
        #expect(
            issues.map(\.codingPath) == [
                "page.results[1].title", "page.results[3]", "page.results[4]", "page.results[5].id",
            ])
        #expect(issues.first?.message == "Missing key 'title'.")
    }

    @Test func optionalElementsKeepNulls() throws {
        let (values, issues) = try collectingIssues {
            try decodeJSON(#"{"values": [1, null, "x", 4]}"#) {
                try $0.decodeFailableArray(Int?.self, forKey: "values")
            }
        }
        #expect(values == [1, nil, 4])
        #expect(issues.map(\.kind) == [.droppedItem(index: 2)])
        #expect(issues.map(\.codingPath) == ["values[2]"])
    }

    @Test func aMissingKeyOrANonArrayIsAnError() {
        let missing = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeFailableArray(Int.self, forKey: "absent") }
        }
        #expect(missing?.dottedPath == "absent")
        let notArray = #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeFailableArray(Int.self, forKey: "single") }
        }
        #expect(notArray?.dottedPath == "single")
        #expect(throws: DecodingError.self) {
            try decodeJSON(json) { try $0.decodeIfPresent(.failable(Int.self), at: "single") }
        }
    }

    @Test func ifPresentIsNilForAbsentOrNull() throws {
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(.failable(Int.self), at: "absent") } == nil)
        #expect(try decodeJSON(json) { try $0.decodeIfPresent(.failable(Int.self), at: "nothing") } == nil)
        #expect(
            try decodeJSON(#"{"v": [1, 2]}"#) { try $0.decodeIfPresent(.failable(Int.self), at: "v") } == [1, 2])
    }

    @Test func decodesFailableElementsOfARootArray() throws {
        let (list, issues) = try collectingIssues {
            try JSONDecoder().decode(RootList.self, from: Data(#"[1, {}, 3, "4"]"#.utf8))
        }
        #expect(list.items == [1, 3])
        #expect(issues.map(\.codingPath) == ["[1]", "[3]"])
    }
}
