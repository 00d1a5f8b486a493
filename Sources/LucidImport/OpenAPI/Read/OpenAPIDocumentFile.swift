import Foundation
import LucidSpec
import LucidSupport

extension LocatedValue {
    /// Reads the document at `path` (JSON or YAML, `LocatedDocument`); nil after reporting why it cannot be read.
    static func read(_ path: String, diagnostics: ImportDiagnostics) -> LocatedValue? {
        do throws(DocumentError) {
            return try LocatedDocument.read(path, what: "an OpenAPI document")
        } catch {
            var diagnostic = error.diagnostic
            if !FileManager.default.isReadableFile(atPath: path) {
                diagnostic.hint = "name an OpenAPI 3.0 or 3.1 document, JSON or YAML"
            }
            diagnostics.add(diagnostic)
            return nil
        }
    }
}
