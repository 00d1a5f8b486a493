// A stand-in for Xcode's XcodeProjectPlugin module, which exists only inside Xcode. It mirrors the part of Apple's
// documented API (Xcode 16, PackagePlugin 6.x) that lucid-gen's plugins may use — the same names and types, and
// nothing else — with bodies that never run. Scripts/check_xcode_plugins.sh compiles the plugins'
// `#if canImport(XcodeProjectPlugin)` code against it, which proves that code agrees with the documented API (every
// member it uses exists, every type fits); it does not prove that Xcode accepts it: only a build in Xcode can.
import Foundation
import PackagePlugin

/// A plugin that adds build commands to an Xcode target (Build Phases → Run Build Tool Plug-ins).
public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A plugin run on demand on an Xcode project (the project navigator's context menu).
public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// What a plugin is given about the project it runs on.
public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { fatalError() }
    public var pluginWorkDirectoryURL: URL { fatalError() }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}

/// An Xcode project.
public struct XcodeProject {
    public var displayName: String { fatalError() }
    public var directoryURL: URL { fatalError() }
    public var targets: [XcodeTarget] { fatalError() }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    public typealias ID = String
    public var id: ID { fatalError() }
    public var displayName: String { fatalError() }
    /// The files the target builds (sources, resources and others), as PackagePlugin's `FileList` of `File`s.
    public var inputFiles: FileList { fatalError() }
}
