import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Option sets coded as lists of names, or read from raw bits.
@Suite struct JSONOptionSetTests {
    struct Access: JSONOptionSet, Hashable {
        let rawValue: Int
        static let read = Access(rawValue: 1 << 0)
        static let write = Access(rawValue: 1 << 1)
        static let admin = Access(rawValue: 1 << 2)
        static let jsonNames: [(Access, String)] = [(.read, "read"), (.write, "write"), (.admin, "admin")]
    }

    @Test func readsNamesIgnoringUnknownOnes() throws {
        #expect(
            try JSONDecoder().decode(Access.self, from: Data(#"["admin", "read", "fly"]"#.utf8)) == [.read, .admin])
        #expect(try JSONDecoder().decode(Access.self, from: Data("[]".utf8)) == [])
    }

    @Test func readsRawBits() throws {
        #expect(try JSONDecoder().decode(Access.self, from: Data("6".utf8)) == [.write, .admin])
    }

    @Test func writesNamesInBitOrder() throws {
        #expect(
            String(decoding: try JSONEncoder().encode(Access([.admin, .read])), as: UTF8.self) == #"["read","admin"]"#)
    }

    @Test func rejectsOtherShapes() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Access.self, from: Data(#""read""#.utf8)) }
    }
}
