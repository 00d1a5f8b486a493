// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An OpenAI-shaped chat chunk.
struct ChatChunk: Decodable, Sendable, Equatable {
    struct Choice: Decodable, Sendable, Equatable {
        struct Delta: Decodable, Sendable, Equatable { var content: String? }
        var delta: Delta
    }
    var id: String
    var choices: [Choice]
}

/// An Anthropic-shaped typed event stream, as the generated union of named events reads it.
enum MessageEvent: Sendable, Equatable {
    struct Start: Decodable, Sendable, Equatable {
        struct Message: Decodable, Sendable, Equatable { var id: String }
        var message: Message
    }
    struct Delta: Decodable, Sendable, Equatable {
        struct TextDelta: Decodable, Sendable, Equatable { var text: String }
        var index: Int
        var delta: TextDelta
    }
    case messageStart(Start)
    case contentBlockDelta(Delta)
    case messageStop
    case other(ServerSentEvent)

    init(_ item: StreamItem) throws {
        guard case .event(let event) = item else { throw StreamTestFailure.notAnEvent }
        switch event.event {
        case "message_start": self = .messageStart(try event.decode(Start.self))
        case "content_block_delta": self = .contentBlockDelta(try event.decode(Delta.self))
        case "message_stop": self = .messageStop
        default: self = .other(event)
        }
    }
}

enum StreamTestFailure: Error { case notAnEvent }

enum StreamTokenAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}

