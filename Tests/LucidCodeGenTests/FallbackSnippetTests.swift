import LucidSpec
import Testing

@testable import LucidCodeGen

/// The fallback `unknown: true` adds: `.unknown`, or `.unrecognized` when the API itself has a value `unknown`
/// (Mastodon's media types, Spotify's `currently_playing_type`), so nobody renames a case.
@Suite struct FallbackSnippetTests {
    @Test func anEnumWithAValueNamedUnknown() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              media_type:
                cases: [unknown, image]
                unknown: true
            """
        #expect(
            try SnippetTests.swift(yaml, file: "Subtypes/MediaType.swift", from: "enum MediaType") == #"""
                enum MediaType: Sendable, Hashable, Codable, RawRepresentable, ParameterValue {
                    case unknown
                    case image
                    /// A value this version of the API description does not know; kept so nothing is lost.
                    case unrecognized(String)

                    /// Every case the API description lists.
                    static let knownCases: [MediaType] = [.unknown, .image]

                    init(rawValue: String) {
                        switch rawValue {
                        case "unknown": self = .unknown
                        case "image": self = .image
                        default: self = .unrecognized(rawValue)
                        }
                    }

                    var rawValue: String {
                        switch self {
                        case .unknown: return "unknown"
                        case .image: return "image"
                        case .unrecognized(let value): return value
                        }
                    }
                }
                """# + "\n")
    }

    /// Without a case named `unknown` the fallback keeps its name: existing specs generate what they did.
    @Test func anEnumWithoutOneKeepsUnknown() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              media_type:
                cases: [image, { name: unknown_kind, value: unknown }]
                unknown: true
            """
        let swift = try SnippetTests.swift(yaml, file: "Subtypes/MediaType.swift", from: "enum MediaType")
        #expect(swift.contains("    case unknownKind\n    /// A value this version"))
        #expect(swift.contains("    case unknown(String)\n") && swift.contains("default: self = .unknown(rawValue)"))
        #expect(!swift.contains("unrecognized"))
    }

    @Test func aTaggedUnionWithAKindNamedUnknown() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              track: { properties: { name: string } }
              nothing: { properties: { note: string? } }
              playing:
                discriminator: type
                one_of: { track: track, unknown: nothing }
                unknown: true
            """
        let swift = try SnippetTests.swift(yaml, file: "Subtypes/Playing.swift", from: "enum Playing")
        let end = try #require(swift.range(of: "\n    }\n\n    /// Writes")).lowerBound
        #expect(
            swift[..<end] == #"""
                enum Playing: Sendable, Hashable {
                    case track(Track)
                    case unknown(Nothing)
                    /// A kind this version does not know: its `type` and the whole object, kept as read.
                    case unrecognized(type: String, json: JSONValue)
                }

                extension Playing: Codable {
                    private enum CodingKeys: String, CodingKey {
                        case type
                    }

                    /// Reads `type`, then the case it names from the same object.
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let type = try container.decode(String.self, forKey: .type)
                        switch type {
                        case "track": self = .track(try Track(from: decoder))
                        case "unknown": self = .unknown(try Nothing(from: decoder))
                        default: self = .unrecognized(type: type, json: try JSONValue(from: decoder))
                        }
                """#)
        #expect(swift.contains("        case .unrecognized(_, let json): try json.encode(to: encoder)\n"))
    }
}
