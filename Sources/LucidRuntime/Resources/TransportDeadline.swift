/// Runs `operation`, and ends it with `TransportError.timedOut` when `timeout` passes first.
///
/// URLSession's `timeoutInterval` only bounds the time between two packets, so a server that drips one byte a
/// second keeps a request alive forever. This bounds the whole exchange instead (connect, headers, body and
/// any redirects): the operation races a timer, whichever ends first answers, and the other is cancelled and not
/// waited for — FoundationNetworking may notice a cancelled data task only when the server next sends something,
/// which a silent server never does.
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
    let race = DeadlineRace<Value>()
    let work = Task {
        do {
            race.finish(.success(try await operation()))
        } catch is CancellationError {
            race.finish(.failure(TransportError.cancelled))
        } catch {
            race.finish(.failure(error))
        }
    }
    let timer = Task {
        guard (try? await Task.sleep(for: timeout)) != nil else { return }
        race.finish(.failure(TransportError.timedOut))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { race.wait(with: $0) }
    } onCancel: {
        race.finish(.failure(TransportError.cancelled))
    }
}

/// The first result of a race, handed once to the one waiter, whichever of the two arrives first.
private final class DeadlineRace<Value: Sendable>: Sendable {
    private enum State {
        case running
        case waiting(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case delivered
    }

    private let state = LockedValue(State.running)

    /// Records `result` unless another came first, and hands it to the waiter if there is one.
    func finish(_ result: Result<Value, any Error>) {
        let waiter: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .running:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .delivered
                return continuation
            case .finished, .delivered:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    /// Waits with `continuation` for the first result (at once when there already is one).
    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = state.withLock { state in
            if case .finished(let result) = state {
                state = .delivered
                return result
            }
            state = .waiting(continuation)
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }
}