/// Streams read through URLSession from `ScriptedHTTPServer`: the items, the bytes on the wire, and what a hostile
/// server cannot do (hold memory, hold the connection, move the stream elsewhere).
@Suite(.timeLimit(.minutes(2)))
struct LoopbackStreamTests {
    static func client(_ server: ScriptedHTTPServer, token: String? = "sk-1") -> APIClient {
        APIClient(
            environments: ServerEnvironments(["ai": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider(credential: { _ in token }))
    }

    static func request(
        _ path: String = "/v1/chat/completions"
    ) -> BackendResource<Void, EmptyResponse, StreamTokenAuth> {
        BackendResource(
            name: "chat.stream", server: "ai", method: .post, path: ResourcePath(path), bodyEncoding: .json,
            encodeBody: { _ in Data(#"{"stream":true}"#.utf8) }, decodeResponse: { _ in EmptyResponse() })
    }

    static func chat(
        path: String = "/v1/chat/completions", idle: Duration = .seconds(10), maxItemBytes: Int = 1 << 20
    ) -> StreamResource<Void, ChatChunk, StreamTokenAuth> {
        StreamResource(
            request: request(path), format: .serverSentEvents, terminator: "[DONE]", maxItemBytes: maxItemBytes,
            idleTimeout: idle, decodeItem: { try $0.decode(ChatChunk.self) })
    }

    static func stream<Element>(
        _ resource: StreamResource<Void, Element, StreamTokenAuth>, _ client: APIClient
    ) -> ResponseStream<Element> {
        ResponseStream(resource, accessor: client.accessor(for: StreamTokenAuth.self))
    }

    static func collect<Element>(_ stream: ResponseStream<Element>) async throws(APIError) -> [Element] {
        var elements: [Element] = []
        var iterator = stream.makeAsyncIterator()
        while let element = try await iterator.next() { elements.append(element) }
        return elements
    }

    static let eventStream = [("Content-Type", "text/event-stream")]

    static let chatBody = Data(
        """
        data: {"id":"c1","choices":[{"delta":{"content":"Hel"}}]}

        : keep-alive

        data: {"id":"c1","choices":[{"delta":{"content":"lo"}}]}\r\n\r
        data: {"id":"c1","choices":[{"delta":{}}]}

        data: [DONE]


        """.utf8)

    @Test func anOpenAIShapedChatStreamEndsAtDoneSplitAtEveryByte() async throws {
        let body = Self.chatBody
        for split in 1..<body.count {
            let server = try ScriptedHTTPServer { _ in
                .init(
                    status: 200, headers: Self.eventStream,
                    steps: [
                        .send(body.prefix(split)), .pause(0.001), .send(body.dropFirst(split)),
                    ])
            }
            defer { server.stop() }
            let chunks = try await Self.collect(Self.stream(Self.chat(), Self.client(server)))
            #expect(chunks.map { $0.choices.first?.delta.content } == ["Hel", "lo", nil], "split at \(split)")
        }
    }

    @Test func theRequestOnTheWireAsksForTheStreamWithItsCredential() async throws {
        let server = try ScriptedHTTPServer { _ in .init(status: 200, headers: Self.eventStream, body: Self.chatBody) }
        defer { server.stop() }
        _ = try await Self.collect(Self.stream(Self.chat(), Self.client(server)))
        let sent = try #require(server.received.first)
        #expect(sent.requestLine == "POST /v1/chat/completions HTTP/1.1")
        #expect(sent.header("Accept") == "text/event-stream")
        #expect(sent.header("Authorization") == "Bearer sk-1")
        #expect(sent.header("Last-Event-ID") == nil)
        #expect(sent.body == Data(#"{"stream":true}"#.utf8))
    }

    @Test func anAnthropicShapedTypedStreamKeepsUnknownEvents() async throws {
        let body = """
            event: message_start
            data: {"type":"message_start","message":{"id":"msg_1"}}

            event: ping
            data: {"type": "ping"}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}

            event: message_stop
            data: {"type":"message_stop"}


            """
        let server = try ScriptedHTTPServer { _ in .init(status: 200, headers: Self.eventStream, body: Data(body.utf8))
        }
        defer { server.stop() }
        let resource = StreamResource(
            request: Self.request("/v1/messages"), format: .serverSentEvents, decodeItem: { try MessageEvent($0) })
        let events = try await Self.collect(Self.stream(resource, Self.client(server)))
        #expect(
            events == [
                .messageStart(.init(message: .init(id: "msg_1"))),
                .other(ServerSentEvent(event: "ping", data: #"{"type": "ping"}"#)),
                .contentBlockDelta(.init(index: 0, delta: .init(text: "Hi"))), .messageStop,
            ])
    }

    @Test func aJSONLinesExportIsReadLineByLineSplitAtEveryByte() async throws {
        let body = Data("{\"id\":1,\"choices\":[]}\r\n\n{\"id\":2,\"choices\":[]}\n{\"id\":3,\"choices\":[]}".utf8)
        struct Row: Decodable, Sendable, Equatable { var id: Int }
        let resource = StreamResource(
            request: Self.request("/export"), format: .jsonSequence(.lines), decodeItem: { try $0.decode(Row.self) })
        for split in stride(from: 1, to: body.count, by: 3) {
            let server = try ScriptedHTTPServer { _ in
                .init(
                    status: 200, headers: [("Content-Type", "application/jsonl")],
                    steps: [
                        .send(body.prefix(split)), .pause(0.001), .send(body.dropFirst(split)),
                    ])
            }
            defer { server.stop() }
            let rows = try await Self.collect(Self.stream(resource, Self.client(server)))
            #expect(rows.map(\.id) == [1, 2, 3], "split at \(split)")
            #expect(server.received.first?.header("Accept") == "application/jsonl, application/x-ndjson")
        }
    }

    @Test func anEventThatNeverEndsIsTooLargeAtTheLimit() async throws {
        // An event three times the limit, and no end to it: the server then holds the connection open. Finite, so
        // that a reader starved of CPU on a busy machine meets the item limit, not the transport's lag limit.
        let server = try ScriptedHTTPServer { _ in
            .init(
                status: 200, headers: Self.eventStream,
                steps: [
                    .send(Data("data: ".utf8)), .send(Data(repeating: UInt8(ascii: "x"), count: 3 * 64 * 1024)),
                    .hang,
                ])
        }
        defer { server.stop() }
        let error = await #expect(throws: APIError.self) {
            try await Self.collect(Self.stream(Self.chat(maxItemBytes: 64 * 1024), Self.client(server)))
        }
        #expect(error?.kind == .tooLarge(limit: 64 * 1024))
        #expect(error?.endpoint == "chat.stream")
    }

    @Test func aSilentServerTimesOutButHeartbeatsKeepAStreamAlive() async throws {
        let silent = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: Self.eventStream, steps: [.send(Data(": hello\n\n".utf8)), .hang])
        }
        defer { silent.stop() }
        let error = await #expect(throws: APIError.self) {
            try await Self.collect(Self.stream(Self.chat(idle: .milliseconds(400)), Self.client(silent)))
        }
        #expect(error?.kind == .timeout)

        // Ten bytes at a time, then heartbeats between events: slow, but never silent for the idle timeout.
        let body = Self.chatBody
        let first = body.prefix(through: body.firstIndex(of: UInt8(ascii: "}"))! + 4)
        var steps: [ScriptedHTTPServer.Step] = stride(from: 0, to: first.count, by: 10).flatMap { start in
            [.send(first.dropFirst(start).prefix(10)), .pause(0.05)]
        }
        steps += [.pause(0.4), .send(Data(": ping\n".utf8)), .pause(0.4), .send(Data(": ping\n".utf8)), .pause(0.4)]
        steps.append(.send(body.dropFirst(first.count)))
        let dripping = try ScriptedHTTPServer { [steps] _ in .init(status: 200, headers: Self.eventStream, steps: steps)
        }
        defer { dripping.stop() }
        // Silent for 1.2 s in all between two events, never for the 1 s idle timeout.
        let chunks = try await Self.collect(Self.stream(Self.chat(idle: .seconds(1)), Self.client(dripping)))
        #expect(chunks.count == 3)
    }

    @Test func aStreamCutMidEventBeforeItsTerminatorFails() async throws {
        let cut = Self.chatBody.prefix(90)
        let server = try ScriptedHTTPServer { _ in .init(status: 200, headers: Self.eventStream, steps: [.send(cut)]) }
        defer { server.stop() }
        var iterator = Self.stream(Self.chat(), Self.client(server)).makeAsyncIterator()
        #expect(try await iterator.next()?.choices.first?.delta.content == "Hel")
        let error = await #expect(throws: APIError.self) { try await iterator.next() }
        #expect(error?.kind == .network("the stream ended before its terminator '[DONE]'"))
        #expect(try await iterator.next() == nil)
    }

    @Test func aResumableStreamReconnectsWithTheLastEventID() async throws {
        let server = try ScriptedHTTPServer { request in
            if request.header("Last-Event-ID") == nil {
                return .init(
                    status: 200, headers: Self.eventStream,
                    steps: [
                        .send(
                            Data(
                                "retry: 20\nid: 41\ndata: {\"id\":\"a\",\"choices\":[]}\n\nid: 42\ndata: {\"id\":\"cut"
                                    .utf8))
                    ])
            }
            return .init(
                status: 200, headers: Self.eventStream,
                body: Data("id: 42\ndata: {\"id\":\"b\",\"choices\":[]}\n\ndata: [DONE]\n\n".utf8))
        }
        defer { server.stop() }
        var resource = Self.chat()
        resource.maxReconnections = 2
        let chunks = try await Self.collect(Self.stream(resource, Self.client(server)))
        #expect(chunks.map(\.id) == ["a", "b"])
        let sent = server.received
        #expect(sent.count == 2)
        // Event 42 was cut before its end: the reconnection asks for what follows 41.
        #expect(sent.last?.header("Last-Event-ID") == "41")
        #expect(sent.last?.header("Authorization") == "Bearer sk-1")
    }

    @Test func reconnectionsStopAtTheBound() async throws {
        let server = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: Self.eventStream, steps: [.send(Data("retry: 1\n".utf8))])
        }
        defer { server.stop() }
        var resource = Self.chat()
        resource.maxReconnections = 3
        let error = await #expect(throws: APIError.self) {
            try await Self.collect(Self.stream(resource, Self.client(server)))
        }
        #expect(error?.kind == .network("the stream ended before its terminator '[DONE]'"))
        #expect(server.received.count == 4)
    }

    @Test func aRedirectToAnotherOriginIsRefused() async throws {
        let elsewhere = try ScriptedHTTPServer { _ in .init(status: 200, headers: Self.eventStream, body: Self.chatBody)
        }
        defer { elsewhere.stop() }
        let server = try ScriptedHTTPServer { _ in
            .init(status: 307, headers: [("Location", elsewhere.baseURL + "/v1/chat/completions")])
        }
        defer { server.stop() }
        let error = await #expect(throws: APIError.self) {
            try await Self.collect(Self.stream(Self.chat(), Self.client(server)))
        }
        #expect(error?.kind == .network("a stream's redirect to another origin was refused"))
        #expect(elsewhere.received.isEmpty)
    }

    @Test func aNon2xxAnswerIsAStatusErrorWithItsPayloadAndA401IsRefreshedOnce() async throws {
        let server = try ScriptedHTTPServer { request in
            if request.header("Authorization") == "Bearer old" {
                return .init(status: 401, body: Data(#"{"error":"expired"}"#.utf8))
            }
            return .init(
                status: 429, headers: [("Content-Type", "application/json")], body: Data(#"{"error":"slow down"}"#.utf8)
            )
        }
        defer { server.stop() }
        let client = APIClient.refreshing(
            server, name: "ai", token: Locked("old"), errorPayload: { String(data: $0, encoding: .utf8) })
        let error = await #expect(throws: APIError.self) { try await Self.collect(Self.stream(Self.chat(), client)) }
        #expect(error?.kind == .status(429))
        #expect(error?.errorPayload(as: String.self) == #"{"error":"slow down"}"#)
        #expect(server.received.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test func aSlowReaderNeverMakesTheTransportHoldMoreThanItsLimit() async throws {
        let line = Data(("data: {\"id\":\"" + String(repeating: "x", count: 1000) + "\",\"choices\":[]}\n\n").utf8)
        let server = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: Self.eventStream, steps: [.repeatForever(line)])
        }
        defer { server.stop() }
        var iterator = Self.stream(Self.chat(), Self.client(server)).makeAsyncIterator()
        var read = 0
        var failure: APIError?
        do {
            // On a busy machine the reader may fall behind before it reads anything.
            if try await iterator.next() != nil { read += 1 }
        } catch {
            failure = error
        }
        try await Task.sleep(for: .seconds(1))
        let held = server.streamedBytes
        try await Task.sleep(for: .milliseconds(300))
        // At the 200+ MB/s FoundationNetworking reads, an unbounded reader would have taken hundreds of megabytes by
        // now: the server wrote what the transport's limit and the sockets' buffers hold, then it had to stop.
        let limit = HTTPTransport.streamLagLimit
        // The sockets on both ends hold more (Linux autotunes tcp_rmem up to 6 MiB by default, 32 MiB on some hosts).
        #expect(held < limit + (64 << 20), "the server wrote \(held) bytes to a reader that took one event")
        #expect(server.streamedBytes - held < 1 << 20, "the server went on writing while the reader slept")
        // The reader goes on where it was; on Linux, after what the transport held, the stream says it fell behind.
        if failure == nil {
            do {
                while try await iterator.next() != nil { read += 1 }
                Issue.record("an endless stream ended")
            } catch {
                failure = error
            }
        }
        #if canImport(FoundationNetworking)
        #expect(failure?.kind == .network("the reader fell more than \(limit) bytes behind the stream"))
        #expect(read * line.count <= limit + line.count)
        #else
        Issue.record("the stream failed: \(String(describing: failure))")
        #endif
    }

    @Test func cancellingTheReadingTaskClosesTheConnectionAtOnce() async throws {
        let server = try ScriptedHTTPServer { _ in
            .init(
                status: 200, headers: Self.eventStream,
                steps: [.send(Data("data: {\"id\":\"a\",\"choices\":[]}\n\n".utf8)), .hang])
        }
        defer { server.stop() }
        let client = Self.client(server)
        let reading = Task { () throws(APIError) -> Int in
            var count = 0
            for try await _ in Self.stream(Self.chat(idle: .seconds(600)), client) { count += 1 }
            return count
        }
        while server.streamedBytes == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(100))
        reading.cancel()
        let result = await reading.result
        let error = #expect(throws: APIError.self) { try result.get() }
        #expect(error?.kind == .cancelled)
        // The server sees its connection closed (its `.hang` step ends): long before the 600 s idle timeout could,
        // within the suite's time limit.
        while server.closedStreams == 0 { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func previewsAndUnimplementedStreams() async throws {
        let preview = ResponseStream<Int>(elements: [1, 2, 3])
        #expect(try await Self.collect(preview) == [1, 2, 3])
        let failing = ResponseStream<Int>(failing: .unimplemented("stream", endpoint: "chat.stream", method: .post))
        let error = await #expect(throws: APIError.self) { try await Self.collect(failing) }
        #expect(error?.kind == .unimplemented(closure: "stream"))
    }

    /// A test double that answers every `send` with a body of its own, as a fake in an app's tests does.
    struct FakeSender: SendOnlyFake {
        let body: Data
        func send<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req
        ) async throws(APIError) -> Resp {
            do { return try resource.readResponse(HTTPResponse(status: 200, body: body)) } catch {
                throw APIError.caught(error, endpoint: resource.name, method: resource.method)
            }
        }
    }

    @Test func aFakeSenderStreamsTheBodyItsSendAnswers() async throws {
        let stream = ResponseStream(
            Self.chat(), accessor: FakeSender(body: Self.chatBody).accessor(for: StreamTokenAuth.self))
        #expect(try await Self.collect(stream).map(\.id) == ["c1", "c1", "c1"])
    }

    @Test func aTransportWithoutStreamingReadsTheWholeBody() async throws {
        let client = APIClient(
            environments: ServerEnvironments(["ai": ["local": "https://api.example.com"]]),
            transport: .inMemory { _ in HTTPResponse(status: 200, body: Self.chatBody) },
            credentials: CredentialProvider(credential: { _ in "sk" }))
        let chunks = try await Self.collect(Self.stream(Self.chat(), client))
        #expect(chunks.count == 3)
    }
}
#endif

