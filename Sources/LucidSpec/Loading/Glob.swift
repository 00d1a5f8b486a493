import Foundation

/// Expands include patterns: `*`, `?` and `[...]` within a path segment, `**` for any number of folders.
/// Hidden files and folders match only when the pattern names them with a leading dot.
enum Glob {
    /// Stops a pattern such as `/**/*` from walking a whole disk.
    static let maxMatches = 10_000

    static func hasWildcards(_ pattern: String) -> Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Matching regular files as display paths, sorted so results never depend on directory order, and
    /// whether the search stopped at `maxMatches`.
    static func expand(_ pattern: String, relativeTo directory: String) -> (paths: [String], truncated: Bool) {
        var truncated = false
        let absolute = pattern.hasPrefix("/")
        var candidates = [absolute ? "/" : (directory.isEmpty ? "." : directory)]
        for segment in pattern.split(separator: "/").map(String.init) {
            candidates = next(candidates, segment: segment)
            if candidates.count > maxMatches {
                candidates = Array(candidates.prefix(maxMatches))
                truncated = true
            }
        }
        return (candidates.filter(SpecFileReader.isRegularFile).map(Paths.normalize).sorted(), truncated)
    }

    private static func next(_ paths: [String], segment: String) -> [String] {
        switch segment {
        case ".": return paths
        case "**": return paths.flatMap(folderAndDescendants)
        default:
            guard hasWildcards(segment) else { return paths.map { join($0, segment) } }
            return paths.flatMap { folder in
                entries(of: folder).filter { fnmatch(segment, $0, FNM_PERIOD) == 0 }.map { join(folder, $0) }
            }
        }
    }

    /// The folder and every folder below it, without following links (a link loop must not hang us).
    private static func folderAndDescendants(_ root: String) -> [String] {
        var result: [String] = []
        var pending = [root]
        while let folder = pending.popLast(), result.count <= maxMatches {
            result.append(folder)
            for name in entries(of: folder) where !name.hasPrefix(".") {
                let path = join(folder, name)
                var status = stat()
                if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return result.sorted()
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }
}
