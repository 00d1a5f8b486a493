import Foundation
import LucidCodeGen
import LucidExport
import LucidOutput
import LucidSpec

/// `lucid-gen openapi SPEC [--output FILE]`: print (or write) the OpenAPI 3.1 document of the spec's services.
enum OpenAPIExport {
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let result = SpecLoader().load(path: arguments.spec)
        guard let spec = result.spec, !result.diagnostics.containsErrors else {
            Lint.report(result.diagnostics, console: console)
            return .specErrors
        }
        let export = OpenAPIDocument.export(spec)
        Lint.report(result.diagnostics + export.diagnostics, console: console)
        let text = export.document.serialized()
        guard let output = arguments.values["--output"] else {
            console.out(text)
            return .success
        }
        return write(text, to: output, spec: spec, console: console)
    }

    /// Writes the document to `path` (atomically, creating missing folders). A file the spec was read from is a
    /// usage error; a file lucid-gen did not export, or one that cannot be written, is an error (exit 1), as in
    /// `generate`.
    private static func write(_ text: String, to path: String, spec: Spec, console: Console) -> ExitCode {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let inputs = spec.files.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        if inputs.contains(target) {
            let message = "--output '\(path)' is a file the spec is read from; write the document elsewhere"
            return LucidGenCommand.usageError(message, console: console, command: .openapi)
        }
        do throws(OutputError) {
            try SingleFileWriter.write(text + "\n", to: path, mark: mark, command: "openapi")
            return .success
        } catch {
            console.err("lucid-gen: error: \(error.message)")
            return .specErrors
        }
    }

    /// What every document lucid-gen exports begins with: only such a file is replaced.
    static let mark = OwnershipMark(
        family: OpenAPIDocument.generatedByPrefix, shown: #"the key "x-generated-by": "lucid-gen …""#)
}
