import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct IdentifierTests {
    @Test func decodesAndEncodesTheBareRawValue() throws {
        let ids = try JSONDecoder().decode([Identifier<Movie, Int>].self, from: Data("[42, 7]".utf8))
        #expect(ids == [42, 7])
        #expect(ids.map(\.rawValue) == [42, 7])
        #expect(String(decoding: try JSONEncoder().encode(ids), as: UTF8.self) == "[42,7]")
    }

    @Test func stringIdentifiersUseStringLiterals() throws {
        let id: Identifier<Movie, String> = "tt0133093"
        #expect(id == Identifier("tt0133093"))
        #expect(id.description == "tt0133093")
        #expect(String(decoding: try JSONEncoder().encode(id), as: UTF8.self) == #""tt0133093""#)
    }

    @Test func int64IdentifiersUseIntegerLiterals() throws {
        let id: Identifier<Genre, Int64> = 9_000_000_000
        #expect(id.rawValue == 9_000_000_000)
        #expect(try JSONDecoder().decode(Identifier<Genre, Int64>.self, from: Data("9000000000".utf8)) == id)
    }

    @Test func entityIsAPhantomThatSeparatesTypes() {
        #expect(ObjectIdentifier(Identifier<Movie, Int>.self) != ObjectIdentifier(Identifier<Genre, Int>.self))
        let set: Set<Identifier<Movie, Int>> = [1, 2, 1]
        #expect(set.count == 2)
        #expect(Identifier<Movie, Int>(rawValue: 3) == Identifier<Movie, Int>(3))
    }

    @Test func aMismatchedRawValueIsATypeMismatch() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Identifier<Movie, Int>.self, from: Data(#""abc""#.utf8))
        }
    }
}
