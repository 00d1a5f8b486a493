import Foundation

/// One request waiting in (or passing through) an ``APIClientQueue``: what to send and how to queue it.
///
/// It is `Codable` because requests marked ``QueueOptions/persist`` are written to disk as JSON before they
/// are sent, and read back by ``APIClientQueue/resumePersisted()`` after a relaunch.
public struct QueuedRequest: Codable, Sendable, Hashable, Identifiable {
    /// The HTTP header carrying ``idempotencyKey``, so that a server can recognise a request sent twice
    /// (delivery is at-least-once).
    public static let idempotencyKeyHeader = "Idempotency-Key"

    /// Identifies the request for its whole life, across relaunches.
    public var id: UUID
    /// The endpoint's name (`service.endpoint`), for handlers and logs.
    public var endpoint: String
    /// What goes over the wire; its headers include ``idempotencyKeyHeader``.
    public var request: HTTPRequest
    /// How the request is ordered, persisted and retried.
    public var options: QueueOptions
    /// The enqueue order: a larger number was enqueued later (also across relaunches of a persisting queue).
    public var sequence: UInt64
    /// Sent as the `Idempotency-Key` header, the same on every attempt and after a relaunch.
    public var idempotencyKey: String

    public init(
        id: UUID = UUID(), endpoint: String, request: HTTPRequest, options: QueueOptions, sequence: UInt64,
        idempotencyKey: String
    ) {
        self.id = id
        self.endpoint = endpoint
        self.request = request
        self.options = options
        self.sequence = sequence
        self.idempotencyKey = idempotencyKey
    }
}

/// Why an ``APIClientQueue`` could not enqueue a request or gave up on one.
public enum APIClientQueueError: Error, Sendable {
    /// A request asked to be persisted, but the queue has no directory to persist it in.
    case noPersistenceDirectory(endpoint: String)
    /// Every one of `attempts` attempts failed with a condition listed in ``QueueOptions/retry``: the last
    /// failure was either `lastResponse` (a listed status) or `lastError` (a transport error).
    case attemptsExhausted(attempts: Int, lastResponse: HTTPResponse?, lastError: (any Error)?)
}
