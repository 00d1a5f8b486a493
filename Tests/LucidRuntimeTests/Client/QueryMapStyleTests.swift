import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Maps in a query as deep objects (`QueryMapStyle.deepObject`), as exact query text.
struct QueryMapStyleTests {
    func query(_ build: (inout ParameterList) -> Void) -> String {
        var list = ParameterList()
        build(&list)
        return URLEncoding.encode(list.items)
    }

    enum Tier: String, ParameterValue { case gold, basic }

    @Test func eachEntryIsOneItemNamedWithItsKeyInEncodedBrackets() {
        #expect(query { $0.add("metadata", ["order": "42"], style: .deepObject) } == "metadata%5Border%5D=42")
        // Keys and values percent-encoded as any query name and value: a key cannot end the name or start another.
        #expect(
            query { $0.add("m", ["a b": "x&y=z", "é": "ü"], style: .deepObject) }
                == "m%5Ba%20b%5D=x%26y%3Dz&m%5B%C3%A9%5D=%C3%BC")
    }

    /// Sorted by key, whatever order the dictionary has (it differs from run to run).
    @Test func keysGoInSortedOrder() {
        let keys = (0..<50).map { "k\($0)" }
        let map = Dictionary(uniqueKeysWithValues: keys.map { ($0, $0) })
        let sent = query { $0.add("m", map, style: .deepObject) }
        #expect(sent == keys.sorted().map { "m%5B\($0)%5D=\($0)" }.joined(separator: "&"))
    }

    @Test func valuesAreTheirParameterText() {
        #expect(
            query { $0.add("n", ["lt": 0.00001, "gt": 3.0], style: .deepObject) } == "n%5Bgt%5D=3&n%5Blt%5D=0.00001")
        #expect(query { $0.add("f", ["on": true], style: .deepObject) } == "f%5Bon%5D=true")
        #expect(query { $0.add("t", ["a": Tier.gold], style: .deepObject) } == "t%5Ba%5D=gold")
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(
            query { $0.add("u", ["id": id], style: .deepObject) } == "u%5Bid%5D=e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }

    @Test func anEmptyOrMissingMapSendsNothing() {
        #expect(query { $0.add("m", [String: String](), style: .deepObject) }.isEmpty)
        #expect(query { $0.add("m", nil as [String: String]?, style: .deepObject) }.isEmpty)
    }
}
