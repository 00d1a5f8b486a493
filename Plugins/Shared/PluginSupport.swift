import Foundation
import PackagePlugin

// Shared by the build-tool plugin and the command plugin (each links this file into its own folder), because
// plugins cannot depend on a library target.

/// Why a plugin stopped; SwiftPM prints the message as the error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Finds a target's spec and the files it may read.
enum SpecLocator {
    /// Every file under `folder`, hidden ones (and `.build`) aside, sorted. Read from the disk rather than from
    /// the target's source files, so that a spec the manifest `exclude`s (to keep SwiftPM quiet about it) is found.
    static func files(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The `*.lucid.yaml` files among `files`, sorted.
    static func specs(among files: [URL]) -> [URL] {
        files.filter { $0.lastPathComponent.hasSuffix(".lucid.yaml") }.sorted { $0.path < $1.path }
    }

    /// The target's `*.lucid.yaml` files, sorted.
    static func specs(in target: SourceModuleTarget) -> [URL] {
        specs(among: files(under: target.directoryURL))
    }

    /// The target's one spec: none or several is an error that says what to do.
    static func spec(in target: SourceModuleTarget) throws -> URL {
        try spec(among: files(under: target.directoryURL), target: target.name, addTo: target.directoryURL.path)
    }

    /// Where a spec goes in an Xcode project, for the error of a target with none: Xcode sees only the files a
    /// target holds (as sources or resources), not a folder.
    static let xcodeSpecPlace = "the target in Xcode (its Target Membership; as a resource is fine)"

    /// The one spec among a target's `files` (a package target's folder, an Xcode target's input files); none or
    /// several is an error that says what to do. `place` says where a missing spec belongs: the target's folder,
    /// or `xcodeSpecPlace`.
    static func spec(among files: [URL], target: String, addTo place: String) throws -> URL {
        let found = specs(among: files)
        guard let spec = found.first else {
            throw PluginFailure(
                "target '\(target)' uses lucid-gen but has no *.lucid.yaml file: add the spec to \(place), or "
                    + "remove the plugin from the target")
        }
        guard found.count == 1 else {
            let names = found.map(\.lastPathComponent).joined(separator: ", ")
            throw PluginFailure(
                "target '\(target)' has \(found.count) *.lucid.yaml files (\(names)): keep one spec per target and "
                    + "pull the others in with its 'include:' list (included files do not end in .lucid.yaml)")
        }
        return spec
    }

    /// Whether generation may read `url`: specs, included YAML and `example:` JSON bodies.
    static func isInput(_ url: URL) -> Bool {
        ["yaml", "yml", "json"].contains(url.pathExtension.lowercased())
    }

    /// What generation may read: every YAML and JSON file of the package — the spec, the files it includes and
    /// its `example:` bodies, wherever in the package they are. (The plugin cannot read the spec's `include:`
    /// list before the tool runs, so it declares them all; a change to an unrelated one reruns the tool, which
    /// then rewrites nothing.) Files outside the package are not watched.
    static func inputs(of package: Package) -> [URL] {
        files(under: package.directoryURL).filter(isInput)
    }

    /// What generation may read in an Xcode project, which has no package folder to scan: the YAML and JSON files
    /// among the target's files and every YAML and JSON file under the spec's own folder, read from the disk,
    /// sorted and without repeats. The plugin cannot read the spec's `include:` list before the tool runs, so it
    /// declares what the spec most likely reads: its includes and `example:` bodies are usually beside it, and
    /// need not be added to the target (a change to an unrelated one reruns the tool, which then rewrites
    /// nothing). Files elsewhere that the target does not hold are not watched.
    static func inputs(among targetFiles: [URL], spec: URL) -> [URL] {
        let candidates = targetFiles.filter(isInput) + files(under: spec.deletingLastPathComponent()).filter(isInput)
        return Array(Set(candidates.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    }
}

/// Code `lucid-gen generate` wrote from the target's spec into the target itself (`init`'s first next step, then the
/// plugin applied): the plugin generates the same declarations, so each would be declared twice and the build
/// would fail with hundreds of "'Book' is ambiguous for type lookup" errors. One error that says what to do instead.
enum GeneratedCopies {
    /// Where the build-tool plugin runs, which changes only what the error tells to do.
    enum Host {
        /// A package target: the files are in its folder.
        case package
        /// An Xcode target: the files are among its members.
        case xcode

        var fix: String {
            switch self {
            case .package:
                "delete those files to let the plugin generate the code, or remove the plugin from the target to "
                    + "keep generating it with 'lucid-gen generate'"
            case .xcode:
                "remove those files from the target (and delete them) to let the plugin generate the code, or "
                    + "remove LucidGenPlugin from the target's Run Build Tool Plug-ins to keep generating it with "
                    + "'lucid-gen generate'"
            }
        }
    }

    /// What every file generated from `spec` begins with: `// Generated by lucid-gen from bookshelf.lucid.yaml.`
    /// (GeneratedHeader in LucidCodeGen; the wording after the spec's name may change, this part does not).
    static func mark(spec: URL) -> [UInt8] {
        Array("// Generated by lucid-gen from \(spec.lastPathComponent).".utf8)
    }

    /// The Swift files among `files` that lucid-gen generated from `spec`, sorted: only their first bytes are read.
    static func find(among files: [URL], spec: URL) -> [URL] {
        let mark = mark(spec: spec)
        return files.filter { $0.pathExtension == "swift" && begins($0, with: mark) }.sorted { $0.path < $1.path }
    }

    /// Fails when `files` (the Swift files the target compiles) hold code generated from `spec`, naming the
    /// folders they are in and what to do.
    static func check(_ files: [URL], spec: URL, target: String, host: Host) throws {
        let copies = find(among: files, spec: spec)
        guard !copies.isEmpty else { return }
        let folders = Dictionary(grouping: copies) { $0.deletingLastPathComponent().path }
        let places = folders.keys.sorted().map { folder in
            let names = folders[folder]!.map(\.lastPathComponent)
            return names.count == 1 ? "\(folder)/\(names[0])" : "\(names.count) files in \(folder)"
        }
        throw PluginFailure(
            "target '\(target)' already holds the code lucid-gen generated from \(spec.lastPathComponent) ("
                + places.joined(separator: "; ") + "), and LucidGenPlugin generates the same code at every "
                + "build, so every declaration would be there twice: \(host.fix)")
    }

    private static func begins(_ file: URL, with mark: [UInt8]) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: mark.count) else { return false }
        return Array(head) == mark
    }
}

/// The build command both build-tool plugins (SwiftPM's and Xcode's) return for a target.
enum BuildCommands {
    /// Files per kind of declaration: enough that a change recompiles a fraction of a big spec's code.
    static let filesPerKind = 4

