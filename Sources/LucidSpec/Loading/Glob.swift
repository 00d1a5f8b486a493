import Foundation
import LucidSupport

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

    /// Whether a path's segments match a pattern's (`segments(of:)`) as `expand` would find the path on disk: a
    /// segment with wildcards matches one name (a leading dot only when written), `**` any number of folders that
    /// are not hidden. For file sets held in memory (`SpecFileSource.memory`). Worked out from the pattern's end,
    /// one row of answers at a time, without recursion: a pattern of thousands of `**` takes neither exponential
    /// time nor a deep stack.
    static func matches(_ pattern: [String], _ path: [String]) -> Bool {
        // matched[j] for pattern[i...]: whether it matches path[j...]; `next` holds the row of pattern[(i + 1)...].
        var next = [Bool](repeating: false, count: path.count + 1)
        next[path.count] = true
        for segment in pattern.reversed() {
            var matched = [Bool](repeating: false, count: path.count + 1)
            for j in stride(from: path.count, through: 0, by: -1) {
                if segment == "**" {
                    // Stop here, or take one more folder: a name with more after it, not hidden.
                    matched[j] = next[j] || (j + 1 < path.count && !path[j].hasPrefix(".") && matched[j + 1])
                } else if j < path.count && next[j + 1] {
                    let name = path[j]
                    matched[j] = hasWildcards(segment) ? fnmatch(segment, name, FNM_PERIOD) == 0 : segment == name
                }
            }
            next = matched
        }
        return next[0]
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
