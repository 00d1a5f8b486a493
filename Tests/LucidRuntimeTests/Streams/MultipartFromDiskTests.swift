// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) @testable import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Multipart bodies whose file parts stay on disk (`FileUpload(contentsOf:)`): the same bytes on the wire as the
/// body in memory, read as they are sent, on every attempt a call makes.
@Suite(.timeLimit(.minutes(2)))
struct MultipartFromDiskTests {
    struct Uploaded: Decodable, Sendable, Equatable { var id: String }

    struct PhotoForm: Encodable, Sendable {
        var caption: String
        var photo: FileUpload
        var signature: String
    }

    /// 1 MiB that differ from their neighbours, so that a piece sent twice or skipped shows: many reads of the
    /// stream, many chunks on the wire.
    static let content = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 11) })

    static let boundary = "lucid-0123456789abcdef0123456789abcdef"

    static func resource(_ path: String = "/v1/photos") -> BackendResource<PhotoForm, Uploaded, StreamTokenAuth> {
        BackendResource(
            name: "photos.upload", server: "files", method: .post, path: ResourcePath(path),
            bodyEncoding: .multipart(boundary: boundary),
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) },
            streamBody: { try MultipartFormEncoder.streamed($0, boundary: boundary) },
            decodeResponse: { try JSONDecoder().decode(Uploaded.self, from: $0) })
    }

    static let created = ScriptedHTTPServer.Response(
        status: 201, headers: [("Content-Type", "application/json")], body: Data(#"{"id":"ph_1"}"#.utf8))

    /// Writes `data` to a new file and runs `test` with it; the folder goes afterwards.
    static func withFile(_ data: Data = content, _ test: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lucid-multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("beach.jpg")
        try data.write(to: file)
        try await test(file)
    }

    static func form(_ photo: FileUpload) -> PhotoForm {
        PhotoForm(caption: "Beach", photo: photo, signature: "sig-secret")
    }

    /// The body `encode` makes with the photo in memory: what the stream must send, byte for byte.
    static func expectedBody() throws -> Data {
        let inMemory = FileUpload(data: content, fileName: "beach.jpg", contentType: "image/jpeg")
        return try MultipartFormEncoder.encode(form(inMemory), boundary: boundary)
    }

    @Test func aFileOnDiskIsAPieceOfItsOwnAndTheBytesMatchTheBodyInMemory() async throws {
        try await Self.withFile { file in
            let value = Self.form(FileUpload(contentsOf: file, contentType: "image/jpeg"))
            let streamed = try #require(try MultipartFormEncoder.streamed(value, boundary: Self.boundary))
            #expect(streamed.pieces.count == 3)
            #expect(streamed.pieces[1] == .file(file, size: Int64(Self.content.count)))
            let expected = try Self.expectedBody()
            #expect(streamed.length == Int64(expected.count))
            #expect(try streamed.data() == expected)
            #expect(try MultipartFormEncoder.encode(value, boundary: Self.boundary) == expected)
            // Only the file is on disk: the text parts (a signature among them) stay in memory.
            guard case .bytes(let head) = streamed.pieces[0] else { throw Failure("the first piece is not bytes") }
            #expect(String(decoding: head, as: UTF8.self).contains("sig-secret") == false)
            guard case .bytes(let tail) = streamed.pieces[2] else { throw Failure("the last piece is not bytes") }
            #expect(String(decoding: tail, as: UTF8.self).contains("sig-secret"))
        }
    }

    @Test func aBodyWithoutAFileOnDiskIsNotStreamed() throws {
        let inMemory = FileUpload(data: Data("abc".utf8), fileName: "a.txt", contentType: "text/plain")
        #expect(try MultipartFormEncoder.streamed(Self.form(inMemory), boundary: Self.boundary) == nil)
    }

    @Test func aMissingFileFailsByNameBeforeAnythingIsSent() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("lucid-none-\(UUID().uuidString)")
        let error = #expect(throws: MultipartFormEncoder.EncodingFailure.self) {
            try MultipartFormEncoder.streamed(Self.form(FileUpload(contentsOf: missing)), boundary: Self.boundary)
        }
        #expect(error?.description == "field 'photo': \(missing.path) is not a file that can be read")
    }

    @Test func aFileShorterThanItsSizeFailsTheReadAndTheStream() async throws {
        try await Self.withFile { file in
            let streamed = try #require(
                try MultipartFormEncoder.streamed(Self.form(FileUpload(contentsOf: file)), boundary: Self.boundary))
            try Data("cut".utf8).write(to: file)
            let error = #expect(throws: StreamedBodyError.self) { try streamed.data() }
            #expect(error?.description == "\(file.path) ended \(Self.content.count - 3) bytes before the size it had")
            let stream = streamed.makeInputStream()
            stream.open()
            defer { stream.close() }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var result = 0
            repeat { result = stream.read(&buffer, maxLength: buffer.count) } while result > 0
            #expect(result == -1, "the stream fails rather than end early")
        }
    }

    @Test func theStreamReadsTheWholeBodyInSmallReads() async throws {
        try await Self.withFile { file in
            let streamed = try #require(
                try MultipartFormEncoder.streamed(
                    Self.form(FileUpload(contentsOf: file, contentType: "image/jpeg")), boundary: Self.boundary))
            let stream = streamed.makeInputStream()
            stream.open()
            defer { stream.close() }
            var read = Data()
            var buffer = [UInt8](repeating: 0, count: 1000)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                guard count > 0 else { break }
                read.append(contentsOf: buffer[..<count])
            }
            #expect(read == (try Self.expectedBody()))
        }
    }

    @Test func thePumpWritesTheBodyIntoAnOutputStream() async throws {
        try await Self.withFile { file in
            let streamed = try #require(
                try MultipartFormEncoder.streamed(
                    Self.form(FileUpload(contentsOf: file, contentType: "image/jpeg")), boundary: Self.boundary))
            let sink = folderFile(file, "pumped")
            let output = try #require(OutputStream(url: sink, append: false))
            #expect(StreamedBodyPump(reader: StreamedBodyReader(streamed), output: output).run())
            #expect(try Data(contentsOf: sink) == (try Self.expectedBody()))
        }
    }

    @Test func theBodyOnTheWireIsTheFileBetweenItsParts() async throws {
        let server = try ScriptedHTTPServer { _ in Self.created }
        defer { server.stop() }
        try await Self.withFile { file in
            let client = APIClient.refreshing(server, name: "files", token: Locked("token-1"))
            let value = Self.form(FileUpload(contentsOf: file, contentType: "image/jpeg"))
            let request = try await client.request(for: Self.resource(), with: value)
            #expect(request.body == nil && request.streamedBody != nil, "the body stays on disk")
            #expect(try await client.send(Self.resource(), with: value) == Uploaded(id: "ph_1"))
            let sent = try #require(server.received.first)
            #expect(sent.body == (try Self.expectedBody()))
            #expect(sent.header("Content-Type") == "multipart/form-data; boundary=\(Self.boundary)")
            #expect(sent.header("Authorization") == "Bearer token-1")
            #if canImport(FoundationNetworking)
            // FoundationNetworking sends every stream body chunked, and must not claim a length too.
            #expect(sent.header("Transfer-Encoding") == "chunked")
            #expect(sent.header("Content-Length") == nil)
            #else
            #expect(sent.header("Content-Length") == "\(try Self.expectedBody().count)")
            #expect(sent.header("Transfer-Encoding") == nil)
            #endif
        }
    }

    @Test func aRefreshAfter401AndA307SendTheWholeBodyAgain() async throws {
        let server = try ScriptedHTTPServer { request in
            if request.header("Authorization") == "Bearer old" { return .init(status: 401) }
            if request.target == "/v1/photos" { return .init(status: 307, headers: [("Location", "/v2/photos")]) }
            return Self.created
        }
        defer { server.stop() }
        try await Self.withFile { file in
            let client = APIClient.refreshing(server, name: "files", token: Locked("old"))
            _ = try await client.send(Self.resource(), with: Self.form(FileUpload(contentsOf: file)))
            let sent = server.received
            #expect(sent.map(\.target) == ["/v1/photos", "/v1/photos", "/v2/photos"])
            #expect(sent.map { $0.header("Authorization") } == ["Bearer old", "Bearer new", "Bearer new"])
            let expected = try MultipartFormEncoder.encode(
                Self.form(FileUpload(data: Self.content, fileName: "beach.jpg")), boundary: Self.boundary)
            #expect(sent.allSatisfy { $0.body == expected })
        }
    }

    @Test func aJSONBodySendsTheFilesBytesAndNeverItsPath() async throws {
        try await Self.withFile(Data("hello".utf8)) { file in
            let json = try JSONEncoder().encode(FileUpload(contentsOf: file, contentType: "text/plain"))
            #expect(String(decoding: json, as: UTF8.self).contains(file.path) == false)
            let decoded = try JSONDecoder().decode(FileUpload.self, from: json)
            #expect(decoded == FileUpload(data: Data("hello".utf8), fileName: "beach.jpg", contentType: "text/plain"))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A file beside `file` named `name`, in the same folder (removed with it).
private func folderFile(_ file: URL, _ name: String) -> URL {
    file.deletingLastPathComponent().appendingPathComponent(name)
}
#endif
