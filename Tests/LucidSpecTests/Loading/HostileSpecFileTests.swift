import Foundation
import Testing

@testable import LucidSpec

/// Whatever the spec file is, loading ends in a diagnostic: never a crash, a hang or a partial result.
@Suite struct HostileSpecFileTests {
    private func messages(forFile name: String, bytes: [UInt8]) -> [String] {
        TemporarySpec.withFolder { folder in
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
            let result = SpecLoader().load(path: folder + "/" + name)
            #expect(result.spec == nil)
            return TemporarySpec.messages(result)
        }
    }

    @Test func emptyFile() {
        #expect(
            messages(forFile: "a.yaml", bytes: []) == [
                "a.yaml:1:1: error: the file is empty; a spec starts with 'lucid: 1' and 'module: Name'"
            ])
    }

    /// A file of comments is empty to YAML, but not to the person who wrote them: it is not called empty.
    @Test func commentsOnly() {
        #expect(
            messages(forFile: "a.yaml", bytes: Array("# nothing here\n\n".utf8)) == [
                "a.yaml:1:1: error: the file holds only comments: there is nothing in it to read; a spec starts with "
                    + "'lucid: 1' and 'module: Name'"
            ])
        #expect(
            messages(forFile: "a.yaml", bytes: Array(" \n\n".utf8)) == [
                "a.yaml:1:1: error: the file is empty; a spec starts with 'lucid: 1' and 'module: Name'"
            ])
    }

    /// A program, an image or an archive named like a spec is said to be binary, not reported as its first odd
    /// byte; one stray NUL in a text file is still the control character at its place.
    @Test func binaryFile() {
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x3E]
        #expect(
            messages(forFile: "a.yaml", bytes: elf) == [
                "a.yaml:1:8: error: the file is not a YAML text file: it holds binary data (NUL bytes, the first "
                    + "here); a spec is UTF-8 text; is this the file you meant?"
            ])
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48]
        #expect(messages(forFile: "a.yaml", bytes: png).first?.contains("is not a YAML text file") == true)
    }

    /// A tab in the indentation is named as such, at the tab, however deep the line.
    @Test(arguments: [
        ("lucid: 1\nmodule: A\nentities:\n\tbook:\n", "a.yaml:4:1"),
        ("lucid: 1\nmodule: A\nentities:\n  book:\n    properties:\n  \t  title: string\n", "a.yaml:6:3"),
    ])
    func tabIndentation(text: String, place: String) {
        #expect(
            messages(forFile: "a.yaml", bytes: Array(text.utf8)) == [
                "\(place): error: a tab indents this line; YAML indents with spaces only; replace the tab with "
                    + "spaces (most editors can be set to insert spaces for the Tab key)"
            ])
    }

    @Test func directory() {
        TemporarySpec.withFolder { folder in
            let result = SpecLoader().load(path: folder)
            #expect(result.spec == nil)
            #expect(
                result.diagnostics.map(\.description) == [
                    "\(folder):1:1: error: '\(folder)' is a directory, not a spec file"
                ])
        }
    }

    @Test func missingFile() {
        let result = SpecLoader().load(path: "/nonexistent/spec.lucid.yaml")
        #expect(
            result.diagnostics.map(\.description) == [
                "/nonexistent/spec.lucid.yaml:1:1: error: '/nonexistent/spec.lucid.yaml' does not exist"
            ])
    }

    /// A FIFO would block a reader forever; it is refused before it is opened.
    @Test func fifoIsRefusedWithoutBlocking() {
        TemporarySpec.withFolder { folder in
            let path = folder + "/pipe.yaml"
            #expect(mkfifo(path, 0o600) == 0)
            let result = SpecLoader().load(path: path)
            #expect(result.diagnostics.map(\.description) == ["\(path):1:1: error: '\(path)' is not a regular file"])
        }
    }

    #if os(Linux)
    /// procfs files look regular (size 0) but may block a reader forever (`/proc/kmsg`): never opened, as the
    /// spec, an include or through a link.
    @Test(.timeLimit(.minutes(1)))
    func kernelFilesAreRefusedWithoutReading() {
        let direct = SpecLoader().load(path: "/proc/self/status")
        #expect(
            direct.diagnostics.map(\.description) == [
                "/proc/self/status:1:1: error: '/proc/self/status' is a kernel file (/proc, /sys), not a spec file"
            ])
        let included = TemporarySpec.load(TemporarySpec.header + "\ninclude: [/proc/kmsg]\n")
        #expect(
            TemporarySpec.messages(included).contains {
                $0.hasSuffix("'/proc/kmsg' is a kernel file (/proc, /sys), not a spec file")
            },
            "\(TemporarySpec.messages(included))")
        TemporarySpec.withFolder { folder in
            #expect(symlink("/proc/kmsg", folder + "/kmsg.yaml") == 0)
            let linked = SpecLoader().load(path: folder + "/kmsg.yaml")
            #expect(
                linked.diagnostics.map(\.description) == [
                    "\(folder)/kmsg.yaml:1:1: error: '\(folder)/kmsg.yaml' is a kernel file (/proc, /sys), not a spec file"
                ])
        }
    }
    #endif

    @Test func deviceFileIsRefused() {
        let result = SpecLoader().load(path: "/dev/zero")
        #expect(result.diagnostics.map(\.description) == ["/dev/zero:1:1: error: '/dev/zero' is not a regular file"])
    }

    /// The size is checked before reading, so a 50 MB file costs nothing.
    @Test func fiftyMegabyteFile() throws {
        try TemporarySpec.withFolder { folder in
            let path = folder + "/big.yaml"
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 50 * 1024 * 1024)
            try handle.close()
            let result = SpecLoader().load(path: path)
            #expect(
                result.diagnostics.map(\.description) == [
                    "\(path):1:1: error: '\(path)' is 50.0 MB; spec files are limited to 16.0 MB"
                ])
        }
    }

    @Test func nulByte() {
        #expect(
            messages(forFile: "a.yaml", bytes: Array("lucid: 1\nmodule: A\u{0}B\n".utf8)) == [
                "a.yaml:2:10: error: control characters are not allowed (byte 0x00)"
            ])
    }

    @Test func invalidUTF8() {
        #expect(
            messages(forFile: "a.yaml", bytes: Array("lucid: 1\nmodule: é".utf8) + [0xFF, 0x0A]) == [
                "a.yaml:2:10: error: invalid leading UTF-8 octet (byte 0xFF)"
            ])
    }

    @Test func aliasBomb() {
        var yaml = "lucid: 1\nmodule: A\nx-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "x-a\(level): &a\(level) [\(previous)]\n"
        }
        let lines = messages(forFile: "bomb.yaml", bytes: Array(yaml.utf8))
        #expect(lines.count == 1)
        #expect(lines.first?.contains("error: aliases expand this document beyond 2000000 nodes") == true)
    }

    @Test func hundredThousandLevelsOfNesting() {
        let yaml =
            "lucid: 1\nmodule: A\nx-deep: " + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000)
        #expect(
            messages(forFile: "deep.yaml", bytes: Array(yaml.utf8)) == [
                "deep.yaml:3:264: error: nesting is deeper than 256 levels; flatten the document"
            ])
    }

    @Test func secondDocument() {
        #expect(
            messages(forFile: "a.yaml", bytes: Array("lucid: 1\nmodule: A\n---\nlucid: 1\n".utf8)) == [
                "a.yaml:4:1: error: a spec file holds one YAML document; another starts here"
            ])
    }

    @Test func topLevelList() {
        #expect(
            messages(forFile: "a.yaml", bytes: Array("- lucid\n".utf8)) == [
                "a.yaml:1:1: error: expected a mapping for the spec, found a list"
            ])
    }
}
