import Foundation
import LucidCodeGen

/// The `.xcfilelist` files `generate --input-file-list` / `--output-file-list` write for an Xcode run-script
/// phase: every file generation read (the spec, its includes and `example:` bodies, overriding templates) and
/// every file it produced. Declared as the phase's input and output file lists, they let Xcode skip the phase
/// when no input changed and order it before compilation.
///
/// One path per line. A path under the project folder is written as `$(SRCROOT)/…`, so the lists can be
/// committed and work in every checkout: the project folder is `$SRCROOT` when set (Xcode sets it for a
/// run-script phase, whose working folder it also is), else the current folder.
struct FileLists {
    /// Where the input list goes, when asked for.
    var inputList: String?
    /// Where the output list goes, when asked for.
    var outputList: String?

    init(_ arguments: ParsedArguments) {
        inputList = arguments.values["--input-file-list"]
        outputList = arguments.values["--output-file-list"]
    }

    var isEmpty: Bool { inputList == nil && outputList == nil }

    /// The lists' paths with the text each should hold. The paths are autoclosures, gathered only for a list
    /// that was asked for: the outputs are every generated file's path.
    func contents(
        inputs: @autoclosure () -> [String], outputs: @autoclosure () -> [String], projectFolder: String
    ) -> [(path: String, text: String)] {
        var lists: [(path: String, text: String)] = []
        if let inputList { lists.append((inputList, Self.text(of: inputs(), projectFolder: projectFolder))) }
        if let outputList { lists.append((outputList, Self.text(of: outputs(), projectFolder: projectFolder))) }
        return lists
    }

    /// The lists whose bytes on disk differ from what they should hold.
    static func changed(_ lists: [(path: String, text: String)]) -> [(path: String, text: String)] {
        lists.filter { list in
            FileManager.default.contents(atPath: list.path) != Data(list.text.utf8)
        }
    }

    /// Writes each list that changed (through a temporary file and a rename, so Xcode never reads half a list).
    static func write(_ lists: [(path: String, text: String)]) throws(OutputError) {
        for list in changed(lists) {
            do {
                try Data(list.text.utf8).write(to: URL(fileURLWithPath: list.path), options: .atomic)
            } catch {
                throw OutputError("cannot write file list '\(list.path)': \(error.localizedDescription)")
            }
        }
    }

    /// The project folder: `$SRCROOT` when set, else the current folder; absolute and without `.`/`..`.
    static func projectFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folder =
            environment["SRCROOT"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath
        return absolute(folder)
    }

    /// One path per line, sorted, each under the project folder written as `$(SRCROOT)/…`.
    static func text(of paths: [String], projectFolder: String) -> String {
        let lines = Set(
            paths.map { path -> String in
                let full = absolute(path)
                guard full.hasPrefix(projectFolder + "/") else { return full }
                return "$(SRCROOT)/" + full.dropFirst(projectFolder.count + 1)
            })
        return lines.sorted().map { $0 + "\n" }.joined()
    }

    /// `path` made absolute against the current folder, without `.` and `..` (links are kept: Xcode names
    /// files by the paths it was given).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
