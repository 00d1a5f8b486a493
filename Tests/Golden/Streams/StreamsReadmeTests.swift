// These tests open a real socket on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
// (docs/Runtime.md shows this code line for line: ReadmeExampleTests.readmeStillShowsThisCode.)
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

@testable import GoldenStreams

/// docs/Runtime.md's streams example ("Streams"), run against the Streams golden case's generated clients over
/// loopback: the statements are that page's, line for line.
@Suite(.timeLimit(.minutes(1)))
struct StreamsReadmeTests {
    /// Where the example's `bar` shows progress: it keeps the last report (progress arrives on the transport's
    /// thread).
    final class ProgressBar: Sendable {
        let last = Locked<TransferProgress?>(nil)
        func show(_ progress: TransferProgress) { last.withLock { $0 = progress } }
    }

    @Test func theReadmesCallsStreamDownloadAndUpload() async throws {
        let messagesAsked = Locked(0)
        let server = try ScriptedHTTPServer { request in
            switch request.requestLine.split(separator: " ").dropFirst().first ?? "" {
            case "/messages"
            where messagesAsked.withLock { count in
                count += 1
                return count
            } > 1:
                // The stream resumes (`resume: 3`) when its body ends, as an EventSource does: a 204 ends it.
                return .init(status: 204)
            case "/chat/completions":
                let chunk = #"{"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hi "}}]}"#
                return .init(status: 200, body: Data("data: \(chunk)\n\ndata: [DONE]\n\n".utf8))
            case "/messages":
                let delta = #"{"index":0,"delta":{"type":"text_delta","text":"there"}}"#
                return .init(
                    status: 200,
                    body: Data("event: ping\ndata: {}\n\nevent: content_block_delta\ndata: \(delta)\n\n".utf8))
            case "/files/file-1/content": return .init(status: 200, body: Data(repeating: 7, count: 50_000))
            default: return .init(status: 201, body: Data(#"{"id":"p1","bytes":\#(request.body.count)}"#.utf8))
            }
        }
        defer { server.stop() }
        let client = StreamsLoopbackTests.client(for: server)
        let chat = ChatClient.live(ChatBusinessController(accessible: client))
        let files = FilesClient.live(FilesBusinessController(accessible: client))
        let request = StreamsLoopbackTests.request
        let message = MessageRequest(model: "claude", maxTokens: 64, messages: [])
        let bar = ProgressBar()
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("content.bin")
            let pickedImage = folder.appendingPathComponent("photo.jpg")
            try Data(repeating: 1, count: 1_000).write(to: pickedImage)

            var text = ""
            for try await chunk in chat.complete(body: request) {
                text += chunk.choices.first?.delta.content ?? ""
            }
            for try await event in chat.messages(body: message) {
                if case .contentBlockDelta(let block) = event { text += block.delta.text }  // unknown names: .other
            }
            let file = try await files.fetchContent(id: "file-1", destination: url) { bar.show($0) }
            #expect(bar.last.withLock { $0?.bytes } == 50_000)
            let photo = try await files.uploadPhoto(album: "summer", file: pickedImage) { bar.show($0) }

            #expect(text == "Hi there")
            #expect(file.bytes == 50_000 && file.location == url)
            #expect(photo == UploadResult(id: "p1", bytes: 1_000))
            #expect(messagesAsked.withLock { $0 } == 2)
        }
    }
}
#endif
