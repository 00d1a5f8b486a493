/// How a streaming endpoint's body is read as it arrives (`stream:`): server-sent events, JSON Lines or JSON text
/// sequences, each item decoded on its own.
public struct StreamDescription: Sendable, Hashable, Encodable {
    /// How the body is cut into items: the key that names the items' type.
    public enum Format: String, Sendable, Hashable, Encodable, CaseIterable {
        /// `text/event-stream` (`events:`): each server-sent event's data is one item.
        case events
        /// JSON Lines / NDJSON (`json_lines:`; `application/jsonl`, `application/x-ndjson`): one JSON text a line.
        case jsonLines = "json_lines"
        /// JSON text sequences (`json_seq:`; `application/json-seq`, RFC 7464).
        case jsonSeq = "json_seq"

        /// The media type the stream is answered with (the first, for JSON Lines).
        public var mediaType: String {
            switch self {
            case .events: "text/event-stream"
            case .jsonLines: "application/jsonl"
            case .jsonSeq: "application/json-seq"
            }
        }

        /// The media types that are this format, lowercased, for the OpenAPI import.
        public static func named(mediaType: String) -> Format? {
            switch mediaType.lowercased() {
            case "text/event-stream": .events
            case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines",
                "application/ndjson":
                .jsonLines
            case "application/json-seq": .jsonSeq
            default: nil
            }
        }
    }

    /// What each item holds.
    public enum Items: Sendable, Hashable, Encodable {
        /// Every item is a value of one type (`events: chat_chunk`, `json_lines: record`).
        case type(TypeReference)
        /// Server-sent events by their `event:` name, each name's data of its own type (`events: { message_start:
        /// message_start, … }`); an event of another name is kept as it arrived, never fatal.
        case named([NamedEvent])

        private enum CodingKeys: String, CodingKey { case type, named }

        /// Encodes the dump's tagged shape: `{"type": T}` or `{"named": [...]}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .type(let type): try container.encode(type, forKey: .type)
            case .named(let events): try container.encode(events, forKey: .named)
            }
        }

        /// Every type the items may hold, in order.
        public var types: [TypeReference] {
            switch self {
            case .type(let type): [type]
            case .named(let events): events.map(\.type)
            }
        }
    }

    /// One named event of a stream of server-sent events.
    public struct NamedEvent: Sendable, Hashable, Encodable {
        /// The `event:` field's value on the wire (`content_block_delta`; `message` for events without the field).
        public var name: String
        /// What the event's data decodes to.
        public var type: TypeReference
        /// Where the name is written.
        public var location: SourceLocation
    }

    /// How the body is cut into items.
    public var format: Format
    /// What each item holds.
    public var items: Items
    /// An item whose text is exactly this ends the stream (OpenAI's `[DONE]`); nil: the stream ends with the body.
    public var terminator: String?
    /// Events only: how many times in a row a broken stream is opened again with `Last-Event-ID` (`resume`); 0: never.
    public var maxReconnections: Int
    /// The most seconds the server may stay silent (`idle_timeout`); nil: the runtime's default (60 s).
    public var idleTimeout: Double?
    /// The most bytes one item may hold (`max_item_bytes`); nil: the runtime's default (1 MiB).
    public var maxItemBytes: Int?
    /// Where `stream` is written.
    public var location: SourceLocation
    /// Where the items' type (or each named event's type) is written, in `items.types` order.
    var typeLocations: [SourceLocation] = []

    private enum CodingKeys: String, CodingKey {
        case format, items, terminator, maxReconnections, idleTimeout, maxItemBytes, location
    }

    /// The runtime's default of `maxReconnections` for `resume: true`.
    public static let defaultReconnections = 5
}

/// A binary response written to a file as it arrives (`download:`), never held in memory.
public struct DownloadDescription: Sendable, Hashable, Encodable {
    /// The media type asked for (`Accept`) and answered (`content_type`; `image/jpeg`, `video/*`); nil: any.
    public var contentType: String?
    /// The most bytes the file may hold (`max_bytes`); nil: no limit.
    public var maxBytes: Int64?
    /// The most seconds the server may stay silent (`idle_timeout`); nil: the runtime's default (60 s).
    public var idleTimeout: Double?
    /// How many times a broken download is taken up again (`resume`); nil: the runtime's default (3).
    public var maxResumptions: Int?
    /// Where `download` is written.
    public var location: SourceLocation

    /// Whether `text` is a media type as `content_type` takes it (`type/subtype`, token characters; parameters after
    /// `;` allowed), for the OpenAPI import.
    public static func isMediaType(_ text: String) -> Bool { TransferDecoder.isMediaType(text) }
}
