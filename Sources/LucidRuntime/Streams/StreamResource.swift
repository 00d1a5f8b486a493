import Foundation

/// How a streamed body is cut into items.
public enum StreamFormat: Sendable, Hashable {
    /// `text/event-stream`: each server-sent event is an item.
    case serverSentEvents
    /// JSON Lines (`application/jsonl`, `application/x-ndjson`) or JSON text sequences (`application/json-seq`):
    /// each JSON text is an item.
    case jsonSequence(JSONSequenceFormat)

    /// The media type a request for the stream accepts.
    public var mediaType: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonSequence(.lines): "application/jsonl, application/x-ndjson"
        case .jsonSequence(.textSequence): "application/json-seq"
        }
    }
}

/// One item of a stream, before it is decoded.
public enum StreamItem: Sendable, Hashable {
    /// A server-sent event.
    case event(ServerSentEvent)
    /// One JSON text of a JSON sequence.
    case json(Data)

    /// The item's JSON text: the event's data, or the sequence's item.
    public var text: Data {
        switch self {
        case .event(let event): Data(event.data.utf8)
        case .json(let data): data
        }
    }

    /// The item as a server-sent event: the event itself, or a JSON sequence's item as the data of a `message`.
    public var serverSentEvent: ServerSentEvent {
        switch self {
        case .event(let event): event
        case .json(let data): ServerSentEvent(data: String(decoding: data, as: UTF8.self))
        }
    }

    /// Whether the item's text is exactly `text` (a stream's terminator), compared without copying the item.
    func isText(_ text: String) -> Bool {
        switch self {
        case .event(let event): event.data == text
        case .json(let data): data.elementsEqual(text.utf8)
        }
    }

    /// The items of a whole body in `format`, in order (an example's; a live stream is read as it arrives).
    static func items(of body: Data, format: StreamFormat) throws -> [StreamItem] {
        switch format {
        case .serverSentEvents:
            var parser = ServerSentEventParser(maxEventBytes: max(body.count, 1))
            return try parser.feed(body).map(StreamItem.event)
        case .jsonSequence(let sequence):
            var parser = JSONSequenceParser(format: sequence, maxItemBytes: max(body.count, 1))
            var items = try parser.feed(body)
            if let last = try parser.finish() { items.append(last) }
            return items.map(StreamItem.json)
        }
    }

    /// The item's JSON text decoded as `T`, with the generated code's decoder (`JSONDecoder.payloadDecoder()`).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ServerSentEvent.decode(text, as: type)
    }

    /// The item as text: a JSON string's value, else the text as it is. Streams send plain text as often as JSON
    /// strings (Mastodon's `delete` event is a bare status ID), and an item declared `string` reads both.
    public func decodeText() -> String {
        switch self {
        case .event(let event): event.decodeText()
        case .json(let data): ServerSentEvent.text(of: data)
        }
    }
}

extension ServerSentEvent {
    /// The event's data decoded as JSON of type `T`, with the generated code's decoder.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Self.decode(Data(data.utf8), as: type)
    }

    /// The event's data as text: a JSON string's value, else the data as it is (`StreamItem.decodeText()`).
    public func decodeText() -> String {
        guard data.first == "\"" else { return data }
        return Self.text(of: Data(data.utf8))
    }

    static func text(of data: Data) -> String {
        if data.first == UInt8(ascii: "\""), let value = try? JSONDecoder().decode(String.self, from: data) {
            return value
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ json: Data, as type: T.Type) throws -> T {
        try ExactDecimal.decoding(json) { try JSONDecoder.payloadDecoder().decode(T.self, from: json) }
    }
}

/// Everything needed to open one streaming endpoint and read its items: the request (a `BackendResource` whose
/// response is never read whole), how the body is cut into items, and how each becomes an `Element`.
///
/// Read it through `ResponseStream`, which a generated business controller returns.
public struct StreamResource<Request, Element: Sendable, Auth: AuthScheme>: Sendable {
    /// The default `maxItemBytes`: 1 MiB.
    public static var defaultMaxItemBytes: Int { 1 << 20 }
    /// The default `idleTimeout`: 60 seconds.
    public static var defaultIdleTimeout: Duration { .seconds(60) }
    /// The default `maxReconnections` of a resumable stream: 5 in a row.
    public static var defaultMaxReconnections: Int { 5 }

    /// The request: name, server, method, path, query, headers, body and auth. Its `timeout` is ignored (see
    /// `idleTimeout`), and so is how it reads a response.
    public var request: BackendResource<Request, EmptyResponse, Auth>
    /// How the body is cut into items.
    public var format: StreamFormat
    /// An item whose text is exactly this ends the stream (OpenAI's `[DONE]`); nil: the stream ends with the body.
    public var terminator: String?
    /// The most bytes one item (an event, a line) may hold: a larger one ends the stream with an `APIError` of kind
    /// `.tooLarge(limit:)`, having held no more than that.
    public var maxItemBytes: Int
    /// The most the server may stay silent, before the response's headers and between two pieces of the body (a
    /// heartbeat comment counts); a stream has no deadline as a whole.
    public var idleTimeout: Duration
    /// For server-sent events: how many times in a row a stream that breaks (a lost connection, the idle timeout,
    /// the body ending without the terminator) is opened again, with `Last-Event-ID` and after the server's
    /// `retry:`; 0: never. The count starts over with each item read.
    public var maxReconnections: Int
    /// Turns one item into an element.
    public var decodeItem: @Sendable (StreamItem) throws -> Element

    /// Creates a stream resource.
    ///
    /// - Parameters:
    ///   - request: The request; its `timeout` and response reading are ignored.
    ///   - format: How the body is cut into items.
    ///   - terminator: An item text that ends the stream.
    ///   - maxItemBytes: The most bytes one item may hold (1 MiB unless given).
    ///   - idleTimeout: The most the server may stay silent (60 s unless given).
    ///   - maxReconnections: Reconnections in a row of a server-sent event stream that breaks; 0 (the default):
    ///     none.
    ///   - decodeItem: Turns one item into an element.
    public init(
        request: BackendResource<Request, EmptyResponse, Auth>, format: StreamFormat, terminator: String? = nil,
        maxItemBytes: Int = defaultMaxItemBytes, idleTimeout: Duration = defaultIdleTimeout,
        maxReconnections: Int = 0, decodeItem: @escaping @Sendable (StreamItem) throws -> Element
    ) {
        self.request = request
        self.format = format
        self.terminator = terminator
        self.maxItemBytes = max(1, maxItemBytes)
        self.idleTimeout = idleTimeout
        self.maxReconnections = max(0, maxReconnections)
        self.decodeItem = decodeItem
    }

    /// `request` as the transport gets it: asking for the stream's media type (unless its headers already say),
    /// with the idle timeout, and resuming after `lastEventID` when there is one.
    func streamRequest(_ request: HTTPRequest, lastEventID: String?) -> HTTPRequest {
        var request = request
        if request.headers["Accept"] == nil { request.headers["Accept"] = format.mediaType }
        // An empty ID (the server's `id:` with no value) resets it: no header, as the standard says.
        if let lastEventID, !lastEventID.isEmpty { request.headers["Last-Event-ID"] = lastEventID }
        request.timeout = idleTimeout
        return request
    }
}
