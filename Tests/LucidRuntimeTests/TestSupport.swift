import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A phantom entity type for identifiers.
enum Movie {}
/// Another phantom entity type for identifiers.
enum Genre {}

/// A test's fake `ResourceSending` that only answers `send`: a fetch sends, a prefetch does nothing, an enqueue
/// returns a new id.
protocol SendOnlyFake: ResourceSending {}

extension SendOnlyFake {
    func fetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
    ) async throws(APIError) -> Resp { try await send(resource, with: request) }
    func prefetch<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, ttl: Duration?
    ) async throws(APIError) {}
    func enqueue<Req, Resp, Auth>(
        _ resource: BackendResource<Req, Resp, Auth>, with request: Req, on queue: APIClientQueue
    ) async throws(APIError) -> UUID { UUID() }
}

/// A clock the test moves by hand, for `ResponseCache(now:)`.
final class TestClock: Sendable {
    private let instant = Locked(ContinuousClock.now)

    var now: @Sendable () -> ContinuousClock.Instant {
        { self.instant.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}

enum TestSupportError: Error {
    case missingReader
}

/// Decodes `json` with JSONDecoder, handing its root object to `read`.
func decodeJSON<T>(
    _ json: String,
    _ read: @escaping @Sendable (KeyedDecodingContainer<AnyCodingKey>) throws -> T
) throws -> T {
    try decodeRoot(json) { decoder in try read(decoder.container(keyedBy: AnyCodingKey.self)) }
}

/// Decodes `json` with JSONDecoder, handing the decoder of its root value (of any kind) to `read`; `headers`, when
/// given, are the response headers the decoder reaches (`Decoder.responseHeader(_:named:)`).
func decodeRoot<T>(
    _ json: String, headers: [String: String]? = nil, _ read: @escaping @Sendable (any Decoder) throws -> T
) throws -> T {
    guard let key = Reader<T>.key else { throw TestSupportError.missingReader }
    let decoder = JSONDecoder()
    decoder.userInfo[key] = read
    if let headers { decoder.userInfo[.responseHeaders] = headers }
    return try decoder.decode(Reader<T>.self, from: Data(json.utf8)).value
}

/// Encodes with JSONEncoder (sorted keys) whatever `write` puts in the root object.
func encodeJSON(_ write: @escaping (inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(Writer(write: write)), as: UTF8.self)
}

private struct Reader<T>: Decodable {
    static var key: CodingUserInfoKey? { CodingUserInfoKey(rawValue: "LucidRuntimeTests.reader") }

    let value: T

    init(from decoder: any Decoder) throws {
        guard let key = Self.key,
            let read = decoder.userInfo[key] as? @Sendable (any Decoder) throws -> T
        else { throw TestSupportError.missingReader }
        value = try read(decoder)
    }
}

private struct Writer: Encodable {
    let write: (inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try write(&container)
    }
}

/// Runs `body` with a task-local reporter bound, returning its result and the issues it reported.
func collectingIssues<T>(_ body: () throws -> T) rethrows -> (T, [DecodingIssue]) {
    let log = Locked<[DecodingIssue]>([])
    let reporter = DecodingIssueReporter { issue in log.withLock { $0.append(issue) } }
    let result = try DecodingIssueReporter.$current.withValue(reporter) { try body() }
    return (result, log.withLock { $0 })
}

extension DecodingError {
    /// The error's coding path in dotted form, including the missing key of `keyNotFound`.
    var dottedPath: String {
        let keys: [any CodingKey] =
            switch self {
            case .keyNotFound(let key, let context): context.codingPath + [key]
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                context.codingPath
            @unknown default: []
            }
        return keys.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    /// The error's debug description.
    var contextDescription: String {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            context.debugDescription
        @unknown default: ""
        }
    }

    /// Whether the error is `.dataCorrupted`.
    var isDataCorrupted: Bool {
        if case .dataCorrupted = self { true } else { false }
    }
}

#if os(macOS) || os(Linux)
extension APIClient {
    /// A client of `server`, its one server named `name`, over URLSession: the token is `token`'s, and a refresh
    /// makes it `new`.
    static func refreshing(
        _ server: ScriptedHTTPServer, name: String, token: Locked<String>,
        errorPayload: @escaping @Sendable (Data) -> (any Sendable)? = { _ in nil }
    ) -> APIClient {
        APIClient(
            environments: ServerEnvironments([ServerName(name): ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider(
                credential: { _ in token.withLock { $0 } },
                refresh: { _ in
                    token.withLock { $0 = "new" }
                    return true
                }),
            errorPayload: errorPayload)
    }
}
#endif
