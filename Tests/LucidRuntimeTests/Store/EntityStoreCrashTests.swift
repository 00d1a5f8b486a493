// These tests start the probe as a child process. iOS, tvOS, watchOS and visionOS have no `Process`, so there the
// file is not compiled: run these tests on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// Kills a process writing a persisted `EntityStore` with SIGKILL, 20 times at moments that differ, and reopens the
/// store each time: the file is always a whole snapshot of one write (every item of one generation), never a mix
/// nor a half-written file, and the temporary file a kill leaves is gone after the reopening. Uses the
/// `store-crash-probe` executable built beside the test bundle.
@Suite(.timeLimit(.minutes(3)))
struct EntityStoreCrashTests {
    static var probePath: String { TestProducts.executable("store-crash-probe") }

    /// Runs the probe in `mode` on `folder`; for `write`, kills it with SIGKILL once it printed `round <rounds>`.
    /// Returns the last line it printed. Its output goes to a file polled with `Task.sleep`, never a blocking read:
    /// a test thread blocked for the whole run (45 s under ThreadSanitizer, which slows each launch) starved the
    /// other tests of the cooperative pool.
    static func run(_ mode: String, _ folder: URL, killAfter rounds: Int? = nil) async throws -> String {
        let output = folder.deletingLastPathComponent().appendingPathComponent(
            folder.lastPathComponent + "-\(mode).out")
        defer { try? FileManager.default.removeItem(at: output) }
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probePath)
        process.arguments = [mode, folder.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        func printed() -> String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        let deadline = ContinuousClock.now + .seconds(60)
        if let rounds {
            while !printed().contains("round \(rounds)\n"), process.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            kill(process.processIdentifier, SIGKILL)
        }
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return printed().split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func aStoreKilledMidWriteReopensWithAWholeSnapshot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lucid-store-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var loaded = 0
        for attempt in 0..<20 {
            let rounds = Int.random(in: 1...30, using: &generator)
            let written = try await Self.run("write", folder, killAfter: rounds)
            #expect(written.hasPrefix("round "), "attempt \(attempt): the probe printed \(written)")
            let read = try await Self.run("read", folder)
            if read == "noFile" {
                #expect(loaded == 0, "attempt \(attempt): a file once written never disappears")
                continue
            }
            let parts = read.split(separator: " ")
            #expect(parts.count == 4 && parts[0] == "loaded" && parts[1] == "200", "attempt \(attempt): \(read)")
            #expect(parts.count == 4 && !parts[3].contains(","), "attempt \(attempt): one write's snapshot: \(read)")
            loaded += 1
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == ["item.entities.json"], "attempt \(attempt): a kill's temporary file is cleaned: \(names)")
        }
        #expect(loaded >= 15, "most attempts ran long enough to write")
    }
}
#endif
