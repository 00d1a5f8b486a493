import Foundation
import LucidCodeGen
import LucidOutput
import LucidSpec
import LucidSupport

/// What one `generate` run read and wrote, kept so that the same command with nothing changed exits without
/// parsing or rendering anything (0.02 s instead of a second for a spec of a thousand entities).
///
/// A stamp records the command (working folder, arguments, `SRCROOT`), the tool (version, and the executable's
/// path, size and times, so a rebuilt lucid-gen never trusts an older one's stamp), the SHA-256 of every input
/// file (spec, includes, `example:` bodies, overriding templates), what each include pattern with wildcards
/// matched (a new file that matches is a change), and each output's size, inode and times. A run is skipped only
/// when all of them are as recorded; any difference, or any stamp that cannot be read, means a full run.
///
/// Stamps live in the user's cache folder, one file per command, not in the output folder: the output folder is
/// often committed (and the times differ in every checkout, so the stamp would change on every clone), and when
/// the spec names it (`output:`), finding it would mean parsing the spec, the very work a stamp saves.
struct GenerationStamp: Equatable {
    /// The command, in a form that is equal only for commands that write the same bytes.
    var command: String
    /// The executable and its version.
    var tool: String
    /// Each input file and the SHA-256 of its bytes.
    var inputs: [Input]
    /// Each include pattern (and, with `--templates`, the templates folder) and what it matched.
    var patterns: [IncludePattern]
    /// Each file written or left unchanged, with its status after the run.
    var outputs: [Output]
    /// The run's diagnostics as printed (warnings), printed again when a run is skipped.
    var report: [String]
    /// Each output folder and how many files it holds, for the summary of a skipped run.
    var folders: [Folder]

    struct Input: Equatable {
        var path: String
        var digest: String
    }

    struct Output: Equatable {
        var path: String
        var status: FileStatus
    }

    struct Folder: Equatable {
        var path: String
        var files: Int
    }

    /// Whether every input, pattern and output is still as recorded (and the tool the same), reading as little as
    /// it can: outputs' statuses first (one `stat` each), digests last.
    func isCurrent(tool currentTool: String) -> Bool {
        guard tool == currentTool else { return false }
        for output in outputs where FileStatus(path: output.path) != output.status { return false }
        for pattern in patterns where pattern.currentMatches() != pattern.matches { return false }
        for input in inputs where Self.digest(of: input.path) != input.digest { return false }
        return true
    }

    /// The SHA-256 of the file at `path`; nil when it cannot be read.
    static func digest(of path: String) -> String? {
        FileManager.default.contents(atPath: path).map { SHA256.hex(of: $0) }
    }

