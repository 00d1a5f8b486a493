import Foundation
@_spi(Generated) import LucidRuntime
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

    /// A value of `.` or `..` would be resolved by the server to this or the parent resource: refused.
    @Test(arguments: [".", ".."])
    func aDotSegmentValueIsRefused(_ value: String) {
        #expect(URLEncoding.expand(ResourcePath("/files/{id}/meta", parameters: ["id": value])) == nil)
        #expect(URLEncoding.expand(ResourcePath("/files/{id}", parameters: ["id": value + "x"])) == "/files/\(value)x")
    }

    @Test func expandsPathTemplatesAsSegments() {
        let path = ResourcePath("/movie/{id}/images/{kind}", parameters: ["id": "6/0 3?", "kind": "poster"])
        #expect(URLEncoding.expand(path) == "/movie/6%2F0%203%3F/images/poster")
        #expect(URLEncoding.expand(ResourcePath("/movie/{id}")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/movie/{id")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/movie/id}")) == nil)
        #expect(URLEncoding.expand(ResourcePath("/plain")) == "/plain")
    }

    @Test func aReservedParameterKeepsItsSlashes() {
        func expand(_ value: String) -> String? {
            URLEncoding.expand(
                ResourcePath(
                    "/repos/{owner}/contents/{path}", parameters: ["owner": "a/b", "path": value], reserved: ["path"]))
        }
        #expect(expand("docs/README.md") == "/repos/a%2Fb/contents/docs/README.md")
        #expect(expand("a b/c") == "/repos/a%2Fb/contents/a%20b/c")
        #expect(expand("x?y#z/é/%2F") == "/repos/a%2Fb/contents/x%3Fy%23z/%C3%A9/%252F")
        #expect(expand("README.md") == "/repos/a%2Fb/contents/README.md")
        #expect(expand(".github/workflows/ci.yml") == "/repos/a%2Fb/contents/.github/workflows/ci.yml")
        #expect(expand("...") == "/repos/a%2Fb/contents/...")
    }

    @Test(arguments: ["", "/", "/etc/passwd", "docs/", "a//b", ".", "..", "../admin", "docs/../../admin", "a/./b"])
    func aReservedParameterThatCouldLeaveItsPlaceIsRefused(value: String) {
        #expect(
            URLEncoding.expand(ResourcePath("/files/{path}", parameters: ["path": value], reserved: ["path"])) == nil)
    }

    @Test func theClientRefusesAnEscapingReservedPathAsAnInvalidURL() async throws {
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "files.get", server: "api", method: .get,
            path: ResourcePath("/files/{path}", parameters: ["path": "../secrets"], reserved: ["path"]),
            decodeResponse: { $0 })
        let client = makeClient { _ in clientOK("{}") }
        let error = try #require(await expectAPIError { try await client.send(resource, with: ()) })
        #expect(error.kind == .invalidURL)
    }

    @Test func formEncodesItemsAndFlatValues() throws {
        #expect(
            String(decoding: FormURLEncoder.encode([QueryItem("a", "1"), QueryItem("b", "x y")]), as: UTF8.self)
                == "a=1&b=x%20y")
        let body = try FormURLEncoder.encode(ClientRating(value: 8.5, note: "great & fun", ids: [1, 2], missing: nil))
        #expect(String(decoding: body, as: UTF8.self) == "value=8.5&note=great%20%26%20fun&ids=1&ids=2")
    }

    @Test func formEncodingRejectsWhatIsNotAnObject() {
        #expect(throws: FormURLEncoder.EncodingFailure.self) { try FormURLEncoder.encode([1, 2]) }
        #expect(throws: FormURLEncoder.EncodingFailure.self) { try FormURLEncoder.encode("text") }
    }
}
