import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// The WHATWG HTML standard's event-stream rules (§ 9.2.6), a test a rule, each input read whole, byte by byte and
/// split in two at every position: the events must be the same however the bytes arrive.
struct ServerSentEventParserTests {
    /// The events of `text` read in every way, after checking that every way gives the same.
    static func events(
        _ text: String, maxEventBytes: Int = 1 << 20, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [ServerSentEvent] {
        try events(Array(text.utf8), maxEventBytes: maxEventBytes, sourceLocation: sourceLocation)
    }

    static func events(
        _ bytes: [UInt8], maxEventBytes: Int = 1 << 20, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [ServerSentEvent] {
        var whole = ServerSentEventParser(maxEventBytes: maxEventBytes)
        let expected = try whole.feed(bytes)
        var oneByOne = ServerSentEventParser(maxEventBytes: maxEventBytes)
        var byBytes: [ServerSentEvent] = []
        for byte in bytes { byBytes += try oneByOne.feed([byte]) }
        #expect(byBytes == expected, "byte by byte", sourceLocation: sourceLocation)
        for split in 0...bytes.count {
            var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
            let events = try parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
            #expect(events == expected, "split at \(split)", sourceLocation: sourceLocation)
        }
        return expected
    }

    @Test func linesEndInLFCROrCRLF() throws {
        let expected = [ServerSentEvent(data: "a\nb\nc")]
        #expect(try Self.events("data: a\ndata: b\ndata: c\n\n") == expected)
        #expect(try Self.events("data: a\rdata: b\rdata: c\r\r") == expected)
        #expect(try Self.events("data: a\r\ndata: b\r\ndata: c\r\n\r\n") == expected)
        #expect(try Self.events("data: a\r\ndata: b\rdata: c\n\r\n") == expected)
    }

    @Test func aCRThenAnLFInTheNextChunkIsOneLineEnd() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: a\r".utf8)).isEmpty)
        // Were the LF a second line end, it would be the empty line that dispatches.
        #expect(try parser.feed(Array("\ndata: b\r".utf8)).isEmpty)
        #expect(try parser.feed(Array("\n\r\n".utf8)) == [ServerSentEvent(data: "a\nb")])
    }

    @Test func aLeadingByteOrderMarkIsSkippedOnce() throws {
        #expect(try Self.events([0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
        // A second mark is part of the first field's name: a field nobody knows, ignored.
        let twice = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data: x\n\ndata: y\n\n".utf8)
        #expect(try Self.events(twice) == [ServerSentEvent(data: "y")])
        // A mark's first bytes and then other bytes are data.
        let partial: [UInt8] = [0xEF, 0xBB] + Array("data: x\n\ndata: y\n\n".utf8)
        #expect(try Self.events(partial) == [ServerSentEvent(data: "y")])
    }

    @Test func commentsAreIgnoredWhereverTheyAre() throws {
        let text = ": heartbeat\n\n:\ndata: a\n: in the middle\ndata: b\n\n"
        #expect(try Self.events(text) == [ServerSentEvent(data: "a\nb")])
    }

    @Test func multiLineDataIsJoinedByLineFeeds() throws {
        #expect(try Self.events("data: {\"a\":\ndata:  1}\n\n") == [ServerSentEvent(data: "{\"a\":\n 1}")])
        // One space after the colon is dropped, no more; no colon: the whole line is the name, the value empty.
        #expect(try Self.events("data\ndata\n\n") == [ServerSentEvent(data: "\n")])
        #expect(try Self.events("data:no space\n\n") == [ServerSentEvent(data: "no space")])
    }

    @Test func anEventWithNoDataIsNotDispatchedAndItsTypeIsReset() throws {
        let text = "event: ping\n\nevent: update\nid: 7\n\ndata: x\n\n"
        #expect(try Self.events(text) == [ServerSentEvent(event: "message", data: "x", id: "7")])
        // An empty `data:` is data: an event with empty data.
        #expect(try Self.events("data:\n\n") == [ServerSentEvent(data: "")])
    }

    @Test func theEventTypeNamesTheEventAndAnEmptyOneIsMessage() throws {
        let text = "event: content_block_delta\ndata: 1\n\nevent:\ndata: 2\n\ndata: 3\n\n"
        #expect(
            try Self.events(text) == [
                ServerSentEvent(event: "content_block_delta", data: "1"),
                ServerSentEvent(event: "message", data: "2"),
                ServerSentEvent(event: "message", data: "3"),
            ])
    }