    /// This executable: version, path, size, inode and times.
    static func currentTool() -> String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "lucid-gen"
        return "\(LucidGenCommand.version) \(path) " + (FileStatus(path: path)?.text ?? "-")
    }

    // MARK: Text

    /// The stamp's format, on its first line; a stamp with another first line is ignored.
    static let formatLine = "lucid-gen generation stamp 1"

    /// One record a line, its fields separated by tabs; backslashes, tabs and line breaks in a field escaped.
    var text: String {
        var lines = [Self.formatLine, Self.line("command", command), Self.line("tool", tool)]
        lines += inputs.map { Self.line("input", $0.digest, $0.path) }
        lines += patterns.map { Self.line(["pattern", $0.folder, $0.pattern] + $0.matches) }
        lines += outputs.map { Self.line("output", $0.status.text, $0.path) }
        lines += report.map { Self.line("report", $0) }
        lines += folders.map { Self.line("folder", String($0.files), $0.path) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The stamp in `text`; nil for anything that is not a stamp this version wrote. Split on the UTF-8 bytes:
    /// a stamp has a line for every output, and this is the whole cost of a skipped run.
    init?(text: String) {
        let bytes = Array(text.utf8)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.first.map({ String(decoding: $0, as: UTF8.self) }) == Self.formatLine, lines.last?.isEmpty == true
        else { return nil }
        lines.removeFirst()
        lines.removeLast()
        var command: String?
        var tool: String?
        (inputs, patterns, outputs, report, folders) = ([], [], [], [], [])
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Self.unescape)
            switch (fields.first, fields.count) {
            case ("command", 2): command = fields[1]
            case ("tool", 2): tool = fields[1]
            case ("input", 3): inputs.append(Input(path: fields[2], digest: fields[1]))
            case ("pattern", 3...):
                patterns.append(IncludePattern(pattern: fields[2], folder: fields[1], matches: Array(fields[3...])))
            case ("output", 3):
                guard let status = FileStatus(text: fields[1]) else { return nil }
                outputs.append(Output(path: fields[2], status: status))
            case ("report", 2): report.append(fields[1])
            case ("folder", 3):
                guard let files = Int(fields[1]) else { return nil }
                folders.append(Folder(path: fields[2], files: files))
            default: return nil
            }
        }
        guard let command, let tool else { return nil }
        self.command = command
        self.tool = tool
    }

    init(
        command: String, tool: String, inputs: [Input], patterns: [IncludePattern], outputs: [Output],
        report: [String], folders: [Folder]
    ) {
        (self.command, self.tool, self.inputs, self.patterns) = (command, tool, inputs, patterns)
        (self.outputs, self.report, self.folders) = (outputs, report, folders)
    }

    /// The stamp of a finished run, made from what it read and wrote; nil when an input changed after the run
    /// started (its digest now may not be that of the bytes the run read) or an output is missing.
    static func record(
        command: String, tool: String, spec: String, inputs: [String], patterns: [IncludePattern],
        outputs: [(folder: String, files: [String])], lists: [String], report: [String], startedAt: Date
    ) -> GenerationStamp? {
        let start = Int64(startedAt.timeIntervalSince1970 * 1e9)
        var recordedInputs: [Input] = []
        for path in Set(inputs).sorted() {
            guard let status = FileStatus(path: path), status.modified < start, status.changed < start,
                let digest = digest(of: path)
            else { return nil }
            recordedInputs.append(Input(path: path, digest: digest))
        }
        var paths = lists
        let manifest = OutputManifest.fileName(specFile: spec)
        for output in outputs where !output.files.isEmpty {
            paths += output.files.map { output.folder + "/" + $0 }
            paths.append(output.folder + "/" + manifest)
        }
        var recordedOutputs: [Output] = []
        for path in paths {
            guard let status = FileStatus(path: path) else { return nil }
            recordedOutputs.append(Output(path: path, status: status))
        }
        return GenerationStamp(
            command: command, tool: tool, inputs: recordedInputs, patterns: patterns, outputs: recordedOutputs,
            report: report, folders: outputs.map { Folder(path: $0.folder, files: $0.files.count) })
    }

    private static func line(_ fields: String...) -> String { line(fields) }

    private static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: "\t")
    }

    /// Looks for the four bytes, not Characters: a stamp has a line per output, and a `\r\n` or a backslash with a
    /// combining mark is one Character equal to none of them, yet must be escaped too.
    private static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return field.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    private static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var result: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
                default: result.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// What changes when a file is rewritten, replaced or touched: size, inode, and modification and status-change
/// times to the nanosecond. The status-change time cannot be set back by a program (`touch -d` sets the
/// modification time only), so an edit that keeps the size and restores the time is still seen.
struct FileStatus: Equatable {
    var size: Int64
    var inode: UInt64
    var modified: Int64
    var changed: Int64

    /// The status of the file at `path`, links followed; nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        size = Int64(status.st_size)
        inode = UInt64(status.st_ino)
        #if canImport(Darwin)
        modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        changed = Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
        #else
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        #endif
    }

    /// `size:inode:modified:changed`.
    var text: String { "\(size):\(inode):\(modified):\(changed)" }

    init?(text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: ":")).map { Substring($0) }
        guard parts.count == 4, let size = Int64(parts[0]), let inode = UInt64(parts[1]),
            let modified = Int64(parts[2]), let changed = Int64(parts[3])
        else { return nil }
        (self.size, self.inode, self.modified, self.changed) = (size, inode, modified, changed)
    }
}

/// Where stamps are kept: `$LUCID_GEN_CACHE` when set (`off` keeps none), else `lucid-gen/stamps` in the user's
/// cache folder (`~/Library/Caches` on Apple platforms, `$XDG_CACHE_HOME` or `~/.cache` elsewhere).
struct StampStore {
    /// The folder; nil when stamps are off.
    var folder: String?

    init(environment: [String: String]) {
        if let setting = environment["LUCID_GEN_CACHE"] {
            folder = setting.isEmpty || setting == "off" ? nil : setting + "/stamps"
        } else {
            folder = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                .map { $0.path + "/lucid-gen/stamps" }
        }
    }

    /// The stamp file of `command`: named by its digest, so one command always finds its own.
    func path(for command: String) -> String? {
        folder.map { $0 + "/" + SHA256.hex(of: Array(command.utf8)).prefix(32) }
    }

    /// The stamp recorded for `command`, if any can be read.
    func stamp(for command: String) -> GenerationStamp? {
        guard let path = path(for: command), let data = FileManager.default.contents(atPath: path),
            let stamp = GenerationStamp(text: String(decoding: data, as: UTF8.self)), stamp.command == command
        else { return nil }
        return stamp
    }

    /// Records `stamp`, through a temporary file and a rename; a cache folder that cannot be written only costs
    /// the next run its shortcut.
    func save(_ stamp: GenerationStamp) {
        guard let folder, let path = path(for: stamp.command) else { return }
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? Data(stamp.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Forgets the stamp of `command`, before a run that may leave outputs other than recorded.
    func remove(for command: String) {
        guard let path = path(for: command) else { return }
        unlink(path)
    }
}
