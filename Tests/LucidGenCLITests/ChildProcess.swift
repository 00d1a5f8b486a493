import Foundation
import LucidTestSupport

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
        TestProducts.executable("lucid-gen")
    }

    /// Runs `binary arguments...`; a child still running after `timeout` seconds is killed (a hang).
    static func run(_ arguments: [String], timeout: TimeInterval = 20) -> Outcome {
        withTemporaryFolder("child") { folder in
            run(arguments, timeout: timeout, outPath: folder.path + "/out", errPath: folder.path + "/err")
        }
    }

    private static func run(_ arguments: [String], timeout: TimeInterval, outPath: String, errPath: String) -> Outcome {
        // posix_spawn rather than Process, for the child's peak memory (wait4's rusage).
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
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The environment from ProcessInfo: the `environ` global is not visible to Swift on Darwin.
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, binary, &actions, nil, argv, environment) == 0 else {
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
            maxResidentBytes: Self.bytes(maxResidentSet: usage.ru_maxrss),
            timedOut: timedOut)
    }

    /// `ru_maxrss` in bytes: Darwin reports bytes, Linux kilobytes.
    private static func bytes(maxResidentSet: Int) -> Int {
        #if canImport(Darwin)
        return maxResidentSet
        #else
        return maxResidentSet * 1024
        #endif
    }
}
