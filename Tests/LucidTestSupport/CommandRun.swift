#if os(macOS) || os(Linux)
import Foundation

/// A command a test runs (through `/usr/bin/env`, so by name from PATH): its exit status and what it printed, its
/// standard output and error interleaved as a terminal would show them.
public struct CommandRun: Sendable {
    public var status: Int32
    public var output: String

    /// Runs `arguments` in `folder` (the test process's own when nil), with `environment` over the test process's
    /// own, and waits for it to end.
    public static func run(
        _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // One pipe for both streams: reading it to its end cannot block the other.
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, output: output)
    }
}
#endif
