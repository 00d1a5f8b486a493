import LucidSpec

/// The `lucid-gen` command line: parses arguments and runs one subcommand.
public enum LucidGenCommand {
    public static let version = "0.1.0"

    /// Runs `lucid-gen` with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
        guard let first = arguments.first else {
            console.err(Help.general)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            return help(Array(arguments.dropFirst()), console: console)
        case "--version":
            console.out("lucid-gen \(version)")
            return .success
        default:
            guard let command = Subcommand(rawValue: first) else {
                let hint = Suggestions.hint(for: first, in: Subcommand.allCases.map(\.rawValue)).map { " (\($0))" } ?? ""
                return usageError("unknown command '\(first)'\(hint)", console: console)
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Help.text(for: command))
                return .success
            }
            return command.run(rest, console: console)
        }
    }

    private static func help(_ arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first else {
            console.out(Help.general)
            return .success
        }
        guard let command = Subcommand(rawValue: name) else {
            return usageError("unknown command '\(name)'", console: console)
        }
        console.out(Help.text(for: command))
        return .success
    }

    static func usageError(_ message: String, console: Console, command: Subcommand? = nil) -> ExitCode {
        let usage = command.map { "usage: \(Help.usage(for: $0))" } ?? "run 'lucid-gen --help' for usage"
        console.err("lucid-gen: error: \(message)\n\(usage)")
        return .usage
    }
}

/// The subcommands of `lucid-gen`.
enum Subcommand: String, CaseIterable {
    case lint, dump

    func run(_ arguments: [String], console: Console) -> ExitCode {
        var parser = ArgumentParser(arguments: arguments, command: self)
        guard let spec = parser.onlyPositional("SPEC", console: console) else { return .usage }
        switch self {
        case .lint: return Lint.run(spec: spec, console: console)
        case .dump: return Dump.run(spec: spec, console: console)
        }
    }
}

/// A deliberately small parser: lucid-gen's commands take few arguments.
struct ArgumentParser {
    var arguments: [String]
    let command: Subcommand

    /// The single positional argument, or nil after printing a usage error.
    mutating func onlyPositional(_ name: String, console: Console) -> String? {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            _ = LucidGenCommand.usageError("unknown option '\(option)' for '\(command.rawValue)'", console: console, command: command)
            return nil
        }
        guard arguments.count == 1 else {
            let problem = arguments.isEmpty ? "missing \(name)" : "expected one \(name), found \(arguments.count) arguments"
            _ = LucidGenCommand.usageError(problem, console: console, command: command)
            return nil
        }
        return arguments[0]
    }
}
