import LucidCodeGen
import LucidSpec

/// `lucid-gen generate SPEC`: load, validate, render and write — or, with `--check`, only compare.
enum Generate {
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let result = SpecLoader().load(path: arguments.spec)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        let output = arguments.values["--output"] ?? Paths.join(Paths.directory(of: arguments.spec), spec.output)
        do throws(GenerationError) {
            let templates: TemplateSet
            if let folder = arguments.values["--templates"] {
                templates = try TemplateSet.overriding(from: folder)
            } else {
                templates = try TemplateSet.embedded()
            }
            let files = try Generator(spec: spec, specFile: arguments.spec, templates: templates).files()
            return try write(files, to: output, check: arguments.flags.contains("--check"), console: console)
        } catch {
            console.err(error.message.contains(": error: ") ? error.message : "lucid-gen: error: \(error.message)")
            return .specErrors
        }
    }

    private static func write(_ files: [GeneratedFile], to output: String, check: Bool, console: Console) throws(GenerationError) -> ExitCode {
        let writer = OutputWriter(directory: output)
        do {
            let plan = try writer.plan(files)
            if check {
                for path in plan.changedPaths { console.out("\(output)/\(path)") }
                if !plan.isEmpty { console.err("\(plan.changedPaths.count) generated file(s) are out of date; run 'lucid-gen generate'") }
                return plan.isEmpty ? .success : .specErrors
            }
            let summary = try writer.apply(plan)
            console.err("\(output): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.deleted) deleted")
            return .success
        } catch {
            throw GenerationError(error.message)
        }
    }
}
