import Foundation
import Testing

@testable import LucidGenCLI

/// The options table (`Subcommand.options`) is the one place an option is written: the parser, the usage lines
/// and the help come from it, and the README's command table must name every option too.
struct HelpTests {
    @Test(arguments: Subcommand.allCases)
    func everyOptionIsParsedAndDocumented(command: Subcommand) {
        for option in command.options {
            #expect(Help.usage(for: command).contains(option.name), "\(option.name) missing from the usage")
            #expect(Help.text(for: command).contains("\n  \(option.name)"), "\(option.name) missing from the help")
            #expect(Help.general.contains(option.name), "\(option.name) missing from the general help")
            #expect((command.valueOptions + command.flags).contains(option.name))
        }
        #expect(Set(command.valueOptions + command.flags).count == command.options.count)
    }

    @Test func theReadmeCommandTableNamesEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").filter {
            $0.hasPrefix("| `lucid-gen ")
        }
        for command in Subcommand.allCases {
            let row = try #require(rows.first { $0.hasPrefix("| `lucid-gen \(command.rawValue) ") }, "no README row")
            for option in command.options {
                #expect(row.contains(option.name), "README's \(command.rawValue) row lacks \(option.name)")
            }
        }
    }

    /// A command's help lists only the exit codes that apply to it: no other command's options, operands or name.
    @Test(arguments: Subcommand.allCases)
    func exitCodesAreTheCommandsOwn(command: Subcommand) throws {
        let help = Help.text(for: command)
        let section = try #require(help.range(of: "EXIT CODES:").map { String(help[$0.lowerBound...]) })
        #expect(section.contains("  0  success") && section.contains("\n  1  ") && section.contains("\n  2  "))
        let options = section.split(whereSeparator: { !$0.isLetter && $0 != "-" }).filter { $0.hasPrefix("--") }
        for option in options {
            #expect(command.options.contains { $0.name == option }, "\(command.rawValue)'s exit codes name \(option)")
        }
        for placeholder in ["FILE", "DIR"] where section.contains(placeholder) {
            #expect(
                Help.usage(for: command).contains(placeholder), "\(command.rawValue)'s exit codes name \(placeholder)")
        }
        for other in Subcommand.allCases where other != command && other.rawValue.count > 4 {
            #expect(!section.contains(other.rawValue), "\(command.rawValue)'s exit codes name \(other.rawValue)")
        }
        #expect(!section.contains("init found"), "the exit codes of every command in one list")
    }

    @Test func helpLinesKeepTheirColumns() {
        let short = CommandOption("--check", help: ["Write nothing.", "Second line."]).helpLines
        #expect(short == ["  --check           Write nothing.", "                    Second line."])
        let long = CommandOption("--files-per-kind", "N", help: ["Spread."]).helpLines
        #expect(long == ["  --files-per-kind N", "                    Spread."])
        #expect(CommandOption("--tests-module", "NAME", usage: .some(nil), help: []).usage == nil)
        #expect(CommandOption("--output", "DIR", help: []).usage == "[--output DIR]")
    }
}
