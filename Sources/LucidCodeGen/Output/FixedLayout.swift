import LucidOutput

/// A layout whose file names are known before the spec is read: what a SwiftPM build-tool plugin needs, since it
/// must declare its output files before the tool runs.
///
/// Each kind of generated file (`Entities/`, `Subtypes/`, ..., and the top-level files as `Module`) is spread
/// over exactly `filesPerKind` files named `LucidGen_<Kind>_<i>.swift`; a declaration goes to the file picked
/// by a stable hash of its usual path, so adding one declaration changes one file (and recompiles one file)
/// rather than shifting the others. Every file is produced, with only the header when nothing hashes to it.
public struct FixedLayout: Sendable {
    /// The kinds, in file-name order: the folders `Generator` writes, and `Module` for top-level files.
    public static let kinds = [
        "Auth", "BusinessControllers", "Clients", "Entities", "Module", "Payloads", "ResponseHandling", "Services",
        "Subtypes",
    ]
    /// The most files per kind a layout may ask for.
    public static let maxFilesPerKind = 64

    public let filesPerKind: Int

    /// - Precondition: `1...maxFilesPerKind` contains `filesPerKind` (the CLI checks it).
    public init(filesPerKind: Int) {
        precondition((1...Self.maxFilesPerKind).contains(filesPerKind))
        self.filesPerKind = filesPerKind
    }

    /// Every file name of the layout, sorted: what a plugin declares as its outputs.
    public var fileNames: [String] {
        Self.kinds.flatMap { kind in (0..<filesPerKind).map { Self.fileName(kind: kind, index: $0) } }
    }

    static func fileName(kind: String, index: Int) -> String { "LucidGen_\(kind)_\(index).swift" }

    /// `files` (one declaration each, as `Generator` makes them) bundled into the layout's files.
    public func bundle(_ files: [GeneratedFile], header: String) throws(GenerationError) -> [GeneratedFile] {
        var buckets: [String: [GeneratedFile]] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.split(separator: "/")
            let kind = parts.count > 1 ? String(parts[0]) : "Module"
            guard Self.kinds.contains(kind) else {
                throw GenerationError("no fixed-layout kind holds '\(file.path)'", at: nil)
            }
            let index = Int(Self.stableHash(file.path) % UInt64(filesPerKind))
            buckets[Self.fileName(kind: kind, index: index), default: []].append(file)
        }
        return fileNames.map { name in
            GeneratedFile(path: name, contents: Self.merge(buckets[name] ?? [], header: header))
        }
    }

    /// One header, the union of the files' imports, then each file's declarations in path order. Works on
    /// slices of the files' text: a big spec bundles thousands of files.
    static func merge(_ files: [GeneratedFile], header: String) -> String {
        // One line per module, sorted by the module's name; `@_spi(Generated) import LucidRuntime` wins over a plain
        // import of it (from an overriding template), since generated code calls the runtime's SPI.
        var imports: [Substring: Substring] = [:]
        var bodies: [Substring] = []
        for file in files {
            let (fileImports, body) = split(file)
            for line in fileImports {
                guard let module = importedModule(line) else { continue }
                if imports[module].map({ !$0.hasPrefix("@") }) ?? true { imports[module] = line }
            }
            bodies.append(body)
        }
        var text = header + "\n"
        text.reserveCapacity(bodies.reduce(header.utf8.count + 64) { $0 + $1.utf8.count + 2 })
        if !imports.isEmpty {
            text += "\n" + imports.sorted { $0.key < $1.key }.map(\.value).joined(separator: "\n") + "\n"
        }
        if imports["LucidRuntime"] != nil { text += "\n" + GeneratedHeader.runtimeCheck + "\n" }
        for body in bodies {
            text += "\n"
            text += body
            text += "\n"
        }
        return text
    }

    /// A file's imports and its declarations: what follows its header line and its imports (with the blank lines
    /// around them), without trailing line breaks.
    static func split(_ file: GeneratedFile) -> (imports: [Substring], body: Substring) {
        var imports: [Substring] = []
        var rest = Substring(file.contents)
        if rest.hasPrefix(GeneratedHeader.marker) {
            rest = afterLine(rest)
            if rest.hasPrefix(GeneratedHeader.versionPrefix) { rest = afterLine(rest) }
        }
        while !rest.isEmpty {
            let line = rest[..<(rest.firstIndex(of: "\n") ?? rest.endIndex)]
            guard line.isEmpty || importedModule(line) != nil else { break }
            if !line.isEmpty { imports.append(line) }
            rest = afterLine(rest)
        }
        while rest.last == "\n" { rest = rest.dropLast() }
        return (imports, rest)
    }

    /// `LucidRuntime` for `import LucidRuntime` and `@_spi(Generated) import LucidRuntime`; nil for a line that is
    /// not an import.
    static func importedModule(_ line: Substring) -> Substring? {
        var rest = line
        while rest.hasPrefix("@"), let space = rest.firstIndex(of: " ") { rest = rest[rest.index(after: space)...] }
        return rest.hasPrefix("import ") ? rest.dropFirst("import ".count) : nil
    }

    /// `text` after its first line break (empty when it has none).
    private static func afterLine(_ text: Substring) -> Substring {
        guard let newline = text.firstIndex(of: "\n") else { return text[text.endIndex...] }
        return text[text.index(after: newline)...]
    }

    /// FNV-1a: the same on every platform and run, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
