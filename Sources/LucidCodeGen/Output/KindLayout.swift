import LucidOutput

/// The layout `lucid-gen generate` writes by default: one file per kind of declaration, named after the kind —
/// `Entities.swift`, `Subtypes.swift`, `Payloads.swift`, `Services.swift`, `BusinessControllers.swift`,
/// `Clients.swift`, `Auth.swift`, `ResponseHandling.swift` — beside the top-level files (`<Module>Servers.swift`,
/// `<Module>ErrorPayload.swift`), which keep their names. A kind longer than its part size (`maxLines(of:)`) is split
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
                bundled.append(GeneratedFile(path: file.path, contents: FixedLayout.merge([file], header: header)))
                continue
            }
            kinds[String(file.path[..<slash]), default: []].append(file)
        }
        for (kind, members) in kinds {
            let maxLines = Self.maxLines(of: kind)
            let parts = Self.parts(
                members.flatMap { Self.declarations(of: $0, maxLines: maxLines) }, maxLines: maxLines)
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

    /// `file` cut at its top-level declarations when it is longer than `maxLines` (one service's client, controller
    /// or service in a big spec): each becomes a file of its own, with the file's imports, in order, so that `parts`
    /// can spread them, as it spreads declarations. A file that declares something `private` stays whole (another
    /// file could not see it), and so do `#if` blocks and multi-line string literals.
    ///
    /// Why: a debug build compiles each file in one compiler job, and the driver gives each job the same number of
    /// files; one 21,000-line client (Xero's 235 operations) was a job of 344 MB and 8.5 s beside files of 1 s.
    static func declarations(of file: GeneratedFile, maxLines: Int) -> [GeneratedFile] {
        let (imports, body) = FixedLayout.split(file)
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > maxLines, !body.contains("private ") else { return [file] }
        var starts = [0]
        var inLiteral = false
        var conditionDepth = 0
        for (index, line) in lines.enumerated() {
            if !inLiteral, line.hasPrefix("#if") { conditionDepth += 1 }
            if !inLiteral, line.hasPrefix("#endif") { conditionDepth -= 1 }
            var quotes = 0
            for byte in line.utf8 {
                quotes = byte == UInt8(ascii: "\"") ? quotes + 1 : 0
                if quotes == 3 {
                    inLiteral.toggle()
                    quotes = 0
                }
            }
            guard index + 2 < lines.count, !inLiteral, conditionDepth == 0, line == "}" || line == "#endif",
                lines[index + 1].isEmpty, let first = lines[index + 2].first, !first.isWhitespace, first != "}"
            else { continue }
            starts.append(index + 2)
        }
        guard starts.count > 1 else { return [file] }
        let head = imports.joined(separator: "\n") + "\n\n"
        return starts.indices.map { number in
            let end = number + 1 < starts.count ? starts[number + 1] - 1 : lines.count
            return GeneratedFile(
                path: file.path, contents: head + lines[starts[number]..<end].joined(separator: "\n") + "\n")
        }
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
