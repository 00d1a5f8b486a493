import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `BackendResource.readResponse`: the whole response (status, headers, body) reaches the resource's reader, through
/// `APIClient` and the queue's typed results; `decodeResponse` still reads the body alone.
struct ResponseReadingTests {
    /// A payload that reads its `ETag` header and a body value.
    struct Versioned: ResponsePayload, Equatable {
        let etag: String?
        let value: String

        init(etag: String?, value: String) {
            self.etag = etag
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            etag = try decoder.responseHeaderIfPresent(String.self, named: "ETag")
            value = try decoder.decode(String.self, at: ["value"])
        }
    }

    @Test func sendHandsTheWholeResponseToReadResponse() async throws {
        let resource = BackendResource<Void, String, NoAuth>(
            name: "status.get", server: "api", method: .get, path: ResourcePath("/status"),
            readResponse: { "\($0.status) \($0.headers["X-Mode"] ?? "-") \(String(decoding: $0.body, as: UTF8.self))" })
        let client = makeClient { _ in HTTPResponse(status: 202, headers: ["X-Mode": "async"], body: Data("ok".utf8)) }
        #expect(try await client.send(resource, with: ()) == "202 async ok")
    }

    @Test func decodeResponseStillReadsTheBody() throws {
        var resource = BackendResource<Void, String, NoAuth>(
            name: "status.get", server: "api", method: .get, path: ResourcePath("/status"),
            decodeResponse: { String(decoding: $0, as: UTF8.self) })
        let response = HTTPResponse(status: 200, headers: ["X": "y"], body: Data("body".utf8))
        #expect(try resource.readResponse(response) == "body")
        #expect(try resource.decodeResponse(Data("direct".utf8)) == "direct")
        resource.decodeResponse = { "set: \($0.count)" }
        #expect(try resource.readResponse(response) == "set: 4")
    }

    @Test func typedResultCanReadTheWholeResponse() throws {
        let queued = QueuedRequest(
            endpoint: "notes.get", request: HTTPRequest(method: .get, url: URL(string: "https://api.example.com/n")!),
            options: QueueOptions(), sequence: 1, idempotencyKey: "k")
        let response = HTTPResponse(status: 200, headers: ["ETag": "\"e\""], body: Data(#"{"value": "q"}"#.utf8))
        let read = queued.typedResult(.success(response), readResponse: { try Versioned.decode(from: $0) })
        #expect(try read.get() == Versioned(etag: "\"e\"", value: "q"))
        let bodyOnly = queued.typedResult(.success(response), decode: { try Versioned.decode(from: $0) })
        #expect(try bodyOnly.get() == Versioned(etag: nil, value: "q"))
    }
}
