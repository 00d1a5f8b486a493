import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `JSONBodyEncoder` writes every UUID of a body in lower case, wherever it sits, and everything else exactly as
/// `JSONEncoder` does.
struct JSONBodyEncoderTests {
    static let upper = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    static let id = UUID(uuidString: upper)!
    static let other = UUID(uuidString: "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9")!

    enum Reader {}

    /// A UUID in every place a generated struct can hold one.
    struct Holder: Encodable {
        var id: UUID
        var ids: [UUID]
        var nested: [[UUID]]
        var map: [String: UUID]
        var mapOfLists: [String: [UUID]]
        var optional: UUID?
        var optionals: [UUID?]
        var reader: Identifier<Reader, UUID>
        var readers: [Identifier<Reader, UUID>]
        var child: Child
        var page: Page<UUID>
        var either: Either

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(id, at: "id")
            try container.encode(ids, at: "ids")
            try container.encode(nested, at: "nested")
            try container.encode(map, at: "map")
            try container.encode(mapOfLists, at: "map_of_lists")
            try container.encodeIfPresent(optional, at: "optional")
            try container.encode(optionals, at: "optionals")
            try container.encode(reader, at: "reader")
            try container.encode(readers, at: "readers")
            try container.encode(child, at: "child")
            try container.encode(page, at: "page")
            try container.encode(either, at: "either")
        }
    }

    struct Child: Encodable {
        var token: UUID
        var name: String
    }

    /// A generic struct whose argument is UUID: its items are encoded by `Array`, which knows nothing of case.
    struct Page<Item: Encodable>: Encodable {
        var items: [Item]
    }

    /// A union encodes its case's value in a single-value container, as generated unions do.
    enum Either: Encodable {
        case uuid(UUID)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .uuid(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    static func object(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONBodyEncoder.encode(value), as: UTF8.self)
    }

    @Test func everyUUIDOfABodyIsLowerCaseWhereverItSits() throws {
        let holder = Holder(
            id: Self.id, ids: [Self.id, Self.other], nested: [[Self.id]], map: ["a": Self.id],
            mapOfLists: ["b": [Self.id]], optional: Self.id, optionals: [nil, Self.id],
            reader: Identifier(Self.id), readers: [Identifier(Self.id)], child: Child(token: Self.id, name: "n"),
            page: Page(items: [Self.id]), either: .uuid(Self.id))
        let body = try Self.text(holder)
        let other = "0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9"
        let l = Self.lower
        let expected =
            #"{"id":"\#(l)","ids":["\#(l)","\#(other)"],"nested":[["\#(l)"]],"map":{"a":"\#(l)"},"#
            + #""map_of_lists":{"b":["\#(l)"]},"optional":"\#(l)","optionals":[null,"\#(l)"],"reader":"\#(l)","#
            + #""readers":["\#(l)"],"child":{"token":"\#(l)","name":"n"},"page":{"items":["\#(l)"]},"#
            + #""either":"\#(l)"}"#
        // Compared as objects: JSONEncoder's key order differs between Foundations.
        #expect(try Self.object(body) == Self.object(expected))
        // Foundation's own encoding is upper case: the reason for the encoder.
        let foundation = String(decoding: try JSONEncoder().encode(holder), as: UTF8.self)
        #expect(foundation.contains(Self.upper) && !body.contains(Self.upper))
    }

    @Test func aBodyThatIsAListOfUUIDsOrOneUUIDIsLowerCase() throws {
        #expect(try Self.text([Self.id]) == #"["\#(Self.lower)"]"#)
        #expect(try Self.text(Self.id) == #""\#(Self.lower)""#)
        #expect(try Self.text(["k": [Identifier<Reader, UUID>(Self.id)]]) == #"{"k":["\#(Self.lower)"]}"#)
    }

    /// Everything but the UUIDs is `JSONEncoder`'s: dates, data, URLs and decimals by its rules, a string that
    /// happens to spell an upper-case UUID as written.
    @Test func everythingElseIsWhatJSONEncoderWrites() throws {
        struct Mixed: Encodable {
            var date = Date(timeIntervalSince1970: 1_714_564_800)
            var data = Data([0, 1, 2, 255])
            var url = URL(string: "https://example.com/a?b=c")!
            var price = Decimal(string: "123456789012345678901234.5")!
            var text = JSONBodyEncoderTests.upper
            var numbers: [Double] = [0.1, 1e-7, 3]
            var flags = [true, false]
            var small: Int8 = -3
            var big = UInt64.max
            var missing: String? = nil
            var nested = ["x": ["y": 1]]
        }
        let value = Mixed()
        let foundation = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        #expect(try Self.object(Self.text(value)) == Self.object(foundation))
        #expect(try Self.text(value).contains(#""text":"\#(Self.upper)""#))
    }

    @Test func aUUIDStillDecodesFromEitherCase() throws {
        let decoded = try JSONDecoder().decode([UUID].self, from: JSONBodyEncoder.encode([Self.id]))
        #expect(decoded == [Self.id])
        #expect(try JSONDecoder().decode([UUID].self, from: Data(#"["\#(Self.upper)"]"#.utf8)) == [Self.id])
    }
}
