import Foundation
import LucidSpec
import LucidSupport

extension LocatedValue {
    /// Reads the document at `path` (JSON or YAML, `LocatedDocument`); nil after reporting why it cannot be read.
    /// `what` is what the file should hold, and `hint` what to name instead when it cannot be read at all.
    static func read(
        _ path: String, what: String = "an OpenAPI document",
        hint: String = "name an OpenAPI 3.0 or 3.1 document, JSON or YAML", diagnostics: ImportDiagnostics
    ) -> LocatedValue? {
        do throws(DocumentError) {
            return try LocatedDocument.read(path, what: what)
        } catch {
            var diagnostic = error.diagnostic
            if !FileManager.default.isReadableFile(atPath: path) { diagnostic.hint = hint }
            diagnostics.add(diagnostic)
            return nil
        }
    }
}
