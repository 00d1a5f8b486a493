import Foundation
import LucidSpec
import LucidSupport

/// One fuzz input: a root spec and the files it may name (includes, `example:` bodies), all held in memory.
///
/// As bytes, the root spec comes first; each further file follows on a line of its own that names it,
/// `#@file <path>` (a path relative to the root spec's folder), and runs to the next such line or the end:
///
///     lucid: 1
///     module: Shop
///     include: entities/*.yaml
///     #@file entities/shop.yaml
///     entities: …
///
/// A plain spec is an input with no further file. Mutating the bytes mutates every file at once, and a golden case
/// with includes and examples is one seed (`bundling(specAt:)`).
public struct FuzzInput: Sendable, Equatable {
    /// The line prefix that starts a further file.
    public static let fileMarker = "#@file "
    /// The name the root spec is loaded as; its folder is the empty relative folder every other path starts from.
    public static let rootName = "fuzz.lucid.yaml"

    /// The root spec's bytes.
    public var root: [UInt8]
    /// Every further file by normalized path (`Paths.normalize`), in the order they were written.
    public var files: [(path: String, bytes: [UInt8])]

    /// An input of a root spec and further files.
    public init(root: [UInt8], files: [(path: String, bytes: [UInt8])] = []) {
        self.root = root
        self.files = files
    }

    /// Splits fuzz bytes at the `#@file` lines. Any bytes are an input: a marker with no newline names a file with
    /// no content, and a later file of a path already given (or of the root's name) is ignored, as if not written.
    public init(bytes: [UInt8]) {
        var parts = Self.split(bytes, at: Array(("\n" + Self.fileMarker).utf8))
        root = Array(parts.removeFirst())
        files = []
        var seen: Set<String> = [Self.rootName]
        for part in parts {
            let newline = part.firstIndex(of: UInt8(ascii: "\n")) ?? part.endIndex
            let path = Paths.normalize(String(decoding: part[..<newline], as: UTF8.self))
            let contents = newline == part.endIndex ? [] : Array(part[(newline + 1)...])
            if seen.insert(path).inserted { files.append((path, contents)) }
        }
    }

    /// `bytes` cut at every occurrence of `marker` (not kept): one more part than occurrences, empty ones kept.
    private static func split(_ bytes: [UInt8], at marker: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0] && bytes[index..<index + marker.count].elementsEqual(marker) {
                parts.append(bytes[start..<index])
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    /// The input as fuzz bytes, which `init(bytes:)` reads back.
    public var bytes: [UInt8] {
        var result = root
        for file in files { result += Array("\n\(Self.fileMarker)\(file.path)\n".utf8) + file.bytes }
        return result
    }

    /// The root and every further file, keyed as `SpecFileSource.memory` reads them.
    public var fileSource: SpecFileSource {
        var all = [Self.rootName: root]
        for file in files { all[file.path] = file.bytes }
        return .memory(all)
    }

    /// The bytes of the file at `path` (the root's is `rootName`), if the input holds it.
    public func contents(of path: String) -> [UInt8]? {
        path == Self.rootName ? root : files.first { $0.path == path }?.bytes
    }

    /// The spec at `path` on disk with every file loading it reads, paths made relative to the spec's folder:
    /// a seed that reaches the spec's includes and examples. Nil when the spec itself cannot be read.
    public static func bundling(specAt path: String) -> FuzzInput? {
        guard let root = FileManager.default.contents(atPath: path) else { return nil }
        let folder = Paths.directory(of: path)
        var input = FuzzInput(root: [UInt8](root))
        for file in SpecLoader().load(path: path).files.dropFirst() {
            let relative = relativePath(of: file, from: folder)
            guard let bytes = FileManager.default.contents(atPath: file), input.contents(of: relative) == nil else {
                continue
            }
            input.files.append((relative, [UInt8](bytes)))
        }
        return input
    }

    /// `path` relative to `folder`, both as loading names them (relative to one folder, or absolute).
    static func relativePath(of path: String, from folder: String) -> String {
        let target = Paths.normalize(path).split(separator: "/")
        let base = folder.isEmpty ? [] : Paths.normalize(folder).split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return Paths.normalize((up + target[common...].map(String.init)).joined(separator: "/"))
    }

    public static func == (lhs: FuzzInput, rhs: FuzzInput) -> Bool {
        lhs.root == rhs.root && lhs.files.map(\.path) == rhs.files.map(\.path)
            && lhs.files.map(\.bytes) == rhs.files.map(\.bytes)
    }
}