    /// Generates `target`'s code from `spec` into `workDirectory/Generated`, in the fixed layout whose file names
    /// are declared as outputs before the tool runs; reruns only when one of `inputs` changes.
    static func generate(target: String, spec: URL, inputs: [URL], workDirectory: URL, tool: URL) -> Command {
        let output = workDirectory.appendingPathComponent("Generated")
        return .buildCommand(
            displayName: "Generating \(target)'s networking layer from \(spec.lastPathComponent) with lucid-gen",
            executable: tool,
            arguments: [
                "generate", spec.path, "--output", output.path, "--files-per-kind", String(filesPerKind), "--quiet",
            ],
            inputFiles: inputs,
            outputFiles: PluginLayout.fileNames(filesPerKind: filesPerKind).map { output.appendingPathComponent($0) }
        )
    }
}

/// What the command plugins (SwiftPM's `lucid-generate` and its Xcode twin) regenerate, and how.
struct Regeneration {
    /// One target's spec, and where its example decoding tests go (nil: none).
    struct Job {
        var target: String
        var spec: URL
        var tests: URL?
        var testsModule: String?
    }

    /// Where the command runs, which only changes the wording of its messages.
    enum Host {
        /// `swift package lucid-generate`, on a package.
        case package
        /// The project navigator's context menu, on an Xcode project.
        case xcode

        /// How the command is called, for the usage line.
        var invocation: String {
            switch self {
            case .package: "swift package --allow-writing-to-package-directory lucid-generate"
            case .xcode: "lucid-generate (arguments in the dialog Xcode shows before running it)"
            }
        }

        /// Where a spec goes, for the error when no target has one.
        var specPlace: String {
            switch self {
            case .package: "a target's folder"
            case .xcode: "a target in Xcode (its Target Membership)"
            }
        }
    }

    /// `--target NAME` (any number) and `--check`.
    var targetNames: [String]
    var check: Bool
    var host: Host

    init(arguments: [String], host: Host) throws {
        self.host = host
        var extractor = ArgumentExtractor(arguments)
        targetNames = extractor.extractOption(named: "target")
        check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unknown arguments \(extractor.remainingArguments); usage: \(host.invocation) "
                    + "[--target NAME]... [--check]")
        }
    }

    /// Whether a target with `specCount` specs takes part: it has one, or it was named (and then must have one).
    func includes(_ target: String, specCount: Int) -> Bool {
        specCount > 0 || targetNames.contains(target)
    }

    /// Runs lucid-gen for each job, printing what it writes or deletes (with `--check`: what would change).
    func run(_ jobs: [Job], tool: URL, project: String) throws {
        guard !jobs.isEmpty else {
            throw PluginFailure("no target of '\(project)' has a *.lucid.yaml spec; add one to \(host.specPlace)")
        }
        for job in jobs {
            var arguments = ["generate", job.spec.path]
            if let tests = job.tests {
                arguments += ["--tests", tests.path]
                if let module = job.testsModule { arguments += ["--tests-module", module] }
            }
            arguments.append(check ? "--check" : "--verbose")
            print("lucid-generate: \(job.target) (\(job.spec.lastPathComponent))")
            try Self.launch(tool, arguments)
        }
    }

    /// Runs lucid-gen, its output going straight to ours; fails when it does.
    private static func launch(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(
                "lucid-gen \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
    }
}

/// The file names `lucid-gen generate --files-per-kind N` writes: they must be declared before the tool runs.
/// `FixedLayout` in LucidCodeGen defines them; FixedLayoutTests checks that these kinds are the same.
enum PluginLayout {
    static let kinds = [
        "Auth", "BusinessControllers", "Clients", "Entities", "Module", "Payloads", "ResponseHandling", "Services",
        "Subtypes",
    ]

    static func fileNames(filesPerKind: Int) -> [String] {
        kinds.flatMap { kind in (0..<filesPerKind).map { "LucidGen_\(kind)_\($0).swift" } }
    }
}
