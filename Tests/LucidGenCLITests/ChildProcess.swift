import Foundation

/// Runs the built `lucid-gen` as a child process and reports its exit status, output and peak memory.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Peak resident memory of the child, in bytes (from `wait4`'s rusage).
        var maxResidentBytes: Int
        var timedOut: Bool
    }

    /// The `lucid-gen` binary beside the test bundle (SwiftPM builds it because the tests depend on it).
    static var binary: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("lucid-gen").path
    }

    /// Runs `binary arguments...`; a child still running after `timeout` seconds is killed (a hang).
    static func run(_ arguments: [String], timeout: TimeInterval = 20) -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/out", errPath = folder + "/err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            return Outcome(status: -1, stdout: "", stderr: "spawn failed", maxResidentBytes: 0, timedOut: false)
        }
        var status: Int32 = 0
        var usage = rusage()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                timedOut = true
                wait4(pid, &status, 0, &usage)
                break
            }
            usleep(5_000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
        return Outcome(
            status: exitStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            maxResidentBytes: usage.ru_maxrss * 1024,
            timedOut: timedOut)
    }
}
