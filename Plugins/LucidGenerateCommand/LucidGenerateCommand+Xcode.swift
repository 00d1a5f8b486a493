// The command plugin on an Xcode project (the project navigator's context menu → lucid-generate). Only Xcode has
// the XcodeProjectPlugin module; CI type-checks this file against a stub of its API
// (Scripts/check_xcode_plugins.sh). Kept to an adapter: the logic is the SwiftPM plugin's, in PluginSupport.swift.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension LucidGenerateCommand: XcodeCommandPlugin {
    /// Regenerates the committed code of the project's targets that have a spec among their files (or of those
    /// named with `--target`). No example tests: Xcode's plugin API does not say which test target tests which
    /// target, so `lucid-gen generate --tests` stays a command-line step there.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let regeneration = try Regeneration(arguments: arguments)
        let names = regeneration.targetNames
        let known = Set(context.xcodeProject.targets.map(\.displayName))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw PluginFailure("no target of '\(context.xcodeProject.displayName)' is named '\(unknown)'")
        }
        var jobs: [Regeneration.Job] = []
        for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
            let files = target.inputFiles.map(\.url)
            guard regeneration.includes(target.displayName, specCount: SpecLocator.specs(among: files).count) else {
                continue
            }
            let spec = try SpecLocator.spec(
                among: files, target: target.displayName, addTo: "the target in Xcode (its Target Membership)")
            jobs.append(Regeneration.Job(target: target.displayName, spec: spec))
        }
        try regeneration.run(
            jobs, tool: try context.tool(named: "lucid-gen").url, project: context.xcodeProject.displayName)
    }
}
#endif
