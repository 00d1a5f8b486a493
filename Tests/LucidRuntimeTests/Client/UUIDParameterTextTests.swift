import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// A UUID in a path, a query item, a header or a form goes in lower case, as RFC 9562 writes it: a server that
/// stores UUIDs as text finds `e621e1f8-…`, not Foundation's `E621E1F8-…`.
struct UUIDParameterTextTests {
    @Test func aUUIDIsSentInLowerCase() {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(id.parameterText == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(UUID(uuidString: id.parameterText) == id)
        #expect(Identifier<UUIDParameterTextTests, UUID>(rawValue: id).parameterText == id.parameterText)
    }
}
