import Foundation

/// Expands include patterns: `*`, `?` and `[...]` within a path segment, `**` for any number of folders.
/// Hidden files and folders match only when the pattern names them with a leading dot.
public enum Glob {
    /// Stops a pattern such as `/**/*` from walking a whole disk.
    public static let maxMatches = 10_000
    /// Files and folders looked at in one expansion, counted as the walk goes: `t/**/**/**/*.yaml` over a deep
    /// tree stops here, in bounded time and memory, instead of multiplying the tree by itself.
    public static let maxVisits = 100_000

    /// Why an expansion stopped early.
    enum Limit: Equatable {
        /// More than `maxMatches` paths matched.
        case matches
        /// More than `maxVisits` files and folders were looked at.
        case visits
    }

    static func hasWildcards(_ pattern: String) -> Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Matching regular files as display paths, sorted so results never depend on directory order, and the
    /// limit the search stopped at, if any.
    static func expand(
        _ pattern: String, relativeTo directory: String, maxVisits: Int = maxVisits
    ) -> (paths: [String], limit: Limit?) {
        var walk = Walk(budget: maxVisits)
        let absolute = pattern.hasPrefix("/")
        var candidates = [absolute ? "/" : (directory.isEmpty ? "." : directory)]
        for segment in segments(of: pattern) {
            candidates = walk.next(candidates, segment: segment)
            if candidates.count > maxMatches {
                candidates = Array(candidates.prefix(maxMatches))
                walk.limit = walk.limit ?? .matches
            }
            if walk.limit == .visits { break }
        }
        // Past a limit the pattern is an error: nothing it reached is read.
        let paths = walk.limit != nil ? [] : candidates.filter(SpecFileReader.isRegularFile).map(Paths.normalize)
        return (paths.sorted(), walk.limit)
    }

    /// The pattern's segments, a run of `**` folded into one (`**/**` matches what `**` matches).
    static func segments(of pattern: String) -> [String] {
        var segments: [String] = []
        for segment in pattern.split(separator: "/").map(String.init) where !(segment == "**" && segments.last == "**")
        {
            segments.append(segment)
        }
        return segments
    }

    /// One expansion's walk over the file system, counting what it looks at.
    private struct Walk {
        let budget: Int
        var visits = 0
        var limit: Limit?

        mutating func next(_ paths: [String], segment: String) -> [String] {
            switch segment {
            case ".": return paths
            case "**": return unique(paths.flatMap { folderAndDescendants($0) })
            default:
                guard hasWildcards(segment) else { return paths.map { join($0, segment) } }
                return paths.flatMap { folder in
                    entries(of: folder).filter { fnmatch(segment, $0, FNM_PERIOD) == 0 }.map { join(folder, $0) }
                }
            }
        }

        /// The folder and every folder below it, without following links (a link loop must not hang us).
        private mutating func folderAndDescendants(_ root: String) -> [String] {
            var result: [String] = []
            var pending = [root]
            while let folder = pending.popLast(), result.count <= maxMatches, limit != .visits {
                result.append(folder)
                for name in entries(of: folder) where !name.hasPrefix(".") {
                    let path = join(folder, name)
                    var status = stat()
                    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
                }
            }
            return result.sorted()
        }

        /// A folder's entries, sorted; none once the walk is over its budget.
        private mutating func entries(of folder: String) -> [String] {
            guard limit != .visits else { return [] }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            visits += names.count + 1
            if visits > budget { limit = .visits }
            return names
        }

        /// `paths` without repeats, in their first order.
        private func unique(_ paths: [String]) -> [String] {
            var seen = Set<String>()
            return paths.filter { seen.insert($0).inserted }
        }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }
}
