import Foundation
@_spi(Generated) import LucidRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user token sent as `Authorization: Bearer <token>`.
enum ClientUserAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}

/// An API key sent as the `api_key` query item.
enum ClientKeyAuth: AuthScheme {
    static let placement = CredentialPlacement.query(name: "api_key")
}

/// Values recorded from concurrent closures.
final class ClientRecorder<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `values` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(value)
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { values.count }
}

/// The API's error payload, as the loopback server writes it.
struct ClientStatusPayload: Decodable, Sendable, Equatable {
    var statusCode: Int
    var statusMessage: String

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }

    static func decode(_ data: Data) -> (any Sendable)? {
        try? JSONDecoder().decode(ClientStatusPayload.self, from: data)
    }
}

/// What the loopback server's `/echo` route saw.
struct LoopbackEcho: Decodable, Sendable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: String
}

/// A small JSON body.
struct ClientNewList: Codable, Sendable, Equatable {
    var name: String
    var tags: [String]
}

/// A form body.
struct ClientRating: Encodable, Sendable {
    var value: Double
    var note: String
    var ids: [Int]
    var missing: String?
}

/// A decodable response.
struct ClientMovie: Decodable, Sendable, Equatable {
    var id: Int
    var title: String
}

func clientJSONDecode<T: Decodable & SendableMetatype>(_ type: T.Type) -> @Sendable (Data) throws -> T {
    { data in try JSONDecoder().decode(T.self, from: data) }
}

func clientJSONEncode<T: Encodable & SendableMetatype>(_ type: T.Type) -> @Sendable (T) throws -> Data? {
    { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}

/// A `200` with `json` as the body.
func clientOK(_ json: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
}

/// Environments with one `api` server (and an `images` server lacking `staging`).
func clientEnvironments(base: String = "https://api.example.com/3") -> ServerEnvironments {
    ServerEnvironments([
        "api": ["production": base, "staging": "https://staging.example.com/3/"],
        "images": ["production": "https://images.example.com"],
    ])
}

/// A client answering through `handler`.
func makeClient(
    credentials: CredentialProvider = .none,
    prepareRequest: [APIClient.Middleware] = [],
    deduplicator: RequestDeduplicator? = nil,
    cache: ResponseCache? = nil,
    environments: ServerEnvironments = clientEnvironments(),
    handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
) -> APIClient {
    APIClient(
        environments: environments, transport: .inMemory(handler), credentials: credentials,
        prepareRequest: prepareRequest, errorPayload: ClientStatusPayload.decode, deduplicator: deduplicator,
        cache: cache
    )
}

/// Runs `body` expecting an `APIError`, which it returns (nil, recorded as an issue, otherwise).
func expectAPIError<T>(
    _ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> APIError? {
    do {
        _ = try await body()
        Issue.record("expected an APIError, got a value", sourceLocation: sourceLocation)
        return nil
    } catch let error as APIError {
        return error
    } catch {
        Issue.record("expected an APIError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
