import Foundation
import LucidRuntime
import Testing

@testable import GoldenSubtypes

/// Enums, option sets and struct subtypes, fed real JSON.
@Suite struct SubtypesDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// The JSON text of `value`, keys sorted.
    private func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Enums without a fallback

    @Test func rawValuesEqualToNames() throws {
        #expect(try decode(Status.self, #""active""#) == .active)
        #expect(try decode([Status].self, #"["inactive", "active"]"#) == [.inactive, .active])
        #expect(try encoded([Status.active]) == #"["active"]"#)
        #expect(Status.allCases == [.active, .inactive])
    }

    @Test func rawValuesDifferingFromNames() throws {
        #expect(
            try decode([Direction].self, #"["N", "S", "due_east", "west ward"]"#) == [
                .north, .south, .dueEast, .westward,
            ])
        #expect(
            Direction.north.rawValue == "N" && Direction.westward.rawValue == "west ward"
                && Direction.dueEast.rawValue == "due_east")
        #expect(Direction(rawValue: "north") == nil)
        #expect(try encoded([Direction.south, .westward]) == #"["S","west ward"]"#)
    }

    @Test func keywordCaseNames() throws {
        let all = try decode(
            [KeywordCase].self, #"["default", "class", "self", "true", "in", "Type", "init", "proto"]"#)
        #expect(all == KeywordCase.allCases)
        #expect(all == [.default, .class, KeywordCase.`self`, .true, .in, .type, .`init`, .protocol])
        #expect(
            KeywordCase.type.rawValue == "Type" && KeywordCase.protocol.rawValue == "proto"
                && KeywordCase.`self`.rawValue == "self")
        #expect(try encoded(KeywordCase.allCases) == #"["default","class","self","true","in","Type","init","proto"]"#)
    }

    @Test func unknownValueFailsWithoutFallback() throws {
        #expect(throws: DecodingError.self) { try decode(Direction.self, #""E""#) }
        #expect(throws: DecodingError.self) { try decode(Status.self, #""Active""#) }
        #expect(throws: DecodingError.self) { try decode(KeywordCase.self, #""protocol""#) }
        #expect(throws: DecodingError.self) { try decode(Status.self, "1") }
    }

    // MARK: Enums with the unknown fallback

    @Test func fallbackKeepsUnknownValues() throws {
        let values = try decode([Priority].self, #"["low", "very-high", "normal", "self", "urgent", "default", ""]"#)
        #expect(
            values == [
                .low, .veryHigh, .default, Priority.`self`, .unknown("urgent"), .unknown("default"), .unknown(""),
            ])
        #expect(values.map(\.rawValue) == ["low", "very-high", "normal", "self", "urgent", "default", ""])
        #expect(try encoded(values) == #"["low","very-high","normal","self","urgent","default",""]"#)
        #expect(values.map { Priority(rawValue: $0.rawValue) } == values)
        #expect(Priority.knownCases == [.low, .veryHigh, .default, Priority.`self`])
        #expect(Priority(rawValue: "VERY-HIGH") == .unknown("VERY-HIGH"))
        // Only strings are values.
        #expect(throws: DecodingError.self) { try decode(Priority.self, "2") }
        #expect(throws: DecodingError.self) { try decode(Priority.self, "null") }
    }

    /// A listed value named `unknown` keeps its case; the fallback is then `.unrecognized`.
    @Test func aValueNamedUnknownKeepsItsCase() throws {
        let values = try decode([MediaType].self, #"["unknown", "image", "something_new", "Unknown"]"#)
        #expect(values == [.unknown, .image, .unrecognized("something_new"), .unrecognized("Unknown")])
        #expect(values.map(\.rawValue) == ["unknown", "image", "something_new", "Unknown"])
        #expect(try encoded(values) == #"["unknown","image","something_new","Unknown"]"#)
        #expect(MediaType.knownCases == [.unknown, .image, .gifv, .video, .audio])
        #expect(MediaType(rawValue: "unknown") == .unknown)
    }

    // MARK: Option sets

    @Test func optionSetFromNames() throws {
        #expect(try decode(Permissions.self, #"["read", "admin"]"#) == [.read, .admin])
        #expect(try decode(Permissions.self, "[]") == [])
        // Unknown names are ignored, repeated ones count once.
        #expect(try decode(Permissions.self, #"["write", "superuser", "write"]"#) == .write)
        #expect(try decode(Flags.self, #"["default", "is", "public_beta"]"#) == [.default, .is, .publicBeta])
    }

    @Test func optionSetFromRawBits() throws {
        #expect(try decode(Permissions.self, "5") == [.read, .admin])
        #expect(try decode(Permissions.self, "0") == [])
        #expect(Permissions.read.rawValue == 1 && Permissions.write.rawValue == 2 && Permissions.admin.rawValue == 4)
        #expect(try decode(Flags.self, "4") == .publicBeta)
        #expect(throws: DecodingError.self) { try decode(Permissions.self, #""read""#) }
    }

    @Test func optionSetEncodesNamesInBitOrder() throws {
        #expect(try encoded(Permissions([.admin, .read])) == #"["read","admin"]"#)
        #expect(try encoded(Permissions()) == "[]")
        #expect(try encoded(Flags.publicBeta) == #"["public_beta"]"#)
        // Bits no option names are dropped when encoding.
        #expect(try encoded(Permissions(rawValue: 8 | 2)) == #"["write"]"#)
    }

    // MARK: Structs

    @Test func emptyStruct() throws {
        #expect(try decode(Empty.self, "{}") == Empty())
        #expect(try decode(Empty.self, #"{"anything": [1, 2]}"#) == Empty())
        #expect(try encoded(Empty()) == "{}")
    }

    @Test func structsNestedInStructs() throws {
        let json = #"""
            {"name": "Harbour", "corner": {"x": 1.5, "y": -2}, "center": {"x": 0, "y": 0}, "empty": {},
             "heading": "S", "rights": ["admin"], "flags": 3, "priority": "urgent", "keywords": ["class"]}
            """#
        let region = try decode(Region.self, json)
        #expect(
            region
                == Region(
                    name: "Harbour", corner: Point(x: 1.5, y: -2), center: Point(x: 0, y: 0), empty: Empty(),
                    heading: .south, rights: .admin, flags: [.default, .is], priority: .unknown("urgent"),
                    keywords: [.class]))
        #expect(try decode(Region.self, try encoded(region)) == region)
        #expect(
            try encoded(region)
                == #"{"center":{"x":0,"y":0},"corner":{"x":1.5,"y":-2},"empty":{},"flags":["default","is"],"heading":"S","keywords":["class"],"name":"Harbour","priority":"urgent","rights":["admin"]}"#
        )
    }

    @Test func structDefaults() throws {
        let region = try decode(Region.self, #"{"name": "Bare", "corner": {"x": 0, "y": 1}, "empty": {}}"#)
        #expect(region.center == nil && region.heading == .north && region.rights == [.read, .write])
        #expect(region.flags == [] && region.priority == .default && region.keywords == [KeywordCase.`self`, .default])
        #expect(region == Region(name: "Bare", corner: Point(x: 0, y: 1), empty: Empty()))
        // A required nested struct must be present, even when it is empty.
        #expect(throws: DecodingError.self) {
            try decode(Region.self, #"{"name": "Bare", "corner": {"x": 0, "y": 1}}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(Region.self, #"{"name": "Bare", "corner": {"x": 0}, "empty": {}}"#)
        }
    }

    @Test func listsAndMapsOfSubtypes() throws {
        let json = #"""
            {"regions": [{"name": "A", "corner": {"x": 1, "y": 2}, "empty": {}}],
             "by_name": {"b": {"name": "B", "corner": {"x": 3, "y": 4}, "empty": {}, "heading": "due_east"}},
             "outline": [[{"x": 0, "y": 0}, {"x": 1, "y": 0}], []],
             "statuses": {"a": "active", "b": "inactive"},
             "priorities": ["low", "whenever"],
             "labels": {"here": ["N", "S"], "nowhere": []}}
            """#
        let layout = try decode(Layout.self, json)
        #expect(layout.regions == [Region(name: "A", corner: Point(x: 1, y: 2), empty: Empty())])
        #expect(layout.byName == ["b": Region(name: "B", corner: Point(x: 3, y: 4), empty: Empty(), heading: .dueEast)])
        #expect(layout.outline == [[Point(x: 0, y: 0), Point(x: 1, y: 0)], []])
        #expect(layout.statuses == ["a": .active, "b": .inactive])
        #expect(layout.priorities == [.low, .unknown("whenever")])
        #expect(layout.labels == ["here": [.north, .south], "nowhere": []])
        #expect(try decode(Layout.self, try encoded(layout)) == layout)

        let bare = try decode(Layout.self, #"{"regions": [], "by_name": {}}"#)
        #expect(bare == Layout(regions: [], byName: [:]))
        #expect(bare.outline == [] && bare.statuses == [:] && bare.priorities == nil && bare.labels == nil)
        // An item that does not decode fails the list (failable_items is off for subtypes).
        #expect(throws: DecodingError.self) {
            try decode(Layout.self, #"{"regions": [], "by_name": {}, "statuses": {"a": "gone"}}"#)
        }
    }
}

/// Deprecated subtypes: checked in a deprecated context, so using them is not itself a warning.
@Suite struct DeprecatedSubtypesTests {
    @available(*, deprecated)
    @Test func deprecatedSubtypesStillDecode() throws {
        let box = try JSONDecoder().decode(LegacyBox.self, from: Data(#"{"mode": "off"}"#.utf8))
        #expect(box == LegacyBox(mode: .off, grade: .a, bits: .one))
        #expect(try JSONDecoder().decode(LegacyGrade.self, from: Data(#""c""#.utf8)) == .unknown("c"))
        #expect(LegacyGrade.knownCases == [.a, .b])
        #expect(try JSONDecoder().decode(LegacyBits.self, from: Data(#"["one", "two"]"#.utf8)) == [.one, .two])
    }

    @available(*, deprecated)
    @Test func holderOfDeprecatedSubtypes() throws {
        let json = #"{"box": {"mode": "on", "grade": "z", "bits": 3}, "modes": ["off", "on"]}"#
        let holder = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        #expect(holder.box == LegacyBox(mode: .on, grade: .unknown("z"), bits: [.one, .two]))
        #expect(holder.modes == [.off, .on] && holder.mode == nil)
        #expect(try JSONDecoder().decode(Holder.self, from: Data("{}".utf8)) == Holder())
        #expect(try JSONDecoder().decode(Holder.self, from: JSONEncoder().encode(holder)) == holder)
    }
}
