import Foundation

/// Writes generated files into one output folder: only files whose bytes change (so an unchanged regeneration
/// touches nothing and recompiles nothing), each atomically, deleting the generated files it wrote earlier that
/// are no longer produced (as its manifest records them: nothing else is ever deleted), and never writing
/// outside the folder.
public struct OutputWriter: Sendable {
    /// The output folder as the user named it.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Reads the folder and works out what `apply` would do; writes nothing.
    public func plan(_ files: [GeneratedFile]) throws(OutputError) -> OutputPlan {
        try checkDirectory()
        var plan = OutputPlan(writes: [], unchanged: [], deletions: [])
        var planned = Set<String>()
        for file in files.sorted(by: { $0.path < $1.path }) {
            try Self.checkRelativePath(file.path)
            guard planned.insert(file.path).inserted else {
                throw OutputError("two generated files are both named '\(file.path)'")
            }
            let existing = try existingContents(of: file.path)
            if existing == Data(file.contents.utf8) {
                plan.unchanged.append(file.path)
            } else {
                plan.writes.append(file)
            }
        }
        let existingManifest = try existingContents(of: OutputManifest.fileName)
        let recorded = existingManifest.map { OutputManifest.paths(in: String(decoding: $0, as: UTF8.self)) } ?? []
        plan.deletions = staleGeneratedFiles(recorded, except: planned)
        let manifest = OutputManifest.text(for: Array(planned))
        // A folder that gets no file and has no manifest stays as it is (no manifest for nothing).
        if !(planned.isEmpty && existingManifest == nil), existingManifest != Data(manifest.utf8) {
            plan.manifest = manifest
        }
        return plan
    }

    /// Carries out a plan made by `plan(_:)`.
    @discardableResult
    public func apply(_ plan: OutputPlan) throws(OutputError) -> OutputSummary {
        // Nothing to write (a spec without examples, for the tests folder) creates no empty folder.
        if !plan.writes.isEmpty || plan.manifest != nil { try createFolder(directory) }
        for file in plan.writes { try write(file) }
        for path in plan.deletions {
            do { try FileManager.default.removeItem(atPath: absolute(path)) } catch {
                throw OutputError("cannot delete stale '\(absolute(path))': \(error.localizedDescription)")
            }
        }
        // Last, so an interrupted run still lists every file it may have written.
        if let manifest = plan.manifest { try write(GeneratedFile(path: OutputManifest.fileName, contents: manifest)) }
        return OutputSummary(written: plan.writes.count, unchanged: plan.unchanged.count, deleted: plan.deletions.count)
    }

    // MARK: Paths

    /// Generated paths come from validated names, but the writer does not rely on that: a path that is
    /// absolute, empty, or climbs with `..` could leave the folder.
    static func checkRelativePath(_ path: String) throws(OutputError) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.isEmpty, !path.contains("\0"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw OutputError("refusing to write '\(path)': generated paths stay inside the output folder")
        }
    }

    private func absolute(_ path: String) -> String {
        directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    private func checkDirectory() throws(OutputError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
            throw OutputError("output '\(directory)' is a file, not a folder")
        }
    }

    private func createFolder(_ path: String) throws(OutputError) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw OutputError("cannot create folder '\(path)': \(error.localizedDescription)")
        }
    }

    // MARK: Writing

    /// Temp file beside the target, then rename: a reader (or a killed run) never sees half a file.
    private func write(_ file: GeneratedFile) throws(OutputError) {
        let target = absolute(file.path)
        let folder = (target as NSString).deletingLastPathComponent
        try createFolder(folder)
        try checkInside(folder)
        let temporary = folder + "/.\((target as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(file.contents.utf8)) else {
            throw OutputError("cannot write '\(target)'")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw OutputError("cannot write '\(target)': \(reason)")
        }
    }

    /// A symbolic link inside the output folder must not lead writes elsewhere.
    private func checkInside(_ folder: String) throws(OutputError) {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard resolved == root || resolved.hasPrefix(root + "/") else {
            throw OutputError("refusing to write into '\(folder)': it leads outside the output folder '\(directory)'")
        }
    }

    // MARK: Stale files

    /// The `recorded` files (those the folder's manifest lists; none without one, in a folder lucid-gen has not
    /// written) that are no longer `planned`, still exist and still start with the generated header
    /// (a user who replaced one keeps it). A recorded path that would leave the folder is ignored: the manifest
    /// is a file anyone could have edited.
    private func staleGeneratedFiles(_ recorded: [String], except planned: Set<String>) -> [String] {
        var paths: [String] = []
        for path in Set(recorded) where !planned.contains(path) {
            guard (try? Self.checkRelativePath(path)) != nil, Self.startsWithHeader(absolute(path)) else { continue }
            // Never delete through a link that leads out of the folder.
            guard (try? checkInside((absolute(path) as NSString).deletingLastPathComponent)) != nil else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// The bytes of the file at `path` (relative), nil when there is none. Only a regular file is opened: a FIFO
    /// named like a generated file would block the read forever, and a device would never end.
    private func existingContents(of path: String) throws(OutputError) -> Data? {
        switch Self.kind(of: absolute(path)) {
        case .none: return nil
        case .some(S_IFREG): return FileManager.default.contents(atPath: absolute(path))
        default:
            throw OutputError(
                "'\(absolute(path))' is not a regular file (a folder, a FIFO or a device); remove it to "
                    + "let lucid-gen write the generated file there")
        }
    }

    /// The file type bits (`S_IFREG`, `S_IFIFO`, ...) of the file at `path`, links followed; nil when there is none.
    private static func kind(of path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    private static func startsWithHeader(_ path: String) -> Bool {
        guard kind(of: path) == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: GeneratedHeader.marker.utf8.count)) ?? Data()
        return prefix == Data(GeneratedHeader.marker.utf8)
    }
}
