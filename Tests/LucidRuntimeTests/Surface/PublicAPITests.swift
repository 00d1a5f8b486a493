#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// `make api-check`: LucidRuntime's public API, as the built module shows it, is what docs/LucidRuntime.api says;
/// a declaration added or removed without the file fails, naming it; what only generated code calls is not in it.
@Suite struct PublicAPITests {
    static let baseline = PackagePaths.root.appendingPathComponent("docs/LucidRuntime.api")

    @Test func theBuiltModuleMatchesTheCommittedAPI() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let outcome = try Self.check(Self.baseline)
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test func aChangeNotInTheFileFailsAndIsNamed() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let text = try String(contentsOf: Self.baseline, encoding: .utf8)
        let removed = "APIClient.fetch(_:with:ttl:) :: "
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(removed) })
        try withTemporaryFolder("api") { folder in
            let edited = folder.appendingPathComponent("LucidRuntime.api")
            let added = "APIClient.fetchEverything() :: func fetchEverything()"
            try text.replacingOccurrences(of: line + "\n", with: added + "\n")
                .write(to: edited, atomically: false, encoding: .utf8)
            let outcome = try Self.check(edited)
            #expect(outcome.status != 0)
            #expect(outcome.output.contains("\n+" + line + "\n"), "the module's declaration, missing from the file")
            #expect(outcome.output.contains("\n-" + added + "\n"), "the file's declaration, missing from the module")
            #expect(outcome.output.contains("make api-baseline"))
        }
    }

    @Test func generatedCodesHelpersAreNotListed() throws {
        let text = try String(contentsOf: Self.baseline, encoding: .utf8)
        for helper in ["decodeDate(", "decodeFailableArray(", "AnyCodingKey", "UnionCaseAttempts", "lucidLiteral"] {
            #expect(!text.contains(helper), "\(helper) is @_spi(Generated)")
        }
        #expect(text.contains("LucidRuntimeFit.lucidGen0_1 :: "), "the version check generated code reads is public")
    }

    static func check(_ file: URL) throws -> CommandRun {
        try CommandRun.run([
            "python3", PackagePaths.root.appendingPathComponent("Scripts/api_surface.py").path,
            "--modules", SwiftCompiler.modules.path, "--check", file.path,
        ])
    }
}
#endif