    @Test func theLastEventIDCarriesOverAndAnIDHoldingNULIsIgnored() throws {
        var parser = ServerSentEventParser()
        let text = "id: 1\ndata: a\n\ndata: b\n\nid: 2\u{0}x\ndata: c\n\nid\ndata: d\n\n"
        #expect(
            try parser.feed(Array(text.utf8)) == [
                ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1"),
                ServerSentEvent(data: "c", id: "1"), ServerSentEvent(data: "d", id: ""),
            ])
        #expect(parser.lastEventID == "")
        #expect(try Self.events("id: 5\n\n").isEmpty)
    }

    @Test func retryOfDigitsOnlySetsTheReconnectionTime() throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array("retry: 3000\n".utf8))
        #expect(parser.reconnectionTime == 3000)
        _ = try parser.feed(Array("retry: 2s\nretry: -1\nretry:\nretry: 99999999999999999999999\n".utf8))
        #expect(parser.reconnectionTime == 3000)
        _ = try parser.feed(Array("retry:250\n\n".utf8))
        #expect(parser.reconnectionTime == 250)
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try Self.events("foo: bar\nDATA: x\ndata: y\n\n") == [ServerSentEvent(data: "y")])
    }

    @Test func anEventTheStreamEndsBeforeIsDropped() throws {
        var parser = ServerSentEventParser()
        #expect(
            try parser.feed(Array("id: 9\ndata: whole\n\ndata: cut".utf8)) == [ServerSentEvent(data: "whole", id: "9")])
        parser.finish()
        // A new stream after the end starts clean but for the last event ID, which a reconnection sends back.
        #expect(try parser.feed(Array("data: next\n\n".utf8)) == [ServerSentEvent(data: "next", id: "9")])
        #expect(parser.lastEventID == "9")
    }

    @Test func anIDCountsOnlyOnceItsEventEnds() throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array("id: 41\ndata: a\n\nid: 42\ndata: cu".utf8))
        #expect(parser.lastEventID == "41")
        parser.finish()
        // Event 42 never arrived: a resumed stream asks for what follows 41, and events go on from there.
        #expect(parser.lastEventID == "41")
        #expect(try parser.feed(Array("data: b\n\nid: 43\n\n".utf8)) == [ServerSentEvent(data: "b", id: "41")])
        #expect(parser.lastEventID == "43")
    }

    @Test func invalidUTF8IsDecodedWithReplacementCharacters() throws {
        let bytes: [UInt8] = Array("data: a".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8)
        #expect(try Self.events(bytes) == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}")])
    }

    @Test func aLineOrAnEventLargerThanTheLimitThrowsBeforeMoreIsHeld() throws {
        var parser = ServerSentEventParser(maxEventBytes: 16)
        #expect(throws: StreamItemTooLarge(limit: 16)) {
            _ = try parser.feed(Array(repeating: UInt8(ascii: "x"), count: 17))
        }
        // Each line fits; the data of the event they make does not.
        var joined = ServerSentEventParser(maxEventBytes: 16)
        #expect(throws: StreamItemTooLarge(limit: 16)) {
            _ = try joined.feed(Array("data: 12345\ndata: 12345\ndata: 12345\n".utf8))
        }
        // At the limit exactly: an event.
        #expect(try Self.events("data: 1234567890\n\n", maxEventBytes: 16) == [ServerSentEvent(data: "1234567890")])
    }

    /// Random streams of the pieces the rules are about (field names, colons, spaces, every line end, NUL, a byte order
    /// mark, invalid UTF-8), fed in random chunks: the events are the reference reading's (`ReferenceEventStream`, the
    /// standard's steps over the whole decoded text), and so are the last event ID and reconnection time.
    @Test func randomStreamsReadAsTheStandardsStepsRead() throws {
        let pieces: [[UInt8]] =
            [
                "data", "event", "id", "retry", "other", ":", ": ", " ", "x", "yz", "12", "\r", "\n", "\r\n", "\u{0}",
                "é",
            ].map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF], [0xFF], [0xC3]]
        var random = SplitMix64(seed: 0x5EED_0E7E)
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...120, using: &random) { bytes += pieces.randomElement(using: &random)! }
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var rest = bytes[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...max(1, rest.count), using: &random)
                events += try parser.feed(rest.prefix(size))
                rest = rest.dropFirst(size)
            }
            let reference = ReferenceEventStream(bytes)
            #expect(events == reference.events, "\(bytes)")
            #expect(parser.lastEventID == reference.lastEventID, "\(bytes)")
            #expect(parser.reconnectionTime == reference.reconnectionTime, "\(bytes)")
        }
    }

    /// OpenAI's chat completions with `stream: true`: JSON chunks, then `data: [DONE]`.
    @Test func anOpenAIShapedStreamDecodesUntilDone() async throws {
        struct Chunk: Decodable, Equatable {
            struct Choice: Decodable, Equatable {
                struct Delta: Decodable, Equatable { var content: String? }
                var delta: Delta
            }
            var id: String
            var choices: [Choice]
        }
        let body = """
            data: {"id":"c1","choices":[{"delta":{"content":"Hel"}}]}

            data: {"id":"c1","choices":[{"delta":{"content":"lo"}}]}

            : keep-alive

            data: [DONE]

            data: {"id":"after","choices":[]}


            """
        for split in 0...body.utf8.count {
            let stream = ServerSentEvents(ChunkedBytes(Array(body.utf8), split: split))
                .decoded(as: Chunk.self, terminator: "[DONE]") { try JSONDecoder().decode(Chunk.self, from: $0) }
            var text = ""
            var count = 0
            for try await chunk in stream {
                text += chunk.choices.compactMap(\.delta.content).joined()
                count += 1
            }
            #expect(text == "Hello" && count == 2, "split at \(split)")
        }
    }

    /// Anthropic's messages stream: each event named, a union of the names.
    @Test func anAnthropicShapedStreamNamesEachEvent() async throws {
        let body = """
            event: message_start
            data: {"type":"message_start","message":{"id":"m1"}}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}

            event: ping
            data: {"type": "ping"}

            event: message_stop
            data: {"type":"message_stop"}


            """
        var names: [String] = []
        for try await event in ServerSentEvents(ChunkedBytes(Array(body.utf8), split: 7)) { names.append(event.event) }
        #expect(names == ["message_start", "content_block_delta", "ping", "message_stop"])
    }
}

