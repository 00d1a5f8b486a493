import Foundation
import LucidTestSupport
import Testing

@_spi(Generated) @testable import LucidRuntime

/// What a generated controller gets from a fake `ResourceSending` (a test's, without a transport) for streams,
/// downloads and uploads, and how a preview plays a stream's example.
struct FakeTransferTests {
    /// Answers every request with `body` and records the resources' names.
    struct Fake: SendOnlyFake {
        let body: Data
        let names = Locked<[String]>([])

        func send<Req, Resp, Auth>(
            _ resource: BackendResource<Req, Resp, Auth>, with request: Req
        ) async throws(APIError) -> Resp {
            names.withLock { $0.append(resource.name) }
            let response = HTTPResponse(status: 200, headers: ["ETag": "\"v1\""], body: body)
            do {
                return try resource.readResponse(response)
            } catch {
                throw APIError(.other("\(error)"), endpoint: resource.name, method: resource.method)
            }
        }
    }

    static func request(_ name: String) -> BackendResource<Void, EmptyResponse, NoAuth> {
        BackendResource(
            name: name, server: "api", method: .get, path: ResourcePath("/x"), decodeResponse: { _ in EmptyResponse() })
    }

    @Test func aFakesDownloadWritesItsBodyToTheDestination() async throws {
        try await withTemporaryFolder { folder in
            let destination = folder.appendingPathComponent("file.bin")
            try Data("old".utf8).write(to: destination)
            let fake = Fake(body: Data("new content".utf8))
            let reports = Locked<[TransferProgress]>([])

            let file = try await fake.download(
                DownloadResource(request: Self.request("files.get")), with: (), to: destination,
                progress: { progress in reports.withLock { $0.append(progress) } })

            #expect(file == DownloadedFile(location: destination, bytes: 11, headers: ["ETag": "\"v1\""]))
            #expect(try Data(contentsOf: destination) == Data("new content".utf8))
            #expect(reports.withLock { $0 } == [TransferProgress(bytes: 11, expected: 11)])
            #expect(fake.names.withLock { $0 } == ["files.get"])
        }
    }

    @Test func aFakesDownloadOverItsLimitLeavesTheOldFile() async throws {
        try await withTemporaryFolder { folder in
            let destination = folder.appendingPathComponent("file.bin")
            try Data("old".utf8).write(to: destination)
            let fake = Fake(body: Data(repeating: 1, count: 100))
            await #expect(throws: APIError.self) {
                _ = try await fake.download(
                    DownloadResource(request: Self.request("files.get"), maxBytes: 10), with: (), to: destination,
                    progress: nil)
            }
            #expect(try Data(contentsOf: destination) == Data("old".utf8))
        }
    }

    @Test func aFakesUploadChecksTheFileAndSendsTheResource() async throws {
        let fake = Fake(body: Data(#"{"ok":true}"#.utf8))
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "files.put", server: "api", method: .post, path: ResourcePath("/x"), decodeResponse: { $0 })
        do {
            _ = try await fake.upload(resource, fromFile: URL(fileURLWithPath: "/nonexistent/photo.jpg"), progress: nil)
            Issue.record("an unreadable file was uploaded")
        } catch {
            guard case .encoding(let reason) = error.kind else { throw error }
            #expect(reason.contains("/nonexistent/photo.jpg"))
        }
        #expect(fake.names.withLock { $0 }.isEmpty)
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("photo.jpg")
            try Data([1, 2, 3]).write(to: file)
            #expect(try await fake.upload(resource, fromFile: file, progress: nil) == Data(#"{"ok":true}"#.utf8))
            #expect(fake.names.withLock { $0 } == ["files.put"])
        }
    }

    struct Chunk: Decodable, Sendable, Equatable { var text: String }

    @Test func anExamplePlaysUpToItsTerminatorAndNeedsNoLastEmptyLine() async throws {
        let example =
            "data: {\"text\": \"a\"}\n\n: comment\ndata: {\"text\":\ndata:  \"b\"}\n\ndata: [DONE]\n\ndata: {}"
        var texts: [String] = []
        let stream = ResponseStream(
            example: example, format: .serverSentEvents, terminator: "[DONE]", endpoint: "chat.complete",
            method: .post, decodeItem: { try $0.decode(Chunk.self).text })
        for try await text in stream { texts.append(text) }
        #expect(texts == ["a", "b"])

        var lines: [Chunk] = []
        let jsonLines = ResponseStream(
            example: "{\"text\": \"x\"}\n{\"text\": \"y\"}", format: .jsonSequence(.lines), endpoint: "e", method: .get,
            decodeItem: { try $0.decode(Chunk.self) })
        for try await line in jsonLines { lines.append(line) }
        #expect(lines == [Chunk(text: "x"), Chunk(text: "y")])
    }

    @Test func anExampleThatDoesNotDecodeFailsTheFirstStep() async {
        let stream = ResponseStream(
            example: "data: {\"text\": 5}\n\n", format: .serverSentEvents, endpoint: "chat.complete", method: .post,
            decodeItem: { try $0.decode(Chunk.self) })
        do {
            for try await _ in stream { Issue.record("a chunk decoded") }
            Issue.record("the stream ended without an error")
        } catch {
            guard case .decoding = error.kind else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.endpoint == "chat.complete")
        }
    }

    @Test func textItemsReadJSONStringsAndBareText() {
        #expect(StreamItem.event(ServerSentEvent(data: "108917331225412397")).decodeText() == "108917331225412397")
        #expect(StreamItem.event(ServerSentEvent(data: #""quoted \"id\"""#)).decodeText() == #"quoted "id""#)
        #expect(StreamItem.json(Data(#""a\nb""#.utf8)).decodeText() == "a\nb")
        // Not a whole JSON string (a quote, then more): the text as it is.
        #expect(StreamItem.event(ServerSentEvent(data: #""a" and "b""#)).decodeText() == #""a" and "b""#)
        #expect(StreamItem.json(Data("plain".utf8)).decodeText() == "plain")
    }

    @Test func anItemIsAServerSentEventEitherWay() {
        let event = ServerSentEvent(event: "delta", data: "{}", id: "7")
        #expect(StreamItem.event(event).serverSentEvent == event)
        #expect(StreamItem.json(Data("[1]".utf8)).serverSentEvent == ServerSentEvent(data: "[1]"))
    }
}
