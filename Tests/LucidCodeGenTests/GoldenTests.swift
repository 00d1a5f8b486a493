import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen
@testable import LucidOutput

/// Golden cases: generating each `Tests/Golden/<Case>/Spec/*.lucid.yaml` must give exactly the files in
/// `Tests/Golden/<Case>/Generated/`, byte for byte. `make golden` re-records them after an intended change.
@Suite struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let golden = root + "/Tests/Golden"

    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: golden)) ?? [])
        .filter { !$0.hasPrefix(".") }
        .sorted()

    /// The case's spec: the one `*.lucid.yaml` file in its `Spec/` folder.
    static func spec(of name: String) throws -> String {
        let folder = golden + "/" + name + "/Spec"
        let specs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lucid.yaml") }
        return folder + "/" + (try #require(specs.count == 1 ? specs.first : nil))
    }

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 8)
        #expect(Self.cases.contains("Movies"))
    }

    /// The case's code, byte for byte, in `Generated/`; its example decoding tests (which import the case's
    /// library target `Golden<Case>`) in `GeneratedTests/`, absent when the spec has no example.
    @Test(arguments: cases)
    func generatedOutputMatches(_ name: String) throws {
        let result = SpecLoader().load(path: try Self.spec(of: name))
        #expect(result.diagnostics.filter { $0.severity == .error } == [])
        let spec = try #require(result.spec)
        let specFile = try Self.spec(of: name)
        let generator = Generator(spec: spec, specFile: specFile, templates: try TemplateSet.embedded())
        // What `lucid-gen generate` writes: the declarations bundled by kind.
        let code = KindLayout().bundle(try generator.files(), header: GeneratedHeader.text(specFile: specFile))
        try expectFolder(Self.golden + "/" + name + "/Generated", holds: code, specFile: specFile, name)
        let tests = try generator.testFiles(module: "Golden" + name)
        let testsFolder = Self.golden + "/" + name + "/GeneratedTests"
        if tests.isEmpty {
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: testsFolder)) ?? []
            #expect(leftovers.isEmpty, "\(testsFolder) holds \(leftovers) but the spec has no example")
        } else {
            try expectFolder(testsFolder, holds: tests, specFile: specFile, name)
        }
    }

    /// Writes `files` into a new folder and expects `expected` to hold exactly the same.
    private func expectFolder(
        _ expected: String, holds files: [GeneratedFile], specFile: String, _ name: String
    ) throws {
        for file in files {
            let padded = file.contents.split(separator: "\n").filter { $0.last == " " || $0.last == "\t" }
            #expect(padded.isEmpty, "\(file.path) has lines ending in whitespace: \(padded.prefix(3))")
            let long = file.contents.split(separator: "\n").filter { $0.count > LineWrapper.width }.map(String.init)
            #expect(long.isEmpty, "\(file.path) has lines over \(LineWrapper.width) columns: \(long.prefix(3))")
        }
        try withTemporaryFolder("golden-\(name)") { folder in
            let writer = OutputWriter(directory: folder.path, specFile: specFile)
            try writer.apply(writer.plan(files))
            let difference = Self.unifiedDiff(expected, folder.path)
            #expect(
                difference.isEmpty,
                "generated output differs from \(expected) (run `make golden` if intended):\n\(difference)")
        }
    }

    /// `diff -ru` of the two folders ("" when equal).
    static func unifiedDiff(_ expected: String, _ actual: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-ru", expected, actual]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return "cannot run diff: \(error)" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : String(decoding: output, as: UTF8.self)
    }
}
