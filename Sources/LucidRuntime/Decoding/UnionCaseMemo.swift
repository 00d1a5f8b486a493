import Foundation

/// What the case types of remembering unions (`UnionCaseAttempts(decoder, remembering: true)`) decoded to, or failed
/// with, at each place in a body, while the outermost of them decodes.
///
/// A place in one body is its coding path: keys and list positions from the root name one value. The outermost
/// remembering union makes the memo and holds it while its `init(from:)` runs, a synchronous call on one thread;
/// the unions inside its attempts find it through a task-local value (which synchronous code outside a task reads
/// too), bound only during those attempts, so no other decode ever sees it: each decode of a body starts without
/// one.
final class UnionCaseMemo: @unchecked Sendable {
    // `@unchecked`: the results are read and written under `lock`. A memo is used only inside the synchronous
    // attempt that made it; the lock keeps it safe should a decoder ever reach it from another thread.
    @TaskLocal static var current: UnionCaseMemo?

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let path: [String]
    }

    private let lock = NSLock()
    private var results: [Key: Result<Any, any Error>] = [:]

    /// `decode()`'s result as `type` at `path`: remembered from an earlier attempt, or decoded now with this memo
    /// bound for the unions inside it.
    func result<T>(of type: T.Type, at path: [any CodingKey], _ decode: () throws -> T) throws -> T {
        let key = Key(type: ObjectIdentifier(type), path: path.map(\.stringValue))
        if let known = remembered(key), let value = try known.get() as? T { return value }
        let result =
            Self.current === self
            ? Result { try decode() } : Self.$current.withValue(self) { Result { try decode() } }
        remember(result.map { $0 as Any }, at: key)
        return try result.get()
    }

    // `lock()` and `unlock()`, not `withLock`: NSLocking's `withLock` needs macOS 14 / iOS 17.
    private func remembered(_ key: Key) -> Result<Any, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return results[key]
    }

    private func remember(_ result: Result<Any, any Error>, at key: Key) {
        lock.lock()
        defer { lock.unlock() }
        results[key] = result
    }
}
