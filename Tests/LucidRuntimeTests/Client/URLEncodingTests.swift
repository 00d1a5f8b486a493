import Foundation
import LucidRuntime
import Testing

struct URLEncodingTests {
    @Test func encodesEverythingButUnreservedCharacters() {
        #expect(URLEncoding.encode("a b/c?d&e=f+g#h%") == "a%20b%2Fc%3Fd%26e%3Df%2Bg%23h%25")
        #expect(URLEncoding.encode("Aa0-._~") == "Aa0-._~")
        #expect(URLEncoding.encode("é✓") == "%C3%A9%E2%9C%93")
        #expect(URLEncoding.encode("") == "")
    }

    @Test func joinsQueryItemsRepeatingListNames() {
        let items = [QueryItem("ids", "1"), QueryItem("ids", "2"), QueryItem("q", "x y&z")]
        #expect(URLEncoding.encode(items) == "ids=1&ids=2&q=x%20y%26z")
    }

    @Test func expandsPathTemplatesAsSegments() {
        let path = ResourcePath("/movie/{id}/images/{kind}", parameters: ["id": "6/0 3?", "kind": "poster"])
        #expect(URLEncoding.expand(path) == "/movie/6%2F0%203%3F/images/poster")
        #expect(URLEncoding.expand(ResourcePath("/movie/{id}")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/movie/{id")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/movie/id}")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/plain")) == "/plain")
    }

    @Test func formEncodesItemsAndFlatValues() throws {
        #expect(
            String(decoding: FormURLEncoder.encode([QueryItem("a", "1"), QueryItem("b", "x y")]), as: UTF8.self)
                == "a=1&b=x%20y")
        let body = try FormURLEncoder.encode(ClientRating(value: 8.5, note: "great & fun", ids: [1, 2], missing: nil))
        #expect(String(decoding: body, as: UTF8.self) == "ids=1&ids=2&note=great%20%26%20fun&value=8.5")
    }

    @Test func formEncodingRejectsNestedObjects() {
        struct Nested: Encodable { var inner = ["a": 1] }
        #expect(throws: FormURLEncoder.EncodingFailure.self) { try FormURLEncoder.encode(Nested()) }
        #expect(throws: FormURLEncoder.EncodingFailure.self) { try FormURLEncoder.encode([1, 2]) }
    }
}
