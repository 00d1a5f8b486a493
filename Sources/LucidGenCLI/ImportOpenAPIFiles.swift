import Foundation
import LucidCodeGen
import LucidImport
import LucidOutput
import LucidSupport

/// The files `import-openapi --output SPEC` writes besides the spec: the document's response examples, as JSON
/// files under `examples/` in the spec's folder, and a manifest of them.
///
/// A JSON example is a response body: it has no room for an ownership mark. So the import keeps a manifest beside
/// the spec, `.<spec file name>.import-openapi-files`, itself marked, listing each example file it wrote with the
/// SHA-256 of the bytes it wrote. An example file is the import's to replace or delete only while the manifest lists
/// it and it still has exactly those bytes: a file of the user's, or an example the user has edited since, is
/// never replaced or deleted (the command writes nothing at all), whatever `--force` says.
struct ImportOpenAPIFiles {
    /// The spec's path as given.
    let spec: String
    /// The spec's folder, `""` for the current one.
    let folder: String

    init(spec: String) {
        self.spec = spec
        folder = (spec as NSString).deletingLastPathComponent
    }

    /// What the manifest begins with.
    static let family = "# Written by lucid-gen import-openapi"
    static let mark = OwnershipMark(family: family, shown: "'\(family)'")

    /// `dir/.api.lucid.yaml.import-openapi-files`.
    var manifestPath: String { join("." + (spec as NSString).lastPathComponent + ".import-openapi-files") }

    func join(_ relative: String) -> String { folder.isEmpty ? relative : folder + "/" + relative }

    /// The example files an earlier import recorded: relative path → SHA-256; empty when there is no manifest.
    func recorded() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: manifestPath),
            let text = String(data: data, encoding: .utf8), text.hasPrefix(Self.family)
        else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { entries[String(parts[1]).trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
        }
        return entries
    }

    /// The manifest's text for `examples`.
    func manifest(_ examples: [ImportedExample]) -> String {
        let name = (spec as NSString).lastPathComponent
        var lines = [
            Self.family + " for \(name): its example files, each with the SHA-256 of its bytes.",
            "# import-openapi replaces or deletes a file listed here only while it still has these bytes.",
        ]
        for example in examples.sorted(by: { $0.path < $1.path }) {
            lines.append(SHA256.hex(of: Array(example.text.utf8)) + "  " + example.path)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The plan for writing `examples`: what to write, what to delete (examples of the last import that this one
    /// does not make, still unchanged), and the paths it may not touch.
    struct Plan {
        var writes: [ImportedExample] = []
        var deletions: [String] = []
        var kept: [String] = []
        /// Each path it may not write or delete, with why: `examples/pets/getPet.json: an example you have edited…`.
        var clashes: [String] = []
    }

    func plan(_ examples: [ImportedExample]) -> Plan {
        var plan = Plan()
        let earlier = recorded()
        if let clash = SingleFileWriter.clash(at: manifestPath, mark: Self.mark) {
            plan.clashes.append(clash.description)
        }
        let manifestName = (manifestPath as NSString).lastPathComponent
        for example in examples {
            let path = join(example.path)
            switch state(of: path, recorded: earlier[example.path]) {
            case .missing: plan.writes.append(example)
            case .own:
                // Unchanged bytes are not written again (their time stays, for the tools that look at it).
                if contents(path) != Array(example.text.utf8) { plan.writes.append(example) }
            case .changed:
                if contents(path) == Array(example.text.utf8) { continue }
                plan.clashes.append("\(path): an example you have edited since import-openapi wrote it")
            case .notOwn:
                plan.clashes.append(
                    "\(path): a file import-openapi did not write (its manifest, \(manifestName), does not list it)")
            case .clash(let reason): plan.clashes.append(FileClash(path: path, reason: reason).description)
            }
        }
        let now = Set(examples.map(\.path))
        for (relative, _) in earlier.sorted(by: { $0.key < $1.key }) where !now.contains(relative) {
            switch state(of: join(relative), recorded: earlier[relative]) {
            case .own: plan.deletions.append(join(relative))
            case .changed: plan.kept.append(join(relative))
            default: break
            }
        }
        return plan
    }

    private enum State {
        case missing
        /// A regular file with the bytes the manifest records.
        case own
        /// A regular file the manifest lists, with other bytes (edited since).
        case changed
        /// A regular file the manifest does not list.
        case notOwn
        case clash(FileClash.Reason)
    }

    private func state(of path: String, recorded digest: String?) -> State {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // ENOENT, or a file where a folder of the path should be.
            return errno == ENOENT ? .missing : .clash(.unreadable(String(cString: strerror(errno))))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return .clash(.symbolicLink)
        case S_IFDIR: return .clash(.folder)
        default: return .clash(.special)
        }
        guard let digest else { return .notOwn }
        guard let bytes = contents(path) else { return .clash(.unreadable("it cannot be read")) }
        return SHA256.hex(of: bytes) == digest ? .own : .changed
    }

    private func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    /// Carries out `plan`: the examples, the stale examples deleted, the manifest. The caller has checked that the
    /// plan has no clashes and that the spec may be written.
    func write(_ plan: Plan, examples: [ImportedExample]) throws(OutputError) {
        for example in plan.writes { try SingleFileWriter.replace(join(example.path), with: example.text) }
        for path in plan.deletions {
            unlink(path)
            // The folders the import made (`examples/<service>`), once empty; rmdir removes nothing else.
            var folder = (path as NSString).deletingLastPathComponent
            while folder != self.folder, !folder.isEmpty, rmdir(folder) == 0 {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        if examples.isEmpty {
            if SingleFileWriter.clash(at: manifestPath, mark: Self.mark) == nil { unlink(manifestPath) }
        } else {
            try SingleFileWriter.write(
                manifest(examples), to: manifestPath, mark: Self.mark, command: "import-openapi")
        }
    }
}
