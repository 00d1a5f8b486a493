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
    /// Returns the last line it printed.
    static func run(_ mode: String, _ folder: URL, killAfter rounds: Int? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probePath)
        process.arguments = [mode, folder.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        if let rounds {
            while !text.contains("round \(rounds)\n"), Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGKILL)
        } else {
            text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        process.waitUntilExit()
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func aStoreKilledMidWriteReopensWithAWholeSnapshot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lucid-store-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var loaded = 0
        for attempt in 0..<20 {
            let rounds = Int.random(in: 1...30, using: &generator)
            let written = try Self.run("write", folder, killAfter: rounds)
            #expect(written.hasPrefix("round "), "attempt \(attempt): the probe printed \(written)")
            let read = try Self.run("read", folder)
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
