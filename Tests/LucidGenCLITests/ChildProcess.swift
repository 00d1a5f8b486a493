import Foundation
import LucidTestSupport

/// Runs the built `lucid-gen` as a child process and reports its exit status, output and peak memory.
///
/// `posix_spawn` rather than `Process`, for the child's peak memory (`wait4`'s rusage). Written for Linux and
/// Darwin alike: the file actions' type, the environment and `ru_maxrss`'s unit differ between them.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Peak resident memory of the child, in bytes (from `wait4`'s rusage).
        var maxResidentBytes: Int
        var timedOut: Bool
    }

    /// How a reaped child ended.
    private struct Ending {
        /// The raw wait status.
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        /// Linux: the highest `VmHWM` read from `/proc` while the child ran, in bytes.
        var sampledPeak = 0
    }

    /// The `lucid-gen` binary beside the test bundle (SwiftPM builds it because the tests depend on it).
    static var binary: String {
        TestProducts.executable("lucid-gen")
    }

    /// Runs `binary arguments...`; a child still running after `timeout` seconds is killed (a hang). Its output
    /// goes through files in a temporary folder, removed before this returns.
    ///
    /// The timeout is a hang guard, not a speed bound (`make bench` measures speed): two minutes, far beyond what a
    /// debug build needs for the largest hostile input on a machine busy with other builds.
    static func run(_ arguments: [String], timeout: TimeInterval = 120) -> Outcome {
        withTemporaryFolder("child") { folder in
            let outPath = folder.appendingPathComponent("out").path
            let errPath = folder.appendingPathComponent("err").path
            guard let pid = spawn([binary] + arguments, outPath: outPath, errPath: errPath) else {
                return Outcome(status: -1, stdout: "", stderr: "spawn failed", maxResidentBytes: 0, timedOut: false)
            }
            let ending = reap(pid, timeout: timeout)
            return Outcome(
                status: exitStatus(ending.status),
                stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                maxResidentBytes: peakResidentBytes(of: ending),
                timedOut: ending.timedOut)
        }
    }

    /// Starts `argv[0]` with `argv` and this process's environment, stdin from /dev/null, stdout into a new file
    /// at `outPath` and stderr at `errPath`; nil when it cannot be started.
    private static func spawn(_ argv: [String], outPath: String, errPath: String) -> pid_t? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = cStrings(argv)
        defer { arguments.forEach { free($0) } }
        // The environment from ProcessInfo: the `environ` global is not visible to Swift on Darwin.
        let environment = cStrings(ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        return posix_spawn(&pid, argv[0], &actions, nil, arguments, environment) == 0 ? pid : nil
    }

    /// `strings` as a NULL-terminated array of C strings, for `argv` and `envp`; the caller frees each.
    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }

    /// Waits for `pid` to end, killing it once `timeout` seconds have passed.
    private static func reap(_ pid: pid_t, timeout: TimeInterval) -> Ending {
        var ending = Ending()
        let deadline = Date().addingTimeInterval(timeout)
        while wait4(pid, &ending.status, WNOHANG, &ending.usage) == 0 {
            ending.sampledPeak = max(ending.sampledPeak, highWaterMark(of: pid))
            if Date() > deadline {
                kill(pid, SIGKILL)
                ending.timedOut = true
                wait4(pid, &ending.status, 0, &ending.usage)
                break
            }
            usleep(1_000)
        }
        return ending
    }

    /// The child's peak memory. Darwin: `wait4`'s `ru_maxrss`. Linux: the peak sampled from `/proc` while it ran,
    /// because there `ru_maxrss` is no measure of the child: glibc's `posix_spawn` starts it in this process's
    /// memory (`CLONE_VM`), and the kernel carries that memory's peak — this test process's, hundreds of MB with
    /// the bodies other tests read — into the child's `ru_maxrss` when it execs. Sampled every millisecond, a child
    /// that ends first (an error on the first lines) shows 0: too short a life to build a large heap.
    private static func peakResidentBytes(of ending: Ending) -> Int {
        #if canImport(Darwin)
        return Int(ending.usage.ru_maxrss)
        #else
        return ending.sampledPeak
        #endif
    }

    /// `VmHWM` of `/proc/<pid>/status` in bytes (the peak resident memory of the process's own address space); 0
    /// where there is none (not Linux, or the process has ended).
    private static func highWaterMark(of pid: pid_t) -> Int {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
        #else
        return 0  // Darwin's `ru_maxrss` is the child's own (see `peakResidentBytes(of:)`).
        #endif
    }

    /// The exit code of a wait status, or minus the signal that ended the process.
    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
    }
}
