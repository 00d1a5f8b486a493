import Foundation

/// Which folders generation may write into. A generation writes its files there and deletes the generated files
/// it no longer produces, so a folder that holds far more than the generated code is refused: the root folder,
/// the home folder, and any folder that contains the spec's own folder (`output: ..` would put generated files
/// beside, and sweep, everything around the project).
public enum OutputFolderRule {
    /// Why `folder` cannot be an output folder for the spec in `specFolder`, or nil when it can. Both are
    /// absolute or relative to the current folder; links are resolved where the paths exist.
    public static func problem(folder: String, specFolder: String) -> String? {
        let output = resolved(folder)
        if output == "/" { return "it is the root folder" }
        if output == resolved(NSHomeDirectory()) { return "it is the home folder" }
        let spec = resolved(specFolder.isEmpty ? "." : specFolder)
        if spec.hasPrefix(output + "/") { return "it contains the spec's folder '\(spec)'" }
        return nil
    }

    /// The hint every refusal ends with.
    public static let hint = "generate into a folder of its own inside the project, such as 'Generated'"

    /// `path` absolute, without `.` and `..`, with the links of its longest existing part resolved (Foundation
    /// resolves nothing in a path that does not exist yet): a folder reached through a link is that folder.
    public static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return missing.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.path
    }
}
