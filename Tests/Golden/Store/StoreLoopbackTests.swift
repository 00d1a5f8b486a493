import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenStore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Store case's generated controllers with an `EntityStore`, over real HTTP on loopback (URLSession): what a
/// response puts in reaches every observer, a stale answer does not overwrite, a refused change rolls back for every
/// observer (called and queued), a delete leaves every list, reads follow their policy.
@Suite struct StoreLoopbackTests {
    /// A Mastodon-like server: each `METHOD /path` answers what `routes` holds for it now (404 otherwise).
    final class Server: Sendable {
        let routes = Locked<[String: ScriptedHTTPServer.Response]>([:])
        let scripted: ScriptedHTTPServer

        init() throws {
            let routes = routes
            scripted = try ScriptedHTTPServer { request in
                let method = request.requestLine.split(separator: " ").first.map(String.init) ?? ""
                let path = request.target.split(separator: "?").first.map(String.init) ?? ""
                return routes.withLock { $0["\(method) \(path)"] } ?? ScriptedHTTPServer.Response(status: 404)
            }
        }

        /// Answers `route` (`GET /timelines/home`) with `status` and the JSON `body`.
        func answer(_ route: String, status: Int = 200, _ body: String) {
            routes.withLock {
                $0[route] = ScriptedHTTPServer.Response(
                    status: status, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
            }
        }

        /// How many requests were sent to `route`.
        func count(_ route: String) -> Int {
            scripted.received.filter { "\($0.requestLine.split(separator: " ").first ?? "") \($0.target)" == route }
                .count
        }

        func client(cache: ResponseCache? = nil) -> APIClient {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            return APIClient(
                environments: ServerEnvironments(["api": ["local": scripted.baseURL]]),
                transport: .urlSession(URLSession(configuration: configuration)), credentials: .constant("t0k"),
                cache: cache)
        }
    }

    static let gargron = #"{"id": "1", "username": "Gargron", "display_name": "Eugen", "followers_count": 10}"#

    /// A status's JSON.
    static func status(
        _ id: String, content: String = "Hello", favourites: Int = 0, favourited: Bool = false,
        editedAt: String = "null", account: String = gargron
    ) -> String {
        #"{"id": "\#(id)", "created_at": "2024-01-01T10:00:00.000Z", "edited_at": \#(editedAt), "#
            + #""content": "\#(content)", "account": \#(account), "reblog": null, "#
            + #""favourites_count": \#(favourites), "favourited": \#(favourited), "in_reply_to_account_id": null}"#
    }

    /// The values `sequence` yields, gathered on a task of their own until `count` have come.
    static func collect<Value: Sendable>(
        _ sequence: EntityObservation<Value>
    ) -> (values: Locked<[Value]>, task: Task<Void, Never>) {
        let values = Locked<[Value]>([])
        let task = Task {
            for await value in sequence { values.withLock { $0.append(value) } }
        }
        return (values, task)
    }

    /// Waits (without blocking a thread) until `condition` holds, for at most 10 seconds.
    static func eventually(_ condition: @Sendable () -> Bool) async {
        for _ in 0..<1_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func aDetailsAnswerReachesAListObserverOfTheSameStatusInOneStep() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        server.answer("GET /timelines/home", "[\(Self.status("1")), \(Self.status("2"))]")
        let home = try await timelines.fetchHome()
        let list = Self.collect(store.observe(Status.self, ids: home.statuses.map(\.id)))
        defer { list.task.cancel() }
        await Self.eventually { list.values.withLock { $0.count } == 1 }

        server.answer("GET /statuses/1", Self.status("1", favourites: 5))
        _ = try await timelines.fetchStatus(id: "1")
        await Self.eventually { list.values.withLock { $0.count } == 2 }
        let seen = list.values.withLock { $0 }
        #expect(seen.count == 2, "one step: the list before, then the list with the new status")
        #expect(seen.last?.map(\.favouritesCount) == [5, 0])
        #expect(store.entity(Account.self, id: "1")?.username == "Gargron", "the nested account is stored too")
    }

