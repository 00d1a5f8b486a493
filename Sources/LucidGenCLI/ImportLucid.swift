import Foundation
import LucidCodeGen
import LucidImport
import LucidOutput
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
        do throws(OutputError) {
            try SingleFileWriter.write(spec, to: output, mark: mark, command: "import-lucid")
        } catch {
            console.err("lucid-gen: error: \(error.message)")
            return .specErrors
        }
        return .success
    }

    /// What every spec the import writes begins with. `--force` replaces only such a file: a spec the user wrote
    /// is never replaced.
    static let mark = OwnershipMark(family: LucidImporter.header, shown: "'\(LucidImporter.header)'")

    /// Why `output` cannot be written, if it cannot: something is there (without `--force`), or what is there is
    /// not a spec an earlier import wrote.
    private static func refusal(_ output: String, force: Bool) -> String? {
        var status = stat()
        guard lstat(output, &status) == 0 else { return nil }
        if let clash = SingleFileWriter.clash(at: output, mark: mark) {
            return FileClash.message([clash], command: "import-lucid", advice: "Move that file, or name another file.")
        }
        return force ? nil : "'\(output)' already exists; pass --force to replace it"
    }
}
