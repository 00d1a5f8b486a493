import Foundation
import LucidImport
import LucidSpec
import LucidTestSupport
import Testing

/// The small OpenAPI documents the import's tests write, in a temporary folder the helpers remove.
enum OpenAPITestDocuments {
    /// Writes `text` as `name` in a temporary folder and runs `body` with its path.
    static func with<Result>(
        _ text: String, name: String = "doc.yaml", _ body: (String) throws -> Result
    ) throws -> Result {
        try withTemporaryFolder("openapi") { folder in
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return try body(path)
        }
    }

    /// Imports `text` as `doc.yaml`, checks the spec lints without a diagnostic, and answers it with the
    /// diagnostics (without the document's path).
    static func importing(_ text: String) throws -> (String, [String]) {
        try with(text) { try importing(at: $0) }
    }

    /// `importing(_:)` of a document already written at `path`.
    static func importing(at path: String) throws -> (String, [String]) {
        let result = OpenAPIImporter.importDocument(path)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        let lint = SpecLoader().load(yaml: spec, file: "doc.lucid.yaml")
        #expect(lint.diagnostics.isEmpty, "\(lint.diagnostics)")
        return (spec, result.diagnostics.map { $0.description.replacingOccurrences(of: path + ":", with: "") })
    }
}
