// These tests open a real socket on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GoldenStreams

/// The generated chat and files clients over real HTTP: a chat completion streamed as server-sent events up to
/// `[DONE]`, named events decoded by name (an unknown one kept as `.other`) and resumed with `Last-Event-ID`, a JSON
/// Lines export, a download to a file and a file upload — each checked on the wire.
@Suite(.timeLimit(.minutes(1)))
struct StreamsLoopbackTests {
    static func client(for server: ScriptedHTTPServer) -> APIClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return APIClient(
            environments: ServerEnvironments(["ai": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: configuration)),
            credentials: CredentialProvider(credential: { _ in "sk-test" }))
    }

    static func events(_ texts: [String]) -> Data { Data(texts.map { "data: \($0)\n\n" }.joined().utf8) }

    static let request = ChatRequest(
        model: "gpt-4o", messages: [ChatMessage(role: "user", content: "Hi")], stream: true)

    @Test func aChatCompletionStreamsChunksUntilDone() async throws {
        let chunk = { (text: String) in
            #"{"id":"c1","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"\#(text)"}}]}"#
        }
        let body = Self.events([chunk("Hel"), chunk("lo"), "[DONE]", chunk("never read")])
        let server = try ScriptedHTTPServer { _ in
            // Cut in the middle of an event: the reader joins the pieces.
            .init(
                status: 200, headers: [("Content-Type", "text/event-stream")],
                steps: [.send(body.prefix(40)), .pause(0.02), .send(body.dropFirst(40))])
        }
        defer { server.stop() }
        let chat = ChatClient.live(ChatBusinessController(accessible: Self.client(for: server)))

        var text = ""
        for try await piece in chat.complete(body: Self.request) {
            text += piece.choices.first?.delta.content ?? ""
        }

        #expect(text == "Hello")
        let sent = try #require(server.received.first)
        #expect(sent.requestLine == "POST /chat/completions HTTP/1.1")
        #expect(sent.header("Accept") == "text/event-stream")
        #expect(sent.header("Authorization") == "Bearer sk-test")
        let json = try #require(JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        #expect(json["stream"] as? Bool == true)
    }

    @Test func namedEventsDecodeByNameAndResumeAfterTheLastID() async throws {
        let first = """
            id: 1
            event: message_start
            data: {"message":{"id":"msg_1","model":"claude"}}

            event: ping
            data: {}

            id: 2
            event: content_block_delta
            data: {"index":0,"delta":{"type":"text_delta","text":"Hel"}}


            """
        let second = """
            event: content_block_delta
            data: {"index":0,"delta":{"type":"text_delta","text":"lo"}}

            event: message_stop
            data: {"type":"message_stop"}


            """
        let requests = Locked(0)
        let server = try ScriptedHTTPServer { _ in
            let count = requests.withLock { count in
                count += 1
                return count
            }
            // The first answer breaks off without ending its stream; the stream resumes (`resume: 3`).
            return .init(
                status: 200, headers: [("Content-Type", "text/event-stream")],
                steps: [.send(Data((count == 1 ? first : second).utf8))])
        }
        defer { server.stop() }
        let chat = ChatBusinessController(accessible: Self.client(for: server))

        var events: [ChatMessagesEvent] = []
        let request = MessageRequest(model: "claude", maxTokens: 64, messages: [])
        for try await event in chat.messages(body: request) {
            events.append(event)
            if case .messageStop = event { break }
        }

        #expect(events.count == 5)
        guard case .messageStart(let start) = events[0], case .other(let ping) = events[1],
            case .contentBlockDelta(let hel) = events[2], case .contentBlockDelta(let lo) = events[3]
        else {
            Issue.record("unexpected events: \(events)")
            return
        }
        #expect(start.message.id == "msg_1")
        #expect(ping.event == "ping")
        #expect(hel.delta.text + lo.delta.text == "Hello")
        let sent = server.received
        #expect(sent.count == 2)
        #expect(sent.first?.header("anthropic-version") == "2023-06-01")
        #expect(sent.first?.header("Last-Event-ID") == nil)
        #expect(sent.last?.header("Last-Event-ID") == "2")
    }

    @Test func aMastodonShapedTimelineReadsBareIDsAndDottedNames() async throws {
        let body = """
            :thump

            event: update
            data: {"id":"1","content":"<p>Hi</p>","url":null,"account":{"id":"7","acct":"ada"}}

            event: delete
            data: 108917331225412397

            event: status.update
            data: {"id":"1","content":"<p>Hi!</p>","account":{"id":"7","acct":"ada"}}

            event: announcement
            data: {"id":"2"}

            :thump


            """
        let requests = Locked(0)
        let server = try ScriptedHTTPServer { _ in
            let count = requests.withLock { count in
                count += 1
                return count
            }
            // `resume: true`: the body's end reopens the stream, as an EventSource does; the 204 ends it.
            return count == 1 ? .init(status: 200, steps: [.send(Data(body.utf8))]) : .init(status: 204)
        }
        defer { server.stop() }
        let timeline = TimelineClient.live(TimelineBusinessController(accessible: Self.client(for: server)))

        var events: [TimelineUserStreamEvent] = []
        for try await event in timeline.fetchUserStream() { events.append(event) }

        #expect(events.count == 4)
        guard events.count == 4, case .update(let toot) = events[0], case .delete(let id) = events[1],
            case .statusUpdate(let edited) = events[2], case .other(let unknown) = events[3]
        else {
            Issue.record("unexpected events: \(events)")
            return
        }
        #expect(toot.account.acct == "ada" && toot.url == nil)
        #expect(id == "108917331225412397")  // a bare ID, as text: not a JSON number forced into an Int
        #expect(edited.content == "<p>Hi!</p>")
        #expect(unknown.event == "announcement")
        #expect(server.received.count == 2)
    }

    @Test func aJSONLinesExportArrivesRecordByRecord() async throws {
        let lines = #"{"id":1,"name":"a","tags":["x"]}"# + "\n" + #"{"id":2,"name":"b"}"# + "\n"
        let server = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: [("Content-Type", "application/jsonl")], body: Data(lines.utf8))
        }
        defer { server.stop() }
        let files = FilesClient.live(FilesBusinessController(accessible: Self.client(for: server)))

        var records: [ExportRecord] = []
        for try await record in files.fetchExport(id: "e 1", since: 5) { records.append(record) }

        #expect(records.map(\.name) == ["a", "b"])
        #expect(records.map(\.tags) == [["x"], []])
        let sent = try #require(server.received.first)
        #expect(sent.requestLine == "GET /exports/e%201?since=5 HTTP/1.1")
        #expect(sent.header("Accept") == "application/jsonl, application/x-ndjson")
    }

    @Test func aDownloadIsWrittenToItsFileWithProgress() async throws {
        let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try ScriptedHTTPServer { _ in
            .init(status: 200, headers: [("Content-Type", "application/octet-stream")], body: content)
        }
        defer { server.stop() }
        try await withTemporaryFolder { folder in
            let destination = folder.appendingPathComponent("content.bin")
            let files = FilesBusinessController(accessible: Self.client(for: server))
            let reports = Locked<[TransferProgress]>([])

            let file = try await files.fetchContent(id: "f1", destination: destination) { progress in
                reports.withLock { $0.append(progress) }
            }

            #expect(file.location == destination)
            #expect(file.bytes == Int64(content.count))
            #expect(try Data(contentsOf: destination) == content)
            #expect(reports.withLock { $0.last?.bytes } == Int64(content.count))
            let sent = try #require(server.received.first)
            #expect(sent.requestLine == "GET /files/f1/content HTTP/1.1")
            #expect(sent.header("Accept") == "application/octet-stream")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["content.bin"])
        }
    }

    @Test func aPhotoIsUploadedFromItsFile() async throws {
        let photo = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let server = try ScriptedHTTPServer { request in
            .init(
                status: 201, headers: [("Content-Type", "application/json")],
                body: Data(#"{"id":"p1","bytes":\#(request.body.count)}"#.utf8))
        }
        defer { server.stop() }
        try await withTemporaryFolder { folder in
            let source = folder.appendingPathComponent("photo.jpg")
            try photo.write(to: source)
            let files = FilesBusinessController(accessible: Self.client(for: server))

            let result = try await files.uploadPhoto(album: "summer", file: source)

            #expect(result == UploadResult(id: "p1", bytes: Int64(photo.count)))
            let sent = try #require(server.received.first)
            #expect(sent.requestLine == "POST /photos/summer HTTP/1.1")
            #expect(sent.header("Content-Type") == "image/jpeg")
            #expect(sent.body == photo)
        }
    }
}

/// The preview client plays each stream's `example:` as a live stream is read; the unimplemented one fails.
struct StreamsPreviewTests {
    @Test func previewsPlayTheExamples() async throws {
        var chunks: [ChatChunk] = []
        for try await chunk in ChatClient.preview.complete(body: StreamsLoopbackTests.request) { chunks.append(chunk) }
        #expect(chunks.map { $0.choices.first?.finishReason } == [nil, nil, "stop"])

        var events: [ChatMessagesEvent] = []
        let request = MessageRequest(model: "claude", maxTokens: 1, messages: [])
        for try await event in ChatClient.preview.messages(body: request) { events.append(event) }
        #expect(events.count == 4)
        if case .other(let ping)? = events.dropFirst().first {
            #expect(ping.event == "ping")
        } else {
            Issue.record("the second event is not the unknown 'ping': \(events)")
        }

        var timeline: [TimelineUserStreamEvent] = []
        for try await event in TimelineClient.preview.fetchUserStream() { timeline.append(event) }
        #expect(timeline.count == 4)
        if timeline.count == 4 {
            #expect(timeline[1] == .delete("109"))
            if case .other(let changed) = timeline[3] {
                #expect(changed.event == "filters_changed")
            } else {
                Issue.record("the last event is not the unknown 'filters_changed': \(timeline[3])")
            }
        }

        var records: [ExportRecord] = []
        for try await record in FilesClient.preview.fetchExport(id: "e") { records.append(record) }
        #expect(records == [ExportRecord(id: 1, name: "first", tags: ["a"]), ExportRecord(id: 2, name: "second")])
    }

    @Test func unimplementedStreamsAndDownloadsFail() async {
        await #expect(throws: APIError.self) {
            for try await _ in ChatClient.unimplemented.complete(body: StreamsLoopbackTests.request) {}
        }
        do {
            _ = try await FilesClient.unimplemented.fetchContent(
                id: "f", destination: URL(fileURLWithPath: "/nonexistent/file"))
            Issue.record("an unimplemented download answered")
        } catch {
            if case .unimplemented = error.kind {} else { Issue.record("unexpected error \(error)") }
        }
    }
}
#endif
