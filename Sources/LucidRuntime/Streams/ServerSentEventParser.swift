/// One event of a `text/event-stream` body, as the WHATWG HTML standard's event-stream rules dispatch it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event:` field, `message` when it had none.
    public var event: String
    /// The event's data: its `data:` lines joined by line feeds.
    public var data: String
    /// The last event ID when the event was dispatched: the latest `id:` field of the stream so far (it carries over
    /// to later events), what a reconnection sends back as `Last-Event-ID`; nil before any `id:`.
    public var id: String?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// The error of a stream whose event, line or item is larger than the limit its reader was given: the reader stops
/// as soon as that is known, so a server that never ends a line cannot make the app buffer without end.
public struct StreamItemTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
    /// The most bytes one event, line or item may hold.
    public var limit: Int

    /// Creates the error for an item over `limit` bytes.
    public init(limit: Int) { self.limit = limit }

    public var description: String {
        "an event or line of the stream is larger than the limit of \(limit) bytes"
    }
}

/// Reads a `text/event-stream` body incrementally, by the WHATWG HTML standard's rules (§ 9.2.6, "Interpreting an
/// event stream"): bytes in, events out, in chunks of any size, split anywhere (a CR at the end of one chunk and an LF
/// at the start of the next are one line end).
///
/// - A UTF-8 byte order mark at the start of the stream is skipped; invalid UTF-8 is decoded with replacement
///   characters, as the standard says.
/// - Lines end in LF, CR or CRLF. A line starting with `:` is a comment (a server's heartbeat): ignored. A line
///   `name: value` sets a field (one space after the colon is dropped); a line without a colon is a field of that name
///   with an empty value. `data` appends its value and a line feed; `event` sets the type; `id` sets the last event ID
///   unless its value holds NUL; `retry` of ASCII digits only sets the reconnection time (`reconnectionTime`). Other
///   fields are ignored.
/// - An empty line dispatches the event: not when its data is empty (the type is reset all the same); its last line
///   feed is dropped. A stream that ends before that empty line drops the incomplete event (`finish()`).
///
/// Memory is bounded by `maxEventBytes`: a line, or an event's data, larger than that throws `StreamItemTooLarge`
/// before more is held.
public struct ServerSentEventParser: Sendable {
    /// The most bytes one line, or one event's data, may hold.
    public let maxEventBytes: Int
    /// The reconnection time the last valid `retry:` field set, in milliseconds; nil before any.
    public private(set) var reconnectionTime: Int?
    /// The last event ID: the `id:` field of the last event dispatched (set by the empty line that ends an event, even
    /// one without data), sent back as `Last-Event-ID` when the stream is resumed. An `id:` of an event the stream
    /// ended before does not count: that event was never received.
    public private(set) var lastEventID: String?
    /// The `id:` field read since the last empty line, not yet the last event ID.
    private var idBuffer: String?

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType: String?
    /// Whether the last byte was a CR: an LF right after it ends no second line.
    private var afterCR = false
    /// How many bytes of a leading byte order mark were matched; -1 once the stream's start is past.
    private var bomMatched = 0

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Creates a parser that allows events of at most `maxEventBytes` bytes (1 MiB by default), going on from the
    /// `lastEventID` of a stream it resumes.
    public init(maxEventBytes: Int = 1 << 20, lastEventID: String? = nil) {
        precondition(maxEventBytes > 0, "maxEventBytes must be positive")
        self.maxEventBytes = maxEventBytes
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
    }

    /// Reads `bytes`, the next part of the stream, and returns the events they complete, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws -> [ServerSentEvent]
    where Bytes.Element == UInt8 {
        // Contiguous bytes (a piece of a body, `Data`, an array) are read a line at a time; the rules are the same.
        if let events = try bytes.withContiguousStorageIfAvailable({ try feed(contiguous: $0) }) { return events }
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if let event = try consume(byte) { events.append(event) }
        }
        return events
    }

    /// `feed` of contiguous bytes: the run up to the next CR or LF is added to the line at once, and only the
    /// stream's start (a byte order mark) and the byte after a CR go through `consume`. Measured (`make bench`): about
    /// a seventh of the instructions of byte by byte.
    private mutating func feed(contiguous bytes: UnsafeBufferPointer<UInt8>) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = 0
        while index < bytes.count {
            if bomMatched >= 0 || afterCR {
                if let event = try consume(bytes[index]) { events.append(event) }
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            if end > index {
                // The limit as `consume` keeps it: the line never holds more than `maxEventBytes`.
                guard line.count + (end - index) <= maxEventBytes else {
                    throw StreamItemTooLarge(limit: maxEventBytes)
                }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            }
            guard end < bytes.count else { break }
            afterCR = bytes[end] == 0x0D
            if let event = try endLine() { events.append(event) }
            index = end + 1
        }
        return events
    }

    /// Reads the stream's next byte; the event it completes, if any.
    public mutating func consume(_ byte: UInt8) throws -> ServerSentEvent? {
        if bomMatched >= 0, skipsBOM(byte) { return nil }
        switch byte {
        case 0x0A where afterCR:
            afterCR = false
            return nil
        case 0x0A, 0x0D:
            afterCR = byte == 0x0D
            return try endLine()
        default:
            afterCR = false
            guard line.count < maxEventBytes else { throw StreamItemTooLarge(limit: maxEventBytes) }
            line.append(byte)
            return nil
        }
    }

    /// Ends the stream: an event not yet ended by an empty line is dropped, as the standard says; a last line without
    /// its line end is no line either. The parser is ready for a new stream (the last event ID and reconnection time
    /// stay: a resumed stream goes on from them).
    public mutating func finish() {
        line.removeAll(keepingCapacity: false)
        data.removeAll(keepingCapacity: false)
        eventType = nil
        idBuffer = lastEventID
        afterCR = false
        bomMatched = 0
    }

    /// Whether `byte` belongs to a byte order mark at the very start of the stream (then it is skipped). A partial
    /// mark followed by another byte is data: its bytes are given back to the line.
    private mutating func skipsBOM(_ byte: UInt8) -> Bool {
        if byte == Self.bom[bomMatched] {
            bomMatched += 1
            if bomMatched == Self.bom.count { bomMatched = -1 }
            return true
        }
        line.append(contentsOf: Self.bom.prefix(bomMatched))
        bomMatched = -1
        return false
    }

    /// The end of a line: a field set, or the event dispatched by an empty line.
    private mutating func endLine() throws -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch name {
        case "data":
            guard data.count + value.count + 1 <= maxEventBytes else { throw StreamItemTooLarge(limit: maxEventBytes) }
            data.append(contentsOf: value)
            data.append(0x0A)
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id" where !value.contains(0):
            idBuffer = String(decoding: value, as: UTF8.self)
        case "retry" where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            // Digits too many for an Int leave the time as it was.
            if let milliseconds = Int(String(decoding: value, as: UTF8.self)) { reconnectionTime = milliseconds }
        default:
            break
        }
        return nil
    }

    /// The event an empty line completes; nil when its data is empty (the type is reset all the same).
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            eventType = nil
        }
        lastEventID = idBuffer
        // Each `data:` line added a line feed: data is empty only when the event had no `data:` field.
        guard !data.isEmpty else { return nil }
        let text = String(decoding: data.dropLast(), as: UTF8.self)
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return ServerSentEvent(event: type, data: text, id: lastEventID)
    }
}
