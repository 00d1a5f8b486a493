/// Runs `operation`, and ends it with `TransportError.timedOut` when `timeout` passes first.
///
/// URLSession's `timeoutInterval` only bounds the time between two packets, so a server that drips one byte a
/// second keeps a request alive forever. This bounds the whole exchange instead (connect, headers, body and
/// any redirects): the operation races a sleep in a task group and the loser is cancelled. The group waits for
/// the cancelled operation to end, so the operation must honour cancellation (the URLSession exchange cancels
/// its data task).
///
/// - Parameters:
///   - timeout: The most the whole operation may take; nil: no deadline.
///   - operation: The work to bound.
/// - Throws: `TransportError.timedOut` when the deadline passes first; `TransportError.cancelled` when the
///   calling task is cancelled; otherwise what `operation` throws.
func withTransportDeadline<Value: Sendable>(
    _ timeout: Duration?, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    guard let timeout else { return try await operation() }
    do {
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            // The first child to end decides; nil is the sleep's: the deadline passed.
            guard let first = try await group.next(), let value = first else { throw TransportError.timedOut }
            return value
        }
    } catch is CancellationError {
        // The sleep throws this (and so may the operation) when the calling task was cancelled.
        throw TransportError.cancelled
    }
}
