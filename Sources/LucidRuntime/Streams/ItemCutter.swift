import Foundation

/// Cuts a streamed body into items as its pieces arrive, by its `StreamFormat`, keeping what a resumed stream of
/// server-sent events goes on from (the last event ID, the server's reconnection time).
struct ItemCutter {
    private var events: ServerSentEventParser?
    private var json: JSONSequenceParser?

    init(format: StreamFormat, maxItemBytes: Int) {
        switch format {
        case .serverSentEvents: events = ServerSentEventParser(maxEventBytes: maxItemBytes)
        case .jsonSequence(let sequence): json = JSONSequenceParser(format: sequence, maxItemBytes: maxItemBytes)
        }
    }

    /// The last event ID a resumed stream sends back (`Last-Event-ID`).
    var lastEventID: String? { events?.lastEventID }
    /// The server's reconnection time (`retry:`), in milliseconds.
    var reconnectionTime: Int? { events?.reconnectionTime }

    /// The items `piece` completes.
    ///
    /// - Throws: `StreamItemTooLarge`, or `JSONSequenceItemTruncated` for a JSON text sequence.
    mutating func feed(_ piece: Data) throws -> [StreamItem] {
        if events != nil { return try events!.feed(piece).map(StreamItem.event) }
        return try json!.feed(piece).map(StreamItem.json)
    }

    /// The items the body's end completes: a last JSON line without its line end; none for events (an event not
    /// ended by an empty line is dropped, as the standard says).
    mutating func finish() throws -> [StreamItem] {
        events?.finish()
        return try json?.finish().map { [StreamItem.json($0)] } ?? []
    }

    /// Ready for the body of a resumed stream, keeping the last event ID and the reconnection time.
    mutating func restart() {
        events?.finish()
    }
}
