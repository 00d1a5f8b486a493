import Foundation
import LucidSupport

/// Writes one spec's generated files into one output folder: only files whose bytes change (so an unchanged
/// regeneration touches nothing and recompiles nothing), each atomically, deleting the generated files it wrote
/// earlier that are no longer produced (as its manifest records them), and never writing outside the folder.
///
/// It replaces or deletes only files generated from the same spec (they begin with its header): a user's file, a
/// file another spec generated, a link or a folder at a path it would write is a clash, listed in the plan, and
/// a plan with clashes is never applied — nothing at all is written.
public struct OutputWriter: Sendable {
    /// The output folder as the user named it.
    public let directory: String
    /// The spec the files are generated from, as its header names it (by file name).
    public let specFile: String

    public init(directory: String, specFile: String) {
        self.directory = directory
        self.specFile = specFile
    }

    /// Reads the folder and works out what `apply` would do; writes nothing.
    public func plan(_ files: [GeneratedFile]) throws(OutputError) -> OutputPlan {
        try checkDirectory()
        var plan = OutputPlan(writes: [], unchanged: [], deletions: [])
        plan.manifestName = OutputManifest.fileName(specFile: specFile)
        var planned = Set<String>()
        let mark = GeneratedHeader.mark(specFile: specFile)
        for file in files.sorted(by: { $0.path < $1.path }) {
            try Self.checkRelativePath(file.path)
            guard planned.insert(file.path).inserted else {
                throw OutputError("two generated files are both named '\(file.path)'")
            }
            switch inspect(file.path, expecting: file.contents, mark: mark) {
            case .same: plan.unchanged.append(file.path)
            case .missing, .own: plan.writes.append(file)
            case .clash(let reason): plan.clashes.append(FileClash(path: absolute(file.path), reason: reason))
            }
        }
        var recorded = planManifest(planned, into: &plan)
        recorded += planLegacyManifest(into: &plan, mark: mark)
        plan.deletions = staleGeneratedFiles(recorded, except: planned, mark: mark)
        return plan
    }

    /// Carries out a plan made by `plan(_:)`; a plan with clashes is refused before anything is written.
    @discardableResult
    public func apply(_ plan: OutputPlan) throws(OutputError) -> OutputSummary {
        guard plan.clashes.isEmpty else {
            throw OutputError(FileClash.message(plan.clashes, command: "generate", advice: Self.advice(plan.clashes)))
        }
        // Nothing to write (a spec without examples, for the tests folder) creates no empty folder.
        if !plan.writes.isEmpty || plan.manifest != nil { try FileCalls.createFolders(directory) }
        // Each folder is created and checked once, not once per file.
        var ready: Set<String> = []
        var temporaryNumber = 0
        let root = resolvedRoot()
        for file in plan.writes {
            let folder = parent(of: file.path)
            if ready.insert(folder).inserted { try prepare(folder, root: root) }
            try write(file, temporaryNumber: &temporaryNumber)
        }
        for path in plan.deletions + (plan.removesLegacyManifest ? [OutputManifest.legacyFileName] : []) {
            // `unlink`, never a recursive removal: only a file is ever deleted.
            guard unlink(absolute(path)) == 0 || errno == ENOENT else {
                throw OutputError("cannot delete the stale file '\(absolute(path))': \(FileCalls.reason(errno))")
            }
        }
        // Last, so an interrupted run still lists every file it may have written.
        if let manifest = plan.manifest {
            try write(GeneratedFile(path: plan.manifestName, contents: manifest), temporaryNumber: &temporaryNumber)
        }
        return OutputSummary(written: plan.writes.count, unchanged: plan.unchanged.count, deleted: plan.deletions.count)
    }

    /// What to do about `clashes`, for the refusal.
    public static func advice(_ clashes: [FileClash]) -> String {
        var advice: [String] = []
        if clashes.contains(where: { if case .otherSource = $0.reason { false } else { true } }) {
            advice.append(
                "Move those files out of the way, or generate into another folder (--output DIR, or 'output:' in "
                    + "the spec).")
        }
        if clashes.contains(where: { if case .otherSource = $0.reason { true } else { false } }) {
            advice.append(
                "Two specs cannot generate the same file into one folder: give each its own output folder (files "
                    + "of a spec that was renamed or removed can be deleted).")
        }
        return advice.joined(separator: "\n")
    }

