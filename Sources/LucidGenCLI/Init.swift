import Foundation
import LucidCodeGen
import LucidSpec

/// `lucid-gen init [DIR]`: write a starter spec, its example body and a Swift file for the module's own code into
/// DIR, never over anything. What it wrote and what to do next go to standard error, like every status line:
/// standard output is for a command's product, and init's product is the files.
enum Init {
    static func run(folder operand: String, console: Console) -> ExitCode {
        let folder = operand.isEmpty ? "." : operand
        let paths = StarterSpec.files.map { operand.isEmpty ? $0.name : Paths.join(operand, $0.name) }
        if let problem = obstacle(folder: folder, paths: paths) {
            return fail(problem, console: console)
        }
        let created = createFolder(folder)
        if let problem = created.problem {
            return fail(problem, console: console)
        }
        if let problem = write(StarterSpec.files.map(\.contents), to: paths, createdFolders: created.folders) {
            return fail(problem, console: console)
        }
        report(paths, console: console)
        return .success
    }

    /// Creates each file of `paths` with its `contents`, exclusively (`O_EXCL`: never over anything, not even a
    /// file another process made since `obstacle` looked). When one cannot be created, removes the files this
    /// call made and the `createdFolders` (innermost first, and only if empty), and returns why.
    static func write(_ contents: [String], to paths: [String], createdFolders: [String]) -> String? {
        for (index, text) in contents.enumerated() {
            let failure = Array(text.utf8).withUnsafeBytes { FileCalls.create(paths[index], bytes: $0) }
            guard let failure else { continue }
            for path in paths[..<index] { unlink(path) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            let reason = failure == EEXIST ? "it already exists" : FileCalls.reason(failure)
            return "cannot write '\(paths[index])': \(reason); nothing was written"
        }
        return nil
    }

    /// What keeps `init` from writing: DIR, or a folder on the way to it, is something other than a folder, or a
    /// file it would write is there (anything at all, a dangling link too).
    static func obstacle(folder: String, paths: [String]) -> String? {
        if let (path, what) = nonFolder(on: folder) {
            if path == Paths.normalize(folder) {
                return "'\(folder)' \(what.asFolder); name a folder (it is created when missing)"
            }
            return "cannot create the folder '\(folder)': '\(path)' \(what.onTheWay); nothing was written"
        }
        var status = stat()
        for path in paths where lstat(path, &status) == 0 {
            return "'\(path)' already exists; init writes nothing over an existing file, so nothing was written"
        }
        return nil
    }

    /// What stands where a folder is needed.
    enum NonFolder {
        case file, brokenLink, other

        /// Said of DIR itself: `'notes.txt' is not a folder`.
        var asFolder: String {
            self == .brokenLink ? "is a link to something that does not exist" : "is not a folder"
        }

        /// Said of a folder on the way to DIR: `'notes.txt' is a file, not a folder`.
        var onTheWay: String {
            switch self {
            case .file: "is a file, not a folder"
            case .brokenLink: "is a link to something that does not exist"
            case .other: "is not a folder"
            }
        }
    }

    /// The innermost path of `folder` and its parents that exists, when it is not a folder (or a link to one): DIR
    /// itself, or the file a missing DIR would have to be created in (`notes.txt` for `notes.txt/api`).
    static func nonFolder(on folder: String) -> (path: String, what: NonFolder)? {
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

    /// Creates `folder` and its missing parents: the folders it created, outermost first, or why it could not
    /// (then it removes the ones it made).
    private static func createFolder(_ folder: String) -> (folders: [String], problem: String?) {
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
            // Made meanwhile by someone else: not ours to remove, but there.
            if failure == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            for made in created.reversed() { rmdir(made) }
            return ([], "cannot create the folder '\(path)': \(FileCalls.reason(failure)); nothing was written")
        }
        return (created, nil)
    }

    private static func fail(_ message: String, console: Console) -> ExitCode {
        console.err("lucid-gen: error: \(message)")
        return .specErrors
    }

    /// What was written, and what to run next, on standard error.
    private static func report(_ paths: [String], console: Console) {
        let spec = Shell.quoted(paths[0])
        let swiftFile = StarterSpec.swiftFileName
        console.err(
            """
            Wrote a starter spec, the example answer of its endpoint and a Swift file for the module's own code:
              \(paths[0])
              \(paths[1])
              \(paths[2])
            Next, edit the spec to describe your API, then:
              lucid-gen lint \(spec)
              lucid-gen generate \(spec)
            Or, instead of running generate, let SwiftPM generate the code at every build: keep the three files in a
            target's folder and apply LucidGenPlugin to the target (README, "At build time: the SwiftPM build-tool
            plugin"). \(swiftFile) is what makes the folder a target: SwiftPM builds none without a Swift file.
            """)
    }
}

/// Quoting for the commands `init` prints, so they can be pasted into a POSIX shell whatever the path holds.
enum Shell {
    /// `path` as is when it holds only characters no shell treats specially, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+,:@%=")
        if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
