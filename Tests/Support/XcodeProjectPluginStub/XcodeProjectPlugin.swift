// A stand-in for Xcode's XcodeProjectPlugin module, which exists only inside Xcode. It declares the members of
// Apple's documented API that lucid-gen's plugins use, with the same names and types, and nothing else; the bodies
// never run. Scripts/check_xcode_plugins.sh compiles the plugins' `#if canImport(XcodeProjectPlugin)` code against
// it, which proves that code agrees with the documented API (every member exists, every type fits) — not that
// Xcode accepts it: only a build in Xcode can show that.
import Foundation
import PackagePlugin

/// A plugin that adds build commands to an Xcode target.
public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A plugin run on demand on an Xcode project.
public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// What a plugin is given about the project it runs on.
public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { fatalError("stub") }
    public var pluginWorkDirectoryURL: URL { fatalError("stub") }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stub") }
}

/// An Xcode project.
public struct XcodeProject {
    public var id: String { fatalError("stub") }
    public var displayName: String { fatalError("stub") }
    public var directoryURL: URL { fatalError("stub") }
    public var targets: [XcodeTarget] { fatalError("stub") }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    public var id: String { fatalError("stub") }
    public var displayName: String { fatalError("stub") }
    /// The files the target builds (sources and resources), as PackagePlugin's `FileList` of `File`s.
    public var inputFiles: FileList { fatalError("stub") }
}
