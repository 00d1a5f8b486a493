import Foundation

/// Where the command writes: standard output for results, standard error for diagnostics.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's own standard output and error.
    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
}

/// The exit codes of `lucid-gen`, documented in `--help`.
public enum ExitCode: Int32, Sendable {
    /// Success (warnings may have been printed).
    case success = 0
    /// The spec has errors.
    case specErrors = 1
    /// The command line was wrong.
    case usage = 2
}
