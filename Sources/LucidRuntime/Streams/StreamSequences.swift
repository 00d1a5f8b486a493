import Foundation

/// The events of a `text/event-stream` body that arrives as bytes (`URLSession.AsyncBytes`, a transport's stream),
/// read as they come by a `ServerSentEventParser`: nothing is buffered beyond the event being read.
public struct ServerSentEvents<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == UInt8 {
    public typealias Element = ServerSentEvent

    private let base: Base
    private let maxEventBytes: Int

    /// The events of `base`, each at most `maxEventBytes` bytes (`StreamItemTooLarge` past that).
    public init(_ base: Base, maxEventBytes: Int = 1 << 20) {
        self.base = base
        self.maxEventBytes = maxEventBytes
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), parser: ServerSentEventParser(maxEventBytes: maxEventBytes))
    }

    /// Reads the bytes one event at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var parser: ServerSentEventParser

        public mutating func next() async throws -> ServerSentEvent? {
            while let byte = try await base.next() {
                if let event = try parser.consume(byte) { return event }
            }
            // The end of the body: an event without its empty line is incomplete, and dropped.
            parser.finish()
            return nil
        }
    }
}

/// The values of a JSON Lines or JSON text sequence body (`JSONSequenceFormat`) that arrives as bytes, each value's
/// bytes as they complete (`JSONSequenceParser`): nothing is buffered beyond the value being read.
public struct JSONSequenceItems<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == UInt8 {
    public typealias Element = Data

    private let base: Base
    private let format: JSONSequenceFormat
    private let maxItemBytes: Int

    /// The items of `base` in `format`, each at most `maxItemBytes` bytes (`StreamItemTooLarge` past that).
    public init(_ base: Base, format: JSONSequenceFormat, maxItemBytes: Int = 1 << 20) {
        self.base = base
        self.format = format
        self.maxItemBytes = maxItemBytes
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), parser: JSONSequenceParser(format: format, maxItemBytes: maxItemBytes))
    }

    /// Reads the bytes one item at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var parser: JSONSequenceParser
        var finished = false

        public mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            while let byte = try await base.next() {
                if let item = try parser.consume(byte) { return item }
            }
            // The end of the body: its last item, if one is pending; then nothing more.
            finished = true
            return try parser.finish()
        }
    }
}

/// The values of a stream of JSON texts (the data of server-sent events, the items of a JSON sequence) decoded as
/// `Value`; a text equal to `terminator` (OpenAI's `[DONE]`) ends the stream.
public struct DecodedStream<Base: AsyncSequence & Sendable, Value: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    private let base: Base
    private let text: @Sendable (Base.Element) -> Data
    private let terminator: Data?
    private let decode: @Sendable (Data) throws -> Value

    /// `base`'s elements, each read as JSON text by `text` and decoded by `decode` (a `JSONDecoder` of the generated
    /// code's settings), until an element whose text is `terminator`.
    public init(
        _ base: Base, text: @escaping @Sendable (Base.Element) -> Data, terminator: String? = nil,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.base = base
        self.text = text
        self.terminator = terminator.map { Data($0.utf8) }
        self.decode = decode
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), text: text, terminator: terminator, decode: decode)
    }

    /// Decodes the elements one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let text: @Sendable (Base.Element) -> Data
        let terminator: Data?
        let decode: @Sendable (Data) throws -> Value
        var ended = false

        public mutating func next() async throws -> Value? {
            guard !ended, let element = try await base.next() else { return nil }
            let data = text(element)
            if let terminator, data == terminator {
                ended = true
                return nil
            }
            return try decode(data)
        }
    }
}

extension ServerSentEvents {
    /// Each event's data decoded as `Value` by `decode`, until an event whose data is `terminator` (OpenAI's
    /// `[DONE]`).
    public func decoded<Value: Decodable & Sendable>(
        as type: Value.Type, terminator: String? = nil, decode: @escaping @Sendable (Data) throws -> Value
    ) -> DecodedStream<Self, Value> {
        DecodedStream(self, text: { Data($0.data.utf8) }, terminator: terminator, decode: decode)
    }
}

extension JSONSequenceItems {
    /// Each item decoded as `Value` by `decode`.
    public func decoded<Value: Decodable & Sendable>(
        as type: Value.Type, decode: @escaping @Sendable (Data) throws -> Value
    ) -> DecodedStream<Self, Value> {
        DecodedStream(self, text: { $0 }, decode: decode)
    }
}
