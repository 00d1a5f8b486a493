import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `generate --input-file-list / --output-file-list`: the .xcfilelist files of an Xcode run-script phase.
@Suite struct FileListTests {
    static let spec = """
        lucid: 1
        module: Shop
        output: Out
        include: [more.yaml]
        servers:
          api: https://api.example.com/v1
        entities:
          item:
            identifier: int
            properties:
              name: string
        services:
          items:
            endpoints:
              item:
                get: /items/{id}
                params: { id: int }
                response: { entity: item }
                example: item.json
        """
    static let included = """
        subtypes:
          kind: { cases: [a, b] }
        """

    /// A fresh folder holding the spec, its include and its example body; removed afterwards.
    private func withProject(_ body: (String) throws -> Void) throws {
        try withTemporaryFolder("file-lists") { try writeProject(into: $0.path, then: body) }
    }

    private func writeProject(into folder: String, then body: (String) throws -> Void) throws {
        try Self.spec.write(toFile: folder + "/shop.lucid.yaml", atomically: true, encoding: .utf8)
        try Self.included.write(toFile: folder + "/more.yaml", atomically: true, encoding: .utf8)
        try #"{"id": 1, "name": "one"}"#.write(toFile: folder + "/item.json", atomically: true, encoding: .utf8)
        try body(folder)
    }

    private func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func listsEveryFileReadAndWrittenThenRewritesNothing() throws {
        try withProject { folder in
            let arguments = [
                "generate", folder + "/shop.lucid.yaml", "--input-file-list", folder + "/in.xcfilelist",
                "--output-file-list", folder + "/out.xcfilelist",
            ]
            let first = CapturedConsole.run(arguments + ["--verbose"])
            #expect(first.code == .success, "\(first.err)")
            // The spec folder is outside the current folder, so the paths are absolute.
            #expect(
                read(folder + "/in.xcfilelist")
                    == ["item.json", "more.yaml", "shop.lucid.yaml"]
                    .map { "\(folder)/\($0)\n" }.joined())
            let outputs = try #require(read(folder + "/out.xcfilelist")).split(separator: "\n").map(String.init)
            #expect(outputs.contains("\(folder)/Out/Entities.swift"))
            #expect(outputs.contains("\(folder)/Out/Subtypes.swift"))
            #expect(outputs == outputs.sorted() && outputs.allSatisfy { $0.hasPrefix(folder + "/Out/") })
            let written = try FileManager.default.subpathsOfDirectory(atPath: folder + "/Out")
                .filter { $0.hasSuffix(".swift") }.map { "\(folder)/Out/\($0)" }.sorted()
            #expect(outputs == written)
            #expect(first.err.contains("  wrote \(folder)/in.xcfilelist"))

            let before =
                try FileManager.default.attributesOfItem(atPath: folder + "/in.xcfilelist")[.modificationDate]
                as? Date
            Thread.sleep(forTimeInterval: 0.05)
            let second = CapturedConsole.run(arguments + ["--verbose"])
            #expect(second.code == .success)
            #expect(!second.err.contains("xcfilelist"))
            #expect(
                try FileManager.default.attributesOfItem(atPath: folder + "/in.xcfilelist")[.modificationDate]
                    as? Date == before)
            #expect(CapturedConsole.run(arguments + ["--check"]).code == .success)
        }
    }

    @Test func checkReportsAStaleListAndWritesNothing() throws {
        try withProject { folder in
            let list = folder + "/in.xcfilelist"
            try "$(SRCROOT)/old.yaml\n".write(toFile: list, atomically: true, encoding: .utf8)
            let check = CapturedConsole.run([
                "generate", folder + "/shop.lucid.yaml", "--input-file-list", list, "--check",
            ])
            #expect(check.code == .specErrors)
            #expect(check.out.split(separator: "\n").contains { $0 == list })
            #expect(read(list) == "$(SRCROOT)/old.yaml\n")
        }
    }

    @Test func aSpecWithErrorsWritesNoList() throws {
        try withProject { folder in
            try "lucid: 1\nmodule: Shop\nentities: { item: { identifier: strng } }\n"
                .write(toFile: folder + "/bad.lucid.yaml", atomically: true, encoding: .utf8)
            let run = CapturedConsole.run([
                "generate", folder + "/bad.lucid.yaml", "--input-file-list", folder + "/in.xcfilelist",
            ])
            #expect(run.code == .specErrors)
            #expect(!FileManager.default.fileExists(atPath: folder + "/in.xcfilelist"))
        }
    }

    @Test func pathsUnderTheProjectFolderAreWrittenAgainstSRCROOT() {
        let text = FileLists.text(
            of: [
                "/work/app/Sources/api.lucid.yaml", "/work/app/./Sources/../Sources/b.json", "/elsewhere/c.yaml",
                "/work/application/d.yaml", "/work/app/Sources/api.lucid.yaml",
            ],
            projectFolder: "/work/app")
        #expect(
            text == """
                $(SRCROOT)/Sources/api.lucid.yaml
                $(SRCROOT)/Sources/b.json
                /elsewhere/c.yaml
                /work/application/d.yaml

                """)
    }

    @Test func theProjectFolderIsSRCROOTElseTheCurrentFolder() {
        #expect(FileLists.projectFolder(environment: ["SRCROOT": "/work/app/"]) == "/work/app")
        #expect(FileLists.projectFolder(environment: ["SRCROOT": "/work/app/Sub/.."]) == "/work/app")
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        #expect(FileLists.projectFolder(environment: [:]) == current)
        #expect(FileLists.projectFolder(environment: ["SRCROOT": ""]) == current)
    }

    @Test func theOptionsNeedAValue() {
        let run = CapturedConsole.run(["generate", "shop.lucid.yaml", "--output-file-list"])
        #expect(run.code == .usage)
        #expect(run.err.contains("--output-file-list needs a value"))
    }
}
