import Foundation
import LucidCodeGen
import LucidSpec

/// `lucid-gen generate SPEC`: load, validate, render and write — or, with `--check`, only compare.
enum Generate {
    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let testsFolder = arguments.values["--tests"]
        if testsFolder == nil, arguments.values["--tests-module"] != nil {
            return LucidGenCommand.usageError("--tests-module needs --tests", console: console, command: .generate)
        }
        let result = SpecLoader().load(path: arguments.spec)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        let output = arguments.values["--output"] ?? Paths.join(Paths.directory(of: arguments.spec), spec.output)
        if let testsFolder, let message = overlap(output, testsFolder) {
            return LucidGenCommand.usageError(message, console: console, command: .generate)
        }
        do throws(GenerationError) {
            let templates: TemplateSet
            if let folder = arguments.values["--templates"] {
                templates = try TemplateSet.overriding(from: folder)
            } else {
                templates = try TemplateSet.embedded()
            }
            let generator = Generator(spec: spec, specFile: arguments.spec, templates: templates)
            var outputs = [(folder: output, files: try generator.files())]
            if let testsFolder {
                outputs.append((testsFolder, try generator.testFiles(module: arguments.values["--tests-module"])))
            }
            return try write(outputs, check: arguments.flags.contains("--check"), console: console)
        } catch {
            console.err(error.message.contains(": error: ") ? error.message : "lucid-gen: error: \(error.message)")
            return .specErrors
        }
    }

    /// Why the code and test folders cannot be used together: each deletes the generated files it did not
    /// write, so one inside the other would delete the other's files.
    static func overlap(_ output: String, _ tests: String) -> String? {
        let code = URL(fileURLWithPath: output).standardizedFileURL.path
        let test = URL(fileURLWithPath: tests).standardizedFileURL.path
        if code == test || test.hasPrefix(code + "/") || code.hasPrefix(test + "/") {
            return "--tests '\(tests)' must be a folder outside the code's output '\(output)', and not contain it"
        }
        return nil
    }

    /// Plans every folder before writing any, so a folder that cannot be read or written leaves all as they were.
    private static func write(_ outputs: [(folder: String, files: [GeneratedFile])], check: Bool, console: Console) throws(GenerationError) -> ExitCode {
        do {
            let plans = try outputs.map { output throws(OutputError) in
                let writer = OutputWriter(directory: output.folder)
                return (output.folder, writer, try writer.plan(output.files))
            }
            if check {
                let changed = plans.flatMap { folder, _, plan in plan.changedPaths.map { "\(folder)/\($0)" } }
                for path in changed { console.out(path) }
                if !changed.isEmpty { console.err("\(changed.count) generated file(s) are out of date; run 'lucid-gen generate'") }
                return changed.isEmpty ? .success : .specErrors
            }
            for (folder, writer, plan) in plans {
                let summary = try writer.apply(plan)
                console.err("\(folder): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.deleted) deleted")
            }
            return .success
        } catch {
            throw GenerationError(error.message)
        }
    }
}
