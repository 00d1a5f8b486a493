@_spi(Generated) import LucidRuntime
import Testing

/// `@EqualityIgnored`: the wrapped value takes no part in its owner's synthesized `==` and `hash(into:)`.
@Suite struct EqualityIgnoredTests {
    struct Visit: Hashable, Sendable {
        var page: String
        @EqualityIgnored var seenAt: Double
    }

    @Test func theWrappedValueIsIgnoredByEqualityAndHashing() {
        let first = Visit(page: "/a", seenAt: 1)
        let later = Visit(page: "/a", seenAt: 2)
        #expect(first == later && first.hashValue == later.hashValue)
        #expect(first != Visit(page: "/b", seenAt: 1))
        #expect(Set([first, later]).count == 1)
        #expect(later.seenAt == 2, "the value itself is kept")
    }
}
