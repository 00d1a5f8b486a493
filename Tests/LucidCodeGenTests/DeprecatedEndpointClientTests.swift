#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

/// A service with deprecated endpoints: only the calls of those endpoints warn, not every preview call (issue 42).
/// The golden case Queued has `archive` (deprecated, answering nothing) and `legacySync` (deprecated, answering a
/// payload type of its own); its code compiles with warnings as errors in its golden target, and here a caller's
/// code is type-checked against it.
@Suite struct DeprecatedEndpointClientTests {
    @Test func onlyTheCallsOfDeprecatedEndpointsWarn() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let generated = PackagePaths.root.appendingPathComponent("Tests/Golden/Queued/Generated")
        let files = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        try withTemporaryFolder("deprecated-client") { folder in
            let caller = folder.appendingPathComponent("Caller.swift")
            try """
            func callWhatIsNotDeprecated() async throws {
                _ = try await NotesClient.preview.restore(id: "n-1")
                _ = try await NotesClient.preview.fetchSync()
                let client = NotesClient.unimplemented
                _ = client.create
            }

            func callWhatIsDeprecated() async throws {
                _ = try await NotesClient.preview.archive(id: "n-1")
                _ = try await NotesClient.preview.fetchLegacySync()
            }

            """.write(to: caller, atomically: true, encoding: .utf8)
            let outcome = try SwiftCompiler.typecheck(module: "Queued", files: files + [caller])
            #expect(outcome.succeeded, "\(outcome.diagnostics)")
            let warnings = outcome.diagnostics.map { line in
                line.split(separator: "/").last.map(String.init) ?? line
            }
            #expect(
                warnings == [
                    "Caller.swift:9:39: warning: 'archive(id:)' is deprecated: Delete notes instead."
                        + " [#DeprecatedDeclaration]",
                    "Caller.swift:10:39: warning: 'fetchLegacySync' is deprecated: Use sync instead."
                        + " [#DeprecatedDeclaration]",
                ], "\(outcome.diagnostics)")
        }
    }
}
#endif
