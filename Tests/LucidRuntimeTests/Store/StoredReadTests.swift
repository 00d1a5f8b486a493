import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Stored reads, the lists the store remembers, cached answers that only fill, and queued changes settled.
@Suite struct StoredReadTests {
    typealias Status = EntityStoreTests.Status
    typealias Timeline = EntityStoreTests.Timeline

    /// Counts the reads that went to the server.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        var count: Int { lock.withLock { calls } }
        func answer<Value>(_ value: Value) -> Value {
            lock.withLock { calls += 1 }
            return value
        }
    }

    @Test func eachPolicyReadsTheStoreAndTheServerAsItSays() async throws {
        let store = EntityStore()
        let server = Server()
        func read(_ policy: StoreReadPolicy, text: String) -> StoredRead<Status> {
            StoredRead(policy: policy, stored: { store.entity(Status.self, id: 1) }) {
                () async throws(APIError) -> Status in
                let status = server.answer(EntityStoreTests.status(1, text))
                store.put(status)
                return status
            }
        }
        #expect(try await read(.storeFirst, text: "a").value.text == "a", "nothing stored: the server")
        #expect(try await read(.storeFirst, text: "b").value.text == "a", "stored: no request")
        #expect(server.count == 1)
        #expect(try await read(.network, text: "c").value.text == "c")
        var both: [String] = []
        for try await status in read(.storeThenNetwork, text: "d") { both.append(status.text) }
        #expect(both == ["c", "d"] && server.count == 3)
        var first: [String] = []
        for try await status in read(.storeFirst, text: "e") { first.append(status.text) }
        #expect(first == ["d"], "store first: one value, from the store")
    }

    @Test func aListIsReadBackUntilOneOfItsEntitiesLeaves() {
        let store = EntityStore()
        let statuses = [EntityStoreTests.status(2), EntityStoreTests.status(1)]
        store.put(Timeline(statuses: statuses))
        #expect(store.entities(Status.self, answering: "home") == nil, "never answered")
        store.remember(statuses, answering: "home")
        #expect(store.entities(Status.self, answering: "home")?.map(\.id) == [2, 1])
        store.remove(Status.self, id: 1)
        #expect(store.entities(Status.self, answering: "home") == nil, "a list missing one entity is the server's")
    }

    @Test func theRememberedListsAreBounded() {
        let store = EntityStore()
        store.put(EntityStoreTests.status(1))
        for query in 0..<5_000 { store.remember([EntityStoreTests.status(1)], answering: "q\(query)") }
        #expect(store.entities(Status.self, answering: "q4999")?.count == 1)
        #expect(store.entities(Status.self, answering: "q0") == nil, "the oldest lists were forgotten")
    }

    @Test func aCachedAnswerFillsButNeverReplaces() {
        let store = EntityStore()
        store.put(EntityStoreTests.status(1, "local"))
        let cached = Fetched(
            response: Timeline(statuses: [EntityStoreTests.status(1, "old"), EntityStoreTests.status(2, "old")]),
            isFromCache: true)
        #expect(store.put(cached) == 1)
        #expect(store.entity(Status.self, id: 1)?.text == "local" && store.entity(Status.self, id: 2) != nil)
        let fresh = Fetched(response: Timeline(statuses: [EntityStoreTests.status(1, "new")]), isFromCache: false)
        #expect(store.put(fresh) == 1 && store.entity(Status.self, id: 1)?.text == "new")
    }

    @Test func aQueuedChangeIsSettledAlsoWhenTheAnswerCameFirst() throws {
        let store = EntityStore()
        store.put(EntityStoreTests.status(1, "before"))
        let refusedLate = UUID()
        let change = try #require(store.update(Status.self, id: 1) { $0.text = "after" })
        store.hold(change, until: refusedLate)
        #expect(
            store.settle(
                refusedLate,
                with: Result<Int, APIError>.failure(
                    APIError(.timeout, endpoint: "timelines.unfavourite", method: .post))))
        #expect(store.entity(Status.self, id: 1)?.text == "before")

        // The queue may answer before `enqueue…` returns and holds the change: the answer waits for it.
        let refusedEarly = UUID()
        #expect(!store.settle(refusedEarly, refused: true))
        let early = try #require(store.update(Status.self, id: 1) { $0.text = "again" })
        store.hold(early, until: refusedEarly)
        #expect(store.entity(Status.self, id: 1)?.text == "before", "rolled back as soon as it was held")

        let accepted = UUID()
        let kept = try #require(store.update(Status.self, id: 1) { $0.text = "kept" })
        store.hold(kept, until: accepted)
        #expect(store.settle(accepted, with: Result<Int, APIError>.success(1)))
        #expect(store.entity(Status.self, id: 1)?.text == "kept")
    }
}
