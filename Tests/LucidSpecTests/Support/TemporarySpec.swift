import Foundation
import LucidTestSupport

@testable import LucidSpec

/// Writes a spec (and any files beside it) into a fresh temporary folder and loads it; the folder is removed
/// before the result is returned.
enum TemporarySpec {
    /// Runs `body` with a new empty folder's path; the folder is removed afterwards, also when `body` throws.
    static func withFolder<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try withTemporaryFolder("lucid-gen-tests") { try body($0.path) }
    }

    /// Writes `files` (paths relative to `folder`) into `folder`.
    static func write(_ files: [String: String], into folder: String) {
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
    }

    /// Loads `spec.lucid.yaml` written with `yaml`, plus `files` beside it, with `loader`.
    static func load(
        _ yaml: String, files: [String: String] = [:], loader: SpecLoader = SpecLoader()
    ) -> SpecLoadResult {
        var all = files
        all["spec.lucid.yaml"] = yaml
        return withFolder { folder in
            write(all, into: folder)
            return loader.load(path: folder + "/spec.lucid.yaml")
        }
    }

    /// The diagnostics as printed, with the temporary folder removed from paths.
    static func messages(_ result: SpecLoadResult) -> [String] {
        result.diagnostics.map { diagnostic in
            diagnostic.description.replacingOccurrences(
                of: #"/[^:\s]*lucid-gen-tests-[0-9A-F-]+/"#, with: "", options: .regularExpression)
        }
    }

    /// The header every test spec needs, with one server so endpoints resolve.
    static let header = """
        lucid: 1
        module: Test
        servers:
          api: https://api.example.com
        """
}
