import Foundation
import LucidCodeGen
import LucidSpec

/// The `lucid-gen` command line: parses arguments and runs one subcommand.
public enum LucidGenCommand {
    public static let version = GeneratorVersion.current

    /// Runs `lucid-gen` with `arguments` (without the program name) and returns the exit code. `environment` is
    /// where `generate` finds `SRCROOT` and `LUCID_GEN_CACHE` (tests pass their own).
    public static func run(
        _ arguments: [String], console: Console = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ExitCode {
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
                let hint =
                    Suggestions.hint(for: first, in: Subcommand.allCases.map(\.rawValue)).map { " (\($0))" } ?? ""
                return usageError("unknown command '\(first)'\(hint)", console: console)
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Help.text(for: command))
                return .success
            }
            return command.run(rest, console: console, environment: environment)
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
    case lint, dump, generate, graph, openapi
    case initialize = "init"
    case importLucid = "import-lucid"
    case importOpenAPI = "import-openapi"

    /// What the command takes besides options.
    var operand: Operand {
        switch self {
        case .lint, .dump, .generate, .graph, .openapi: return Operand(name: "SPEC")
        case .initialize: return Operand(name: "DIR", isOptional: true)
        case .importLucid: return Operand(name: "DIR")
        case .importOpenAPI: return Operand(name: "DOC")
        }
    }

    /// Options that take a value, and flags, per command (from `options`).
    var valueOptions: [String] { options.filter { $0.value != nil }.map(\.name) }
    var flags: [String] { options.filter { $0.value == nil }.map(\.name) }

    func run(_ arguments: [String], console: Console, environment: [String: String]) -> ExitCode {
        guard let parsed = ArgumentParser(command: self).parse(arguments, console: console) else { return .usage }
        if parsed.flags.contains("--quiet") && parsed.flags.contains("--verbose") {
            return LucidGenCommand.usageError(
                "--quiet and --verbose cannot be used together", console: console, command: self)
        }
        switch self {
        case .lint:
            return Lint.run(
                spec: parsed.spec, quiet: parsed.flags.contains("--quiet"),
                unreadKeys: parsed.flags.contains("--unread-keys"), console: console)
        case .dump: return Dump.run(spec: parsed.spec, console: console)
        case .generate: return Generate.run(parsed, console: console, environment: environment)
        case .graph: return Graph.run(spec: parsed.spec, console: console)
        case .initialize: return Init.run(folder: parsed.operand, console: console)
        case .importLucid: return ImportLucid.run(parsed, console: console)
        case .importOpenAPI: return ImportOpenAPI.run(parsed, console: console)
        case .openapi: return OpenAPIExport.run(parsed, console: console)
        }
    }
}

/// What a command takes besides options: `SPEC` for most, a folder for others, perhaps optional.
struct Operand {
    /// The placeholder usage lines and messages show: `SPEC`, `DIR`.
    var name: String
    var isOptional = false

    /// `SPEC`, or `[DIR]` when it may be left out.
    var usage: String { isOptional ? "[\(name)]" : name }
}

/// A command's arguments once parsed: the operand, options with values, and flags.
struct ParsedArguments {
    /// The operand (the spec for most commands); empty when an optional operand was left out.
    var operand: String
    var spec: String { operand }
    var values: [String: String] = [:]
    var flags: Set<String> = []
}

/// A deliberately small parser: lucid-gen's commands take one spec and a few options.
struct ArgumentParser {
    let command: Subcommand

    /// The parsed arguments, or nil after printing a usage error.
    func parse(_ arguments: [String], console: Console) -> ParsedArguments? {
        var positionals: [String] = []
        var parsed = ParsedArguments(operand: "")
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inlineValue) = Self.split(argument)
            if command.valueOptions.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    return fail("\(name) needs a value", console)
                }
                if inlineValue == nil { index += 1 }
                parsed.values[name] = value
            } else if command.flags.contains(argument) {
                parsed.flags.insert(argument)
            } else if argument.hasPrefix("-"), argument != "-" {
                let hint =
                    Suggestions.hint(for: name, in: command.valueOptions + command.flags).map { " (\($0))" } ?? ""
                return fail("unknown option '\(argument)' for '\(command.rawValue)'\(hint)", console)
            } else {
                positionals.append(argument)
            }
        }
        let operand = command.operand
        guard positionals.count == 1 || (positionals.isEmpty && operand.isOptional) else {
            return fail(
                positionals.isEmpty
                    ? "missing \(operand.name)" : "expected one \(operand.name), found \(positionals.count) arguments",
                console)
        }
        parsed.operand = positionals.first ?? ""
        return parsed
    }

    /// `--output=DIR` → (`--output`, `DIR`).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private func fail(_ message: String, _ console: Console) -> ParsedArguments? {
        _ = LucidGenCommand.usageError(message, console: console, command: command)
        return nil
    }
}
