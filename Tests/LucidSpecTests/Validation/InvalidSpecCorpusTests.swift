import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// The invalid-spec corpus: each `Invalid/<rule-name>.lucid.yaml` is a small spec that breaks one rule and
/// starts with `# expect:` comment lines giving exactly the diagnostics it must produce, in printed order.
///
/// Expected lines are `LINE:COL: severity: message` for the case file itself, or start with a path relative to
/// the `Invalid` folder (`support/cycle-b.yaml:2:3: ...`) for diagnostics in included files. Files under
/// `Invalid/support/` are helpers (included files, example JSON), not cases.
@Suite struct InvalidSpecCorpusTests {
    /// The corpus folder, Tests/LucidSpecTests/Invalid.
    static let folder = PackagePaths.invalidSpecs.path

    /// Every case's file name, sorted.
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".lucid.yaml") }
        .sorted()

    /// The case's `# expect:` lines as printed diagnostics, the case's own name prepended where no path is given.
    static func expectedLines(of name: String) throws -> [String] {
        let prefix = "# expect: "
        // Decoded leniently: a case may hold bytes that are not UTF-8 (the loader's error), outside its expect lines.
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
        return String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix(prefix) }
            .map { line in
                let expected = String(line.dropFirst(prefix.count))
                return expected.first?.isNumber == true ? "\(name):\(expected)" : expected
            }
    }

    /// The loaded diagnostics as printed lines, with paths made relative to the corpus folder.
    static func printedLines(_ result: SpecLoadResult) -> [String] {
        result.diagnostics.map(\.description).joined(separator: "\n")
            .split(separator: "\n")
            .map { $0.replacingOccurrences(of: folder + "/", with: "") }
    }

    @Test func corpusCoversEnoughRules() {
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: cases)
    func diagnostics(of name: String) throws {
        let expected = try Self.expectedLines(of: name)
        let result = SpecLoader().load(path: Self.folder + "/" + name)
        #expect(Self.printedLines(result) == expected)
        if expected.contains(where: { $0.contains(": error: ") }) {
            #expect(result.spec == nil)
        }
    }
}
