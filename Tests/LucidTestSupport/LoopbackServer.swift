// These tests start a server (or a probe) as a child process. iOS, tvOS, watchOS and visionOS have no `Process`,
// so there the file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation

/// Runs `Tests/Support/loopback_server.py` (python3 from PATH) on 127.0.0.1 for integration tests.
///
/// The server prints its port on its first line and exits when its stdin closes — when `stop()` is called or
/// this test process ends — or after its bounded lifetime.
public final class LoopbackServer: @unchecked Sendable {
    // `@unchecked`: `process` and `input` are only used in `init` and `stop()`, which `Process` tolerates.

    public enum Failure: Error, CustomStringConvertible {
        case noPython
        case noPort(String)

        public var description: String {
            switch self {
            case .noPython: "python3 is not on PATH"
            case .noPort(let output): "the loopback server printed no port: \(output)"
            }
        }
    }

    /// The server the integration tests share, started on first use. It lives as long as the test process (it
    /// exits when its stdin closes); its bound is only a backstop, so it must outlast a whole `swift test` run on a
    /// busy 2-core machine (137 s now; the bound was 120 s, which a test late in a run could outlive).
    public static let shared: Result<LoopbackServer, any Error> = Result { try LoopbackServer(lifetime: 900) }

    /// python3 from PATH, if any.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// `Tests/Support/loopback_server.py`, found from this file.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LucidTestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Support/loopback_server.py")

    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: String
    private let process: Process
    private let input: Pipe

    public init(lifetime: Int = 120) throws {
        guard let python = Self.python else { throw Failure.noPython }
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = python
        process.arguments = [Self.script.path, String(lifetime)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()

        // The server prints its port at once; EOF (it died) ends the loop too.
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, let port = Int(line.trimmingCharacters(in: .whitespaces))
        else {
            process.terminate()
            throw Failure.noPort(text)
        }
        self.port = port
        self.baseURL = "http://127.0.0.1:\(port)"
        self.process = process
        self.input = input
    }

    /// Stops the server.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}
#endif