/// Bytes as an async sequence, delivered in two parts split at `split` (a yield between them), as a transport's
/// body would arrive.
struct ChunkedBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let split: Int

    init(_ bytes: [UInt8], split: Int) {
        self.bytes = bytes
        self.split = Swift.min(split, bytes.count)
    }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, split: split) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let split: Int
        var index = 0

        mutating func next() async throws -> UInt8? {
            guard index < bytes.count else { return nil }
            if index == split { await Task.yield() }
            defer { index += 1 }
            return bytes[index]
        }
    }
}

/// The standard's steps, written as plainly as they read, over a whole stream at once: decode, skip one byte order
/// mark, split into lines (a last line without its line end is no line), and process each line.
struct ReferenceEventStream {
    var events: [ServerSentEvent] = []
    var lastEventID: String?
    var reconnectionTime: Int?

    init(_ bytes: [UInt8]) {
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        if scalars.first == "\u{FEFF}", bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scalars.removeFirst() }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" || scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            } else {
                current.append(scalar)
            }
            index += 1
        }
        var data = ""
        var type = ""
        var idBuffer: String?
        for line in lines {
            if line.isEmpty {
                lastEventID = idBuffer
                if !data.isEmpty {
                    events.append(
                        ServerSentEvent(
                            event: type.isEmpty ? "message" : type, data: String(data.dropLast()), id: lastEventID))
                }
                data = ""
                type = ""
                continue
            }
            if line.hasPrefix(":") { continue }
            let (name, value) = Self.field(line)
            switch name {
            case "data": data += value + "\n"
            case "event": type = value
            case "id" where !value.unicodeScalars.contains("\u{0}"): idBuffer = value
            case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
                if let time = Int(value) { reconnectionTime = time }
            default: break
            }
        }
    }

    /// A line's field name and value: before and after the first colon, one leading space dropped.
    static func field(_ line: String) -> (String, String) {
        guard let colon = line.unicodeScalars.firstIndex(of: ":") else { return (line, "") }
        let name = String(line.unicodeScalars[..<colon])
        var value = line.unicodeScalars[line.unicodeScalars.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (name, String(value))
    }
}
