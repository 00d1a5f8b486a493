// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request shapes real APIs need, as they reach `Tests/Support/loopback_server.py` through `APIClient` and
/// URLSession: exact query, path, headers and body bytes on the wire.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackRequestShapesTests {
    let server: LoopbackServer
    let client: APIClient
    /// The responses the transport received, with their headers (the `/mirror` route's `X-Mirror-Headers`).
    let responses = ClientRecorder<HTTPResponse>()

    init() throws {
        server = try LoopbackServer.shared.get()
        let responses = self.responses
        client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)).observed { exchange in
                if case .success(let response) = exchange.result { responses.append(response) }
            },
            credentials: .basic(user: "Aladdin", password: "open sesame")
        )
    }

    func echo<Req, Auth>(
        _ method: HTTPMethod, _ path: ResourcePath, query: [QueryItem] = [], bodyEncoding: BodyEncoding = .none,
        auth: Auth.Type = NoAuth.self, encodeBody: @escaping @Sendable (Req) throws -> Data? = { _ in nil }
    ) -> BackendResource<Req, LoopbackEcho, Auth> {
        BackendResource(
            name: "loopback.echo", server: "loopback", method: method, path: path, query: query,
            bodyEncoding: bodyEncoding, encodeBody: encodeBody, decodeResponse: clientJSONDecode(LoopbackEcho.self))
    }

    @Test func commaAndBracketListsInTheQuery() async throws {
        var query = ParameterList()
        query.add("ids", [1, 2], style: .comma)
        query.add("labels", ["x,y", "z"], style: .comma)
        query.add("tag", ["a b", "c"], style: .brackets)
        query.add("none", [String](), style: .comma)
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(
            .get, ResourcePath("/echo/search"), query: query.items)
        let seen = try await client.unauthenticated.access(resource)
        #expect(seen.query == "ids=1,2&labels=x%2Cy,z&tag%5B%5D=a%20b&tag%5B%5D=c")
    }

    @Test func aReservedPathParameterKeepsItsSlashes() async throws {
        let path = ResourcePath(
            "/echo/{owner}/contents/{path}", parameters: ["owner": "a/b", "path": "docs/a b/README.md"],
            reserved: ["path"])
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(.get, path)
        let seen = try await client.unauthenticated.access(resource)
        #expect(seen.path == "/echo/a%2Fb/contents/docs/a%20b/README.md")
    }

    @Test func doublesInTheQueryArePlainDecimals() async throws {
        var query = ParameterList()
        query.add("min", 1e-5)
        query.add("max", 1.2345678901234568e20)
        query.add("step", 0.1 + 0.2)
        query.add("whole", 3.0)
        let resource: BackendResource<Void, LoopbackEcho, NoAuth> = echo(
            .get, ResourcePath("/echo/range"), query: query.items)
        let seen = try await client.unauthenticated.access(resource)
        #expect(seen.query == "min=0.00001&max=123456789012345680000&step=0.30000000000000004&whole=3")
    }

    @Test func aNestedFormBody() async throws {
        let resource: BackendResource<FormCheckout, LoopbackEcho, NoAuth> = echo(
            .post, ResourcePath("/echo/checkout"), bodyEncoding: .form, encodeBody: { try FormURLEncoder.encode($0) })
        let checkout = FormCheckout(
            mode: .subscription, items: [.init(price: "p_1", quantity: 2)], metadata: ["order": "42"],
            address: .init(city: "Paris"), methods: [.card], expand: ["x"], livemode: true, amount: 12.5)
        let seen = try await client.unauthenticated.access(resource, with: checkout)
        #expect(seen.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            seen.body
                == "mode=subscription&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&metadata%5Border%5D=42"
                + "&address%5Bcity%5D=Paris&methods=card&expand=x&livemode=true&amount=12.5")
    }

    @Test func aMultipartBodyArrivesByteForByte() async throws {
        let boundary = MultipartFormEncoder.boundary()
        let resource = BackendResource<MultipartProfile, Data, NoAuth>(
            name: "loopback.mirror", server: "loopback", method: .post, path: ResourcePath("/mirror/profile"),
            bodyEncoding: .multipart(boundary: boundary),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) }, decodeResponse: { $0 })
        let photo = Data([0x00, 0xFF, 0x0D, 0x0A, 0x2D, 0x2D, 0x89])
        let value = MultipartProfile(
            name: "Zoë", avatar: FileUpload(data: photo, fileName: "me.png", contentType: "image/png"))
        let body = try await client.unauthenticated.access(resource, with: value)
        // The file, declared last, goes last (S3's presigned POST ignores fields after it).
        let expected =
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nZoë\r\n"
                    + "--\(boundary)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n"
                    + "Content-Type: image/png\r\n\r\n").utf8) + photo + Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(body == expected)
        let headers = try mirroredHeaders()
        #expect(headers["content-type"] == "multipart/form-data; boundary=\(boundary)")
        #expect(headers["content-length"] == String(expected.count))
    }

    @Test func basicAuthIsOneAuthorizationHeader() async throws {
        let resource: BackendResource<Void, LoopbackEcho, ClientBasicAuth> = echo(
            .get, ResourcePath("/echo/me"), auth: ClientBasicAuth.self)
        let seen = try await client.accessor(for: ClientBasicAuth.self).access(resource)
        #expect(seen.headers["authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(seen.query == "")
    }

    @Test func aPatchBodySendsNullAndLeavesUnchangedOut() async throws {
        let resource: BackendResource<MovieUpdate, LoopbackEcho, NoAuth> = echo(
            .patch, ResourcePath("/echo/movie/1"), bodyEncoding: .json, encodeBody: clientJSONEncode(MovieUpdate.self))
        var update = MovieUpdate()
        update.title = .set("Heat")
        update.tagline = .null
        let seen = try await client.unauthenticated.access(resource, with: update)
        #expect(seen.method == "PATCH")
        #expect(seen.headers["content-type"] == "application/json")
        #expect(seen.body == #"{"tagline":null,"title":"Heat"}"#)
    }

    /// The request headers the `/mirror` route saw, from its last response.
    func mirroredHeaders() throws -> [String: String] {
        let response = try #require(responses.values.last)
        let text = try #require(response.headers["x-mirror-headers"])
        return try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }
}
#endif
