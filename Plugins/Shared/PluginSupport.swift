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

    /// The target's `*.lucid.yaml` files, sorted.
    static func specs(in target: SourceModuleTarget) -> [URL] {
        files(under: target.directoryURL).filter { $0.lastPathComponent.hasSuffix(".lucid.yaml") }
    }

    /// The target's one spec: none or several is an error that says what to do.
    static func spec(in target: SourceModuleTarget) throws -> URL {
        let found = specs(in: target)
        guard let spec = found.first else {
            throw PluginFailure(
                "target '\(target.name)' uses lucid-gen but has no *.lucid.yaml file: add the spec to "
                    + "\(target.directoryURL.path), or remove the plugin from the target")
        }
        guard found.count == 1 else {
            throw PluginFailure(
                "target '\(target.name)' has \(found.count) *.lucid.yaml files (\(found.map(\.lastPathComponent).joined(separator: ", "))): "
                    + "keep one spec per target and pull the others in with its 'include:' list (included files do not "
                    + "end in .lucid.yaml)")
        }
        return spec
    }

    /// What generation may read: every YAML and JSON file of the package — the spec, the files it includes and
    /// its `example:` bodies, wherever in the package they are. (The plugin cannot read the spec's `include:`
    /// list before the tool runs, so it declares them all; a change to an unrelated one reruns the tool, which
    /// then rewrites nothing.) Files outside the package are not watched.
    static func inputs(of package: Package) -> [URL] {
        files(under: package.directoryURL).filter { ["yaml", "yml", "json"].contains($0.pathExtension.lowercased()) }
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
