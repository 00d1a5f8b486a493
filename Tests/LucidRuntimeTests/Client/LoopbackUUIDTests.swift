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

/// A UUID leaves the app in lower case wherever generated code puts it — a path segment, a query item (alone and
/// in lists), a header, a JSON, form or multipart body — as it reaches `Tests/Support/loopback_server.py` through
/// `APIClient` and URLSession: Foundation's `uuidString` and `UUID: Encodable` write upper case.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackUUIDTests {
    static let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    static let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    static let upperPattern = "E621E1F8"

    enum Reader {}

    /// What a generated struct body with UUIDs writes (keys by `AnyCodingKey`, as generated code does).
    struct Ticket: Encodable, Sendable {
        var id: UUID
        var readers: [Identifier<Reader, UUID>]
        var owners: [String: UUID]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(id, at: "id")
            try container.encode(readers, at: "readers")
            try container.encode(owners, at: "owners")
        }
    }

    let server: LoopbackServer
    let client: APIClient

    init() throws {
        server = try LoopbackServer.shared.get()
        client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)))
    }

    @Test func pathQueryAndHeadersSendLowerCase() async throws {
        var query = ParameterList()
        query.add("id", Self.id)
        query.add("reader", Identifier<Reader, UUID>(Self.id))
        query.add("ids", [Self.id, Self.id])
        query.add("comma", [Self.id], style: .comma)
        query.add("brackets", [Self.id], style: .brackets)
        var headers = ParameterList()
        headers.add("X-Request-ID", Self.id)
        let resource = BackendResource<Void, LoopbackEcho, NoAuth>(
            name: "loopback.echo", server: "loopback", method: .get,
            path: ResourcePath("/echo/tickets/{id}", parameters: ["id": Self.id.parameterText]), query: query.items,
            headers: headers.headers, decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let seen = try await client.unauthenticated.access(resource)
        let l = Self.lower
        #expect(seen.path == "/echo/tickets/\(l)")
        #expect(seen.query == "id=\(l)&reader=\(l)&ids=\(l)&ids=\(l)&comma=\(l)&brackets%5B%5D=\(l)")
        #expect(seen.headers["x-request-id"] == l)
    }

    @Test func aJSONBodySendsLowerCase() async throws {
        let resource = BackendResource<Ticket, LoopbackEcho, NoAuth>(
            name: "loopback.echo", server: "loopback", method: .post, path: ResourcePath("/echo/tickets"),
            bodyEncoding: .json, encodeBody: { try JSONBodyEncoder.encode($0) },
            decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let ticket = Ticket(id: Self.id, readers: [Identifier(Self.id)], owners: ["alice": Self.id])
        let seen = try await client.unauthenticated.access(resource, with: ticket)
        let l = Self.lower
        // Compared as objects: JSONEncoder's key order differs between Foundations.
        let sent = try JSONSerialization.jsonObject(with: Data(seen.body.utf8)) as? NSDictionary
        let expected = #"{"id":"\#(l)","readers":["\#(l)"],"owners":{"alice":"\#(l)"}}"#
        #expect(sent == (try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary))
        #expect(!seen.body.contains(Self.upperPattern))
    }

    @Test func formAndMultipartBodiesSendLowerCase() async throws {
        let form = BackendResource<Ticket, LoopbackEcho, NoAuth>(
            name: "loopback.echo", server: "loopback", method: .post, path: ResourcePath("/echo/tickets"),
            bodyEncoding: .form, encodeBody: { try FormURLEncoder.encode($0) },
            decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let ticket = Ticket(id: Self.id, readers: [Identifier(Self.id)], owners: ["alice": Self.id])
        let seen = try await client.unauthenticated.access(form, with: ticket)
        let l = Self.lower
        #expect(seen.body == "id=\(l)&readers=\(l)&owners%5Balice%5D=\(l)")

        let boundary = "lucid-boundary"
        let multipart = BackendResource<Ticket, LoopbackEcho, NoAuth>(
            name: "loopback.echo", server: "loopback", method: .post, path: ResourcePath("/echo/tickets"),
            bodyEncoding: .multipart(boundary: boundary),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) },
            decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let parts = try await client.unauthenticated.access(multipart, with: ticket)
        let part = { (name: String) in
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(l)\r\n"
        }
        #expect(parts.body == part("id") + part("readers") + part("owners[alice]") + "--\(boundary)--\r\n")
    }
}
#endif
