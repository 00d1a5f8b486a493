import Foundation
import PackagePlugin

/// Generates a target's networking layer from its `*.lucid.yaml` at build time, into the plugin's work folder
/// (nothing is written into the package).
///
/// SwiftPM must know a command's output files before it runs, so the tool spreads the declarations over a
/// fixed number of files per kind (`lucid-gen generate --files-per-kind`), writes each of them, and rewrites
/// only those whose bytes change: an unchanged spec recompiles nothing. The command reruns only when a YAML or
/// JSON file of the package (the spec, its includes and `example:` bodies among them) changes.
@main struct LucidGenPlugin: BuildToolPlugin {
    /// Files per kind of declaration: enough that a change recompiles a fraction of a big spec's code.
    static let filesPerKind = 4

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else {
            throw PluginFailure("lucid-gen generates Swift: apply its plugin to a Swift target, not '\(target.name)'")
        }
        let spec = try SpecLocator.spec(in: target)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s networking layer from \(spec.lastPathComponent) with lucid-gen",
                executable: try context.tool(named: "lucid-gen").url,
                arguments: [
                    "generate", spec.path, "--output", output.path, "--files-per-kind", String(Self.filesPerKind), "--quiet",
                ],
                inputFiles: SpecLocator.inputs(of: context.package),
                outputFiles: PluginLayout.fileNames(filesPerKind: Self.filesPerKind).map { output.appendingPathComponent($0) }
            )
        ]
    }
}
