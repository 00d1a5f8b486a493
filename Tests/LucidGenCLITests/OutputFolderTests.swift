import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// Generation refuses output folders that hold far more than generated code: the root folder, the home folder
/// and any folder containing the spec's own (it writes there and deletes the generated files it no longer makes).
@Suite struct OutputFolderTests {
    /// Runs `body` with the folder of a new project holding `api/shop.lucid.yaml` with `output` (none: the
    /// default). The project sits one level down in a temporary folder, so that even `output: ../..` names a
    /// folder of the test's; everything is removed afterwards, also when the test fails.
    private func withProject<Result>(output: String? = nil, _ body: (String) throws -> Result) throws -> Result {
        try withTemporaryFolder("output-folder") { root in
            let folder = root.appendingPathComponent("project").path
            try FileManager.default.createDirectory(atPath: folder + "/api", withIntermediateDirectories: true)
            let line = output.map { "output: \"\($0)\"\n" } ?? ""
            try "lucid: 1\nmodule: Shop\n\(line)subtypes:\n  kind: { cases: [a] }\n"
                .write(toFile: folder + "/api/shop.lucid.yaml", atomically: true, encoding: .utf8)
            return try body(folder)
        }
    }

    @Test(arguments: ["..", "../..", "/", "sub/../..", "~"])
    func lintRefusesAnOutputThatHoldsTheSpec(output: String) throws {
        try withProject(output: output == "~" ? NSHomeDirectory() : output) { folder in
            let lint = CapturedConsole.run(["lint", folder + "/api/shop.lucid.yaml"])
            #expect(lint.code == .specErrors)
            #expect(lint.err.contains(":3:9: error: 'output: "), "\(lint.err)")
            #expect(lint.err.contains("cannot be the output folder: it "))
            #expect(
                lint.err.hasSuffix(
                    "generate into a folder of its own inside the project, such as 'Generated'\n1 error, 0 warnings"))
            let generate = CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml"])
            #expect(generate.code == .specErrors)
            let contents = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(contents == ["api"], "nothing was written")
        }
    }

    @Test func theMessageSaysWhy() throws {
        try withProject(output: "../..") { folder in
            let lint = CapturedConsole.run(["lint", folder + "/api/shop.lucid.yaml"])
            let resolved = URL(fileURLWithPath: folder + "/api").resolvingSymlinksInPath().path
            #expect(
                lint.err.contains(
                    "'output: ../..' cannot be the output folder: it contains the spec's folder '\(resolved)'"))
        }
        try withProject(output: "/") { folder in
            let root = CapturedConsole.run(["lint", folder + "/api/shop.lucid.yaml"])
            #expect(root.err.contains("'output: /' cannot be the output folder: it is the root folder"))
        }
    }

    @Test(arguments: ["--output", "--tests"])
    func generateRefusesSuchAFolderOnTheCommandLine(option: String) throws {
        try withProject { folder in
            for target in [folder, "/", NSHomeDirectory()] {
                let run = CapturedConsole.run(["generate", folder + "/api/shop.lucid.yaml", option, target])
                #expect(run.code == .usage, "\(target)")
                #expect(run.err.hasPrefix("lucid-gen: error: \(option) '\(target)' cannot be an output folder: it "))
            }
            let contents = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(contents == ["api"], "nothing was written")
        }
    }

    @Test func aFolderBesideOrInsideTheSpecIsFine() throws {
        try withProject(output: "../Generated") { folder in
            let spec = folder + "/api/shop.lucid.yaml"
            #expect(CapturedConsole.run(["generate", spec, "--quiet"]).code == .success)
            #expect(FileManager.default.fileExists(atPath: folder + "/Generated/Subtypes.swift"))
            let inside = CapturedConsole.run(["generate", spec, "--output", folder + "/api/Out", "--quiet"])
            #expect(inside.code == .success)
        }
    }
}
