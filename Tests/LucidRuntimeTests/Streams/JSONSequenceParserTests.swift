import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// JSON Lines / NDJSON and JSON text sequences (RFC 7464), each input read whole and split in two at every position.
struct JSONSequenceParserTests {
    /// The items of `bytes` as text, read in every way, after checking that every way gives the same.
    static func items(
        _ bytes: [UInt8], _ format: JSONSequenceFormat, maxItemBytes: Int = 1 << 20,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        var whole = JSONSequenceParser(format: format, maxItemBytes: maxItemBytes)
        let expected = try (whole.feed(bytes) + [whole.finish()].compactMap { $0 }).map {
            String(decoding: $0, as: UTF8.self)
        }
        for split in 0...bytes.count {
            var parser = JSONSequenceParser(format: format, maxItemBytes: maxItemBytes)
            let items =
                try parser.feed(bytes[..<split]) + parser.feed(bytes[split...]) + [parser.finish()].compactMap { $0 }
            #expect(
                items.map { String(decoding: $0, as: UTF8.self) } == expected, "split at \(split)",
                sourceLocation: sourceLocation)
        }
        return expected
    }

    @Test func jsonLinesAreOneValueALineBlankLinesSkipped() throws {
        let text = "{\"a\":1}\n\n  {\"a\":2}  \r\n\t\n[3]\n\"last, without its line end\""
        #expect(
            try Self.items(Array(text.utf8), .lines) == [
                "{\"a\":1}", "{\"a\":2}", "[3]", "\"last, without its line end\"",
            ])
        #expect(try Self.items([], .lines).isEmpty)
        #expect(try Self.items(Array("\n\n".utf8), .lines).isEmpty)
    }

    @Test func textSequencesAreRecordsAfterASeparatorEndedByALineFeed() throws {
        let bytes: [UInt8] =
            [0x1E] + Array("{\"a\":1}\n".utf8) + [0x1E] + Array(" [2] \n".utf8) + [0x1E, 0x0A]
            + [0x1E] + Array("3\n".utf8)
        #expect(try Self.items(bytes, .textSequence) == ["{\"a\":1}", "[2]", "3"])
    }

    @Test func aRecordNotEndedByItsLineFeedIsAnErrorNeverAValue() throws {
        // `12` may be the start of `123`: RFC 7464 has it reported, not decoded.
        var parser = JSONSequenceParser(format: .textSequence)
        #expect(try parser.feed([0x1E] + Array("1\n".utf8) + [0x1E] + Array("12".utf8)) == [Data("1".utf8)])
        #expect(throws: JSONSequenceItemTruncated(start: "12")) { _ = try parser.finish() }
        // A record cut by the next separator too.
        var cut = JSONSequenceParser(format: .textSequence)
        #expect(throws: JSONSequenceItemTruncated(start: "{\"a\"")) {
            _ = try cut.feed([0x1E] + Array("{\"a\"".utf8) + [0x1E] + Array("2\n".utf8))
        }
    }

    @Test func anItemLargerThanTheLimitThrowsBeforeMoreIsHeld() throws {
        var parser = JSONSequenceParser(format: .lines, maxItemBytes: 8)
        #expect(throws: StreamItemTooLarge(limit: 8)) { _ = try parser.feed(Array("[1,2,3,4,5]\n".utf8)) }
        #expect(try Self.items(Array("[1,2,3,4]\n".utf8), .lines, maxItemBytes: 10) == ["[1,2,3,4]"])
    }

    /// A bulk export as JSON Lines, decoded as it arrives.
    @Test func anExportDecodesItemByItem() async throws {
        struct Row: Decodable, Equatable {
            var id: Int
            var name: String
        }
        let body = Array("{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}".utf8)
        for split in 0...body.count {
            var rows: [Row] = []
            let stream = JSONSequenceItems(ChunkedBytes(body, split: split), format: .lines)
                .decoded(as: Row.self) { try JSONDecoder().decode(Row.self, from: $0) }
            for try await row in stream { rows.append(row) }
            #expect(rows.map(\.id) == [1, 2, 3], "split at \(split)")
        }
    }

    /// A line that is no JSON fails the stream there, with the decoder's error; the rows before it came.
    @Test func aBadLineFailsTheStreamWhereItIs() async throws {
        let body = Array("{\"id\":1}\nnot json\n{\"id\":3}\n".utf8)
        struct Row: Decodable { var id: Int }
        var seen: [Int] = []
        await #expect(throws: DecodingError.self) {
            for try await row in JSONSequenceItems(ChunkedBytes(body, split: 3), format: .lines)
                .decoded(as: Row.self, decode: { try JSONDecoder().decode(Row.self, from: $0) })
            {
                seen.append(row.id)
            }
        }
        #expect(seen == [1])
    }
}
