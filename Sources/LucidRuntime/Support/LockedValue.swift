import Foundation

/// A value that is only read and written while holding a lock.
///
/// The runtime uses this instead of `Mutex` and `Atomic` from the Synchronization module because
/// those need macOS 15 / iOS 18 / tvOS 18 / watchOS 11, which is too new a floor for a library that apps
/// link. `NSLock` is available wherever Foundation is (every Apple platform and Linux), and the few
/// guarded values here (a formatter cache, a handler, a counter) are not hot enough for the
/// difference to matter.
final class LockedValue<Value>: @unchecked Sendable {
    // `@unchecked` is sound because `value` is only touched inside `withLock`, and values enter and
    // leave as `sending`, so a non-`Sendable` value (a `DateFormatter`) cannot stay shared outside.
    private let lock = NSLock()
    private var value: Value

    /// Creates the lock around `value`.
    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
