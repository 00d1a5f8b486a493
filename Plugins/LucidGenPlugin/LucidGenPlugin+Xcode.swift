// The build-tool plugin on an Xcode project's target (Build Phases → Run Build Tool Plug-ins). Only Xcode has the
// XcodeProjectPlugin module; CI type-checks this file against a stub of its API (Scripts/check_xcode_plugins.sh).
// Kept to an adapter that turns Xcode's types into plain values: the logic is the SwiftPM plugin's, in
// PluginSupport.swift.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension LucidGenPlugin: XcodeBuildToolPlugin {
    /// The spec is one of the target's files (added to it, usually as a resource); the inputs are the target's
    /// YAML and JSON files and those beside the spec, since an Xcode project has no package folder to scan. Code
    /// generated from the spec among the target's files is an error, as in a package.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let spec = try SpecLocator.spec(among: files, target: target.displayName, addTo: SpecLocator.xcodeSpecPlace)
        try GeneratedCopies.check(files, spec: spec, target: target.displayName, host: .xcode)
        return [
            BuildCommands.generate(
                target: target.displayName, spec: spec, inputs: SpecLocator.inputs(among: files, spec: spec),
                workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "lucid-gen").url)
        ]
    }
}
#endif
