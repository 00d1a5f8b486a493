import Foundation
import Testing

@testable import LucidSpec

/// `SpecFileSource.memory`: a spec and the files it names, held in memory, load as they would from disk, and
/// nothing else is read.
@Suite struct MemoryFileSourceTests {
    /// A load of `files` from memory, `spec.lucid.yaml` being the root.
    private func load(_ files: [String: String]) -> SpecLoadResult {
        var loader = SpecLoader()
        loader.fileSource = .memory(files.mapValues { Array($0.utf8) })
        return loader.load(path: "spec.lucid.yaml")
    }

    @Test func includePatternsMatchWhatTheyMatchOnDisk() {
        let files = [
            "models/a.yaml", "models/b.yaml", "models/.hidden.yaml", "models/notes.txt", "nested/c.yaml",
            "nested/deep/d.yaml", "nested/.git/e.yaml", "extra.yaml",
        ]
        let patterns = [
            "models/*.yaml", "**/*.yaml", "models/.*.yaml", "nested/**/*.yaml", "*/*.yaml", "models/[ab].yaml",
            "models/?.yaml", "nested/deep/../*.yaml", "./models/*", "**", "nested/**/**/*", "*/.git/*.yaml",
            "missing/*.yaml",
        ]
        TemporarySpec.withFolder { folder in
            TemporarySpec.write(Dictionary(uniqueKeysWithValues: files.map { ($0, "a: 1\n") }), into: folder)
            let memory = SpecFileSource.memory(
                Dictionary(uniqueKeysWithValues: files.map { (folder + "/" + $0, Array("a: 1\n".utf8)) }))
            for pattern in patterns {
                let disk = Glob.expand(pattern, relativeTo: folder)
                let inMemory = memory.expand(pattern, relativeTo: folder, maxVisits: Glob.maxVisits)
                #expect(inMemory.paths == disk.paths && inMemory.limit == nil, "\(pattern)")
            }
        }
    }

    @Test func thousandsOfDoubleStarsMatchQuickly() {
        let path = Array(repeating: "a", count: 3000) + ["x.yaml"]
        let pattern = Array(repeating: ["**", "a"], count: 1500).flatMap { $0 } + ["**", "*.yaml"]
        #expect(Glob.matches(pattern, path))
        #expect(!Glob.matches(pattern + ["b"], path))
    }

    @Test func onlyTheFilesHeldAreRead() {
        let result = load([
            "spec.lucid.yaml": TemporarySpec.header + """

                include: [models/a.yaml, missing.yaml, models, /etc/hosts]
                services:
                  s:
                    endpoints:
                      e: { get: /e, response: { type: string }, example: e.json }
                """,
            "models/a.yaml": "entities:\n  a: { properties: { n: string } }\n",
        ])
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:5:26: error: cannot include: 'missing.yaml' does not exist",
                "spec.lucid.yaml:5:40: error: cannot include: 'models' is a directory, not a spec file",
                "spec.lucid.yaml:5:48: error: cannot include: '/etc/hosts' does not exist",
                "spec.lucid.yaml:9:58: error: example of endpoint 'e': 'e.json' does not exist",
            ])
        #expect(result.files == ["spec.lucid.yaml", "models/a.yaml"])
    }

    /// The generator embeds the example text the loader checked, so it needs no file either.
    @Test func exampleBodiesAreKeptForTheGenerator() throws {
        let result = load([
            "spec.lucid.yaml": TemporarySpec.header + """

                services:
                  s:
                    endpoints:
                      e: { get: /e, response: { type: string }, example: fixtures/e.json }
                      f: { get: /f, response: { type: string }, example: fixtures/e.json }
                """,
            "fixtures/e.json": "\"text\"\n",
        ])
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        #expect(spec.exampleBodies == ["fixtures/e.json": "\"text\"\n"])
        #expect(spec.files == ["spec.lucid.yaml", "fixtures/e.json", "fixtures/e.json"])
    }
}
