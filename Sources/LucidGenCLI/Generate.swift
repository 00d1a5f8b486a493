import Foundation
import LucidCodeGen
import LucidOutput
import LucidSpec
import LucidSupport

/// `lucid-gen generate SPEC`: load, validate, render and write — or, with `--check`, only compare.
enum Generate {
    /// One output folder and the files it should hold.
    private struct Output {
        var folder: String
        var files: [GeneratedFile]
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) -> ExitCode {
        let started = ContinuousClock.now
        let startedAt = Date()
        let testsFolder = arguments.values["--tests"]
        if testsFolder == nil, arguments.values["--tests-module"] != nil {
            return LucidGenCommand.usageError("--tests-module needs --tests", console: console, command: .generate)
        }
        var layout: FixedLayout?
        if let value = arguments.values["--files-per-kind"] {
            guard let count = Int(value), (1...FixedLayout.maxFilesPerKind).contains(count) else {
                let message = "--files-per-kind takes a number from 1 to \(FixedLayout.maxFilesPerKind), not '\(value)'"
                return LucidGenCommand.usageError(message, console: console, command: .generate)
            }
            layout = FixedLayout(filesPerKind: count)
        }
        let stamps = StampStore(environment: environment)
        let command = commandKey(arguments, environment: environment)
        let tool = GenerationStamp.currentTool()
        if let stamp = stamps.stamp(for: command), stamp.isCurrent(tool: tool) {
            return replay(stamp, arguments: arguments, started: started, console: console)
        }
        let result = SpecLoader().load(path: arguments.spec)
        Lint.report(result.diagnostics, console: console)
        guard let spec = result.spec else { return .specErrors }
        let output = arguments.values["--output"] ?? Paths.join(Paths.directory(of: arguments.spec), spec.output)
        for (option, folder) in [("--output", arguments.values["--output"]), ("--tests", testsFolder)] {
            guard let folder,
                let problem = OutputFolderRule.problem(folder: folder, specFolder: Paths.directory(of: arguments.spec))
            else { continue }
            let message = "\(option) '\(folder)' cannot be an output folder: \(problem); \(OutputFolderRule.hint)"
            return LucidGenCommand.usageError(message, console: console, command: .generate)
        }
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
            let header = GeneratedHeader.text(specFile: arguments.spec)
            var code = try generator.files()
            code = try layout?.bundle(code, header: header) ?? KindLayout().bundle(code, header: header)
            var outputs = [Output(folder: output, files: code)]
            if let testsFolder {
                outputs.append(
                    Output(
                        folder: testsFolder, files: try generator.testFiles(module: arguments.values["--tests-module"]))
                )
            }
            let lists = FileLists(arguments).contents(
                inputs: spec.files + templates.files,
                outputs: outputs.flatMap { output in output.files.map { output.folder + "/" + $0.path } },
                spec: arguments.spec, projectFolder: FileLists.projectFolder(environment: environment))
            let check = arguments.flags.contains("--check")
            let exit = try write(
                outputs, spec: arguments.spec, lists: lists, check: check, verbosity: Verbosity(arguments.flags),
                started: started, console: console)
            // With stamps off (`LUCID_GEN_CACHE=off`) none is kept, so none is made: making one reads every input
            // and stats every output.
            if exit == .success, !check, stamps.folder != nil {
                let stamp = GenerationStamp.record(
                    command: command, tool: tool, spec: arguments.spec, inputs: spec.files + templates.files,
                    patterns: result.includePatterns + templatePatterns(arguments),
                    outputs: outputs.map { ($0.folder, $0.files.map(\.path)) }, lists: lists.map(\.path),
                    report: Lint.reportLines(result.diagnostics), startedAt: startedAt)
                if let stamp { stamps.save(stamp) }
            }
            return exit
        } catch {
            console.err(error.description)
            return .specErrors
        }
    }

    /// The command as a stamp knows it: the working folder, the spec, every option that shapes the output and
    /// `SRCROOT` (the file lists' project folder). `--quiet`, `--verbose` and `--check` change what is printed,
    /// not what is written, so they share one stamp.
    static func commandKey(_ arguments: ParsedArguments, environment: [String: String]) -> String {
        let options = arguments.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let flags = arguments.flags.subtracting(["--quiet", "--verbose", "--check"]).sorted()
        let folder = FileManager.default.currentDirectoryPath
        return (["generate", folder, arguments.spec] + options + flags + ["SRCROOT=\(environment["SRCROOT"] ?? "")"])
            .joined(separator: "\n")
    }

    /// With `--templates DIR`, the folder's templates as a pattern: a template added there changes the output.
    private static func templatePatterns(_ arguments: ParsedArguments) -> [IncludePattern] {
        guard let folder = arguments.values["--templates"] else { return [] }
        let pattern = IncludePattern(pattern: "*.mustache", folder: folder, matches: [])
        return [IncludePattern(pattern: pattern.pattern, folder: folder, matches: pattern.currentMatches() ?? [])]
    }

    /// A run skipped because its stamp is current: what the recorded run printed, and the summary with every
    /// file unchanged.
    private static func replay(
        _ stamp: GenerationStamp, arguments: ParsedArguments, started: ContinuousClock.Instant, console: Console
    ) -> ExitCode {
        for line in stamp.report { console.err(line) }
        guard !arguments.flags.contains("--check"), !arguments.flags.contains("--quiet") else { return .success }
        let summaries = stamp.folders.map { "\($0.path): 0 written, \($0.files) unchanged, 0 deleted" }
        if !summaries.isEmpty {
            console.err(summaries.joined(separator: "; ") + " (up to date, \(seconds(since: started)))")
        }
        return .success
    }

    /// How much `generate` says besides diagnostics.
    enum Verbosity {
        /// Nothing (`--quiet`).
        case quiet
        /// The one-line summary.
        case normal
        /// The summary, and each file written or deleted (`--verbose`).
        case verbose

        init(_ flags: Set<String>) {
            self = flags.contains("--quiet") ? .quiet : flags.contains("--verbose") ? .verbose : .normal
        }
    }

    /// Why the code and test folders cannot be used together: each deletes the generated files it did not
    /// write, so one inside the other would delete the other's files.
    static func overlap(_ output: String, _ tests: String) -> String? {
        let code = OutputFolderRule.resolved(output)
        let test = OutputFolderRule.resolved(tests)
        if code == test || test.hasPrefix(code + "/") || code.hasPrefix(test + "/") {
            return "--tests '\(tests)' must be a folder outside the code's output '\(output)', and not contain it"
        }
        return nil
    }

    /// Plans every folder before writing any, so a folder that cannot be read or written, or a file that is not
    /// lucid-gen's to replace in any of them, leaves all as they were. The file lists (`--input-file-list`,
    /// `--output-file-list`) are written last, only when their bytes change.
    private static func write(
        _ outputs: [Output], spec: String, lists: [(path: String, text: String)], check: Bool, verbosity: Verbosity,
        started: ContinuousClock.Instant, console: Console
    ) throws(GenerationError) -> ExitCode {
        do throws(OutputError) {
            let plans = try outputs.map { output throws(OutputError) in
                let writer = OutputWriter(directory: output.folder, specFile: spec)
                return (output.folder, writer, try writer.plan(output.files))
            }
            let folderClashes = plans.flatMap(\.2.clashes)
            let listClashes = FileLists.clashes(lists)
            guard folderClashes.isEmpty && listClashes.isEmpty else {
                var advice = folderClashes.isEmpty ? [] : [OutputWriter.advice(folderClashes)]
                if !listClashes.isEmpty { advice.append("Name other files for the file lists, or move those.") }
                let clashes = folderClashes + listClashes
                let message = FileClash.message(clashes, command: "generate", advice: advice.joined(separator: "\n"))
                throw OutputError(message)
            }
            if check {
                // What `generate` then writes and deletes, as its summary counts them; the manifest that records
                // them is no file the user sees written, so it is said apart, when it alone is out of date.
                let changed =
                    plans.flatMap { folder, _, plan in plan.changedFiles.map { "\(folder)/\($0)" } }
                    + FileLists.changed(lists).map(\.path)
                for path in changed { console.out(path) }
                if !changed.isEmpty {
                    console.err("\(changed.count) generated file(s) are out of date; run 'lucid-gen generate'")
                    return .specErrors
                }
                let records = plans.flatMap { folder, _, plan in plan.changedManifests.map { "\(folder)/\($0)" } }
                if !records.isEmpty {
                    console.err(
                        "\(records.joined(separator: ", ")), the record of the files generated, is out of date; run"
                            + " 'lucid-gen generate'")
                    return .specErrors
                }
                return .success
            }
            var summaries: [String] = []
            for (folder, writer, plan) in plans {
                let summary = try writer.apply(plan)
                if verbosity == .verbose {
                    for file in plan.writes { console.err("  wrote \(folder)/\(file.path)") }
                    for path in plan.deletions { console.err("  deleted \(folder)/\(path)") }
                    if plan.removesLegacyManifest {
                        console.err(
                            "  deleted \(folder)/\(OutputManifest.legacyFileName) (now \(folder)/\(plan.manifestName))")
                    }
                }
                summaries.append(
                    "\(folder): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.deleted) deleted")
            }
            let changedLists = FileLists.changed(lists)
            try FileLists.write(changedLists)
            if verbosity == .verbose {
                for list in changedLists { console.err("  wrote \(list.path)") }
            }
            if verbosity != .quiet {
                console.err(summaries.joined(separator: "; ") + " (\(seconds(since: started)))")
            }
            return .success
        } catch {
            throw GenerationError(error.message, at: nil)
        }
    }

    /// `0.12 s`.
    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = (ContinuousClock.now - start).components
        let value = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return String(format: "%.2f s", value)
    }
}
