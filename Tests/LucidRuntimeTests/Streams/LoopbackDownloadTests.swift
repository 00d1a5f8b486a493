// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads through URLSession from `ScriptedHTTPServer` to real files: the bytes on disk, the `Range` and
/// `If-Range` on the wire when a download is taken up again, and nothing left behind when one fails.
@Suite(.timeLimit(.minutes(2)))
struct LoopbackDownloadTests {
    /// 8 MiB that differ from byte to byte's neighbours, so that a piece written twice or skipped shows.
    static let body = Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })

    static func client(_ server: ScriptedHTTPServer) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["files": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider { _ in "token-1" })
    }

    static func resource(maxBytes: Int64? = nil) -> DownloadResource<Void, StreamTokenAuth> {
        DownloadResource(
            request: BackendResource(
                name: "files.download", server: "files", method: .get, path: ResourcePath("/files/video.mp4"),
                decodeResponse: { _ in EmptyResponse() }),
            maxBytes: maxBytes, idleTimeout: .seconds(20))
    }

    /// A new empty folder in the temporary folder; the test removes it.
    static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lucid-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A folder of its own, removed after `test`; `test` gets the folder and the destination inside it.
    static func inFolder(_ test: (URL, URL) async throws -> Void) async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await test(folder, folder.appendingPathComponent("video.mp4"))
    }

    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The whole body in two halves: the first answer stops after `cut` bytes (its `Content-Length` says more).
    static func first(cut: Int, headers: [(String, String)]) -> ScriptedHTTPServer.Response {
        .init(
            status: 200, headers: headers + [("Content-Length", "\(body.count)")], steps: [.send(body.prefix(cut))])
    }

    @Test func aDownloadCutInTheMiddleIsResumedFromWhereItBroke() async throws {
        let cut = Self.body.count / 2 + 12_345
        let server = try ScriptedHTTPServer { request in
            guard let range = request.header("Range") else {
                return Self.first(cut: cut, headers: [("Accept-Ranges", "bytes"), ("ETag", "\"v1\"")])
            }
            let start = Int(range.dropFirst("bytes=".count).dropLast())!
            return .init(
                status: 206,
                headers: [
                    ("Content-Range", "bytes \(start)-\(Self.body.count - 1)/\(Self.body.count)"),
                    ("ETag", "\"v1\""),
                ], body: Self.body.dropFirst(start))
        }
        defer { server.stop() }
        try await Self.inFolder { folder, destination in
            let seen = Locked<[TransferProgress]>([])
            let file = try await Self.client(server).download(Self.resource(), with: (), to: destination) { progress in
                seen.withLock { $0.append(progress) }
            }
            #expect(file.location == destination)
            #expect(file.bytes == Int64(Self.body.count))
            #expect(try Data(contentsOf: destination) == Self.body)
            let sent = server.received
            #expect(sent.count == 2)
            #expect(sent.first?.header("Range") == nil)
            #expect(sent.last?.header("Range") == "bytes=\(cut)-")
            #expect(sent.last?.header("If-Range") == "\"v1\"")
            #expect(sent.last?.header("Authorization") == "Bearer token-1")
            let last = try #require(seen.withLock { $0.last })
            #expect(last.bytes == Int64(Self.body.count) && last.fraction == 1)
            #expect(try Self.contents(of: folder) == ["video.mp4"])
        }
    }

    @Test func aServerWithoutRangesOrValidatorIsAskedForTheWholeFileAgain() async throws {
        for headers in [[("ETag", "\"v1\"")], [("Accept-Ranges", "bytes"), ("ETag", "W/\"weak\"")]] {
            let answered = Locked(0)
            let server = try ScriptedHTTPServer { _ in
                let count = answered.withLock { count -> Int in
                    count += 1
                    return count
                }
                return count == 1 ? Self.first(cut: 1_000_000, headers: headers) : .init(status: 200, body: Self.body)
            }
            defer { server.stop() }
            try await Self.inFolder { folder, destination in
                _ = try await Self.client(server).download(Self.resource(), with: (), to: destination)
                #expect(try Data(contentsOf: destination) == Self.body)
                #expect(server.received.map { $0.header("Range") } == [nil, nil], "\(headers)")
                #expect(try Self.contents(of: folder) == ["video.mp4"])
            }
        }
    }

    @Test func aFileChangedMeanwhileStartsOver() async throws {
        let changed = Data(Self.body.reversed())
        let server = try ScriptedHTTPServer { request in
            guard request.header("Range") != nil else {
                return Self.first(cut: 3_000_000, headers: [("Accept-Ranges", "bytes"), ("ETag", "\"v1\"")])
            }
            // The ETag no longer matches the If-Range: the whole new file, with 200.
            return .init(status: 200, headers: [("ETag", "\"v2\"")], body: changed)
        }
        defer { server.stop() }
        try await Self.inFolder { _, destination in
            let file = try await Self.client(server).download(Self.resource(), with: (), to: destination)
            #expect(try Data(contentsOf: destination) == changed)
            #expect(file.headers["ETag"] == "\"v2\"")
        }
    }

    @Test func aCancelledDownloadLeavesNothingAndKeepsTheFileThatWasThere() async throws {
        let server = try ScriptedHTTPServer { _ in
            .init(
                status: 200, headers: [("Content-Length", "\(Self.body.count)")],
                steps: [.send(Self.body.prefix(100_000)), .hang])
        }
        defer { server.stop() }
        try await Self.inFolder { folder, destination in
            try Data("the old file".utf8).write(to: destination)
            let client = Self.client(server)
            let download = Task { () throws(APIError) -> DownloadedFile in
                try await client.download(Self.resource(), with: (), to: destination)
            }
            while server.streamedBytes == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(100))
            download.cancel()
            let error = await #expect(throws: APIError.self) { try await download.value }
            #expect(error?.kind == .cancelled)
            #expect(try Self.contents(of: folder) == ["video.mp4"])
            #expect(try Data(contentsOf: destination) == Data("the old file".utf8))
        }
    }

    @Test(arguments: [true, false])
    func aFileOverTheLimitIsRefusedByItsLengthOrAsItGrows(declared: Bool) async throws {
        let server = try ScriptedHTTPServer { _ in
            declared ? .init(status: 200, body: Self.body) : .init(status: 200, steps: [.send(Self.body)])
        }
        defer { server.stop() }
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: APIError.self) {
            try await Self.client(server).download(
                Self.resource(maxBytes: 1 << 20), with: (), to: folder.appendingPathComponent("video.mp4"))
        }
        #expect(error?.kind == .tooLarge(limit: 1 << 20))
        #expect(try Self.contents(of: folder).isEmpty)
    }

    @Test func aStatusErrorLeavesNothing() async throws {
        let server = try ScriptedHTTPServer { _ in
            .init(status: 404, headers: [("Content-Type", "application/json")], body: Data(#"{"error":"gone"}"#.utf8))
        }
        defer { server.stop() }
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: APIError.self) {
            try await Self.client(server).download(
                Self.resource(), with: (), to: folder.appendingPathComponent("video.mp4"))
        }
        #expect(error?.kind == .status(404))
        #expect(try Self.contents(of: folder).isEmpty)
    }
}
#endif
