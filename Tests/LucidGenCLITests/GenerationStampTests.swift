import Foundation
import LucidCodeGen
import LucidSupport
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// Generation stamps: an unchanged `generate` exits without loading the spec, and every change to an input, an
/// option, the tool or an output makes a full run again.
@Suite struct GenerationStampTests {
    static let spec = """
        lucid: 1
        module: Shop
        output: Out
        include: [more/*.yaml]
        servers:
          api: https://api.example.com
        entities:
          item:
            identifier: int
            properties:
              name: string
        services:
          items:
            endpoints:
              get:
                get: /items/{id}
                params: { id: int }
                response: { entity: item }
                example: item.json
        """

    /// A project folder with the spec, an included file, an example body and a cache folder for stamps.
    private struct Project {
        let root: String
        var spec: String { root + "/shop.lucid.yaml" }
        var environment: [String: String] { ["LUCID_GEN_CACHE": root + "/cache"] }

        func generate(_ extra: [String] = []) -> (code: ExitCode, out: String, err: String) {
            CapturedConsole.run(["generate", spec, "--tests", root + "/Tests"] + extra, environment: environment)
        }

        func write(_ text: String, to path: String) throws {
            try FileManager.default.createDirectory(
                atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }

        func stampFiles() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: root + "/cache/stamps")) ?? []
        }
    }

    private func withProject(_ body: (Project) throws -> Void) throws {
        try withTemporaryFolder("stamp") { folder in
            let project = Project(root: folder.path)
            try project.write(Self.spec, to: "shop.lucid.yaml")
            try project.write("subtypes:\n  kind: { cases: [a, b] }\n", to: "more/kind.yaml")
            try project.write(#"{"id": 1, "name": "Pen"}"#, to: "item.json")
            try body(project)
        }
    }

    /// Whether the run was skipped by its stamp.
    private func skipped(_ run: (code: ExitCode, out: String, err: String)) -> Bool {
        run.code == .success && run.err.contains("(up to date, ")
    }

    /// Generates, checks that a second run is skipped, applies `change`, and returns the next run.
    private func afterChange(
        _ project: Project, _ change: () throws -> Void
    ) throws -> (code: ExitCode, out: String, err: String) {
        #expect(project.generate().code == .success)
        #expect(skipped(project.generate()))
        try change()
        return project.generate()
    }

    @Test func anUnchangedRunIsSkippedAndSaysSo() throws {
        try withProject { project in
            let first = project.generate()
            #expect(first.code == .success && !skipped(first))
            #expect(project.stampFiles().count == 1)
            let second = project.generate()
            #expect(skipped(second))
            #expect(second.err.hasPrefix("\(project.root)/Out: 0 written, 6 unchanged, 0 deleted; "))
            #expect(second.err.contains("\(project.root)/Tests: 0 written, 1 unchanged, 0 deleted (up to date"))
            // --check and --quiet use the same stamp; --quiet prints nothing.
            #expect(project.generate(["--check"]) == (.success, "", ""))
            #expect(project.generate(["--quiet"]) == (.success, "", ""))
        }
    }

    @Test func editingTheSpecAnIncludeOrAnExampleRegenerates() throws {
        try withProject { project in
            let spec = try afterChange(project) {
                let nullable = "name: { type: string, nullable: true }"
                try project.write(
                    Self.spec.replacingOccurrences(of: "name: string", with: nullable), to: "shop.lucid.yaml")
            }
            #expect(!skipped(spec) && !spec.err.contains("Out: 0 written") && spec.code == .success)
            let include = try afterChange(project) {
                try project.write("subtypes:\n  kind: { cases: [a, b, c] }\n", to: "more/kind.yaml")
            }
            #expect(!skipped(include) && include.err.contains("Out: 1 written"))
            let example = try afterChange(project) {
                try project.write(#"{"id": 2, "name": "Pencil"}"#, to: "item.json")
            }
            #expect(!skipped(example) && example.err.contains("Tests: 1 written"))
        }
    }

    @Test func aNewFileMatchingAnIncludeRegenerates() throws {
        try withProject { project in
            let run = try afterChange(project) {
                try project.write("subtypes:\n  size: { cases: [s, m] }\n", to: "more/size.yaml")
            }
            #expect(!skipped(run) && run.err.contains("Out: 1 written"))
            #expect(
                try String(contentsOfFile: project.root + "/Out/Subtypes.swift", encoding: .utf8).contains("enum Size"))
        }
    }

    @Test func aRemovedIncludedFileRegenerates() throws {
        try withProject { project in
            try project.write("subtypes:\n  size: { cases: [s, m] }\n", to: "more/size.yaml")
            let run = try afterChange(project) {
                try FileManager.default.removeItem(atPath: project.root + "/more/size.yaml")
            }
            #expect(!skipped(run) && run.err.contains("Out: 1 written"))
            #expect(try !String(contentsOfFile: project.root + "/Out/Subtypes.swift", encoding: .utf8).contains("Size"))
        }
    }

    @Test func anotherOptionIsAnotherStamp() throws {
        try withProject { project in
            #expect(project.generate().code == .success)
            let bundled = project.generate(["--files-per-kind", "2"])
            #expect(!skipped(bundled))
            #expect(skipped(project.generate(["--files-per-kind", "2"])))
            #expect(project.stampFiles().count == 2)
            #expect(!skipped(project.generate()), "the layout changed the files since the first stamp")
        }
    }

    @Test func anEditedTouchedOrMissingOutputRegenerates() throws {
        try withProject { project in
            let item = project.root + "/Out/Entities.swift"
            let edited = try afterChange(project) {
                // Same size, other bytes.
                let text = try String(contentsOfFile: item, encoding: .utf8)
                try text.replacingOccurrences(of: "let name", with: "var name").write(
                    toFile: item, atomically: false, encoding: .utf8)
            }
            #expect(!skipped(edited) && edited.err.contains("Out: 1 written"))
            let touched = try afterChange(project) {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: item)
            }
            #expect(!skipped(touched) && touched.err.contains("Out: 0 written, 6 unchanged"))
            let removed = try afterChange(project) { try FileManager.default.removeItem(atPath: item) }
            #expect(!skipped(removed) && removed.err.contains("Out: 1 written"))
            let manifest = try afterChange(project) {
                try FileManager.default.removeItem(atPath: project.root + "/Out/.shop.lucid.yaml.lucid-gen-files")
            }
            #expect(
                !skipped(manifest)
                    && FileManager.default.fileExists(atPath: project.root + "/Out/.shop.lucid.yaml.lucid-gen-files"))
        }
    }

    @Test func anOverridingTemplateRegenerates() throws {
        try withProject { project in
            try FileManager.default.createDirectory(
                atPath: project.root + "/templates", withIntermediateDirectories: true)
            let options = ["--templates", project.root + "/templates"]
            #expect(project.generate(options).code == .success)
            #expect(skipped(project.generate(options)))
            let template = "{{header}}\n// custom enum {{typeName}}\n"
            try project.write(template, to: "templates/Enum.mustache")
            let added = project.generate(options)
            #expect(!skipped(added) && added.err.contains("Out: 1 written"))
            #expect(skipped(project.generate(options)))
            try project.write(template + "// again\n", to: "templates/Enum.mustache")
            let edited = project.generate(options)
            #expect(!skipped(edited) && edited.err.contains("Out: 1 written"))
        }
    }

    @Test func anotherToolNeverTrustsTheStamp() throws {
        try withProject { project in
            #expect(project.generate().code == .success)
            let store = StampStore(environment: project.environment)
            let command = try #require(
                store.folder.flatMap { _ in
                    try? FileManager.default.contentsOfDirectory(atPath: project.root + "/cache/stamps").first
                })
            let path = project.root + "/cache/stamps/" + command
            let stamp = try #require(GenerationStamp(text: try String(contentsOfFile: path, encoding: .utf8)))
            #expect(stamp.isCurrent(tool: GenerationStamp.currentTool()))
            #expect(!stamp.isCurrent(tool: "0.0.1 /usr/bin/lucid-gen 1:2:3:4"))
            var rebuilt = stamp
            rebuilt.tool += "0"
            try rebuilt.text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(!skipped(project.generate()))
        }
    }

    @Test func warningsAreRepeatedWhenSkipped() throws {
        try withProject { project in
            try project.write("subtypes: {}\ninclude: [nothing/*.yaml]\n", to: "more/kind.yaml")
            let first = project.generate()
            let warning = "more/kind.yaml:2:11: warning: include pattern 'nothing/*.yaml' matches no files"
            #expect(first.code == .success && first.err.contains(warning))
            let second = project.generate()
            #expect(skipped(second) && second.err.contains(warning) && second.err.contains("0 errors, 1 warning"))
        }
    }

    @Test func aDamagedStampOrNoCacheMeansAFullRun() throws {
        try withProject { project in
            #expect(project.generate().code == .success)
            for name in project.stampFiles() {
                try "lucid-gen generation stamp 1\ntool\tx\n".write(
                    toFile: project.root + "/cache/stamps/" + name, atomically: true, encoding: .utf8)
            }
            #expect(!skipped(project.generate()))
            #expect(skipped(project.generate()))
            let off = CapturedConsole.run(["generate", project.spec, "--tests", project.root + "/Tests"])
            #expect(off.code == .success && !skipped(off))
        }
    }

    @Test func aStampIsTextThatRoundTrips() throws {
        let stamp = GenerationStamp(
            command: "generate\n/a b\tc\\d", tool: "0.1.0 /bin/x 1:2:3:4",
            inputs: [.init(path: "s p.yaml", digest: "ab")],
            patterns: [
                .init(pattern: "*.yaml", folder: "e", matches: []),
                .init(pattern: "*", folder: ".", matches: ["a", "b"]),
            ],
            outputs: [.init(path: "Out/A.swift", status: try #require(FileStatus(text: "10:20:30:40")))],
            report: ["x.yaml:1:1: warning: w", "0 errors, 1 warning"], folders: [.init(path: "Out", files: 3)])
        #expect(GenerationStamp(text: stamp.text) == stamp)
        #expect(GenerationStamp(text: "lucid-gen generation stamp 2\n") == nil)
        #expect(GenerationStamp(text: stamp.text + "surprise\tfield\n") == nil)
    }

    /// An input modified after the run started may not be what the run read: no stamp is recorded.
    @Test func anInputChangedDuringTheRunLeavesNoStamp() throws {
        try withProject { project in
            let record = GenerationStamp.record(
                command: "c", tool: "t", spec: project.spec, inputs: [project.spec], patterns: [], outputs: [],
                lists: [], report: [],
                startedAt: Date(timeIntervalSinceNow: -3600))
            #expect(record == nil)
            let later = GenerationStamp.record(
                command: "c", tool: "t", spec: project.spec, inputs: [project.spec], patterns: [], outputs: [],
                lists: [], report: [],
                startedAt: Date(timeIntervalSinceNow: 1))
            #expect(later?.inputs.map(\.digest) == [SHA256.hex(of: Array(Self.spec.utf8))])
        }
    }
}