#if os(macOS) || os(Linux)
/// Mastodon's streaming API shape, with real bodies from `../shared/testdata/bodies/mastodon`: `update` events whose
/// data is a whole status, written over many `data:` lines as the JSON's own lines, and a `delete` with an id.
@Suite(.timeLimit(.minutes(1)))
struct MastodonShapedStreamTests {
    static let mastodon = "bodies/mastodon"

    enum TimelineEvent: Sendable {
        case update(Data)
        case delete(String)
        case other(ServerSentEvent)
    }

    @Test(
        .enabled(if: ConformanceSuites.shouldRun(mastodon), Comment(rawValue: ConformanceSuites.skipReason(mastodon))))
    func realStatusesArriveWholeAcrossManyDataLines() async throws {
        let folder = try #require(
            ConformanceSuites.folder(Self.mastodon), "\(ConformanceSuites.skipReason(Self.mastodon))")
        let status = try Data(contentsOf: folder.appendingPathComponent("status.json"))
        let home = try Data(contentsOf: folder.appendingPathComponent("home.json"))
        let statuses = try #require(JSONSerialization.jsonObject(with: home) as? [Any]).map {
            try JSONSerialization.data(withJSONObject: $0, options: [.prettyPrinted])
        }
        let texts = [status] + statuses
        var body = ": connected\n\n"
        for text in texts {
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            body += "event: update\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
        }
        body += "event: delete\ndata: 109364227398124032\n\nevent: filters_changed\n\n"
        let stream = Data(body.utf8)
        let server = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: LoopbackStreamTests.eventStream, steps: [.send(stream)])
        }
        defer { server.stop() }
        let resource = StreamResource(
            request: LoopbackStreamTests.request("/api/v1/streaming/user"), format: .serverSentEvents,
            decodeItem: { item -> TimelineEvent in
                guard case .event(let event) = item else { throw StreamTestFailure.notAnEvent }
                switch event.event {
                case "update": return .update(Data(event.data.utf8))
                case "delete": return .delete(event.data)
                default: return .other(event)
                }
            })
        let events = try await LoopbackStreamTests.collect(
            LoopbackStreamTests.stream(resource, LoopbackStreamTests.client(server)))
        #expect(events.count == texts.count + 1)
        for (event, text) in zip(events, texts) {
            guard case .update(let data) = event else {
                Issue.record("not an update: \(event)")
                continue
            }
            let received = try JSONSerialization.jsonObject(with: data) as? NSDictionary
            let sent = try JSONSerialization.jsonObject(with: text) as? NSDictionary
            #expect(received != nil && received == sent)
        }
        guard case .delete(let id) = events.last else {
            Issue.record("no delete: \(String(describing: events.last))")
            return
        }
        #expect(id == "109364227398124032")
    }
}
#endif
