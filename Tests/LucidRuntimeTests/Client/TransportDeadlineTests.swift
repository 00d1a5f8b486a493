import Foundation
import Testing

@testable import LucidRuntime

/// `withTransportDeadline` without a network: the race between an operation and the deadline.
@Suite(.timeLimit(.minutes(1)))
struct TransportDeadlineTests {
    @Test func anOperationThatEndsInTimeReturnsItsValue() async throws {
        #expect(try await withTransportDeadline(.seconds(30)) { 42 } == 42)
        #expect(try await withTransportDeadline(nil) { "no deadline" } == "no deadline")
    }

    @Test func anOperationPastTheDeadlineIsCancelledAndTimesOut() async throws {
        // The operation sleeps 30 s: a timeout error means the deadline ended the wait.
        let wasCancelled = LockedValue(false)
        await #expect(throws: TransportError.timedOut) {
            try await withTransportDeadline(.milliseconds(100)) {
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    wasCancelled.withLock { $0 = true }
                    throw error
                }
            }
        }
        // The operation is cancelled, not waited for: it notices a moment later.
        for _ in 0..<200 where !wasCancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(wasCancelled.withLock { $0 })
    }

    @Test func anOperationsOwnErrorIsKept() async {
        await #expect(throws: TransportError.network("down")) {
            try await withTransportDeadline(.seconds(30)) { () async throws -> Int in
                throw TransportError.network("down")
            }
        }
    }

    @Test func cancellingTheCallerIsCancelledNotTimedOut() async {
        let task = Task {
            try await withTransportDeadline(.seconds(30)) {
                try await Task.sleep(for: .seconds(30))
            }
        }
        task.cancel()
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
    }
}
