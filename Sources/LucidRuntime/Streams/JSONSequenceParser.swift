import Foundation

/// How a body holds a sequence of JSON values.
public enum JSONSequenceFormat: Sendable, Hashable {
    /// JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`): one value a line, lines ending in LF (a CR
    /// before it is dropped); blank lines are skipped; the last line may lack its line end.
    case lines
    /// JSON text sequences (RFC 7464, `application/json-seq`): each value after a record separator (0x1E) and ended by
    /// a line feed. A record that is not ended by its line feed may have been cut short: it is an error
    /// (`JSONSequenceItemTruncated`), never decoded.
    case textSequence
}

/// The error of a JSON text sequence whose record was cut short (RFC 7464 § 2.3: a record not ended by a line feed
/// may be truncated, and a truncated number or literal would decode as another value).
public struct JSONSequenceItemTruncated: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record's bytes, at most the first 64 of them, as text.
    public var start: String

    /// Creates the error for a record that begins with `start`.
    public init(start: String) { self.start = start }

    public var description: String { "a record of the JSON text sequence was cut short: '\(start)'" }
}

/// Splits a body of JSON values (`JSONSequenceFormat`) into each value's bytes, incrementally: bytes in, values out,
/// in chunks of any size, split anywhere. It does not decode: each item is one JSON text for a `JSONDecoder`.
///
/// Memory is bounded by `maxItemBytes`: an item larger than that throws `StreamItemTooLarge` before more is held.
public struct JSONSequenceParser: Sendable {
    /// The format read.
    public let format: JSONSequenceFormat
    /// The most bytes one item (one line, one record) may hold.
    public let maxItemBytes: Int

    private var item: [UInt8] = []
    /// Whether a record separator opened the current record (text sequences).
    private var inRecord = false

    private static let recordSeparator: UInt8 = 0x1E

    /// Creates a parser of `format` that allows items of at most `maxItemBytes` bytes (1 MiB by default).
    public init(format: JSONSequenceFormat, maxItemBytes: Int = 1 << 20) {
        precondition(maxItemBytes > 0, "maxItemBytes must be positive")
        self.format = format
        self.maxItemBytes = maxItemBytes
    }

    /// Reads `bytes`, the next part of the body, and returns the items they complete, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws -> [Data] where Bytes.Element == UInt8 {
        var items: [Data] = []
        for byte in bytes {
            if let item = try consume(byte) { items.append(item) }
        }
        return items
    }

    /// Reads the body's next byte; the item it completes, if any.
    public mutating func consume(_ byte: UInt8) throws -> Data? {
        switch format {
        case .lines where byte == 0x0A:
            return takeLine()
        case .textSequence where byte == Self.recordSeparator:
            defer { inRecord = true }
            return try takeRecord()
        default:
            guard item.count < maxItemBytes else { throw StreamItemTooLarge(limit: maxItemBytes) }
            item.append(byte)
            return nil
        }
    }

    /// Ends the body and returns its last item, if one is pending: a last line without its line end (JSON Lines); a
    /// last record, which must end in a line feed (text sequences).
    public mutating func finish() throws -> Data? {
        defer { item.removeAll(keepingCapacity: false) }
        switch format {
        case .lines: return takeLine()
        case .textSequence: return try takeRecord()
        }
    }

    /// The pending line without its CR and surrounding blanks; nil for a blank line.
    private mutating func takeLine() -> Data? {
        defer { item.removeAll(keepingCapacity: true) }
        let trimmed = Self.trimmed(item[...])
        return trimmed.isEmpty ? nil : Data(trimmed)
    }

    /// The pending record; nil when there is none (bytes before the first separator are no record: RFC 7464 has a
    /// parser skip them, and so does this, when they are blank). A record not ended by a line feed is an error.
    private mutating func takeRecord() throws -> Data? {
        defer { item.removeAll(keepingCapacity: true) }
        let trimmed = Self.trimmed(item[...])
        guard !trimmed.isEmpty else { return nil }
        guard inRecord, item.last == 0x0A else {
            throw JSONSequenceItemTruncated(start: String(decoding: trimmed.prefix(64), as: UTF8.self))
        }
        return Data(trimmed)
    }

    /// `bytes` without leading and trailing JSON whitespace (space, tab, CR, LF).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return [] }
        return bytes[first...last]
    }
}
