import Foundation
import LucidImport
import LucidSpec

/// `lucid-gen import-lucid DIR [--output FILE [--force]]`: converts a Lucid description folder into one spec.
enum ImportLucid {
    static func run(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        let output = parsed.values["--output"]
        if parsed.flags.contains("--force"), output == nil {
            return LucidGenCommand.usageError("--force needs --output", console: console, command: .importLucid)
        }
        if let output, let refusal = refusal(output, force: parsed.flags.contains("--force")) {
            console.err("lucid-gen: error: \(refusal)")
            return .specErrors
        }
        let result = LucidImporter.importFolder(parsed.operand, specName: output ?? "<stdout>")
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        guard let output else {
            console.out(String(spec.dropLast()))  // `out` ends the line itself
            return .success
        }
        do {
            try Data(spec.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            console.err("lucid-gen: error: cannot write '\(output)': \(error.localizedDescription)")
            return .specErrors
        }
        return .success
    }

    /// Why `output` cannot be written, if it cannot: it exists (without `--force`), or is not a regular file.
    private static func refusal(_ output: String, force: Bool) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: output) else { return nil }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            return "'\(output)' exists and is not a regular file; name the spec file to write"
        }
        return force ? nil : "'\(output)' already exists; pass --force to replace it"
    }
}
