import Foundation

/// A value only touched while holding a lock, for test doubles shared between tasks. `NSLock` rather than
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18: the tests build at the package's floor too. The same
/// shape as LucidRuntime's internal `LockedValue` (which the tests cannot reach without `@testable`).
public final class Locked<Value>: @unchecked Sendable {
    // `@unchecked` is sound: `value` is only read or written inside `withLock`, and values enter and leave as
    // `sending`, so a non-`Sendable` value cannot stay shared outside the lock.
    private let lock = NSLock()
    private var value: Value

    /// Puts `value` behind the lock.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
