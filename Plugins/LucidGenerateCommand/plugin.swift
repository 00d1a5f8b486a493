import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lucid-generate [--target NAME]... [--check]`: regenerates the
/// committed code of every target that has a `*.lucid.yaml` (or only the named ones) into the spec's `output`
/// folder, and the example decoding tests into `Generated/` of the test target that depends on it. Prints each
/// file written or deleted and a summary; with `--check`, writes nothing, lists what would change and fails.
/// `LucidGenerateCommand+Xcode.swift` offers the same command on Xcode projects.
@main struct LucidGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let regeneration = try Regeneration(arguments: arguments, host: .package)
        let names = regeneration.targetNames
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        var jobs: [Regeneration.Job] = []
        for case let target as SourceModuleTarget in targets where target.kind != .test {
            guard regeneration.includes(target.name, specCount: SpecLocator.specs(in: target).count) else { continue }
            let tests = testTarget(of: target, in: context.package)
            jobs.append(
                Regeneration.Job(
                    target: target.name, spec: try SpecLocator.spec(in: target),
                    tests: tests?.directoryURL.appendingPathComponent("Generated"),
                    testsModule: tests == nil ? nil : target.moduleName))
        }
        try regeneration.run(jobs, tool: try context.tool(named: "lucid-gen").url, project: context.package.displayName)
    }

    /// The test target that depends on `target`: the one named `<target>Tests` when several do.
    private func testTarget(of target: SourceModuleTarget, in package: Package) -> SourceModuleTarget? {
        let dependents = package.targets.compactMap { $0 as? SourceModuleTarget }.filter { candidate in
            candidate.kind == .test
                && candidate.dependencies.contains { dependency in
                    if case .target(let other) = dependency { return other.id == target.id }
                    return false
                }
        }
        return dependents.first { $0.name == target.name + "Tests" } ?? dependents.sorted { $0.name < $1.name }.first
    }
}