    /// Plans this spec's manifest; the paths it recorded so far.
    private func planManifest(_ planned: Set<String>, into plan: inout OutputPlan) -> [String] {
        let name = OutputManifest.fileName(specFile: specFile)
        let text = OutputManifest.text(for: Array(planned), specFile: specFile)
        switch inspect(name, expecting: text, mark: OutputManifest.mark(specFile: specFile)) {
        case .same:
            return []
        case .own:
            plan.manifest = text
            let existing = (try? FileCalls.contents(of: absolute(name))).flatMap { $0 } ?? []
            return OutputManifest.paths(in: String(decoding: existing, as: UTF8.self))
        case .missing:
            // A folder that gets no file and has no manifest stays as it is (no manifest for nothing).
            if !planned.isEmpty { plan.manifest = text }
            return []
        case .clash(let reason):
            plan.clashes.append(FileClash(path: absolute(name), reason: reason))
            return []
        }
    }

    /// The paths the legacy manifest (`.lucid-gen-files`, one for every spec of the folder) records, read as a
    /// record of this spec's files too; it is removed unless a file it lists is still another spec's.
    private func planLegacyManifest(into plan: inout OutputPlan, mark: OwnershipMark) -> [String] {
        let path = absolute(OutputManifest.legacyFileName)
        let legacy = OwnershipMark(family: OutputManifest.legacyComment + "\n", shown: "")
        guard inspect(OutputManifest.legacyFileName, expecting: nil, mark: legacy) == .own,
            let bytes = (try? FileCalls.contents(of: path)).flatMap({ $0 })
        else { return [] }
        let recorded = OutputManifest.paths(in: String(decoding: bytes, as: UTF8.self))
        let othersRemain = recorded.contains { recordedPath in
            guard (try? Self.checkRelativePath(recordedPath)) != nil,
                case .clash(.otherSource) = inspect(recordedPath, expecting: nil, mark: mark)
            else { return false }
            return true
        }
        plan.removesLegacyManifest = !othersRemain
        return recorded
    }

    /// What is at `path` (relative) compared with `contents`, judged by `mark`.
    private func inspect(_ path: String, expecting contents: String?, mark: OwnershipMark) -> FileCalls.Inspection {
        guard var contents else { return FileCalls.inspect(absolute(path), expected: nil, mark: mark) }
        return contents.withUTF8 { FileCalls.inspect(absolute(path), expected: UnsafeRawBufferPointer($0), mark: mark) }
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

    /// The output folder must be a folder (a link to one is fine) or be missing with nothing in the way.
    private func checkDirectory() throws(OutputError) {
        guard let (path, what) = FileCalls.nonFolder(on: directory) else { return }
        if path == Paths.normalize(directory) {
            throw OutputError(
                what == .file
                    ? "output '\(directory)' is a file, not a folder" : "output '\(directory)' \(what.asFolder)")
        }
        throw OutputError("cannot create the output folder '\(directory)': '\(path)' \(what.onTheWay)")
    }

    // MARK: Writing

    /// The folder (relative, "" for the output folder itself) that holds the generated file at `path`.
    private func parent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Creates a subfolder of the output folder and checks that it stays inside it.
    private func prepare(_ folder: String, root: String) throws(OutputError) {
        guard !folder.isEmpty else { return }
        try FileCalls.createFolders(absolute(folder))
        try checkInside(absolute(folder), root: root)
    }

    private func write(_ file: GeneratedFile, temporaryNumber: inout Int) throws(OutputError) {
        try FileCalls.replace(absolute(file.path), with: file.contents, temporaryNumber: &temporaryNumber)
    }

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

    /// The `recorded` files (those the folder's manifests list; none without one, in a folder lucid-gen has not
    /// written) that are no longer `planned` and are still this spec's: regular files, not links, that begin with
    /// its header (a user who replaced one keeps it). A recorded path that would leave the folder is ignored: the
    /// manifest is a file anyone could have edited.
    private func staleGeneratedFiles(
        _ recorded: [String], except planned: Set<String>, mark: OwnershipMark
    )
        -> [String]
    {
        var paths: [String] = []
        for path in Set(recorded) where !planned.contains(path) {
            guard (try? Self.checkRelativePath(path)) != nil, inspect(path, expecting: nil, mark: mark) == .own else {
                continue
            }
            // Never delete through a link that leads out of the folder.
            guard (try? checkInside((absolute(path) as NSString).deletingLastPathComponent)) != nil else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }
}
