// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads from a file through URLSession to `ScriptedHTTPServer`: the body on the wire is the file, byte for
/// byte, on every attempt a call makes (a refresh, a redirect).
@Suite(.timeLimit(.minutes(2)))
struct LoopbackUploadTests {
    struct Uploaded: Decodable, Sendable, Equatable { var id: String }

    /// 4 MiB that differ from their neighbours, so that a piece sent twice or skipped shows.
    static let content = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 13) })

    static func client(_ server: ScriptedHTTPServer, token: Locked<String>) -> APIClient {
        APIClient.refreshing(server, name: "files", token: token)
    }

    static func resource(_ path: String = "/v1/videos") -> BackendResource<Void, Uploaded, StreamTokenAuth> {
        BackendResource(
            name: "videos.upload", server: "files", method: .post, path: ResourcePath(path),
            bodyEncoding: .raw(contentType: "video/mp4"),
            decodeResponse: { try JSONDecoder().decode(Uploaded.self, from: $0) })
    }

    /// Writes `content` to a new file and runs `test` with it; the folder goes afterwards.
    static func withFile(_ test: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lucid-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clip.mp4")
        try content.write(to: file)
        try await test(file)
    }

    static let created = ScriptedHTTPServer.Response(
        status: 201, headers: [("Content-Type", "application/json")], body: Data(#"{"id":"up_1"}"#.utf8))

    @Test func theFileIsTheBodyOnTheWireAndProgressReachesItsSize() async throws {
        let server = try ScriptedHTTPServer { _ in Self.created }
        defer { server.stop() }
        try await Self.withFile { file in
            let seen = Locked<[TransferProgress]>([])
            let uploaded = try await Self.client(server, token: Locked("token-1")).upload(
                Self.resource(), fromFile: file, progress: { progress in seen.withLock { $0.append(progress) } })
            #expect(uploaded == Uploaded(id: "up_1"))
            let sent = try #require(server.received.first)
            #expect(sent.requestLine == "POST /v1/videos HTTP/1.1")
            #expect(sent.body == Self.content)
            #expect(sent.header("Content-Type") == "video/mp4")
            #expect(sent.header("Content-Length") == "\(Self.content.count)")
            #expect(sent.header("Authorization") == "Bearer token-1")
            let last = try #require(seen.withLock { $0.last })
            #expect(last.bytes == Int64(Self.content.count))
        }
    }

    @Test func aRefreshAfter401AndA307SendTheFileAgain() async throws {
        let server = try ScriptedHTTPServer { request in
            if request.header("Authorization") == "Bearer old" { return .init(status: 401) }
            if request.target == "/v1/videos" { return .init(status: 307, headers: [("Location", "/v2/videos")]) }
            return Self.created
        }
        defer { server.stop() }
        try await Self.withFile { file in
            _ = try await Self.client(server, token: Locked("old")).upload(Self.resource(), fromFile: file)
            let sent = server.received
            #expect(sent.map(\.target) == ["/v1/videos", "/v1/videos", "/v2/videos"])
            #expect(sent.map { $0.header("Authorization") } == ["Bearer old", "Bearer new", "Bearer new"])
            #expect(sent.allSatisfy { $0.body == Self.content })
        }
    }

    @Test func aFileThatCannotBeReadSendsNothing() async throws {
        let server = try ScriptedHTTPServer { _ in Self.created }
        defer { server.stop() }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("lucid-upload-\(UUID().uuidString)")
        let error = await #expect(throws: APIError.self) {
            try await Self.client(server, token: Locked("token-1")).upload(Self.resource(), fromFile: missing)
        }
        #expect(error?.kind == .encoding("the file to upload cannot be read: \(missing.path)"))
        #expect(server.received.isEmpty)
    }
}
#endif
