import Foundation
import Testing

@testable import LucidGenCLI

/// Every subcommand is named where a reader looks for it: the general help (written by hand), the README's command
/// table and docs/Architecture.md's diagram. CONTRIBUTING's "Adding a subcommand" relies on this suite.
@Suite struct SubcommandDocsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: Subcommand.allCases)
    func theGeneralHelpListsTheCommand(command: Subcommand) {
        #expect(Help.general.contains("\n  \(command.rawValue) \(command.operand.usage)"))
    }

    @Test(arguments: Subcommand.allCases)
    func theReadmeTableHasARowForTheCommand(command: Subcommand) throws {
        let rows = try Self.text("README.md").split(separator: "\n").filter { $0.hasPrefix("| `lucid-gen ") }
        #expect(rows.contains { $0.hasPrefix("| `lucid-gen \(command.rawValue) \(command.operand.usage)") })
    }

    @Test(arguments: Subcommand.allCases)
    func theArchitectureDiagramNamesTheCommand(command: Subcommand) throws {
        let line = try #require(
            try Self.text("docs/Architecture.md").split(separator: "\n").first { $0.contains("LucidGenCLI: lint") })
        let names = line.split(separator: ":", maxSplits: 1).last?.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(names?.contains(command.rawValue) == true, "docs/Architecture.md's LucidGenCLI line")
    }
}
