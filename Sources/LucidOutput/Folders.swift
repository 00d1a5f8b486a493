import Foundation
import LucidSupport

/// What stands where a folder is needed.
public enum NonFolder: Sendable, Equatable {
    case file, brokenLink, other

    /// Said of the folder itself: `'notes.txt' is not a folder`.
    public var asFolder: String {
        self == .brokenLink ? "is a link to something that does not exist" : "is not a folder"
    }

    /// Said of a folder on the way to another: `'notes.txt' is a file, not a folder`.
    public var onTheWay: String {
        switch self {
        case .file: "is a file, not a folder"
        case .brokenLink: "is a link to something that does not exist"
        case .other: "is not a folder"
        }
    }
}

extension FileCalls {
    /// The innermost path of `folder` and its parents that exists, when it is not a folder (links followed):
    /// `folder` itself, or what a missing `folder` would have to be created in (`notes.txt` for `notes.txt/api`).
    /// nil when `folder` is a folder, or can be created.
    package static func nonFolder(on folder: String) -> (path: String, what: NonFolder)? {
        var path = Paths.normalize(folder)
        while true {
            var status = stat()
            if lstat(path, &status) == 0 {
                if stat(path, &status) != 0 { return (path, .brokenLink) }
                if status.st_mode & S_IFMT == S_IFDIR { return nil }
                return (path, status.st_mode & S_IFMT == S_IFREG ? .file : .other)
            }
            guard path != ".", path != "/" else { return nil }
            let parent = Paths.directory(of: path)
            path = parent.isEmpty ? "." : parent
        }
    }

    /// Creates `folder` and its missing parents (0777 less the umask): the folders it created, outermost first.
    /// When one cannot be created it removes those it made and says why in plain words: what is in the way, or
    /// the system's reason with the folder's path. A folder another process makes meanwhile is used, not removed.
    @discardableResult
    package static func createFolders(_ folder: String) throws(OutputError) -> [String] {
        if let (path, what) = nonFolder(on: folder) {
            throw OutputError("cannot create the folder '\(folder)': '\(path)' \(what.onTheWay)")
        }
        var missing: [String] = []
        var path = Paths.normalize(folder)
        var status = stat()
        while path != ".", path != "/", lstat(path, &status) != 0 {
            missing.insert(path, at: 0)
            let parent = Paths.directory(of: path)
            path = parent.isEmpty ? "." : parent
        }
        var created: [String] = []
        for path in missing {
            if mkdir(path, 0o777) == 0 {
                created.append(path)
                continue
            }
            let failure = errno
            if failure == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            for made in created.reversed() { rmdir(made) }
            throw OutputError("cannot create the folder '\(path)': \(reason(failure))")
        }
        return created
    }
}
