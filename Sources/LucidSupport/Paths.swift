/// Lexical path handling for display paths: they stay as the user wrote them, never made absolute.
public enum Paths {
    /// The folder part of a path (`a/b.yaml` → `a`, `b.yaml` → ``).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path == "/" ? "/" : String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory`, with `.` and `name/..` folded away.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalize(relative) }
        return normalize(directory + "/" + relative)
    }

    /// `path` with `.` and `name/..` folded away; `.` when nothing is left.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !absolute {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The last path component.
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
