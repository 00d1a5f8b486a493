import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// `TransferDeadlines` without a network: one timer for many deadlines, each told once, none after it was removed.
/// (`URLSessionTransportTests` and `DefaultDeadlineTests` check the deadline of real requests.)
@Suite(.timeLimit(.minutes(1)))
struct TransferDeadlinesTests {
    /// Counts how often its deadline passed, and when it was told first.
    final class Probe: DeadlineBound {
        private let state = LockedValue((count: 0, first: ContinuousClock.Instant?.none))

        var count: Int { state.withLock { $0.count } }
        var toldAt: ContinuousClock.Instant? { state.withLock { $0.first } }

        func deadlinePassed() {
            state.withLock { state in
                state.count += 1
                if state.first == nil { state.first = .now }
            }
        }

        /// Waits until it has been told, up to `limit`; whether it was.
        func waitUntilTold(within limit: Duration = .seconds(10)) async throws -> Bool {
            let end = ContinuousClock.now + limit
            while count == 0, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(5)) }
            return count > 0
        }
    }

    @Test func aDeadlineThatPassesIsToldOnceNotBefore() async throws {
        let deadlines = TransferDeadlines()
        let probe = Probe()
        let deadline = ContinuousClock.now + .milliseconds(100)
        deadlines.add(probe, deadline: deadline)
        #expect(try await probe.waitUntilTold())
        #expect(try #require(probe.toldAt) >= deadline)
        try await Task.sleep(for: .milliseconds(100))
        #expect(probe.count == 1)
        #expect(deadlines.count == 0)
    }

    @Test func aRemovedBoundIsNeverTold() async throws {
        let deadlines = TransferDeadlines()
        let removed = Probe()
        let kept = Probe()
        deadlines.add(removed, deadline: .now + .milliseconds(50))
        deadlines.add(kept, deadline: .now + .milliseconds(100))
        deadlines.remove(removed)
        #expect(try await kept.waitUntilTold())
        try await Task.sleep(for: .milliseconds(100))
        #expect(removed.count == 0)
        #expect(deadlines.count == 0)
    }

    @Test func anEarlierDeadlineAddedLaterIsToldFirst() async throws {
        // The timer is armed for the first deadline, 30 s away: the second must re-arm it.
        let deadlines = TransferDeadlines()
        let patient = Probe()
        let hasty = Probe()
        deadlines.add(patient, deadline: .now + .seconds(30))
        deadlines.add(hasty, deadline: .now + .milliseconds(50))
        #expect(try await hasty.waitUntilTold())
        #expect(patient.count == 0)
        #expect(deadlines.count == 1)
        deadlines.remove(patient)
        #expect(deadlines.count == 0)
    }

    @Test func aTimerThatFiresForARemovedBoundArmsForTheNext() async throws {
        // The timer is armed for the first, which is removed; the second must still be told at its own deadline.
        let deadlines = TransferDeadlines()
        let first = Probe()
        let second = Probe()
        deadlines.add(first, deadline: .now + .milliseconds(50))
        let secondDeadline = ContinuousClock.now + .milliseconds(300)
        deadlines.add(second, deadline: secondDeadline)
        deadlines.remove(first)
        #expect(try await second.waitUntilTold())
        #expect(try #require(second.toldAt) >= secondDeadline)
        #expect(first.count == 0)
    }

    @Test func manyDeadlinesAreEachToldOnceNotBeforeTheirOwn() async throws {
        let deadlines = TransferDeadlines()
        let probes = (0..<20).map { _ in Probe() }
        let start = ContinuousClock.now
        // Added out of order, each earlier than the one before: 190 ms, 180 ms, ..., 0 ms (already due).
        for (index, probe) in probes.enumerated().reversed() {
            deadlines.add(probe, deadline: start + .milliseconds(10 * index))
        }
        for probe in probes { #expect(try await probe.waitUntilTold()) }
        for (index, probe) in probes.enumerated() {
            #expect(try #require(probe.toldAt) >= start + .milliseconds(10 * index))
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(probes.allSatisfy { $0.count == 1 })
        #expect(deadlines.count == 0)
    }
}
