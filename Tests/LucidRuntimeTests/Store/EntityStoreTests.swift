import Foundation
import LucidTestSupport
import Testing

@_spi(Generated) @testable import LucidRuntime

/// The entity store (issue 41): one value per entity, merged by its rule, bounded, observed, changed locally and
/// rolled back, persisted.
@Suite(.timeLimit(.minutes(1)))
struct EntityStoreTests {
    struct Account: StorableEntity, Codable, EntityContaining {
        var id: String
        var name: String
        func collectEntities(into batch: inout EntityBatch) { batch.add(self) }
    }

    /// A status with its account nested, and a version: a value with a lower one never replaces the stored one.
    struct Status: StorableEntity, Codable, EntityContaining {
        static var storeName: String { "status" }
        var id: Int
        var text: String
        var favourites: Int = 0
        var version: Int = 0
        var account: Account?

        func supersedes(_ stored: Status) -> Bool { version >= stored.version }

        func collectEntities(into batch: inout EntityBatch) {
            batch.add(self)
            account.collectEntities(into: &batch)
        }
    }

    /// A response holding entities without being one: a timeline page.
    struct Timeline: EntityContaining {
        var statuses: [Status]
        func collectEntities(into batch: inout EntityBatch) { statuses.collectEntities(into: &batch) }
    }

    static func status(_ id: Int, _ text: String = "hi", version: Int = 0, account: String? = nil) -> Status {
        Status(id: id, text: text, version: version, account: account.map { Account(id: $0, name: $0.uppercased()) })
    }

    /// The values an observation yields, taken by a task of its own. Observations coalesce, so a test waits until
    /// the collector has taken a value (`waitFor`) before making the next change it wants to see apart.
    final class Collector<Value: Sendable>: Sendable {
        let values = Locked<[Value]>([])
        private let task: Task<Void, Never>

        init(_ observation: EntityObservation<Value>) {
            let values = self.values
            task = Task { for await value in observation { values.withLock { $0.append(value) } } }
        }

        /// Waits until `count` values came (a few seconds at most); returns them.
        @discardableResult
        func waitFor(_ count: Int) async -> [Value] {
            await EntityStoreTests.eventually { self.values.withLock { $0.count } >= count }
            return values.withLock { $0 }
        }

        func cancel() { task.cancel() }
    }

    /// Starts collecting `observation` and waits for its first value.
    static func collect<Value: Sendable>(_ observation: EntityObservation<Value>) async -> Collector<Value> {
        let collector = Collector(observation)
        await collector.waitFor(1)
        return collector
    }

