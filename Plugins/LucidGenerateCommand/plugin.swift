import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lucid-generate [--target NAME]... [--check]`: regenerates the
/// committed code of every target that has a `*.lucid.yaml` (or only the named ones) into the spec's `output`
/// folder, and the example decoding tests into `Generated/` of the test target that depends on it. Prints each
/// file written or deleted and a summary; with `--check`, writes nothing, lists what would change and fails.
@main struct LucidGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unknown arguments \(extractor.remainingArguments); usage: swift package --allow-writing-to-package-directory "
                    + "lucid-generate [--target NAME]... [--check]")
        }
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let tool = try context.tool(named: "lucid-gen").url
        var generated = 0
        for case let target as SourceModuleTarget in targets where target.kind != .test {
            if SpecLocator.specs(in: target).isEmpty && !names.contains(target.name) { continue }
            let spec = try SpecLocator.spec(in: target)
            var arguments = ["generate", spec.path]
            if let tests = testTarget(of: target, in: context.package) {
                arguments += ["--tests", tests.directoryURL.appendingPathComponent("Generated").path, "--tests-module", target.moduleName]
            }
            arguments.append(check ? "--check" : "--verbose")
            print("lucid-generate: \(target.name) (\(spec.lastPathComponent))")
            try run(tool, arguments)
            generated += 1
        }
        if generated == 0 {
            throw PluginFailure("no target of '\(context.package.displayName)' has a *.lucid.yaml spec; add one to a target's folder")
        }
    }

    /// The test target that depends on `target`: the one named `<target>Tests` when several do.
    private func testTarget(of target: SourceModuleTarget, in package: Package) -> SourceModuleTarget? {
        let dependents = package.targets.compactMap { $0 as? SourceModuleTarget }.filter { candidate in
            candidate.kind == .test && candidate.dependencies.contains { dependency in
                if case .target(let other) = dependency { return other.id == target.id }
                return false
            }
        }
        return dependents.first { $0.name == target.name + "Tests" } ?? dependents.sorted { $0.name < $1.name }.first
    }

    /// Runs lucid-gen, its output going straight to ours; fails when it does.
    private func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("lucid-gen \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
    }
}
