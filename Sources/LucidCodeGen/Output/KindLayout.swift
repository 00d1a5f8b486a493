/// The layout `lucid-gen generate` writes by default: one file per kind of declaration, named after the kind —
/// `Entities.swift`, `Subtypes.swift`, `Payloads.swift`, `Services.swift`, `BusinessControllers.swift`,
/// `Clients.swift`, `Auth.swift`, `ResponseHandling.swift` — beside the top-level files (`<Module>Servers.swift`,
/// `<Module>ErrorPayload.swift`), which stay as they are. A kind longer than its part size (`maxLines(of:)`) is split
/// into parts of similar length, `Entities1.swift`, `Entities2.swift`, …, each holding consecutive declarations in
/// name order.
///
/// Why not one file per declaration: a debug build pays for every file it compiles (an LLVM module, an object file
/// and its debug info each, and every batch of files the driver starts reads all the others again). For a spec of
/// 100 entities and 300 endpoints, 700 one-declaration files made that a third of the build. The parts keep a big
/// spec's files many enough for every core, and small enough to read.
public struct KindLayout: Sendable {
    /// The longest a client file grows before `Clients` is split into parts (a single longer declaration keeps its
    /// part to itself); other kinds scale it by what a line of theirs costs to compile (`maxLines(of:)`).
    public static let maxLines = 1500

    /// How long a part of `kind` grows: `maxLines` divided by what a line of the kind costs to compile, relative to
    /// a client's line (debug build, CPU time of each file of the N=100 benchmark's output compiled as the only
    /// primary file: 0.8 s for 1,340 client lines, 0.62 s for 920 entity lines, 0.66 s for 2,000 service lines).
    /// The driver hands each core an equal number of files, so files of equal cost keep every core equally busy.
    static func maxLines(of kind: String) -> Int {
        let costPerLine: Double =
            switch kind {
            case "Entities", "Subtypes": 1.15
            case "BusinessControllers": 1.1
            case "Payloads": 0.75
            case "Services": 0.55
            default: 1
            }
        return Int((Double(maxLines) / costPerLine).rounded())
    }

    public init() {}

    /// `files` (one declaration each, as `Generator` makes them: `Entities/Movie.swift`, `MoviesServers.swift`)
    /// bundled by kind, sorted by path.
    public func bundle(_ files: [GeneratedFile], header: String) -> [GeneratedFile] {
        var kinds: [String: [GeneratedFile]] = [:]
        var bundled: [GeneratedFile] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let slash = file.path.firstIndex(of: "/") else {
                bundled.append(file)
                continue
            }
            kinds[String(file.path[..<slash]), default: []].append(file)
        }
        for (kind, members) in kinds {
            let parts = Self.parts(members, maxLines: Self.maxLines(of: kind))
            for (index, part) in parts.enumerated() {
                bundled.append(
                    GeneratedFile(
                        path: Self.fileName(kind: kind, part: index + 1, of: parts.count),
                        contents: FixedLayout.merge(part, header: header)))
            }
        }
        return bundled.sorted { $0.path < $1.path }
    }

    /// `Entities.swift` for a kind in one file; else `Entities1.swift`, …, numbered with as many digits as the last
    /// part has (`Entities01.swift` … `Entities12.swift`), so that the names sort in part order.
    static func fileName(kind: String, part: Int, of count: Int) -> String {
        if count == 1 { return "\(kind).swift" }
        let number = String(part)
        return kind + String(repeating: "0", count: String(count).count - number.count) + number + ".swift"
    }

    /// `files` in order, cut into as few parts of at most about `maxLines` lines as they fit in, of similar length:
    /// each file goes to the part its middle line falls in. A file's lines are its declarations' (and the blank line
    /// before them): its header and imports are written once per part.
    static func parts(_ files: [GeneratedFile], maxLines: Int = Self.maxLines) -> [[GeneratedFile]] {
        let lines = files.map { FixedLayout.split($0).body.utf8.reduce(2) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
        let total = lines.reduce(0, +)
        let count = max(1, (total + maxLines - 1) / maxLines)
        var parts = Array(repeating: [GeneratedFile](), count: count)
        var before = 0
        for (file, length) in zip(files, lines) {
            parts[min(count - 1, (before + length / 2) * count / max(total, 1))].append(file)
            before += length
        }
        return parts.filter { !$0.isEmpty }
    }
}
