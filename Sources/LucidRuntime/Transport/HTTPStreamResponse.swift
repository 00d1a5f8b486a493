import Foundation

/// A response whose body is read as it arrives: the status and headers at once, the body in pieces
/// (`HTTPTransport.openStream`).
public struct HTTPStreamResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, looked up in any case.
    public var headers: HTTPHeaders
    /// The body, in the pieces the transport read.
    public var body: HTTPBodyChunks

    /// Creates a response whose body comes from `body`.
    public init(status: Int, headers: HTTPHeaders = [:], body: HTTPBodyChunks) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response read whole (from `HTTPTransport.send`), its body one piece.
    public init(_ response: HTTPResponse) {
        self.init(status: response.status, headers: response.headers, body: HTTPBodyChunks(response.body))
    }
}

/// Where the pieces of a streamed body come from: a running transfer, or a body already in memory.
///
/// `next()` waits for the next piece (nil at the end of the body); `cancel()` ends the transfer at once and is
/// safe to call at any time, any number of times. A source is read by one iterator at a time.
public protocol HTTPBodySource: AnyObject, Sendable {
    /// The next piece of the body, nil at its end; throws `TransportError` when the transfer fails.
    func next() async throws -> Data?
    /// Ends the transfer: a waiting `next()` throws `TransportError.cancelled`, later ones too.
    func cancel()
    /// Hands every piece of the body, in order, to `sink` (a file being written), and returns at the body's end;
    /// throws what the transfer or `sink` throws. A transport may call `sink` on its own thread as each piece
    /// arrives, so that the body goes as fast as `sink` takes it, with nothing buffered between them.
    func drain(into sink: @escaping @Sendable (Data) throws -> Void) async throws
}

extension HTTPBodySource {
    /// Reads the pieces one at a time and hands each to `sink`.
    public func drain(into sink: @escaping @Sendable (Data) throws -> Void) async throws {
        while let piece = try await next() { try sink(piece) }
    }
}

/// The body of a streamed response, piece by piece (`Data`), or byte by byte through `bytes` (what the event-stream
/// and JSON-sequence readers read). Reading it is reading the network: a transport buffers at most a bounded amount
/// ahead of the reader, so a slow reader holds the server back instead of filling memory.
///
/// The transfer ends when the body ends, when the reading task is cancelled, when `cancel()` is called, or when
/// the last copy of the sequence and its iterators goes away.
public struct HTTPBodyChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    private let owner: SourceOwner

    /// The pieces `source` hands over.
    public init(source: any HTTPBodySource) {
        owner = SourceOwner(source)
    }

    /// A body already in memory, as one piece (none when it is empty).
    public init(_ data: Data) {
        self.init(source: DataBodySource(data))
    }

    /// Ends the transfer now.
    public func cancel() {
        owner.source.cancel()
    }

    /// Hands every piece of the body, in order, to `sink` (a file being written) and returns at the body's end: the
    /// body goes as fast as `sink` takes it. Cancelling the calling task cancels the transfer.
    public func drain(into sink: @escaping @Sendable (Data) throws -> Void) async throws {
        let source = owner.source
        try await withTaskCancellationHandler {
            try await source.drain(into: sink)
        } onCancel: {
            source.cancel()
        }
    }

    /// The body byte by byte, for the readers of `ServerSentEvents` and `JSONSequenceItems`.
    public var bytes: HTTPBodyBytes {
        HTTPBodyBytes(chunks: self)
    }

    /// The body read to its end, refusing more than `limit` bytes (`ResponseTooLarge`, and the transfer cancelled):
    /// for an error response, whose payload is read whole.
    public func collect(upTo limit: Int) async throws -> Data {
        var body = Data()
        for try await piece in self {
            guard piece.count <= limit - body.count else {
                cancel()
                throw ResponseTooLarge(limit: limit)
            }
            body.append(piece)
        }
        return body
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(owner: owner)
    }

    /// Reads the pieces in order; a cancelled reading task cancels the transfer.
    public struct Iterator: AsyncIteratorProtocol {
        let owner: SourceOwner

        public mutating func next() async throws -> Data? {
            let source = owner.source
            return try await withTaskCancellationHandler {
                try await source.next()
            } onCancel: {
                source.cancel()
            }
        }
    }

    /// Cancels the transfer when the last sequence or iterator reading it goes away: a reader that stops early
    /// (`break` out of a `for try await`) leaves no connection open.
    final class SourceOwner: Sendable {
        let source: any HTTPBodySource

        init(_ source: any HTTPBodySource) {
            self.source = source
        }

        deinit {
            source.cancel()
        }
    }
}

/// The bytes of a streamed body, handed out from the current piece without waiting, so reading byte by byte costs
/// a wait per piece, not per byte.
public struct HTTPBodyBytes: AsyncSequence, Sendable {
    public typealias Element = UInt8

    let chunks: HTTPBodyChunks

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator())
    }

    /// Reads one piece at a time and hands out its bytes.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBodyChunks.Iterator
        var piece = Data()
        var index = 0

        public mutating func next() async throws -> UInt8? {
            while index == piece.count {
                guard let next = try await chunks.next() else { return nil }
                piece = next
                index = 0
            }
            defer { index += 1 }
            return piece[piece.startIndex + index]
        }
    }
}

/// A body already in memory: one piece, then the end.
final class DataBodySource: HTTPBodySource, @unchecked Sendable {
    // `@unchecked`: the only mutable state is `state`, a `LockedValue`.
    private let state: LockedValue<(data: Data?, cancelled: Bool)>

    init(_ data: Data) {
        state = LockedValue((data.isEmpty ? nil : data, false))
    }

    func next() async throws -> Data? {
        try state.withLock { state in
            if state.cancelled { throw TransportError.cancelled }
            defer { state.data = nil }
            return state.data
        }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.data = nil
        }
    }
}
