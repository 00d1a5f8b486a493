import Foundation
import LucidCodeGen
import Testing

@testable import LucidFuzz
@testable import LucidSpec

/// The fuzz target without libFuzzer: every seed `make fuzz` starts from — the kept specs, every past finding
/// (`Tests/LucidFuzzTests/Findings`) and every kept fuzz input (`Tests/LucidFuzzTests/Corpus`) — goes through
/// `FuzzTarget` in process and keeps every promise, so a fixed finding stays fixed in a plain `swift test`.
@Suite struct FuzzReplayTests {
    /// The package folder, three levels above this file.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let seeds = FuzzSeeds.inputs(in: package)
    static let findings = FuzzSeeds.findings(in: package)
    static let corpus = FuzzSeeds.corpus(in: package)

    /// Seeds, findings and kept inputs by name, for the parameterized test.
    static let inputs: [String: [UInt8]] = Dictionary(
        uniqueKeysWithValues: seeds.map { ("seed " + $0.name, $0.input.bytes) }
            + findings.map { ("finding " + $0.name, $0.bytes) } + corpus.map { ("corpus " + $0.name, $0.bytes) })

    @Test func theSeedsAreEveryKeptSpec() {
        let paths = FuzzSeeds.specPaths(in: Self.package)
        #expect(paths.filter { $0.contains("/Tests/Golden/") }.count >= 10)
        #expect(paths.filter { $0.contains("/Tests/LucidSpecTests/Invalid/") }.count >= 200)
        #expect(paths.contains { $0.hasSuffix("/Examples/Movies/Sources/Movies/movies.lucid.yaml") })
        #expect(!paths.contains { $0.contains("/.build") })
        // The Movies golden case is the Movies example (a link): one seed.
        #expect(Self.seeds.count == paths.count - 1)
    }

    @Test(arguments: inputs.keys.sorted())
    func keepsEveryPromise(_ name: String) throws {
        let bytes = try #require(Self.inputs[name])
        #expect(FuzzTarget.problems(in: bytes, alwaysRepeat: true) == [])
    }

    /// Loaded from memory, a golden case generates exactly what it generates from disk: the seeds reach the real
    /// includes and examples, and the memory source changes nothing.
    @Test func goldenCasesGenerateFromMemoryAsFromDisk() throws {
        let templates = try TemplateSet.embedded()
        for path in FuzzSeeds.specPaths(in: Self.package) where path.contains("/Tests/Golden/") {
            let disk = try #require(SpecLoader().load(path: path).spec, "\(path)")
            let input = try #require(FuzzInput.bundling(specAt: path))
            var loader = SpecLoader()
            loader.fileSource = input.fileSource
            let memory = try #require(loader.load(path: FuzzInput.rootName).spec, "\(path)")
            let fromDisk = Generator(spec: disk, specFile: path, templates: templates)
            let fromMemory = Generator(spec: memory, specFile: path, templates: templates)
            #expect(try fromMemory.files() == fromDisk.files(), "\(path)")
            #expect(try fromMemory.testFiles() == fromDisk.testFiles(), "\(path)")
            #expect(memory.files.count == disk.files.count, "\(path)")
        }
    }

    @Test func inputsSplitAtFileMarkers() {
        let input = FuzzInput(
            bytes: Array("a: 1\n#@file x/../b.yaml\nb: 2\n#@file c.json\n{}\n#@file b.yaml\nlost".utf8))
        #expect(input.root == Array("a: 1".utf8))
        #expect(input.files.map(\.path) == ["b.yaml", "c.json"])
        #expect(input.files.map(\.bytes) == [Array("b: 2".utf8), Array("{}".utf8)])
        #expect(FuzzInput(bytes: input.bytes) == input)
        // A marker with nothing after it, and one that names the root, are files too (or ignored), never a crash.
        #expect(FuzzInput(bytes: Array("\n#@file ".utf8)).files.map(\.path) == ["."])
        #expect(FuzzInput(bytes: Array("\n#@file fuzz.lucid.yaml\nx".utf8)).files.isEmpty)
        #expect(FuzzInput(bytes: []).root.isEmpty)
    }

    @Test func pathsAreMadeRelativeToTheSpecFolder() {
        #expect(FuzzInput.relativePath(of: "a/b/c.yaml", from: "a") == "b/c.yaml")
        #expect(FuzzInput.relativePath(of: "a/Shared/c.yaml", from: "a/Sources/W") == "../../Shared/c.yaml")
        #expect(FuzzInput.relativePath(of: "c.yaml", from: "") == "c.yaml")
        #expect(FuzzInput.relativePath(of: "/x/y.json", from: "/x/z") == "../y.json")
    }

    /// Positions are checked against the file as libyaml and the JSON parser count lines.
    @Test func positionsInsideAFile() {
        let text = TextPositions(Array("ab\r\ncé\u{2028}d\r".utf8))
        #expect(text.contains(line: 1, column: 3) && !text.contains(line: 1, column: 4))
        #expect(text.contains(line: 2, column: 5))  // the JSON count: LS is a character of line 2
        #expect(text.contains(line: 3, column: 2))  // libyaml's: LS ends line 2
        #expect(text.contains(line: 4, column: 1) && !text.contains(line: 5, column: 1))
        #expect(!text.contains(line: 0, column: 1) && !text.contains(line: 1, column: 0))
        // UTF-16 (big-endian here) as libyaml reads it: U+0A20 holds the byte 0x0A, and is no line break.
        let utf16 = TextPositions([0xFE, 0xFF, 0x00, 0x61, 0x0A, 0x20, 0x00, 0x62])
        #expect(utf16.contains(line: 1, column: 4) && !utf16.contains(line: 2, column: 1))
    }

    /// The dictionary `make fuzz` mutates with names every key the spec decoders read.
    @Test func theDictionaryNamesEverySpecKey() throws {
        let dictionary = try String(contentsOfFile: Self.package + "/Scripts/fuzz.dict", encoding: .utf8)
        let entries = Set(
            dictionary.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") }
                .map { String($0.dropFirst().dropLast()) })
        let keys =
            SpecDecoder.Key.names + SubtypeDecoder.Key.names + EntityDecoder.Key.names + PropertyDecoder.Key.names
            + ServiceDecoder.Key.names + EndpointDecoder.Key.names + ResponseDecoder.Key.names
            + ResponseHeaderDecoder.Key.names + QueueDecoder.Key.names + PagingDecoder.Key.names
            + StoreDecoder.EntityKey.names + StoreDecoder.EndpointKey.names
        #expect(keys.filter { !entries.contains($0) } == [])
    }
}