    @Test func aStaleAnswerNeverOverwritesANewerEdit() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        server.answer("GET /statuses/1", Self.status("1", content: "Edited", editedAt: #""2024-01-02T10:00:00.000Z""#))
        _ = try await timelines.fetchStatus(id: "1")
        // A later answer holding the first version (an older edit, from a slow server or a cache).
        server.answer("GET /statuses/1", Self.status("1", content: "First", editedAt: #""2024-01-01T11:00:00.000Z""#))
        let late = try await timelines.fetchStatus(id: "1")
        #expect(late.content == "First", "the call answers what the server said")
        #expect(store.entity(Status.self, id: "1")?.content == "Edited", "the store keeps the newer edit")
        // The same edit with a new count replaces it (an equal version is not older).
        server.answer(
            "GET /statuses/1",
            Self.status("1", content: "Edited", favourites: 3, editedAt: #""2024-01-02T10:00:00.000Z""#))
        _ = try await timelines.fetchStatus(id: "1")
        #expect(store.entity(Status.self, id: "1")?.favouritesCount == 3)
    }

    @Test func anOptimisticFavouriteRefusedWithA422IsRolledBackForEveryObserver() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        server.answer("GET /timelines/home", "[\(Self.status("1", favourites: 2))]")
        _ = try await timelines.fetchHome()
        let detail = Self.collect(store.observe(Status.self, id: "1"))
        let list = Self.collect(store.observe(Status.self, ids: ["1"]))
        defer {
            detail.task.cancel()
            list.task.cancel()
        }
        await Self.eventually { detail.values.withLock { $0.count } == 1 && list.values.withLock { $0.count } == 1 }

        server.answer("POST /statuses/1/favourite", status: 422, #"{"error": "Validation failed"}"#)
        await #expect(throws: APIError.self) {
            try await timelines.favourite(id: "1") { status in
                status.favourited = true
                status.favouritesCount += 1
            }
        }
        await Self.eventually { detail.values.withLock { $0.count } == 3 && list.values.withLock { $0.count } == 3 }
        #expect(detail.values.withLock { $0 }.map { $0?.favouritesCount } == [2, 3, 2], "changed, then rolled back")
        #expect(list.values.withLock { $0 }.map { $0.map(\.favourited) } == [[false], [true], [false]])
        #expect(store.entity(Status.self, id: "1")?.favouritesCount == 2)

        server.answer("POST /statuses/1/favourite", Self.status("1", favourites: 3, favourited: true))
        let accepted = try await timelines.favourite(id: "1") { $0.favourited = true }
        #expect(accepted.favourited && store.entity(Status.self, id: "1")?.favouritesCount == 3)
    }

    @Test func aQueuedUnfavouriteRefusedIsRolledBackWhenTheRouterLearnsIt() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let client = server.client()
        let queue = APIClientQueue.sending(through: client, name: "store-golden", directory: nil)
        let timelines = TimelinesBusinessController(accessible: client, queue: queue, store: store)
        let results = Locked<[Bool]>([])
        let handling = StoreResponseHandling(didFinishTimelinesUnfavourite: { result, _ in
            results.withLock { $0.append((try? result.get()) != nil) }
        })
        await StoreResponseRouter(handler: handling, store: store).attach(to: queue)
        server.answer("GET /statuses/1", Self.status("1", favourites: 1, favourited: true))
        _ = try await timelines.fetchStatus(id: "1")

        server.answer("POST /statuses/1/unfavourite", status: 422, #"{"error": "Validation failed"}"#)
        try await timelines.enqueueUnfavourite(id: "1") { status in
            status.favourited = false
            status.favouritesCount -= 1
        }
        await queue.waitUntilIdle()
        await Self.eventually { results.withLock { $0.count } == 1 }
        #expect(results.withLock { $0 } == [false])
        #expect(store.entity(Status.self, id: "1")?.favourited == true, "refused: rolled back")

        server.answer("POST /statuses/1/unfavourite", Self.status("1", favourites: 0, favourited: false))
        try await timelines.enqueueUnfavourite(id: "1") { $0.favourited = false }
        await queue.waitUntilIdle()
        await Self.eventually { results.withLock { $0.count } == 2 }
        #expect(store.entity(Status.self, id: "1")?.favourited == false, "accepted: kept, and the answer put")
        #expect(store.entity(Status.self, id: "1")?.favouritesCount == 0)
    }

    @Test func aDeleteLeavesEveryListAndARefusedOneComesBack() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        let accounts = AccountsBusinessController(accessible: server.client(), store: store)
        server.answer("GET /timelines/home", "[\(Self.status("1")), \(Self.status("2")), \(Self.status("3"))]")
        server.answer(
            "GET /notifications",
            #"[{"id": "n1", "type": "favourite", "account": \#(Self.gargron), "status": \#(Self.status("2"))}]"#)
        let home = try await timelines.fetchHome()
        let notifications = try await accounts.fetchNotifications()
        let homeList = Self.collect(store.observe(Status.self, ids: home.statuses.map(\.id)))
        let notified = Self.collect(
            store.observe(Status.self, ids: notifications.notifications.compactMap(\.status?.id)))
        defer {
            homeList.task.cancel()
            notified.task.cancel()
        }
        await Self.eventually {
            homeList.values.withLock { $0.count } == 1 && notified.values.withLock { $0.count } == 1
        }

        server.answer("DELETE /statuses/2", "{}")
        _ = try await timelines.deleteStatus(id: "2")
        await Self.eventually {
            homeList.values.withLock { $0.count } == 2 && notified.values.withLock { $0.count } == 2
        }
        #expect(homeList.values.withLock { $0.last?.map(\.id.rawValue) } == ["1", "3"])
        #expect(notified.values.withLock { $0.last?.isEmpty } == true)
        // A list read from the store no longer holds it either: the server must say the list again.
        #expect(store.entities(Status.self, answering: StoreQuery.key(of: TimelinesService.fetchHomeResource())) == nil)

        server.answer("DELETE /statuses/3", status: 403, #"{"error": "This action is not allowed"}"#)
        await #expect(throws: APIError.self) { _ = try await timelines.deleteStatus(id: "3") }
        await Self.eventually { homeList.values.withLock { $0.count } == 4 }
        #expect(homeList.values.withLock { $0.map { $0.map(\.id.rawValue) } }.suffix(2) == [["1"], ["1", "3"]])
    }

    @Test func readsFollowTheirPolicy() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        server.answer("GET /statuses/1", Self.status("1", favourites: 1))

        // store_first (the spec's default for `status`): the server once, then the store.
        #expect(try await timelines.readStatus(id: "1").value.favouritesCount == 1)
        server.answer("GET /statuses/1", Self.status("1", favourites: 2))
        #expect(try await timelines.readStatus(id: "1").value.favouritesCount == 1)
        #expect(server.count("GET /statuses/1") == 1)
        // network: always the server, its answer put.
        #expect(try await timelines.readStatus(id: "1", policy: .network).value.favouritesCount == 2)
        #expect(server.count("GET /statuses/1") == 2 && store.entity(Status.self, id: "1")?.favouritesCount == 2)

        // store_then_network (the spec's default for `home`): nothing stored yet, so one value; then two.
        server.answer("GET /timelines/home", "[\(Self.status("1", favourites: 2)), \(Self.status("2"))]")
        var first: [[Int]] = []
        for try await statuses in timelines.readHome() { first.append(statuses.map(\.favouritesCount)) }
        #expect(first == [[2, 0]])
        server.answer("GET /timelines/home", "[\(Self.status("1", favourites: 7)), \(Self.status("2"))]")
        var second: [[Int]] = []
        for try await statuses in timelines.readHome() { second.append(statuses.map(\.favouritesCount)) }
        #expect(second == [[2, 0], [7, 0]], "the stored list at once, then the server's")
        #expect(server.count("GET /timelines/home") == 2)

        // An entity no value identifies (`/me`) is found by its request.
        let accounts = AccountsBusinessController(accessible: server.client(), store: store)
        server.answer("GET /accounts/verify_credentials", Self.gargron)
        #expect(try await accounts.readMe().value.username == "Gargron")
        #expect(try await accounts.readMe().value.username == "Gargron")
        #expect(server.count("GET /accounts/verify_credentials") == 1)
    }

    @Test func unionsPagesAndNestedEntitiesGoIntoTheStore() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let accounts = AccountsBusinessController(accessible: server.client(), store: store)
        let boost = Self.status("10", content: "Boost").replacingOccurrences(
            of: #""reblog": null"#, with: #""reblog": \#(Self.status("11", content: "Original"))"#)
        server.answer(
            "GET /search",
            #"{"results": [{"type": "account", "id": "7", "username": "a", "display_name": "A"}, "#
                + #"{"type": "hashtag", "name": "swift"}, \#(Self.status("9").dropLast()), "type": "status"}]}"#)
        server.answer(
            "GET /accounts/1/followers",
            #"{"items": [{"id": "8", "username": "b", "display_name": "B"}], "next": null}"#)
        server.answer(
            "GET /notifications",
            #"[{"id": "n1", "type": "reblog", "account": \#(Self.gargron), "status": \#(boost)}]"#)
        _ = try await accounts.fetchSearch(q: "swift")
        _ = try await accounts.fetchFollowers(id: "1")
        _ = try await accounts.fetchNotifications()
        #expect(store.entity(Account.self, id: "7")?.username == "a", "a union's case")
        #expect(store.entity(Status.self, id: "9") != nil)
        #expect(store.entity(Account.self, id: "8")?.username == "b", "a generic page's items")
        #expect(store.entity(Status.self, id: "11")?.content == "Original", "a boosted status inside a status")
        #expect(store.count(of: Status.self) == 3 && store.count(of: Account.self) == 3)
    }

    @Test func anEditSendsTheWholeStatusAndPutsItAtOnce() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        server.answer("GET /statuses/1", Self.status("1", content: "Typo"))
        let status = try await timelines.fetchStatus(id: "1")
        let observed = Self.collect(store.observe(Status.self, id: "1"))
        defer { observed.task.cancel() }
        await Self.eventually { observed.values.withLock { $0.count } == 1 }
        // The server refuses the edit: the observer saw it at once, then the value before.
        server.answer("PUT /statuses/1", status: 500, "{}")
        let edited = try JSONDecoder().decode(Status.self, from: Data(Self.status("1", content: "Fixed").utf8))
        await #expect(throws: APIError.self) { _ = try await timelines.edit(statusId: "1", body: edited) }
        await Self.eventually { observed.values.withLock { $0.count } == 3 }
        #expect(observed.values.withLock { $0.map { $0?.content } } == ["Typo", "Fixed", "Typo"])
        #expect(store.entity(Status.self, id: status.id)?.content == "Typo")
    }

    @Test func aCachedAnswerOnlyFillsTheStoreAndNeverUndoesALocalChange() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(cache: ResponseCache()), store: store)
        server.answer("GET /timelines/home", "[\(Self.status("1")), \(Self.status("2"))]")
        _ = try await timelines.fetchHome()
        store.update(Status.self, id: "1") { $0.favourited = true }
        store.remove(Status.self, id: "2")
        // Answered by the response cache (fresh for 60 s): no request, and the answer is older than the store.
        let cached = try await timelines.fetchHome()
        #expect(server.count("GET /timelines/home") == 1)
        #expect(cached.statuses.first?.favourited == false, "the call answers what the cache holds")
        #expect(store.entity(Status.self, id: "1")?.favourited == true, "the local change stays")
        #expect(store.entity(Status.self, id: "2") != nil, "what the store lacked is filled")
    }

    @Test func anIdOnlyRelationshipResolvesFromTheStore() async throws {
        let server = try Server()
        defer { server.scripted.stop() }
        let store = EntityStore()
        let timelines = TimelinesBusinessController(accessible: server.client(), store: store)
        let reply = Self.status("2").replacingOccurrences(
            of: #""in_reply_to_account_id": null"#, with: #""in_reply_to_account_id": "1""#)
        server.answer("GET /timelines/home", "[\(reply)]")
        let status = try #require(try await timelines.fetchHome().statuses.first)
        let repliedTo = try #require(status.inReplyToAccount)
        #expect(store.entity(repliedTo)?.username == "Gargron", "the account came with the status, nested")
        #expect(store.entities([repliedTo, "404"]).map(\.displayName) == ["Eugen"])
        let observed = Self.collect(store.observe(repliedTo))
        defer { observed.task.cancel() }
        await Self.eventually { observed.values.withLock { $0.count } == 1 }
        #expect(observed.values.withLock { $0.first??.followersCount } == 10)
    }

    @Test func aRealMastodonTimelinePutsEveryStatusAndAccount() throws {
        guard let folder = ConformanceSuites.folder("bodies/mastodon") else {
            print("StoreLoopbackTests: real timeline skipped, \(ConformanceSuites.skipReason("bodies/mastodon"))")
            return
        }
        let body = try Data(contentsOf: folder.appendingPathComponent("home.json"))
        let home = try TimelinesService.fetchHomeResource().readResponse(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body))
        let store = EntityStore()
        store.put(home)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        var statuses = Set(json.compactMap { $0["id"] as? String })
        for item in json {
            if let reblog = item["reblog"] as? [String: Any], let id = reblog["id"] as? String { statuses.insert(id) }
        }
        #expect(home.statuses.count == json.count, "no status of the real body dropped")
        #expect(store.count(of: Status.self) == statuses.count)
        let accounts = Set(json.compactMap { ($0["account"] as? [String: Any])?["id"] as? String })
        #expect(store.count(of: Account.self) >= accounts.count && !accounts.isEmpty)
    }
}
