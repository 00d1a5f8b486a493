import Foundation

/// Runs one credential refresh per auth scheme at a time: callers that arrive while one runs wait for it and share
/// its answer, so ten requests answered 401 at once cause one refresh, not ten (each of which could invalidate
/// the token the previous one just obtained).
final class SingleFlight: Sendable {
    private let running = LockedValue<[String: Task<Bool, any Error>]>([:])

    /// The answer of the refresh of `scheme` in flight, or of `refresh` started now when none is. With `origin`
    /// (a per-origin credential provider's), refreshes of different servers run apart.
    func run(
        for scheme: any AuthScheme.Type, origin: String? = nil, _ refresh: @escaping @Sendable () async throws -> Bool
    ) async throws -> Bool {
        let key = scheme.name + (origin.map { " " + $0 } ?? "")
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task { try await refresh() }
            running[key] = task
            return task
        }
        defer {
            // The first caller back clears the entry, so the next 401 after this refresh can start another.
            running.withLock { running in
                if running[key] == task { running[key] = nil }
            }
        }
        return try await task.value
    }
}
