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

/// The signed-in user of a test app: the credential provider reads it, a refresh renews it.
final class TestSession: @unchecked Sendable {
    // `@unchecked`: every property is only touched while holding `lock`.
    private let lock = NSLock()
    private var current: String?
    private var renewed: String?
    private var refreshCount = 0

    /// - Parameters:
    ///   - token: The credential now (nil: signed out).
    ///   - renewed: What a refresh replaces it with (nil: a refresh fails).
    init(token: String?, renewed: String? = nil) {
        current = token
        self.renewed = renewed
    }

    var token: String? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var refreshes: Int { lock.withLock { refreshCount } }

    /// Counts a refresh and takes the renewed credential; false when there is none.
    private func renew() -> Bool {
        lock.withLock {
            refreshCount += 1
            guard let renewed else { return false }
            current = renewed
            return true
        }
    }

    /// A provider over this session; a refresh takes `delay` (so that concurrent 401s overlap with it).
    func provider(refreshDelay delay: Duration = .zero) -> CredentialProvider {
        CredentialProvider(
            credential: { _ in self.token },
            refresh: { _ in
                try await Task.sleep(for: delay)
                return self.renew()
            })
    }
}

/// Queued requests and credentials over real HTTP (`Tests/Support/loopback_server.py`) and real files: nothing
/// secret on disk, the current credential at sending time (after a relaunch, a logout, a refresh), and one
/// refresh for many 401s.
@Suite(.timeLimit(.minutes(1)))
struct QueueCredentialTests {
    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer.shared.get()
    }

    func client(_ session: TestSession, refreshDelay: Duration = .zero) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: session.provider(refreshDelay: refreshDelay))
    }

    static func order<Auth: AuthScheme>(
        _ path: String, _ auth: Auth.Type
    ) -> BackendResource<String, LoopbackEcho, Auth> {
        BackendResource(
            name: "loopback.order", server: "loopback", method: .post, path: ResourcePath(path),
            bodyEncoding: .raw(contentType: "text/plain"), queue: QueueOptions(persist: true),
            encodeBody: { Data($0.utf8) }, decodeResponse: clientJSONDecode(LoopbackEcho.self))
    }

    /// Every byte of every file under `directory`, as text.
    static func everything(in directory: URL) -> String {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects ?? []
        return files.compactMap { ($0 as? URL).flatMap { FileManager.default.contents(atPath: $0.path) } }
            .map { String(decoding: $0, as: UTF8.self) }
            .joined(separator: "\n")
    }

    /// An offline first run leaves the request on disk without its credential; the relaunch after an account
    /// switch sends it with the new user's credential — in a header and in a query item.
    @Test func noCredentialOnDiskAndARelaunchSendsTheCurrentOne() async throws {
        try await relaunch(Self.order("/echo/orders", ClientUserAuth.self)) { echo in
            #expect(echo.headers["authorization"] == "Bearer user-b-token")
        }
        try await relaunch(Self.order("/echo/orders", ClientKeyAuth.self)) { echo in
            #expect(echo.query == "api_key=user-b-token")
        }
    }

    /// Queues `body` for `order` in `directory` while the network is down, then closes that queue, as an app that
    /// is quit: the request waits on disk for the next launch.
    private func enqueueOffline<Auth: AuthScheme>(
        _ order: BackendResource<String, LoopbackEcho, Auth>, with body: String, session: TestSession, in directory: URL
    ) async throws {
        let offline = APIClientQueue(name: "orders", directory: directory) { _ in
            throw TransportError.network("offline")
        }
        try await client(session).enqueue(order, with: body, on: offline)
        await offline.waitUntilIdle()
        await offline.close()
    }

    private func relaunch<Auth: AuthScheme>(
        _ order: BackendResource<String, LoopbackEcho, Auth>, check: (LoopbackEcho) -> Void
    ) async throws {
        try await withQueueDirectory { directory in
            let session = TestSession(token: "user-a-token")
            try await enqueueOffline(order, with: "two apples", session: session, in: directory)
            let disk = Self.everything(in: directory)
            #expect(disk.contains(Data("two apples".utf8).base64EncodedString()), "the request is on disk")
            #expect(!disk.contains("user-a-token"), "but not its credential")
            #expect(disk.contains(Auth.name))

            session.token = "user-b-token"
            let queue = APIClientQueue.sending(through: client(session), name: "orders", directory: directory)
            let results = QueueLog<Result<LoopbackEcho, APIError>>()
            await queue.addHandler(for: order) { _, result in await results.append(result) }
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            let echo = try #require(await results.items.first).get()
            check(echo)
            #expect(echo.body == "two apples")
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    @Test func a401OnAQueuedRequestRefreshesOnceAndRetries() async throws {
        try await withQueueDirectory { directory in
            let session = TestSession(token: "expired", renewed: "fresh")
            let order = Self.order("/auth/fresh/orders", ClientUserAuth.self)
            let queue = APIClientQueue.sending(through: client(session), name: "orders", directory: directory)
            let results = QueueLog<Result<LoopbackEcho, APIError>>()
            await queue.addHandler(for: order) { _, result in await results.append(result) }
            try await client(session).enqueue(order, with: "one pear", on: queue)
            await queue.waitUntilIdle()
            let echo = try #require(await results.items.first).get()
            #expect(echo.headers["authorization"] == "Bearer fresh" && echo.body == "one pear")
            #expect(session.refreshes == 1)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    /// Signed out, a persisted request waits on disk (reported, no result); after signing in, the next resume
    /// sends it.
    @Test func aPersistedRequestWaitsForACredential() async throws {
        try await withQueueDirectory { directory in
            let session = TestSession(token: nil)
            let order = Self.order("/echo/orders", ClientUserAuth.self)
            let queue = APIClientQueue.sending(through: client(session), name: "orders", directory: directory)
            let results = QueueLog<Result<LoopbackEcho, APIError>>()
            let issues = QueueLog<QueueIssue>()
            await queue.addHandler(for: order) { _, result in await results.append(result) }
            await queue.addIssueHandler { await issues.append($0) }
            let id = try await client(session).enqueue(order, with: "three plums", on: queue)
            await queue.waitUntilIdle()
            #expect(await results.items.isEmpty)
            #expect(
                await queue.entries().map(\.state) == [.waiting(reason: "no credential for \(ClientUserAuth.name)")])
            #expect(
                await issues.items == [
                    .waiting(id: id, endpoint: "loopback.order", reason: "no credential for \(ClientUserAuth.name)")
                ])
            #expect(queueFiles(in: directory).count == 1)

            session.token = "signed-in"
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            let echo = try #require(await results.items.first).get()
            #expect(echo.headers["authorization"] == "Bearer signed-in")
            #expect(await results.items.count == 1 && queueFiles(in: directory).isEmpty)
        }
    }

    /// After a relaunch, a request whose scheme nobody registered yet waits; a typed handler registers it.
    @Test func aRequestWaitsUntilItsSchemeIsRegistered() async throws {
        try await withQueueDirectory { directory in
            let session = TestSession(token: "token")
            let order = Self.order("/echo/orders", ClientUserAuth.self)
            try await enqueueOffline(order, with: "four figs", session: session, in: directory)
            let queue = APIClientQueue.sending(through: client(session), name: "orders", directory: directory)
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            guard case .waiting(let reason) = try #require(await queue.entries().first).state else {
                Issue.record("expected the request to wait")
                return
            }
            #expect(reason.contains("\(ClientUserAuth.name) is not registered"))

            let results = QueueLog<Result<LoopbackEcho, APIError>>()
            await queue.addHandler(for: order) { _, result in await results.append(result) }
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            #expect(try #require(await results.items.first).get().body == "four figs")
        }
    }

    /// Resumed before its scheme was registered (a router attached after `resumePersisted()`): registering the
    /// scheme sends it at once, without another resume.
    @Test func registeringItsSchemeSendsARequestThatWaitedForIt() async throws {
        try await withQueueDirectory { directory in
            let session = TestSession(token: "token")
            let order = Self.order("/echo/orders", ClientUserAuth.self)
            try await enqueueOffline(order, with: "five figs", session: session, in: directory)
            let queue = APIClientQueue.sending(through: client(session), name: "orders", directory: directory)
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            guard case .waiting = try #require(await queue.entries().first).state else {
                Issue.record("expected the request to wait for its scheme")
                return
            }
            let results = QueueLog<Result<LoopbackEcho, APIError>>()
            await queue.addHandler(for: order) { _, result in await results.append(result) }
            await queue.waitUntilIdle()
            #expect(try #require(await results.items.first).get().body == "five figs")
            #expect(await queue.entries().isEmpty)
            #expect(queueFiles(in: directory).isEmpty)
        }
    }

    /// Ten requests answered 401 at once share one refresh, then all succeed with the new credential.
    @Test func concurrent401sCauseOneRefresh() async throws {
        let session = TestSession(token: "expired", renewed: "fresh")
        let client = client(session, refreshDelay: .milliseconds(200))
        let lookup = BackendResource<Void, LoopbackEcho, ClientUserAuth>(
            name: "loopback.lookup", server: "loopback", method: .get, path: ResourcePath("/auth/fresh/lookup"),
            deduplicate: false, decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let answers = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<10 { group.addTask { try await client.send(lookup, with: ()).headers["authorization"] } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: "Bearer fresh", count: 10))
        #expect(session.refreshes == 1)
    }

    /// Cached answers are keyed by the request with its credential: after an account switch the next user's
    /// `fetch` goes to the server instead of reading the previous user's answer.
    @Test func theCacheDoesNotShareAnswersAcrossUsers() async throws {
        let session = TestSession(token: "user-a")
        let client = APIClient(
            environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: session.provider(), cache: ResponseCache())
        let profile = BackendResource<Void, LoopbackEcho, ClientUserAuth>(
            name: "loopback.profile", server: "loopback", method: .get, path: ResourcePath("/echo/profile"),
            cacheTTL: .seconds(60), decodeResponse: clientJSONDecode(LoopbackEcho.self))
        #expect(try await client.fetch(profile, with: ()).headers["authorization"] == "Bearer user-a")
        session.token = "user-b"
        #expect(try await client.fetch(profile, with: ()).headers["authorization"] == "Bearer user-b")
        session.token = "user-a"
        #expect(try await client.fetch(profile, with: ()).headers["authorization"] == "Bearer user-a")
    }

    /// Identical requests of two users in flight at once are not shared: each gets the answer to its own
    /// credential (the deduplicator keys by the request with its credential).
    @Test func twoUsersInFlightAreNotDeduplicatedTogether() async throws {
        let deduplicator = RequestDeduplicator()
        let profile = BackendResource<Void, LoopbackEcho, ClientUserAuth>(
            name: "loopback.profile", server: "loopback", method: .get, path: ResourcePath("/slow/200"),
            decodeResponse: clientJSONDecode(LoopbackEcho.self))
        let sent = ClientRecorder<HTTPRequest>()
        func client(_ token: String) -> APIClient {
            let real = HTTPTransport.urlSession(URLSession(configuration: .ephemeral))
            return APIClient(
                environments: ServerEnvironments(["loopback": ["local": server.baseURL]]),
                transport: HTTPTransport { request in
                    sent.append(request)
                    return try await real.send(request)
                },
                credentials: .constant(token), deduplicator: deduplicator)
        }
        let (a, b) = (client("user-a"), client("user-b"))
        async let first: Void = { _ = try? await a.send(profile, with: ()) }()
        async let second: Void = { _ = try? await b.send(profile, with: ()) }()
        _ = await (first, second)
        #expect(sent.values.compactMap { $0.headers["Authorization"] }.sorted() == ["Bearer user-a", "Bearer user-b"])
    }
}
#endif
