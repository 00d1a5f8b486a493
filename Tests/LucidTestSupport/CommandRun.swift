#if os(macOS) || os(Linux)
import Foundation

/// A command a test runs (through `/usr/bin/env`, so by name from PATH): its exit status and what it printed, its
/// standard output and error interleaved as a terminal would show them.
public struct CommandRun: Sendable {
    public var status: Int32
    public var output: String

    /// Runs `arguments` in `folder` (the test process's own when nil) and waits for it to end.
    public static func run(_ arguments: [String], in folder: URL? = nil) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
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
