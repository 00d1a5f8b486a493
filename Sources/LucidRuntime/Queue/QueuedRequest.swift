import Foundation

/// One request waiting in (or passing through) an ``APIClientQueue``: what to send and how to queue it.
///
/// It is `Codable` because requests marked ``QueueOptions/persist`` are written to disk as JSON before they
/// are sent, and read back by ``APIClientQueue/resumePersisted()`` after a relaunch. What is written holds no
/// credential and no middleware output: ``request`` is the request as the resource describes it, and
/// ``authScheme`` names the scheme whose *current* credential the client adds each time it is sent.
public struct QueuedRequest: Codable, Sendable, Hashable, Identifiable {
    /// The HTTP header carrying ``idempotencyKey``, so that a server can recognise a request sent twice
    /// (delivery is at-least-once).
    public static let idempotencyKeyHeader = "Idempotency-Key"

    /// Identifies the request for its whole life, across relaunches.
    public var id: UUID
    /// The endpoint's name (`service.endpoint`), for handlers and logs.
    public var endpoint: String
    /// What goes over the wire before the credential and the middleware are added; its headers include
    /// ``idempotencyKeyHeader``.
    public var request: HTTPRequest
    /// The ``AuthScheme/name`` of the resource's auth scheme, whose current credential is added at each sending;
    /// nil for a request without credentials.
    public var authScheme: String?
    /// The server's answer, kept (on disk too, for a persisted request) until a handler for the endpoint has
    /// received it, so that a request answered while no handler listened is delivered after a relaunch instead of
    /// being sent again; nil until then.
    public var answer: HTTPResponse?
    /// How the request is ordered, persisted and retried.
    public var options: QueueOptions
    /// The enqueue order: a larger number was enqueued later (also across relaunches of a persisting queue).
    public var sequence: UInt64
    /// Sent as the `Idempotency-Key` header, the same on every attempt and after a relaunch.
    public var idempotencyKey: String

    /// A request to queue, not yet answered. The queue makes these itself (`enqueue`), numbering them with
    /// `sequence`; a persisted one is read back from its file after a relaunch.
    public init(
        id: UUID = UUID(), endpoint: String, request: HTTPRequest, authScheme: String? = nil, options: QueueOptions,
        sequence: UInt64, idempotencyKey: String
    ) {
        self.id = id
        self.endpoint = endpoint
        self.request = request
        self.authScheme = authScheme
        self.options = options
        self.sequence = sequence
        self.idempotencyKey = idempotencyKey
    }
}

/// Why an ``APIClientQueue`` could not enqueue a request or gave up on one.
public enum APIClientQueueError: Error, Sendable {
    /// A request asked to be persisted, but the queue has no directory to persist it in.
    case noPersistenceDirectory(endpoint: String)
    /// Another queue — in this process or another — owns the directory: two queues resuming one folder would
    /// both send every request.
    case directoryInUse(path: String)
    /// The file system refused to create, write or lock a file of the queue.
    case fileSystem(path: String, message: String)
    /// A request that is not persisted names an auth scheme no one registered (``APIClientQueue/register(_:)``),
    /// so there is no way to ask for its credential.
    case unknownAuthScheme(String)
    /// The request was cancelled with ``APIClientQueue/cancel(_:)`` or ``APIClientQueue/purge()`` while it was
    /// being sent.
    case cancelled
    /// Every one of `attempts` attempts failed with a condition listed in ``QueueOptions/retry``: the last
    /// failure was either `lastResponse` (a listed status) or `lastError` (a transport error).
    case attemptsExhausted(attempts: Int, lastResponse: HTTPResponse?, lastError: (any Error)?)
}

/// Something an ``APIClientQueue`` could not do with a request or a file, reported instead of dropped.
///
/// Code that switches over it exhaustively needs a `default:` (or a case per kind): kinds may be added, as
/// ``unreadableForNow(file:reason:)`` was.
public enum QueueIssue: Sendable, Hashable {
    /// A file in the queue's directory whose content is not a request (corrupt, empty, foreign, not a regular file,
    /// or with an impossible sequence) was moved to the `SetAside` folder beside the requests: kept for inspection,
    /// never deleted and never read again.
    case setAside(file: String, reason: String)
    /// A request file could not be read now — no permission, data protection before the device's first unlock, a
    /// busy file — so it stays where it is, unsent, and the next ``APIClientQueue/resumePersisted()`` reads it
    /// again (and reports it again while it still cannot be read). Call `resumePersisted()` again once the reason
    /// has passed: on iOS after the first unlock (`UIApplication.protectedDataDidBecomeAvailableNotification`).
    case unreadableForNow(file: String, reason: String)
    /// A persisted request cannot be sent yet — its auth scheme is not registered, or there is no credential
    /// (logged out) — so it stays on disk and is tried again at the next ``APIClientQueue/resumePersisted()``.
    case waiting(id: UUID, endpoint: String, reason: String)
}

/// A request an ``APIClientQueue`` holds, and where it is (``APIClientQueue/entries()``).
public struct QueueEntry: Sendable, Hashable, Identifiable {
    /// Where a request is in its life.
    public enum State: Sendable, Hashable {
        /// Waiting for its turn.
        case pending
        /// Being sent, or waiting between attempts.
        case sending
        /// Cannot be sent until ``APIClientQueue/resumePersisted()`` is called again (after a login, or once its
        /// auth scheme is registered): the reason says why.
        case waiting(reason: String)
        /// Finished — answered, or given up on — while no handler of its endpoint listened: its result waits for
        /// one (``APIClientQueue/waitingResults(endpoints:)``); ``QueuedRequest/answer`` holds the server's answer.
        case answered
    }

    /// The request.
    public var request: QueuedRequest
    /// Where it is.
    public var state: State

    public var id: UUID { request.id }
}
