// The command plugin on an Xcode project (the project navigator's context menu → lucid-generate). Only Xcode has
// the XcodeProjectPlugin module; CI type-checks this file against a stub of its API
// (Scripts/check_xcode_plugins.sh). Kept to an adapter that turns Xcode's types into plain values: the logic is the
// SwiftPM plugin's, in PluginSupport.swift.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension LucidGenerateCommand: XcodeCommandPlugin {
    /// Regenerates the committed code of the project's targets that have a spec among their files (or of those
    /// named with `--target`); `--check` as for a package. No example decoding tests: an `XcodeTarget` carries no
    /// dependencies, so nothing says which test target tests which target, and `lucid-gen generate --tests` stays
    /// a command-line step there.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let project = context.xcodeProject
        let regeneration = try Regeneration(arguments: arguments, host: .xcode)
        let names = regeneration.targetNames
        // SwiftPM's `targets(named:)` rejects an unknown name; Xcode's API has no such lookup.
        let known = Set(project.targets.map(\.displayName))
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw PluginFailure("no target of '\(project.displayName)' is named '\(unknown)'")
        }
        var jobs: [Regeneration.Job] = []
        for target in project.targets where names.isEmpty || names.contains(target.displayName) {
            let files = target.inputFiles.map(\.url)
            guard regeneration.includes(target.displayName, specCount: SpecLocator.specs(among: files).count) else {
                continue
            }
            let spec = try SpecLocator.spec(among: files, target: target.displayName, addTo: SpecLocator.xcodeSpecPlace)
            jobs.append(Regeneration.Job(target: target.displayName, spec: spec))
        }
        try regeneration.run(jobs, tool: try context.tool(named: "lucid-gen").url, project: project.displayName)
    }
}
#endif
