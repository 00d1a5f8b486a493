import Foundation

/// Reads a `StreamResource` from a server: opens it, cuts the body into items as pieces arrive, decodes each, and
/// opens a server-sent event stream again (with `Last-Event-ID`, after the server's `retry:`) when it breaks and
/// may be resumed.
final class LiveStreamReader<Req: Sendable, Element: Sendable, Auth: AuthScheme>: StreamReading {
    /// The wait before a reconnection when the server set none (`retry:`): 3 seconds, as browsers wait.
    static var defaultReconnectionTime: Duration { .seconds(3) }
    /// The longest wait before a reconnection, whatever the server's `retry:` says.
    static var maxReconnectionTime: Duration { .seconds(60) }

    private let resource: StreamResource<Req, Element, Auth>
    private let request: Req
    private let client: any ResourceSending
    private let context: ErrorContext

    /// Where the reader is: before opening (or reopening) the stream, reading a body, past a body's end or break
    /// (once its last items are handed out: resumed, ended, or failed with the error), or done.
    private enum Phase {
        case closed
        case reading(HTTPBodyChunks, HTTPBodyChunks.Iterator)
        case bodyEnded(APIError?)
        case finished
    }

    private var phase = Phase.closed
    private var cutter: ItemCutter
    /// Items cut from the body and not yet handed out.
    private var pending: [StreamItem] = []
    private var pendingIndex = 0
    /// Whether the stream has been opened at least once: later openings are reconnections.
    private var opened = false
    /// Reconnections since the last item.
    private var reconnections = 0

    init(resource: StreamResource<Req, Element, Auth>, request: Req, client: any ResourceSending) {
        self.resource = resource
        self.request = request
        self.client = client
        context = ErrorContext(resource.request, url: client.url(of: resource.request))
        cutter = ItemCutter(format: resource.format, maxItemBytes: resource.maxItemBytes)
    }

    deinit {
        if case .reading(let body, _) = phase { body.cancel() }
    }

    func next() async throws(APIError) -> Element? {
        while true {
            if pendingIndex < pending.count {
                if let element = try element(of: pending[pendingIndex]) { return element }
                continue
            }
            switch phase {
            case .finished: return nil
            case .closed: try await open()
            case .reading(let body, let pieces): try await read(body, pieces)
            case .bodyEnded(let error): try await reconnect(after: error)
            }
        }
    }

    /// The element `item` decodes to; nil when it is the terminator (the stream has ended then).
    private func element(of item: StreamItem) throws(APIError) -> Element? {
        pendingIndex += 1
        if let terminator = resource.terminator, item.isText(terminator) {
            finish()
            return nil
        }
        reconnections = 0
        do {
            return try resource.decodeItem(item)
        } catch {
            finish()
            throw APIError.decoding(
                error, endpoint: context.endpoint, method: context.method, url: context.url, body: item.text,
                keepingBody: false)
        }
    }

    /// Opens the stream (again, after a break, with the last event ID).
    private func open() async throws(APIError) {
        let reconnecting = opened
        opened = true
        let response: HTTPStreamResponse
        do {
            response = try await client.openStream(
                resource, with: request, lastEventID: reconnecting ? cutter.lastEventID : nil)
        } catch {
            // A reconnection the network or the server's silence failed is tried again, within the bound; any other
            // answer (a status, a refused credential) ends the stream.
            if reconnecting, error.kind == .timeout || Self.isNetwork(error.kind), !Task.isCancelled {
                phase = .bodyEnded(error)
                return
            }
            throw failing(error)
        }
        // A server answering a reconnection with 204 No Content says the stream is over (WHATWG).
        guard response.status != 204 else {
            response.body.cancel()
            return finish()
        }
        phase = .reading(response.body, response.body.makeAsyncIterator())
    }

    /// Reads the next piece of the body into `pending`; at the body's end or break, reconnects or ends.
    private func read(_ body: HTTPBodyChunks, _ pieces: HTTPBodyChunks.Iterator) async throws(APIError) {
        var pieces = pieces
        let piece: Data?
        do {
            piece = try await pieces.next()
        } catch {
            let mapped = context.mapped(error)
            if mapped.kind == .cancelled || Task.isCancelled { throw failing(mapped) }
            phase = .bodyEnded(mapped)
            return
        }
        phase = .reading(body, pieces)
        do {
            pending = try piece.map { try cutter.feed($0) } ?? cutter.finish()
        } catch {
            throw failing(context.mapped(error))
        }
        pendingIndex = 0
        if piece == nil { phase = .bodyEnded(nil) }
    }

    /// After the body ended (`error` nil) or broke: opens the stream again when it may be resumed, else ends it,
    /// throwing `error`, or, for a body that ended without the resource's terminator, that it was cut short.
    private func reconnect(after error: APIError?) async throws(APIError) {
        close()
        guard resource.format == .serverSentEvents, reconnections < resource.maxReconnections else {
            if let error { throw failing(error) }
            if let terminator = resource.terminator {
                throw failing(context.error(.network("the stream ended before its terminator '\(terminator)'")))
            }
            return finish()
        }
        reconnections += 1
        let wait = cutter.reconnectionTime.map { Duration.milliseconds($0) } ?? Self.defaultReconnectionTime
        do {
            try await Task.sleep(for: min(wait, Self.maxReconnectionTime))
        } catch {
            throw failing(context.error(.cancelled, underlying: error))
        }
        cutter.restart()
    }

    private static func isNetwork(_ kind: APIError.Kind) -> Bool {
        if case .network = kind { return true }
        return false
    }

    /// Cancels the body being read, if any; the reader opens the stream again next.
    private func close() {
        if case .reading(let body, _) = phase { body.cancel() }
        if case .finished = phase { return }
        phase = .closed
    }

    /// Ends the stream: nothing more is read or handed out.
    private func finish() {
        close()
        phase = .finished
        pending = []
        pendingIndex = 0
    }

    /// Ends the stream and returns `error` to throw.
    private func failing(_ error: APIError) -> APIError {
        finish()
        return error
    }
}
