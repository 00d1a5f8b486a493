import Foundation
import PackagePlugin

/// Generates a target's networking layer from its `*.lucid.yaml` at build time, into the plugin's work folder
/// (nothing is written into the package).
///
/// SwiftPM must know a command's output files before it runs, so the tool spreads the declarations over a
/// fixed number of files per kind (`lucid-gen generate --files-per-kind`), writes each of them, and rewrites
/// only those whose bytes change: an unchanged spec recompiles nothing. The command reruns only when a YAML or
/// JSON file of the package (the spec, its includes and `example:` bodies among them) changes. A target that
/// already compiles code generated from its spec (by `lucid-gen generate`) fails with one error that says what to
/// do, rather than with every generated declaration reported twice.
/// `LucidGenPlugin+Xcode.swift` makes the same plugin work on Xcode project targets.
@main struct LucidGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else {
            throw PluginFailure("lucid-gen generates Swift: apply its plugin to a Swift target, not '\(target.name)'")
        }
        let spec = try SpecLocator.spec(in: target)
        try GeneratedCopies.check(
            target.sourceFiles(withSuffix: "swift").map(\.url), spec: spec, target: target.name, host: .package)
        return [
            BuildCommands.generate(
                target: target.name, spec: spec, inputs: SpecLocator.inputs(of: context.package),
                workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "lucid-gen").url)
        ]
    }
}
