import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// A profile update with a photo, as a multipart body.
struct MultipartProfile: Encodable {
    var name: String
    var avatar: FileUpload
    var age: Int? = nil
}

/// Multipart bodies, as exact bytes.
struct MultipartEncodingTests {
    static let png = FileUpload(
        data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), fileName: "me.png", contentType: "image/png")

    func body(_ value: some Encodable, boundary: String = "XyZ") throws -> Data {
        try MultipartFormEncoder.encode(value, boundary: boundary)
    }

    @Test func aTextAndAFilePartAreExactBytes() throws {
        // Parts in declaration order: `name`, then `avatar`.
        let expected =
            Data(
                ("--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nZoë\r\n"
                    + "--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n"
                    + "Content-Type: image/png\r\n\r\n").utf8)
            + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) + Data("\r\n--XyZ--\r\n".utf8)
        #expect(try body(MultipartProfile(name: "Zoë", avatar: Self.png)) == expected)
    }

    @Test func listsRepeatPartsAndObjectsNestWithBrackets() throws {
        struct Album: Encodable {
            var photos: [FileUpload]
            var address = ["city": "Paris"]
            var tags = ["a", "b"]
            var items = [["price": "p_1"]]
            var draft = false
        }
        let text = String(decoding: try body(Album(photos: [Self.plain("1"), Self.plain("2")])), as: UTF8.self)
        let expected = [
            "--XyZ\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"1.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n1\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"2.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n2\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"address[city]\"\r\n\r\nParis\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\na\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nb\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"items[0][price]\"\r\n\r\np_1\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"draft\"\r\n\r\nfalse\r\n",
            "--XyZ--\r\n",
        ]
        #expect(text == expected.joined())
    }

    static func plain(_ text: String) -> FileUpload {
        FileUpload(data: Data(text.utf8), fileName: "\(text).txt")
    }

    @Test func quotesAndLineBreaksInNamesArePercentEncoded() throws {
        let file = FileUpload(data: Data("x".utf8), fileName: "a\"b\r\nc.txt", contentType: "text/plain")
        let text = String(decoding: try body(["we\"ird\nname": file]), as: UTF8.self)
        #expect(
            text
                == "--XyZ\r\nContent-Disposition: form-data; name=\"we%22ird%0Aname\"; filename=\"a%22b%0D%0Ac.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nx\r\n--XyZ--\r\n")
    }

    @Test func nullsAreLeftOutAndAnEmptyValueIsJustTheClosingDelimiter() throws {
        struct Empty: Encodable {}
        #expect(try body(Empty()) == Data("--XyZ--\r\n".utf8))
        let text = String(decoding: try body(MultipartProfile(name: "A", avatar: Self.plain("1"))), as: UTF8.self)
        #expect(!text.contains("age"))
    }

    @Test func boundariesAreRandomAndSafeInAHeader() {
        let boundaries = (0..<50).map { _ in MultipartFormEncoder.boundary() }
        #expect(Set(boundaries).count == 50)
        for boundary in boundaries {
            #expect(boundary.hasPrefix("lucid-"))
            #expect(boundary.count == 38)
            #expect(boundary.dropFirst(6).allSatisfy { "0123456789abcdef".contains($0) })
        }
    }

    @Test(arguments: ["", String(repeating: "a", count: 71), "ends in space ", "semi;colon", "é"])
    func anInvalidBoundaryIsRefused(boundary: String) {
        #expect(throws: MultipartFormEncoder.EncodingFailure.self) {
            try body(MultipartProfile(name: "A", avatar: Self.png), boundary: boundary)
        }
    }

    @Test func contentHoldingTheBoundaryIsRefusedNamingTheField() throws {
        let file = FileUpload(data: Data("--XyZ--".utf8), fileName: "evil.txt")
        let error = try #require(throws: MultipartFormEncoder.EncodingFailure.self) {
            try body(MultipartProfile(name: "A", avatar: file))
        }
        #expect(error.description.contains("'avatar'"))
        #expect(throws: MultipartFormEncoder.EncodingFailure.self) { try body(["note": "a XyZ b"]) }
    }

    @Test func aContentTypeWithALineBreakIsRefused() {
        let file = FileUpload(data: Data(), fileName: "a", contentType: "text/plain\r\nX-Injected: 1")
        #expect(throws: MultipartFormEncoder.EncodingFailure.self) { try body(["file": file]) }
    }

    @Test func theClientSetsTheContentTypeWithTheBoundary() async throws {
        let boundary = MultipartFormEncoder.boundary()
        let resource = BackendResource<MultipartProfile, Data, NoAuth>(
            name: "profile.update", server: "api", method: .post, path: ResourcePath("/profile"),
            bodyEncoding: .multipart(boundary: boundary),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) }, decodeResponse: { $0 })
        let value = MultipartProfile(name: "A", avatar: Self.png)
        let request = try await makeClient { _ in clientOK("{}") }.request(for: resource, with: value)
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=\(boundary)")
        #expect(request.body == (try MultipartFormEncoder.encode(value, boundary: boundary)))
    }

    @Test func aBoundaryWithSpecialCharactersIsQuotedInTheHeader() async throws {
        let resource = BackendResource<[String: String], Data, NoAuth>(
            name: "profile.update", server: "api", method: .post, path: ResourcePath("/profile"),
            bodyEncoding: .multipart(boundary: "a b:c"),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: "a b:c") }, decodeResponse: { $0 })
        let request = try await makeClient { _ in clientOK("{}") }.request(for: resource, with: ["x": "1"])
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=\"a b:c\"")
    }

    @Test func aFileInAJSONBodyIsAnObjectWithBase64() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(Self.plain("hi"))
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"contentType":"application/octet-stream","data":"aGk=","fileName":"hi.txt"}"#)
        #expect(try JSONDecoder().decode(FileUpload.self, from: json) == Self.plain("hi"))
    }
}
