import Foundation
import LucidSupport

/// Where a load reads the spec and the files it names (includes and `example:` bodies).
public enum SpecFileSource: Sendable, Hashable {
    /// The file system, as `lucid-gen` reads it.
    case disk
    /// Only these files, keyed by path as a spec names them (`Paths.normalize`d, relative to the folder the root
    /// spec's path is relative to), and nothing on disk: a file not among them does not exist, and include patterns
    /// match only these paths. For a spec from an untrusted source that must not reach real files, such as the
    /// fuzzer's inputs (`lucid-fuzz`); the folders are those the paths imply.
    case memory([String: [UInt8]])

    /// The bytes of the file at `path`.
    func read(_ path: String) -> Result<[UInt8], SpecFileReader.Failure> {
        switch self {
        case .disk:
            return SpecFileReader.read(path)
        case .memory(let files):
            let normalized = Paths.normalize(path)
            if let bytes = files[normalized] {
                guard bytes.count <= SpecFileReader.maxFileSize else { return .failure(.tooLarge(bytes.count)) }
                return .success(bytes)
            }
            let folder = normalized == "/" ? "/" : normalized + "/"
            return .failure(files.keys.contains { $0.hasPrefix(folder) } ? .directory : .missing)
        }
    }

    /// The path that names the same file as every other path to it, to recognise a file reached twice.
    func canonicalPath(_ path: String) -> String {
        switch self {
        case .disk: return SpecFileReader.canonicalPath(path)
        case .memory: return Paths.normalize(path)  // no links in memory: one path per file once normalized
        }
    }

    /// The files an include pattern with wildcards names, sorted, and the limit the search stopped at, if any.
    func expand(_ pattern: String, relativeTo folder: String, maxVisits: Int) -> (paths: [String], limit: Glob.Limit?) {
        switch self {
        case .disk:
            return Glob.expand(pattern, relativeTo: folder, maxVisits: maxVisits)
        case .memory(let files):
            let segments = Self.patternSegments(pattern, relativeTo: folder)
            let absolute = pattern.hasPrefix("/") || folder.hasPrefix("/")
            let matches = files.keys.filter { path in
                path.hasPrefix("/") == absolute && Glob.matches(segments, path.split(separator: "/").map(String.init))
            }
            guard matches.count <= Glob.maxMatches else { return ([], .matches) }
            return (matches.sorted(), nil)
        }
    }

    /// The segments of `pattern` resolved against `folder`: `.` dropped and `name/..` folded where `name` is
    /// plain, as in the normalized paths it is matched against.
    private static func patternSegments(_ pattern: String, relativeTo folder: String) -> [String] {
        let prefix = pattern.hasPrefix("/") ? [] : Glob.segments(of: folder)
        var result: [String] = []
        for segment in prefix + Glob.segments(of: pattern) where segment != "." {
            if segment == "..", let last = result.last, last != "..", !Glob.hasWildcards(last) {
                result.removeLast()
            } else {
                result.append(segment)
            }
        }
        return result
    }
}
