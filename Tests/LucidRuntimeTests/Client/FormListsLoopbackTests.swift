// These tests start a server as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the
// file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Form and multipart bodies in each `FormListStyle`, as they reach `Tests/Support/loopback_server.py` through
/// `APIClient` and URLSession: the exact bytes on the wire.
@Suite(.timeLimit(.minutes(1)))
struct FormListsLoopbackTests {
    let server: LoopbackServer
    let client: APIClient

    init() throws {
        server = try LoopbackServer.shared.get()
        client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)))
    }

    /// The form body `value` arrives as, sent in `lists`.
    func sentForm(_ value: FormListsStatus, _ lists: FormListStyle) async throws -> String {
        let resource = BackendResource<FormListsStatus, LoopbackEcho, NoAuth>(
            name: "loopback.echo", server: "loopback", method: .post, path: ResourcePath("/echo/statuses"),
            bodyEncoding: .form, encodeBody: { try FormURLEncoder.encode($0, lists: lists) },
            decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let seen = try await client.unauthenticated.access(resource, with: value)
        #expect(seen.headers["content-type"] == "application/x-www-form-urlencoded")
        return seen.body
    }

    /// The multipart body `value` arrives as, sent in `lists` with `boundary`.
    func sentParts<Value: Encodable & Sendable>(
        _ value: Value, _ lists: FormListStyle, boundary: String = "lucid-wire"
    ) async throws -> String {
        let resource = BackendResource<Value, Data, NoAuth>(
            name: "loopback.mirror", server: "loopback", method: .post, path: ResourcePath("/mirror/media"),
            bodyEncoding: .multipart(boundary: boundary),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary, lists: lists) },
            decodeResponse: { $0 })
        return String(decoding: try await client.unauthenticated.access(resource, with: value), as: UTF8.self)
    }

    /// A text part of the multipart body delimited by `lucid-wire`.
    func part(_ name: String, _ value: String) -> String {
        "--lucid-wire\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }

    @Test func topLevelNestedAndStructListsInEachConventionOfAForm() async throws {
        let status = "status=Hi&"
        let poll = "&poll%5Bexpires_in%5D=300"
        #expect(
            try await sentForm(FormListsStatus(), .brackets)
                == status
                + "media_ids%5B%5D=1&media_ids%5B%5D=2&poll%5Boptions%5D%5B%5D=tea&poll%5Boptions%5D%5B%5D=milk"
                + poll + "&items%5B%5D%5Bname%5D=x&items%5B%5D%5Bqty%5D=1&items%5B%5D%5Btags%5D%5B%5D=a"
                + "&items%5B%5D%5Btags%5D%5B%5D=b&items%5B%5D%5Bname%5D=y&items%5B%5D%5Btags%5D%5B%5D=c")
        #expect(
            try await sentForm(FormListsStatus(), .indexed)
                == status + "media_ids%5B0%5D=1&media_ids%5B1%5D=2&poll%5Boptions%5D%5B0%5D=tea"
                + "&poll%5Boptions%5D%5B1%5D=milk" + poll + "&items%5B0%5D%5Bname%5D=x&items%5B0%5D%5Bqty%5D=1"
                + "&items%5B0%5D%5Btags%5D%5B0%5D=a&items%5B0%5D%5Btags%5D%5B1%5D=b&items%5B1%5D%5Bname%5D=y"
                + "&items%5B1%5D%5Btags%5D%5B0%5D=c")
        #expect(
            try await sentForm(FormListsStatus(), .mixed)
                == status + "media_ids=1&media_ids=2&poll%5Boptions%5D%5B0%5D=tea&poll%5Boptions%5D%5B1%5D=milk" + poll
                + "&items%5B0%5D%5Bname%5D=x&items%5B0%5D%5Bqty%5D=1&items%5B0%5D%5Btags%5D%5B0%5D=a"
                + "&items%5B0%5D%5Btags%5D%5B1%5D=b&items%5B1%5D%5Bname%5D=y&items%5B1%5D%5Btags%5D%5B0%5D=c")
        #expect(
            try await sentForm(.flat, .repeated)
                == status + "media_ids=1&media_ids=2&poll%5Boptions%5D=tea&poll%5Boptions%5D=milk" + poll)
        #expect(try await sentForm(.flat, .comma) == status + "media_ids=1,2&poll%5Boptions%5D=tea,milk" + poll)
    }

    @Test func topLevelNestedAndStructListsInEachConventionOfAMultipartBody() async throws {
        let end = "--lucid-wire--\r\n"
        #expect(
            try await sentParts(FormListsStatus(), .brackets)
                == part("status", "Hi") + part("media_ids[]", "1") + part("media_ids[]", "2")
                + part("poll[options][]", "tea") + part("poll[options][]", "milk") + part("poll[expires_in]", "300")
                + part("items[][name]", "x") + part("items[][qty]", "1") + part("items[][tags][]", "a")
                + part("items[][tags][]", "b") + part("items[][name]", "y") + part("items[][tags][]", "c") + end)
        #expect(
            try await sentParts(FormListsStatus(), .indexed)
                == part("status", "Hi") + part("media_ids[0]", "1") + part("media_ids[1]", "2")
                + part("poll[options][0]", "tea") + part("poll[options][1]", "milk") + part("poll[expires_in]", "300")
                + part("items[0][name]", "x") + part("items[0][qty]", "1") + part("items[0][tags][0]", "a")
                + part("items[0][tags][1]", "b") + part("items[1][name]", "y") + part("items[1][tags][0]", "c") + end)
        #expect(
            try await sentParts(FormListsStatus.flat, .repeated)
                == part("status", "Hi") + part("media_ids", "1") + part("media_ids", "2")
                + part("poll[options]", "tea") + part("poll[options]", "milk") + part("poll[expires_in]", "300") + end)
        #expect(
            try await sentParts(FormListsStatus.flat, .comma)
                == part("status", "Hi") + part("media_ids", "1,2") + part("poll[options]", "tea,milk")
                + part("poll[expires_in]", "300") + end)
    }

    @Test func anEmptyListSendsNoFieldAndNoPart() async throws {
        var status = FormListsStatus.flat
        status.mediaIDs = []
        status.poll.options = []
        for lists in FormListStyle.allCases {
            #expect(try await sentForm(status, lists) == "status=Hi&poll%5Bexpires_in%5D=300", "\(lists)")
            #expect(
                try await sentParts(status, lists)
                    == part("status", "Hi") + part("poll[expires_in]", "300") + "--lucid-wire--\r\n", "\(lists)")
        }
    }

    /// S3's presigned POST: the policy fields, then the file, which must be the last part (S3 ignores every field
    /// after it). Field-name order would put `file` before `policy` and `x-amz-signature`.
    struct PresignedPost: Encodable, Sendable {
        var key = "uploads/a.txt"
        var policy = "eyJ9"
        var xAmzSignature = "abc"
        var file = FileUpload(data: Data("hello".utf8), fileName: "a.txt", contentType: "text/plain")

        enum CodingKeys: String, CodingKey {
            case key, policy
            case xAmzSignature = "x-amz-signature"
            case file
        }
    }

    @Test func aFileDeclaredLastIsTheLastPart() async throws {
        #expect(
            try await sentParts(PresignedPost(), .mixed)
                == part("key", "uploads/a.txt") + part("policy", "eyJ9") + part("x-amz-signature", "abc")
                + "--lucid-wire\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--lucid-wire--\r\n")
    }
}
#endif
