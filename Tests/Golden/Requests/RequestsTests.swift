// These tests start a server as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the
// file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GoldenRequests

/// What the loopback server's `/echo` route saw.
struct Echo: Decodable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: String
}

/// The generated resources of GitHub-, Sunrise-Sunset- and Stripe-shaped endpoints, sent over real HTTP to
/// `Tests/Support/loopback_server.py` on 127.0.0.1 through URLSession: the bytes on the wire, exactly.
@Suite(.timeLimit(.minutes(1)))
struct RequestsTests {
    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer.shared.get()
    }

    /// A client whose every server is the loopback server's `route` (`/echo` or `/mirror`).
    func client(_ route: String = "/echo", credential: String = "secret") -> APIClient {
        let base = server.baseURL + route
        return APIClient(
            environments: ServerEnvironments([
                "github": ["local": base], "sun": ["local": base], "stripe": ["local": base],
                "mastodon": ["local": base], "s3": ["local": base], "lob": ["local": base],
                "partner": ["local": base],
            ]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: .constant(credential))
    }

    /// A client of the `/echo` route whose provider has the credentials in `held`, by scheme, and no others.
    func client(holding held: [ObjectIdentifier: String]) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["partner": ["local": server.baseURL + "/echo"]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider { held[ObjectIdentifier($0)] })
    }

    /// Sends `resource` exactly as the client builds it (credential, fixed values, encoding) and returns what
    /// the server answered.
    func send<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with value: Req, through client: APIClient
    ) async throws -> HTTPResponse {
        try await client.transport.send(try await client.request(for: resource, with: value))
    }

    func echo<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with value: Req, credential: String = "secret"
    ) async throws -> Echo {
        let response = try await send(resource, with: value, through: client(credential: credential))
        return try JSONDecoder().decode(Echo.self, from: response.body)
    }

    @Test func githubListsGoInTheirStyleWithTheFixedHeaders() async throws {
        let resource = IssuesService.fetchListResource(
            owner: "octocat", repo: "Hello-World", labels: ["bug", "ui,ux"], assignees: ["a", "b"])
        let echo = try await echo(resource, with: ())
        #expect(echo.path == "/echo/repos/octocat/Hello-World/issues")
        #expect(echo.query == "labels=bug,ui%2Cux&state=open&assignees%5B%5D=a&assignees%5B%5D=b")
        #expect(echo.headers["accept"] == "application/vnd.github+json")
        #expect(echo.headers["x-github-api-version"] == "2022-11-28")
        #expect(echo.headers["user-agent"] == "RequestsExample/1.0")
        #expect(echo.headers["authorization"] == "Bearer secret")
    }

    @Test func aReservedPathParameterKeepsItsSlashes() async throws {
        let file = IssuesService.fetchFileResource(owner: "o", repo: "r", path: "docs/a b/README.md")
        let echo = try await echo(file, with: ())
        #expect(echo.path == "/echo/repos/o/r/contents/docs/a%20b/README.md")
        #expect(echo.headers["accept"] == "application/vnd.github.object+json", "the endpoint's value wins")
        do {
            let outside = IssuesService.fetchFileResource(owner: "o", repo: "r", path: "../x")
            _ = try await client().request(for: outside, with: ())
            Issue.record("a '..' segment is refused")
        } catch {
            #expect(error.kind == .invalidURL)
        }
    }

    @Test func smallDoublesGoInPlainDecimalsBesideTheFixedQuery() async throws {
        let echo = try await echo(SunService.fetchTimesResource(lat: 0.00001, lng: -122.4194), with: ())
        #expect(echo.query == "tzid=UTC&lat=0.00001&lng=-122.4194&formatted=0")
        #expect(echo.headers["accept"] == "application/json")
        #expect(echo.headers["user-agent"] != "RequestsExample/1.0", "the service removes the spec's")
        #expect(echo.headers["authorization"] == nil)
    }

    @Test func basicAuthSendsUserAndPasswordInBase64() async throws {
        let echo = try await echo(AccountService.fetchEmailsResource(), with: (), credential: "octocat:pa ss")
        #expect(echo.headers["authorization"] == "Basic " + Data("octocat:pa ss".utf8).base64EncodedString())
        #expect(echo.query == "per_page=100")
    }

    @Test func aNestedFormIsEncodedTheWayStripeReadsIt() async throws {
        let form = CustomerForm(
            name: "Jenny Rosen", balance: 0.00001, address: Address(line1: "1 Main St", city: "Paris"),
            metadata: ["order": "42"], tags: ["a", "b"], items: [LineItem(price: "p_1", quantity: 2)], tax: .exempt,
            notify: [.email, .sms])
        let echo = try await echo(CustomersService.createResource(), with: form, credential: "sk_test_123:")
        #expect(echo.method == "POST" && echo.path == "/echo/v1/customers")
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            echo.body
                == "name=Jenny%20Rosen&balance=0.00001&address%5Bline1%5D=1%20Main%20St&address%5Bcity%5D=Paris"
                + "&metadata%5Border%5D=42&tags=a&tags=b&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2"
                + "&tax=exempt&notify=email&notify=sms")
    }

    /// Stripe's maps in a query: one item per entry, named with its key in brackets (percent-encoded, as every
    /// query name is), keys sorted whatever the dictionary's order; a nil or empty map sends nothing.
    @Test func deepObjectMapsGoAsOneBracketedItemPerEntry() async throws {
        let resource = CustomersService.fetchListResource(
            metadata: ["ref": "a b", "order": "42", "x&y": "1=2"], created: ["lt": 1_800_000_000, "gt": 1_700_000_000],
            tax: ["eu": .reverse])
        let echo = try await echo(resource, with: (), credential: "sk_test_123:")
        #expect(echo.path == "/echo/v1/customers")
        #expect(
            echo.query
                == "metadata%5Border%5D=42&metadata%5Bref%5D=a%20b&metadata%5Bx%26y%5D=1%3D2"
                + "&created%5Bgt%5D=1700000000&created%5Blt%5D=1800000000&tax%5Beu%5D=reverse&limit=10")
        let none = try await self.echo(CustomersService.fetchListResource(), with: (), credential: "sk_test_123:")
        #expect(none.query == "limit=10")
    }

    /// A PATCH sends what it sets, null for what it clears, and nothing for what it leaves unchanged.
    @Test func aPatchSendsSetClearedAndNothingElse() async throws {
        let change = IssueUpdate(title: "Fix the build", body: .null, milestone: .set(3), labels: .set(["bug"]))
        let sent = try await echo(IssuesService.updateResource(owner: "o", repo: "r", number: 7), with: change)
        #expect(sent.method == "PATCH" && sent.path == "/echo/repos/o/r/issues/7")
        #expect(sent.headers["content-type"] == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: Any])
        #expect(json.keys.sorted() == ["body", "labels", "milestone", "title"], "due_on unchanged: not sent")
        #expect(json["body"] is NSNull)
        #expect(json["title"] as? String == "Fix the build" && json["milestone"] as? Int == 3)
        #expect(json["labels"] as? [String] == ["bug"])
        let dated = IssueUpdate(dueOn: .set(Date(timeIntervalSince1970: 0)))
        let datedEcho = try await echo(IssuesService.updateResource(owner: "o", repo: "r", number: 7), with: dated)
        #expect(datedEcho.body == #"{"due_on":"1970-01-01T00:00:00Z"}"#)
    }

    @Test func aUnionBodyIsSentAsItsCasesValue() async throws {
        func json(_ sent: Echo) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? NSDictionary)
        }
        let international = AnyAddress.intlAddress(IntlAddress(line1: "10 Downing St", country: "GB"))
        let sent = try await echo(AddressesService.createResource(), with: international)
        #expect(sent.method == "POST" && sent.path == "/echo/v1/addresses")
        #expect(sent.headers["content-type"] == "application/json")
        #expect(try json(sent) == ["line1": "10 Downing St", "country": "GB"])
        let local = AnyAddress.address(Address(line1: "1 Main St", city: "Springfield"))
        #expect(
            try json(try await echo(AddressesService.createResource(), with: local)) == [
                "line1": "1 Main St", "city": "Springfield",
            ])
        // A tagged union: the case's value with its discriminator.
        let card = try await echo(AddressesService.addSourceResource(), with: .card(CardSource(number: "4242")))
        #expect(try json(card) == ["type": "card", "number": "4242"])
    }

    @Test func aMultipartUploadSendsAFilePartAndTextParts() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0D, 0x0A, 0xFF])
        let upload = UploadForm(
            purpose: "identity_document", file: FileUpload(data: bytes, fileName: "id.png", contentType: "image/png"),
            tags: ["x"])
        let client = client("/mirror", credential: "sk_test_123:")
        let request = try await client.request(for: CustomersService.uploadResource(), with: upload)
        let response = try await client.transport.send(request)
        let contentType = try #require(request.headers["Content-Type"])
        let boundary = String(try #require(contentType.split(separator: "=").last))
        #expect(contentType == "multipart/form-data; boundary=\(boundary)")
        var expected = Data()
        func text(_ string: String) { expected.append(Data(string.utf8)) }
        // Parts in declaration order: purpose, file, tags.
        text("--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nidentity_document\r\n")
        text("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"id.png\"\r\n")
        text("Content-Type: image/png\r\n\r\n")
        expected.append(bytes)
        text("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nx\r\n--\(boundary)--\r\n")
        #expect(response.body == expected, "the mirror answers with the exact bytes it received")
        #expect(response.headers["X-Mirror-Method"] ?? response.headers["x-mirror-method"] == "POST")
        let other = try await client.request(for: CustomersService.uploadResource(), with: upload)
        #expect(other.headers["Content-Type"] != contentType, "every resource has its own random boundary")
    }

    /// The generated resource streams a `FileUpload(contentsOf:)` from disk: the mirror gets the same bytes as with
    /// the file in memory, and the request the client describes holds no copy of the file.
    @Test func aMultipartUploadStreamsAFileFromDisk() async throws {
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lucid-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("id.png")
        try bytes.write(to: file)
        let client = client("/mirror", credential: "sk_test_123:")
        let fromDisk = UploadForm(
            purpose: "identity_document", file: FileUpload(contentsOf: file, contentType: "image/png"), tags: ["x"])
        let request = try await client.request(for: CustomersService.uploadResource(), with: fromDisk)
        #expect(request.body == nil)
        let streamed = try #require(request.streamedBody)
        #expect(streamed.pieces.contains(.file(file, size: Int64(bytes.count))))
        let response = try await client.transport.send(request)
        let contentType = try #require(request.headers["Content-Type"])
        let boundary = String(try #require(contentType.split(separator: "=").last))
        let inMemory = UploadForm(
            purpose: "identity_document", file: FileUpload(data: bytes, fileName: "id.png", contentType: "image/png"),
            tags: ["x"])
        #expect(response.body == (try MultipartFormEncoder.encode(inMemory, boundary: boundary)))
        // Through the generated controller, the call reports the bytes sent up to the whole body.
        let sent = Locked<[TransferProgress]>([])
        let controller = CustomersBusinessController(accessible: client)
        let error = await #expect(throws: APIError.self, "the mirror answers the bytes, not a customer") {
            try await controller.upload(body: fromDisk) { progress in sent.withLock { $0.append(progress) } }
        }
        if case .decoding? = error?.kind {} else { Issue.record("not a decoding error: \(String(describing: error))") }
        let last = try #require(sent.withLock { $0.last })
        #expect(last.bytes == streamed.length && last.expected == streamed.length)
    }

    /// The multipart body `resource` sends, as the mirror received it, with its boundary replaced by `B`.
    func mirroredParts<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with value: Req
    ) async throws
        -> String
    {
        let client = client("/mirror")
        let request = try await client.request(for: resource, with: value)
        let response = try await client.transport.send(request)
        let contentType = try #require(request.headers["Content-Type"])
        let boundary = String(try #require(contentType.split(separator: "=").last))
        return String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: boundary, with: "B")
    }

    func part(_ name: String, _ value: String) -> String {
        "--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }

    /// `form_lists: brackets` on the service: Mastodon's `media_ids[]`, `poll[options][]` and, as Rails reads a
    /// list of structs, `media_attributes[][id]`.
    @Test func aServiceSendsRailsBracketLists() async throws {
        let status = StatusForm(
            status: "Tea?", mediaIds: ["1", "2"], poll: PollForm(options: ["tea", "milk"], expiresIn: 300),
            mediaAttributes: [MediaAttribute(id: "1", description: "cup"), MediaAttribute(id: "2")])
        let sent = try await echo(StatusesService.createResource(), with: status)
        #expect(sent.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            sent.body.replacingOccurrences(of: "%5B", with: "[").replacingOccurrences(of: "%5D", with: "]")
                == "status=Tea%3F&media_ids[]=1&media_ids[]=2&poll[options][]=tea&poll[options][]=milk"
                + "&poll[expires_in]=300&media_attributes[][id]=1&media_attributes[][description]=cup"
                + "&media_attributes[][id]=2")
        #expect(sent.body.hasPrefix("status=Tea%3F&media_ids%5B%5D=1&"), "brackets go percent-encoded")
        let empty = try await echo(StatusesService.createResource(), with: StatusForm(status: "x", mediaIds: []))
        #expect(empty.body == "status=x", "an empty list sends nothing")
    }

    /// `form_lists: indexed` on a multipart body overrides the service's `brackets`.
    @Test func aBodyOverridesItsServicesConvention() async throws {
        let media = MediaForm(
            file: FileUpload(data: Data("img".utf8), fileName: "a.png", contentType: "image/png"), focus: [0.5, -1])
        #expect(
            try await mirroredParts(StatusesService.uploadMediaResource(), with: media)
                == "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\nimg\r\n" + part("focus[0]", "0.5") + part("focus[1]", "-1")
                + "--B--\r\n")
    }

    @Test func commaAndRepeatedListsOfAForm() async throws {
        let filter = FilterForm(
            title: "Spoilers", context: ["home", "public"], keywords: PollForm(options: ["a,b", "c"], expiresIn: 1))
        let comma = try await echo(StatusesService.filterResource(), with: filter)
        #expect(
            comma.body
                == "title=Spoilers&context=home,public&keywords%5Boptions%5D=a%2Cb,c&keywords%5Bexpires_in%5D=1")
        let repeated = try await echo(StatusesService.filterRepeatedResource(), with: filter)
        #expect(
            repeated.body
                == "title=Spoilers&context=home&context=public&keywords%5Boptions%5D=a%2Cb&keywords%5Boptions%5D=c"
                + "&keywords%5Bexpires_in%5D=1")
    }

    /// S3's presigned POST reads the fields before the file and ignores any after it: the file, declared last,
    /// goes last, though by name it would come before `key` and `policy`.
    @Test func aPresignedPostSendsItsFileLast() async throws {
        let post = PresignedPost(
            key: "uploads/a.txt", policy: "eyJ9", signature: "abc",
            file: FileUpload(data: Data("hello".utf8), fileName: "a.txt", contentType: "text/plain"))
        #expect(
            try await mirroredParts(UploadsService.presignedResource(), with: post)
                == part("key", "uploads/a.txt") + part("policy", "eyJ9") + part("X-Amz-Signature", "abc")
                + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--B--\r\n")
    }

    /// Every credential of the partner API, by scheme.
    static let partnerCredentials: [ObjectIdentifier: String] = [
        ObjectIdentifier(ClientIdAuth.self): "id-1", ObjectIdentifier(ClientSecretAuth.self): "secret-2",
        ObjectIdentifier(TokenAuth.self): "token-3", ObjectIdentifier(PatAuth.self): "pat-4",
        ObjectIdentifier(ApiKeyAuth.self): "key-5",
    ]

    static func partnerCredentials(_ schemes: any AuthScheme.Type...) -> [ObjectIdentifier: String] {
        partnerCredentials.filter { id, _ in schemes.contains { ObjectIdentifier($0) == id } }
    }

    /// `auth: [client_id, client_secret, token]`: all three on the wire.
    @Test func schemesRequiredTogetherAreAllSent() async throws {
        let client = self.client(holding: Self.partnerCredentials)
        let response = try await client.transport.send(
            try await client.request(for: PartnersService.fetchOrdersResource(), with: ()))
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.path == "/echo/v1/orders" && echo.query == "")
        #expect(echo.headers["x-client-id"] == "id-1")
        #expect(echo.headers["x-client-secret"] == "secret-2")
        #expect(echo.headers["authorization"] == "Bearer token-3")
    }

    /// `any_of` alternatives: the first the client covers; `none` last: nothing when no other is covered.
    @Test func alternativesSendTheFirstCovered() async throws {
        func echo<Resp, Auth>(
            _ resource: BackendResource<Void, Resp, Auth>, holding held: [ObjectIdentifier: String]
        )
            async throws -> Echo
        {
            let client = self.client(holding: held)
            let response = try await client.transport.send(try await client.request(for: resource, with: ()))
            return try JSONDecoder().decode(Echo.self, from: response.body)
        }
        let repos = PartnersService.fetchReposResource()
        #expect(try await echo(repos, holding: Self.partnerCredentials).headers["authorization"] == "token pat-4")
        #expect(
            try await echo(repos, holding: Self.partnerCredentials(TokenAuth.self)).headers["authorization"]
                == "Bearer token-3")
        let search = PartnersService.fetchSearchResource(q: "a b")
        let byKey = try await echo(search, holding: Self.partnerCredentials(ClientIdAuth.self, ApiKeyAuth.self))
        #expect(byKey.query == "q=a%20b&api_key=key-5" && byKey.headers["x-client-id"] == nil)
        let bySecret = try await echo(search, holding: Self.partnerCredentials)
        #expect(bySecret.query == "q=a%20b" && bySecret.headers["x-client-secret"] == "secret-2")
        let status = PartnersService.fetchStatusResource()
        #expect(try await echo(status, holding: Self.partnerCredentials).query == "api_key=key-5")
        #expect(try await echo(status, holding: [:]).query == "")
    }

    /// Without a covered alternative the generated controller throws before sending, naming what it accepts; the
    /// service lists what each endpoint accepts.
    @Test func noCoveredAlternativeIsAnErrorBeforeSending() async throws {
        let controller = PartnersBusinessController(
            accessible: client(holding: Self.partnerCredentials(ClientIdAuth.self, ClientSecretAuth.self)))
        do {
            _ = try await controller.fetchRepos()
            Issue.record("the request went without a credential")
        } catch {
            #expect(error.kind == .missingCredential && error.endpoint == "partners.repos")
            #expect(error.acceptedAuth?.description == "PatAuth, or TokenAuth")
        }
        #expect(
            PartnersService.acceptedAuth["partners.orders"]?.description
                == "ClientIdAuth and ClientSecretAuth and TokenAuth")
        #expect(
            PartnersService.acceptedAuth["partners.search"]?.description
                == "ClientIdAuth and ClientSecretAuth, or ApiKeyAuth")
        #expect(PartnersService.acceptedAuth["partners.status"]?.isOptional == true)
        #expect(IssuesService.acceptedAuth["issues.list"]?.description == "TokenAuth")
        #expect(AddressesService.acceptedAuth["addresses.create"]?.alternatives.map(\.count) == [0])
    }
}
#endif
