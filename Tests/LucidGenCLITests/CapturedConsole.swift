import LucidGenCLI
import LucidTestSupport

/// A console that keeps what a command printed, for in-process tests.
final class CapturedConsole: Sendable {
    private let lines = Locked<(out: [String], err: [String])>(([], []))

    var console: Console {
        Console(
            out: { text in self.lines.withLock { $0.out.append(text) } },
            err: { text in self.lines.withLock { $0.err.append(text) } })
    }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }

    /// Runs `lucid-gen` in-process with `arguments`, and by default without generation stamps (a test that
    /// wants them names its own cache folder), so no test reads or writes the user's cache.
    static func run(
        _ arguments: [String], environment: [String: String] = ["LUCID_GEN_CACHE": "off"]
    ) -> (code: ExitCode, out: String, err: String) {
        let captured = CapturedConsole()
        let code = LucidGenCommand.run(arguments, console: captured.console, environment: environment)
        return (code, captured.out, captured.err)
    }
}
