import Foundation
import LucidTestSupport
import Testing
@testable import LucidGenCLI

/// Generation refuses output folders that hold far more than generated code: the root folder, the home folder
/// and any folder containing the spec's own (it writes there and deletes the generated files it no longer makes).
@Suite struct OutputFolderTests {
    private let temporary = TemporaryFolders("output-folder")

    /// `project/api/shop.lucid.yaml` with `output` (none: the default), returning the project folder.
    private func project(output: String? = nil) throws -> String {
        let folder = temporary.make()
        try FileManager.default.createDirectory(atPath: folder + "/api", withIntermediateDirectories: true)
        let line = output.map { "output: \"\($0)\"\n" } ?? ""
        try "lucid: 1\nmodule: Shop\n\(line)subtypes:\n  kind: { cases: [a] }\n"
            .write(toFile: folder + "/api/shop.lucid.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    @Test(arguments: ["..", "../..", "/", "sub/../..", "~"])
    func lintRefusesAnOutputThatHoldsTheSpec(output: String) throws {
        let folder = try project(output: output == "~" ? NSHomeDirectory() : output)
        let lint = CapturedConsole.run(["lint", folder + "/api/shop.lucid.yaml"])
        #expect(lint.code == .specErrors)
        #expect(lint.err.contains(":3:9: error: 'output: "), "\(lint.err)")
        #expect(lint.err.contains("cannot be the output folder: it "))
        #expect(lint.err.hasSuffix("generate into a folder of its own inside the project, such as 'Generated'\n1 error, 0 warnings"))
        let generate = CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml"])
        #expect(generate.code == .specErrors)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["api"])
    }

    @Test func theMessageSaysWhy() throws {
        let folder = try project(output: "../..")
        let lint = CapturedConsole.run(["lint", folder + "/api/shop.lucid.yaml"])
        let resolved = URL(fileURLWithPath: folder + "/api").resolvingSymlinksInPath().path
        #expect(lint.err.contains("'output: ../..' cannot be the output folder: it contains the spec's folder '\(resolved)'"))
        let root = CapturedConsole.run(["lint", try project(output: "/") + "/api/shop.lucid.yaml"])
        #expect(root.err.contains("'output: /' cannot be the output folder: it is the root folder"))
    }

    @Test(arguments: ["--output", "--tests"])
    func generateRefusesSuchAFolderOnTheCommandLine(option: String) throws {
        let folder = try project()
        for target in [folder, "/", NSHomeDirectory()] {
            let run = CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml", option, target])
            #expect(run.code == .usage, "\(target)")
            #expect(run.err.hasPrefix("lucid-gen: error: \(option) '\(target)' cannot be an output folder: it "))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["api"])
    }

    @Test func aFolderBesideOrInsideTheSpecIsFine() throws {
        let folder = try project(output: "../Generated")
        #expect(CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml", "--quiet"]).code == .success)
        #expect(FileManager.default.fileExists(atPath: folder + "/Generated/Subtypes/Kind.swift"))
        let inside = CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml", "--output", folder + "/api/Out", "--quiet"])
        #expect(inside.code == .success)
    }
}
