import Foundation
import LucidCodeGen
import LucidImport
import LucidSpec

/// `lucid-gen import-openapi DOC [--output FILE [--force]]`: converts an OpenAPI document into one spec.
enum ImportOpenAPI {
    static func run(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        let output = parsed.values["--output"]
        if parsed.flags.contains("--force"), output == nil {
            return LucidGenCommand.usageError("--force needs --output", console: console, command: .importOpenAPI)
        }
        if let output, let refusal = refusal(output, force: parsed.flags.contains("--force")) {
            console.err("lucid-gen: error: \(refusal)")
            return .specErrors
        }
        let result = OpenAPIImporter.importDocument(parsed.operand, specName: output ?? "<stdout>")
        Lint.report(result.diagnostics, console: console)
        console.err("import-openapi: " + result.summary)
        guard let spec = result.spec else { return .specErrors }
        guard let output else {
            console.out(String(spec.dropLast()))  // `out` ends the line itself
            return .success
        }
        do throws(OutputError) {
            try SingleFileWriter.write(spec, to: output, mark: mark, command: "import-openapi")
        } catch {
            console.err("lucid-gen: error: \(error.message)")
            return .specErrors
        }
        return .success
    }

    /// What every spec the import writes begins with. `--force` replaces only such a file.
    static let mark = OwnershipMark(family: OpenAPIImporter.header, shown: "'\(OpenAPIImporter.header)'")

    private static func refusal(_ output: String, force: Bool) -> String? {
        var status = stat()
        guard lstat(output, &status) == 0 else { return nil }
        if let clash = SingleFileWriter.clash(at: output, mark: mark) {
            return FileClash.message(
                [clash], command: "import-openapi", advice: "Move that file, or name another file.")
        }
        return force ? nil : "'\(output)' already exists; pass --force to replace it"
    }
}
