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
            if try compare(file) == .same {
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
        // Each folder is created and checked once, not once per file.
        var ready: Set<String> = []
        var temporaryNumber = 0
        let root = resolvedRoot()
        for file in plan.writes {
            let folder = parent(of: file.path)
            if ready.insert(folder).inserted { try prepare(folder, root: root) }
            try write(file, temporaryNumber: &temporaryNumber)
        }
        for path in plan.deletions {
            do { try FileManager.default.removeItem(atPath: absolute(path)) } catch {
                throw OutputError("cannot delete stale '\(absolute(path))': \(error.localizedDescription)")
            }
        }
        // Last, so an interrupted run still lists every file it may have written.
        if let manifest = plan.manifest {
            try write(
                GeneratedFile(path: OutputManifest.fileName, contents: manifest), temporaryNumber: &temporaryNumber)
        }
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

    /// The folder (relative, "" for the output folder itself) that holds the generated file at `path`.
    private func parent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Creates a subfolder of the output folder and checks that it stays inside it.
    private func prepare(_ folder: String, root: String) throws(OutputError) {
        guard !folder.isEmpty else { return }
        try createFolder(absolute(folder))
        try checkInside(absolute(folder), root: root)
    }

    /// Temp file beside the target, then rename: a reader (or a killed run) never sees half a file. Four system
    /// calls: `open`, `write`, `close`, `rename`. The temp name is unique within the run (process id and a
    /// counter), and `O_EXCL` refuses a leftover of another run with the same name (the next counter is tried).
    private func write(_ file: GeneratedFile, temporaryNumber: inout Int) throws(OutputError) {
        let target = absolute(file.path)
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let prefix = String(target.dropLast(name.count)) + ".\(name).\(Self.processID)."
        var contents = file.contents
        var attempt = 0
        while true {
            temporaryNumber += 1
            let temporary = prefix + "\(temporaryNumber).tmp"
            let failure = contents.withUTF8 { FileCalls.create(temporary, bytes: UnsafeRawBufferPointer($0)) }
            if failure == EEXIST, attempt < 100 {
                attempt += 1
                continue
            }
            if let failure { throw OutputError("cannot write '\(target)': \(FileCalls.reason(failure))") }
            guard rename(temporary, target) == 0 else {
                let reason = FileCalls.reason(errno)
                unlink(temporary)
                throw OutputError("cannot write '\(target)': \(reason)")
            }
            return
        }
    }

    private static let processID = getpid()

    /// The output folder with its symbolic links resolved.
    private func resolvedRoot() -> String {
        URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    }

    /// A symbolic link inside the output folder must not lead writes elsewhere.
    private func checkInside(_ folder: String, root: String? = nil) throws(OutputError) {
        let root = root ?? resolvedRoot()
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

    /// How the file already at `file.path` compares with the bytes it should have. Only a regular file is read:
    /// a FIFO named like a generated file would block the read forever, and a device would never end.
    private func compare(_ file: GeneratedFile) throws(OutputError) -> FileCalls.Comparison {
        var contents = file.contents
        let comparison = contents.withUTF8 { FileCalls.compare(absolute(file.path), with: UnsafeRawBufferPointer($0)) }
        if comparison == .notRegular { throw notRegular(file.path) }
        return comparison
    }

    /// The bytes of the file at `path` (relative), nil when there is none.
    private func existingContents(of path: String) throws(OutputError) -> Data? {
        do throws(FileCalls.NotRegularFile) {
            return try FileCalls.contents(of: absolute(path)).map { Data($0) }
        } catch {
            throw notRegular(path)
        }
    }

    private func notRegular(_ path: String) -> OutputError {
        OutputError(
            "'\(absolute(path))' is not a regular file (a folder, a FIFO or a device); remove it to "
                + "let lucid-gen write the generated file there")
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
