import Foundation
@testable import LucidSpec

/// Writes a spec (and any files beside it) into a fresh temporary folder and loads it.
enum TemporarySpec {
    /// A new empty folder under the system's temporary directory.
    static func makeFolder() -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lucid-gen-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `files` (paths relative to the folder) and returns the folder.
    static func write(_ files: [String: String]) -> String {
        let folder = makeFolder()
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// Loads `spec.lucid.yaml` written with `yaml`, plus `files` beside it.
    static func load(_ yaml: String, files: [String: String] = [:]) -> SpecLoadResult {
        var all = files
        all["spec.lucid.yaml"] = yaml
        let folder = write(all)
        return SpecLoader().load(path: folder + "/spec.lucid.yaml")
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
