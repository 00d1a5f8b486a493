import Foundation
import LucidCodeGen
import LucidImport
import LucidOutput
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
        let overlay = parsed.values["--overlay"] ?? output.flatMap(defaultOverlay)
        let options = OpenAPIImportOptions(
            examplesFolder: output.map { ($0 as NSString).deletingLastPathComponent }, overlay: overlay,
            overlayToCreate: output.map(overlayPath), referenceRoot: parsed.values["--ref-root"])
        let result = OpenAPIImporter.importDocument(parsed.operand, specName: output ?? "<stdout>", options: options)
        Lint.report(result.diagnostics, console: console)
        if let overlay, result.spec != nil { console.err("import-openapi: applied the overlay \(overlay)") }
        // With --output the summary waits for the files to be written: "imported …" before "nothing was written"
        // read as a contradiction.
        if result.spec == nil || output == nil { console.err("import-openapi: " + result.summary) }
        guard let spec = result.spec else { return .specErrors }
        guard let output else {
            if result.unwrittenExamples > 0 {
                console.err(
                    "import-openapi: note: the document's \(result.unwrittenExamples) response example(s) are not"
                        + " written: the spec goes to standard output; with --output SPEC they become example files"
                        + " beside it that the spec names")
            }
            console.out(String(spec.dropLast()))  // `out` ends the line itself
            return .success
        }
        let files = ImportOpenAPIFiles(spec: output)
        let plan = files.plan(result.examples)
        if !plan.clashes.isEmpty {
            let count = plan.clashes.count == 1 ? "a path" : "\(plan.clashes.count) paths"
            console.err(
                "lucid-gen: error: import-openapi found \(count) it may not write over; nothing was written:\n"
                    + plan.clashes.map { "  " + $0 }.joined(separator: "\n")
                    + "\nMove \(plan.clashes.count == 1 ? "that file" : "those files"), or write the spec into another"
                    + " folder.")
            return .specErrors
        }
        do throws(OutputError) {
            try files.write(plan, examples: result.examples)
            try SingleFileWriter.write(spec, to: output, mark: mark, command: "import-openapi")
        } catch {
            console.err("lucid-gen: error: \(error.message)")
            return .specErrors
        }
        console.err("import-openapi: " + result.summary)
        for path in plan.kept {
            console.err(
                "import-openapi: note: \(path) is kept: the document no longer has that example, and it was"
                    + " edited since the import wrote it")
        }
        return .success
    }

    /// The overlay an import to `output` applies when none is named: `<stem>.overlay.yaml` beside the spec
    /// (`api.lucid.yaml` → `api.overlay.yaml`), when it exists. It does not end in `.lucid.yaml`, so that the
    /// build plugins do not read it as a spec.
    static func defaultOverlay(_ output: String) -> String? {
        let path = overlayPath(for: output)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func overlayPath(for output: String) -> String {
        var stem = output
        for suffix in [".lucid.yaml", ".yaml", ".yml"] where stem.hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            break
        }
        return stem + ".overlay.yaml"
    }

    /// What every spec the import writes begins with. `--force` replaces only such a file.
    static let mark = OwnershipMark(family: OpenAPIImporter.header, shown: "'\(OpenAPIImporter.header)'")

    private static func refusal(_ output: String, force: Bool) -> String? {
        // `generate --output` names a folder; this one names the spec: say so before anything is written (an
        // `--output dir/` that does not exist yet would otherwise get the examples and fail at the spec).
        var isFolder: ObjCBool = false
        if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
                && isFolder.boolValue)
        {
            let folder = output.hasSuffix("/") ? String(output.dropLast()) : output
            return "'\(output)' is a folder: --output names the spec file to write, such as"
                + " '\(folder)/api.lucid.yaml' (its examples go beside it)"
        }
        var status = stat()
        guard lstat(output, &status) == 0 else { return nil }
        if let clash = SingleFileWriter.clash(at: output, mark: mark) {
            return FileClash.message(
                [clash], command: "import-openapi", advice: "Move that file, or name another file.")
        }
        return force ? nil : "'\(output)' already exists; pass --force to replace it"
    }
}
