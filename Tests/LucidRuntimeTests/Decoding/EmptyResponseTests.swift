import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct EmptyResponseTests {
    @Test(arguments: ["{}", "[]", "null", #""text""#, #"{"a": [1, 2]}"#])
    func decodesFromAnyJSON(json: String) throws {
        #expect(try JSONDecoder().decode(EmptyResponse.self, from: Data(json.utf8)) == EmptyResponse())
    }

    @Test func decodesFromAnyBytesIncludingNone() throws {
        #expect(try EmptyResponse.decode(from: Data()) == EmptyResponse())
        #expect(try EmptyResponse.decode(from: Data("not json".utf8)) == EmptyResponse())
    }

    @Test func encodesAnEmptyObject() throws {
        #expect(String(decoding: try JSONEncoder().encode(EmptyResponse()), as: UTF8.self) == "{}")
    }
}
