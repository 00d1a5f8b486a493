import Foundation
import LucidCodeGen
import LucidOutput
import LucidSpec
import LucidSupport

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
        let created: [String]
        do { created = try FileCalls.createFolders(folder) } catch {
            return fail(error.message + "; nothing was written", console: console)
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

    /// What keeps `init` from writing: DIR, or a folder on the way to it, is something other than a folder, or a
    /// file it would write is there (anything at all, a dangling link too).
    static func obstacle(folder: String, paths: [String]) -> String? {
        if let (path, what) = FileCalls.nonFolder(on: folder) {
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
