// Busy loops run as child processes. iOS, tvOS, watchOS and visionOS have no `Process`, so there the file is not
// compiled: run the tests that use it on macOS or Linux (`swift test`).
#if os(macOS) || os(Linux)
import Foundation

/// Keeps every core busy with a shell loop of its own, for tests and benchmarks that must hold on a loaded machine
/// (where the threads of the code under test get only part of a core, and late).
///
/// The loops run at the lowered priority `niceness` (`nice -n`), so that they take the cores from work started at
/// the same priority (run it with `BusyCores.nice`) and hardly from the rest of a test run, whose timing they would
/// otherwise upset.
///
/// `stop()` ends the loops (with SIGKILL: a child of the test runner may not see SIGTERM); a loop left behind ends by
/// itself within two minutes, or soon after the test process is gone.
public final class BusyCores: @unchecked Sendable {
    // `@unchecked`: `processes` is only used in `init` and `stop()`, which a test calls once.

    private let processes: [Process]

    /// The priority the loops run at: what `nice -n` adds.
    public static let niceness = 10

    /// `/usr/bin/nice`, to start a command at the loops' priority: `nice -n <niceness> <command> <arguments...>`.
    public static let nice = URL(fileURLWithPath: "/usr/bin/nice")

    /// The arguments of `nice` that run `executable` with `arguments` at the loops' priority.
    public static func niceArguments(_ executable: String, _ arguments: [String]) -> [String] {
        ["-n", String(niceness), executable] + arguments
    }

    /// Starts `count` busy loops (default: one per active core).
    public init(count: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        var started: [Process] = []
        let parent = ProcessInfo.processInfo.processIdentifier
        // Spins, checking now and then that the test process is still there and that the two minutes are not over.
        let loop = """
            end=$(( $(date +%s) + 120 ))
            while kill -0 \(parent) 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do
                i=0; while [ "$i" -lt 20000 ]; do i=$((i + 1)); done
            done
            """
        do {
            for _ in 0..<max(1, count) {
                let process = Process()
                process.executableURL = Self.nice
                process.arguments = Self.niceArguments("/bin/sh", ["-c", loop])
                try process.run()
                started.append(process)
            }
        } catch {
            Self.end(started)
            throw error
        }
        processes = started
    }

    /// Ends the loops and waits for them.
    public func stop() {
        Self.end(processes)
    }

    private static func end(_ processes: [Process]) {
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
    }
}
#endif
