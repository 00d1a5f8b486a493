import Foundation
import LucidCodeGen
import LucidSpec

/// `lucid-gen init [DIR]`: write a starter spec and its example body into DIR, never over anything.
enum Init {
    static func run(folder operand: String, console: Console) -> ExitCode {
        let folder = operand.isEmpty ? "." : operand
        let paths = StarterSpec.files.map { operand.isEmpty ? $0.name : Paths.join(operand, $0.name) }
        if let problem = obstacle(folder: folder, paths: paths) {
            return fail(problem, console: console)
        }
        let created: [String]
        do {
            created = try createFolder(folder)
        } catch {
            return fail("cannot create the folder '\(folder)': \(error.localizedDescription)", console: console)
        }
        if let problem = write(StarterSpec.files.map(\.contents), to: paths, createdFolders: created) {
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

    /// What keeps `init` from writing: DIR is something other than a folder, or a file it would write is there
    /// (anything at all, a dangling link too).
    static func obstacle(folder: String, paths: [String]) -> String? {
        var status = stat()
        if stat(folder, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            return "'\(folder)' is not a folder; name a folder (it is created when missing)"
        }
        for path in paths where lstat(path, &status) == 0 {
            return "'\(path)' already exists; init writes nothing over an existing file, so nothing was written"
        }
        return nil
    }

    /// Creates `folder` and its missing parents; the folders it created, outermost first.
    private static func createFolder(_ folder: String) throws -> [String] {
        var missing: [String] = []
        var path = Paths.normalize(folder)
        while !path.isEmpty, path != ".", path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.insert(path, at: 0)
            path = Paths.directory(of: path)
        }
        if !missing.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return missing
    }

    private static func fail(_ message: String, console: Console) -> ExitCode {
        console.err("lucid-gen: error: \(message)")
        return .specErrors
    }

    /// What was written, and what to run next.
    private static func report(_ paths: [String], console: Console) {
        let spec = Shell.quoted(paths[0])
        console.out(
            """
            Wrote a starter spec and the example answer of its endpoint:
              \(paths[0])
              \(paths[1])
            Next, edit the spec to describe your API, then:
              lucid-gen lint \(spec)
              lucid-gen generate \(spec)
            Or let SwiftPM generate the code at every build: put the two files in a target's folder and apply
            LucidGenPlugin to the target (README, "At build time: the SwiftPM build-tool plugin").
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
