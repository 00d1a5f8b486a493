import Foundation

/// A value only touched while holding a lock, for test doubles shared between tasks. `NSLock` rather than
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18: the tests build at the package's floor too.
public final class Locked<Value>: @unchecked Sendable {
    // `@unchecked` is sound: `value` is only read or written inside `withLock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