    /// Waits until `condition` holds, a few seconds at most.
    static func eventually(_ condition: @Sendable () -> Bool) async {
        for _ in 0..<1000 where !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func aResponsesNestedEntitiesAreKeptByIdentifier() {
        let store = EntityStore()
        let page = Timeline(statuses: [Self.status(1, account: "ada"), Self.status(2, account: "bob")])
        #expect(store.put(page) == 4)
        #expect(store.entity(Status.self, id: 2)?.text == "hi")
        #expect(store.entity(Account.self, id: "ada")?.name == "ADA")
        #expect(store.entities(Status.self, ids: [2, 9, 1]).map(\.id) == [2, 1], "missing ones left out, in order")
        #expect(store.put(page) == 0, "the same values change nothing")
    }

    @Test func aStaleValueNeverOverwritesAFresherOne() {
        let store = EntityStore()
        store.put(Self.status(1, "edited", version: 2))
        store.put(Self.status(1, "late, stale response", version: 1))
        #expect(store.entity(Status.self, id: 1)?.text == "edited")
        store.put(Self.status(1, "newer", version: 3))
        #expect(store.entity(Status.self, id: 1)?.text == "newer")
        // Without a rule, arrival order: the last value wins.
        store.put(Account(id: "a", name: "one"))
        store.put(Account(id: "a", name: "two"))
        #expect(store.entity(Account.self, id: "a")?.name == "two")
    }

    @Test func aDetailsUpdateReachesTheListObserverInOneStep() async {
        let store = EntityStore()
        store.put(Timeline(statuses: [Self.status(1), Self.status(2)]))
        let list = await Self.collect(store.observe(Status.self, ids: [1, 2]))
        let detail = await Self.collect(store.observe(Status.self, id: 2))
        store.put(Self.status(2, "boosted", version: 1))
        #expect(await list.waitFor(2).map { $0.map(\.text) } == [["hi", "hi"], ["hi", "boosted"]])
        #expect(await detail.waitFor(2).map { $0?.text } == ["hi", "boosted"])
        list.cancel()
        detail.cancel()
    }

    @Test func aSlowObserverGetsTheLatestValueNotEveryStep() async {
        let store = EntityStore()
        store.put(Self.status(1))
        let observation = store.observe(Status.self, id: 1)
        var iterator = observation.makeAsyncIterator()
        #expect(await iterator.next()??.favourites == 0)
        for count in 1...100 { store.update(Status.self, id: 1) { $0.favourites = count } }
        #expect(await iterator.next()??.favourites == 100, "coalesced: the 99 steps between are not queued")
    }

    @Test func anOptimisticChangeRolledBackReachesEveryObserver() async throws {
        let store = EntityStore()
        store.put(Self.status(1))
        let seen = await Self.collect(store.observe(Status.self, ids: [1]))
        let change = try #require(store.update(Status.self, id: 1) { $0.favourites += 1 })
        #expect(store.entity(Status.self, id: 1)?.favourites == 1)
        // The observer takes the change before the rollback comes (else the two coalesce, as they should).
        await seen.waitFor(2)
        #expect(store.rollBack(change), "the server refused it")
        #expect(await seen.waitFor(3).map { $0.map(\.favourites) } == [[0], [1], [0]])
        seen.cancel()
    }

    @Test func aRollbackLeavesANewerValueAlone() throws {
        let store = EntityStore()
        store.put(Self.status(1))
        let change = try #require(store.update(Status.self, id: 1) { $0.favourites = 5 })
        store.put(Self.status(1, "from the server", version: 1))
        #expect(store.rollBack(change) == false)
        #expect(store.entity(Status.self, id: 1)?.text == "from the server")
        #expect(store.update(Status.self, id: 42) { $0.favourites = 1 } == nil, "an entity not held")
    }

    @Test func aDeleteLeavesEveryListAndComesBackOnRollback() async throws {
        let store = EntityStore()
        store.put(Timeline(statuses: [Self.status(1), Self.status(2), Self.status(3)]))
        let seen = await Self.collect(store.observe(Status.self, ids: [1, 2, 3]))
        let removal = try #require(store.remove(Status.self, id: 2))
        #expect(store.entity(Status.self, id: 2) == nil)
        await seen.waitFor(2)
        #expect(store.rollBack(removal))
        #expect(await seen.waitFor(3).map { $0.map(\.id) } == [[1, 2, 3], [1, 3], [1, 2, 3]])
        seen.cancel()
        #expect(store.remove(Status.self, id: 99) == nil)
    }

    @Test func eachTypeKeepsItsLimitTheLeastRecentlyUsedGoFirst() {
        let store = EntityStore(limit: 3)
        for id in 1...3 { store.put(Self.status(id)) }
        _ = store.entity(Status.self, id: 1)  // Used: 2 is now the least recent.
        store.put(Self.status(4))
        #expect(store.count(of: Status.self) == 3)
        #expect(store.entity(Status.self, id: 2) == nil)
        #expect(store.entities(Status.self, ids: [1, 3, 4]).count == 3)
    }

    @Test func anObservedEntityIsNeverEvicted() async {
        let store = EntityStore(limit: 2)
        store.put(Self.status(1))
        let observer = await Self.collect(store.observe(Status.self, id: 1))
        for id in 2...50 { store.put(Self.status(id)) }
        #expect(store.entity(Status.self, id: 1) != nil, "a screen shows it")
        #expect(store.count(of: Status.self) == 2)
        observer.cancel()
        await Self.eventually { store.observerCount == 0 }
        #expect(store.observerCount == 0, "a cancelled observer is released")
        for id in 51...53 { store.put(Self.status(id)) }
        #expect(store.entity(Status.self, id: 1) == nil, "no longer observed: evicted like any other")
    }

    @Test func memoryStaysBoundedUnderAHundredThousandEntities() {
        let store = EntityStore(limit: 10_000)
        for start in stride(from: 0, to: 100_000, by: 1_000) {
            store.put(Timeline(statuses: (start..<(start + 1_000)).map { Self.status($0) }))
        }
        #expect(store.count(of: Status.self) == 10_000)
        #expect(store.entity(Status.self, id: 99_999) != nil && store.entity(Status.self, id: 0) == nil)
        // Evicted entities' slots are used again: at most a limit's worth plus one batch.
        #expect(store.tableSlotCount(of: Status.self) <= 10_000 + 1_000)
    }

    @Test func writersOnManyTasksAndAnObserverAgree() async {
        let store = EntityStore()
        store.put(Self.status(0))
        let observer = await Self.collect(store.observe(Status.self, id: 0))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<200 {
                        store.put(Self.status(0, "t\(task)", version: task * 1_000 + step))
                        store.put(Self.status(1 + task * 1_000 + step))
                    }
                }
            }
        }
        #expect(store.entity(Status.self, id: 0)?.version == 7_199, "the highest version won")
        #expect(store.count(of: Status.self) == 1 + 8 * 200)
        observer.cancel()
    }

    // MARK: Persistence

    static func withFolder(_ test: (URL) async throws -> Void) async rethrows {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lucid-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await test(folder)
    }

    @Test func aPersistedTableComesBackInANewStore() async {
        await Self.withFolder { folder in
            let first = EntityStore()
            #expect(first.persist(Status.self, in: folder) == .noFile)
            first.put(Timeline(statuses: [Self.status(1, account: "ada"), Self.status(2, "two")]))
            first.update(Status.self, id: 1) { $0.favourites = 3 }
            await first.flush()
            let second = EntityStore()
            #expect(second.persist(Status.self, in: folder) == .loaded(2))
            #expect(second.entity(Status.self, id: 1)?.favourites == 3)
            #expect(second.entity(Status.self, id: 2)?.text == "two")
            #expect(second.entity(Account.self, id: "ada") == nil, "only the persisted type")
            let file = folder.appendingPathComponent("status.entities.json")
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(text.hasPrefix("{") && text.contains("\"lucid_store\":1"))
        }
    }

    @Test(arguments: [
        (
            "{\"lucid_store\":1,\"entity\":\"status\",\"values\":[{\"id\":1",
            "is not a store file (corrupt or truncated)"
        ),
        ("{\"lucid_store\":9,\"entity\":\"status\",\"values\":[]}", "has format 9, newer than this app's 1"),
        ("{\"lucid_store\":1,\"entity\":\"account\",\"values\":[]}", "holds 'account', not 'status'"),
    ])
    func aFileThatCannotBeUsedIsReportedAndTheTableStartsEmpty(content: String, reason: String) async throws {
        try await Self.withFolder { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(content.utf8).write(to: folder.appendingPathComponent("status.entities.json"))
            let store = EntityStore()
            #expect(store.persist(Status.self, in: folder) == .discarded("status.entities.json " + reason))
            #expect(store.count(of: Status.self) == 0)
            store.put(Self.status(5))
            await store.flush()
            #expect(EntityStore().persist(Status.self, in: folder) == .loaded(1), "replaced at the next write")
        }
    }

    @Test func aFailedWriteIsToldAndTheStoreGoesOn() async throws {
        try await Self.withFolder { folder in
            // A file where the folder should be: every write fails.
            try Data().write(to: folder)
            let failures = Locked<[String]>([])
            let store = EntityStore(writeFailed: { reason in failures.withLock { $0.append(reason) } })
            store.persist(Status.self, in: folder)
            store.put(Self.status(1))
            await store.flush()
            #expect(failures.withLock { $0.count } == 1)
            #expect(store.entity(Status.self, id: 1) != nil)
        }
    }
}

