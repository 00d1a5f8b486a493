// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The example's mock server (MockServer/mock_server.py), one process per test so tests can run in parallel:
/// started on a free port of 127.0.0.1, stopped when the test lets go of it (or by its own lifetime bound).
final class MockServer: @unchecked Sendable {
    // `@unchecked`: `process` and `lifeline` are only used in `init` and `deinit`.

    /// A request as the server recorded it.
    struct Recorded: Decodable, Sendable {
        var method: String
        /// Still percent-encoded.
        var path: String
        /// Decoded: each name with its values, in order.
        var query: [String: [String]]
        /// As sent, still percent-encoded.
        var rawQuery: String
        var headers: [String: String]
        var body: String

        enum CodingKeys: String, CodingKey {
            case method, path, query, headers, body
            case rawQuery = "raw_query"
        }
    }

    struct NoPort: Error, CustomStringConvertible {
        var output: String
        var description: String { "the mock server printed no port: \(output)" }
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MockServer/mock_server.py")

    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    private let process: Process
    private let lifeline: Pipe

    init() throws {
        process = Process()
        lifeline = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--lifetime", "120", "--stdin-lifeline"]
        process.standardInput = lifeline
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = text.split(separator: "\n").first.flatMap({ Int($0) }) else {
            process.terminate()
            throw NoPort(output: text)
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? lifeline.fileHandleForWriting.close()
        process.terminate()
    }

    /// Every request received so far (control requests aside), oldest first.
    func requests() async throws -> [Recorded] {
        try JSONDecoder().decode([Recorded].self, from: try await control("GET", "requests"))
    }

    /// The next `count` requests to `path` answer `status` with an error payload.
    func fail(_ path: String, status: Int, count: Int) async throws {
        _ = try await control("POST", "fail?path=\(path)&status=\(status)&count=\(count)")
    }

    /// Requests to `path` wait `milliseconds` before they are answered.
    func delay(_ path: String, milliseconds: Int) async throws {
        _ = try await control("POST", "delay?path=\(path)&ms=\(milliseconds)")
    }

    /// The ratings the server stored, by movie id.
    func ratings() async throws -> [String: Double] {
        try JSONDecoder().decode([String: Double].self, from: try await control("GET", "ratings"))
    }

    private func control(_ method: String, _ path: String) async throws -> Data {
        var request = URLRequest(url: URL(string: "\(baseURL)/_mock/\(path)")!)
        request.httpMethod = method
        return try await URLSession.shared.data(for: request).0
    }
}
#endif
