import Foundation
import LucidRuntime
import Movies

/// The app's networking, wired once: one `APIClient` (credentials, request log, dedup, cache), the generated
/// clients and controllers, and a persisted queue whose results the generated router hands to `ratings`.
final class MoviesApp: Sendable {
    let client: APIClient
    let queue: APIClientQueue
    /// What the commands call: the generated client, live (a test or a preview would hand them `.preview`).
    let movies: MoviesClient
    /// The controller behind `movies`, for its stored reads.
    let controller: MoviesBusinessController
    /// Every movie, person, studio, genre and review the app has received, by identifier: what screens observe.
    let store = EntityStore()
    let account: AccountBusinessController
    /// Posters, downloaded to files.
    let images: ImagesClient
    let log: RequestLog
    /// Where queued requests and downloads are kept.
    let stateDirectory: URL

    /// - Parameters:
    ///   - server: The mock server's base URL.
    ///   - stateDirectory: Where queued requests wait until answered, across runs.
    init(server: String, stateDirectory: URL) {
        let session = Session()
        let log = RequestLog()
        let transport = HTTPTransport.urlSession()
        client = APIClient(
            environments: MoviesServers.environments(mockServer: server),
            // Streams and downloads go through `openStream`, so they are read as they arrive; both are logged.
            transport: HTTPTransport(
                send: { request in
                    log.record(request)
                    return try await transport.send(request)
                },
                openStream: { request in
                    log.record(request)
                    return try await transport.openStream(request)
                }),
            credentials: CredentialProvider { scheme in
                switch scheme {
                case is APIKeyAuth.Type: return "demo-key"
                case is SessionAuth.Type: return session.id
                case is PartnerAuth.Type: return "demo-partner"
                default: return nil
                }
            },
            errorPayload: MoviesErrorPayload.decode,
            deduplicator: RequestDeduplicator(),
            cache: ResponseCache(capacity: 100)
        )
        queue = .sending(through: client, name: "movies-app", directory: stateDirectory.appendingPathComponent("queue"))
        controller = MoviesBusinessController(accessible: client, queue: queue, store: store)
        movies = .live(controller)
        account = AccountBusinessController(accessible: client)
        images = .live(ImagesBusinessController(accessible: client))
        self.log = log
        self.stateDirectory = stateDirectory
        self.session = session
    }

    private let session: Session

    /// Logs in, attaches the response router, and sends what an earlier run queued but never got answered.
    func start() async throws {
        session.id = try await account.login(body: LoginForm(username: "demo", password: "secret")).value
        await MoviesResponseRouter(handler: ratings, store: store).attach(to: queue)
        try await queue.resumePersisted()
    }
}

/// Receives the results of queued ratings — also those sent again after a relaunch.
let ratings = MoviesResponseHandling(didFinishMoviesRate: { result, _ in
    switch result {
    case .success(let response):
        print("  queued rating delivered: \(response.value.statusMessage ?? "ok")")
    case .failure(let error):
        print("  queued rating failed: \(Describe.error(error))")
    }
})

/// The session id from logging in, read by the credential provider.
final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    var id: String? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// Prints each request as it goes on the wire (a cache hit sends nothing, so prints nothing).
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    var sent: Int { lock.withLock { paths.count } }

    /// How many requests went to `path`.
    func count(path: String) -> Int { lock.withLock { paths.filter { $0 == path }.count } }

    func record(_ request: HTTPRequest) {
        lock.withLock { paths.append(request.url.path) }
        let query = request.url.query.map { "?" + $0 } ?? ""
        print("  → \(request.method.rawValue) \(request.url.path)\(query)")
    }
}