#if canImport(Observation)
import Observation  // portability: ok (the suite runs where the module is; StoreValue is gated)

/// `StoreValue`: what a SwiftUI view holds, following the store through the Observation framework.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct StoreValueTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aHeldValueFollowsTheStoreAndTellsItsObservers() async {
        let store = EntityStore()
        store.put(EntityStoreTests.status(1))
        let held = store.value(of: EntityStoreTests.Status.self, id: 1)
        #expect(held.value?.favourites == 0, "filled at once")
        let told = Locked(false)
        withObservationTracking {
            _ = held.value
        } onChange: {
            told.withLock { $0 = true }
        }
        store.update(EntityStoreTests.Status.self, id: 1) { $0.favourites = 4 }
        for _ in 0..<1000 where held.value?.favourites != 4 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(held.value?.favourites == 4)
        #expect(told.withLock { $0 }, "a view reading it redraws")
        let list = store.value(of: EntityStoreTests.Status.self, ids: [1, 7])
        #expect(list.value.map(\.id) == [1], "what the store holds, in order")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aValueThatGoesAwayReleasesItsObserver() async {
        let store = EntityStore()
        store.put(EntityStoreTests.status(1))
        var held: StoreValue<EntityStoreTests.Status?>? = store.value(of: EntityStoreTests.Status.self, id: 1)
        #expect(store.observerCount == 1 && held != nil)
        held = nil
        for _ in 0..<1000 where store.observerCount > 0 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(store.observerCount == 0)
    }
}
#endif
