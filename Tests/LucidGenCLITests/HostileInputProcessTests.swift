import Foundation
import LucidTestSupport
import Testing

/// Every hostile spec ends the real process with a located diagnostic, exit code 1, no hang, and bounded
/// memory (the issue's bound: 200 MB each). Time is measured by `make bench`, not asserted here.
@Suite struct HostileInputProcessTests {
    static let memoryBound = 200 * 1024 * 1024

    /// Writes one hostile input into `folder` and returns its path.
    static func make(_ name: String, in folder: String) -> String {
        let path = folder + "/" + name
        switch name {
        case "bomb.yaml":
            var yaml = "lucid: 1\nmodule: A\nx-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            for level in 1...9 {
                yaml +=
                    "x-a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
            }
            write(yaml, to: path)
        case "deep.yaml":
            write(
                "lucid: 1\nmodule: A\nx: " + String(repeating: "[", count: 100_000)
                    + String(repeating: "]", count: 100_000), to: path)
        case "deep-block.yaml":
            write(
                "lucid: 1\nmodule: A\nx:\n"
                    + (1..<3000).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined(), to: path)
        case "big.yaml":
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            truncate(path, 50 * 1024 * 1024)
        case "many-nodes.yaml":
            // Just under the size limit, full of tiny nodes: the node bound must stop it before memory grows.
            let line = "  - [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p]\n"
            write(
                "lucid: 1\nmodule: A\nx-many:\n" + String(repeating: line, count: 15 * 1024 * 1024 / line.utf8.count),
                to: path)
        case "utf8.yaml":
            _ = FileManager.default.createFile(
                atPath: path, contents: Data("lucid: 1\nmodule: ".utf8 + [0xC3, 0x28, 0x0A]))
        case "nul.yaml":
            _ = FileManager.default.createFile(atPath: path, contents: Data("lucid: 1\nmodule: a\u{0}\n".utf8))
        case "empty.yaml":
            write("", to: path)
        case "fifo.yaml":
            mkfifo(path, 0o600)
        case "directory":
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "cycle.lucid.yaml":
            write("lucid: 1\nmodule: A\ninclude: [cycle.lucid.yaml]\n", to: path)
        default:
            break
        }
        return path
    }

    private static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// `FOLDER` in an expected message stands for the test's folder.
    @Test(arguments: [
        ("bomb.yaml", "error: aliases expand this document beyond 2000000 nodes"),
        ("deep.yaml", ":3:259: error: nesting is deeper than 256 levels"),
        ("deep-block.yaml", ":259:257: error: nesting is deeper than 256 levels"),
        ("big.yaml", ":1:1: error: 'FOLDER/big.yaml' is 50.0 MB; spec files are limited to 16.0 MB"),
        ("many-nodes.yaml", "error: the document has more than 2000000 nodes; split it into included files"),
        ("utf8.yaml", ":2:10: error: invalid trailing UTF-8 octet (byte 0x28)"),
        ("nul.yaml", ":2:10: error: control characters are not allowed (byte 0x00)"),
        ("empty.yaml", ":1:1: error: the file is empty"),
        ("fifo.yaml", ":1:1: error: 'FOLDER/fifo.yaml' is not a regular file"),
        ("directory", ":1:1: error: 'FOLDER/directory' is a directory, not a spec file"),
        ("cycle.lucid.yaml", ":3:11: error: include cycle: cycle.lucid.yaml → cycle.lucid.yaml"),
    ])
    func endsInADiagnostic(name: String, expected: String) {
        withTemporaryFolder("hostile") { folder in
            Self.expectDiagnostic(name: name, expected: expected, in: folder.path)
        }
    }

    /// Lints the hostile input `name` made in `folder` in a child process, expecting `expected` on stderr.
    static func expectDiagnostic(name: String, expected: String, in folder: String) {
        let path = make(name, in: folder)
        let expected = expected.replacingOccurrences(of: "FOLDER", with: folder)
        let outcome = ChildProcess.run(["lint", path])
        #expect(!outcome.timedOut)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix(path))
        #expect(outcome.stderr.contains(expected), "stderr: \(outcome.stderr.prefix(300))")
        #expect(outcome.stdout == "")
        #expect(outcome.maxResidentBytes < memoryBound, "peak memory \(outcome.maxResidentBytes / 1_048_576) MB")
    }
}
