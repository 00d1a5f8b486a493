import LucidSpec
import LucidSupport

/// What the read stage checks of the root document before anything is converted: that it is OpenAPI 3.0 or 3.1,
/// and that no `$ref` names a URL (nothing is fetched).
enum OpenAPIDocumentChecks {
    /// Whether the document says it is OpenAPI 3.0 or 3.1; Swagger 2.0 and anything else are errors saying what to do.
    static func checkVersion(_ root: LocatedValue, _ path: String, _ diagnostics: ImportDiagnostics) -> Bool {
        guard root.members != nil else {
            diagnostics.error(
                "an OpenAPI document is an object, not \(root.kindDescription)", at: root.location)
            return false
        }
        if let swagger = root["swagger"] {
            diagnostics.error(
                "this is a Swagger \(swagger.scalarText ?? "2.0") document; import-openapi reads OpenAPI 3.0 and 3.1",
                at: root.location(of: "swagger"),
                hint: "convert it to OpenAPI 3 first (for example with swagger2openapi or editor.swagger.io's"
                    + " 'Convert to OpenAPI 3'), then import the converted document")
            return false
        }
        guard let version = root["openapi"] else {
            diagnostics.error(
                "no 'openapi' version key: this is not an OpenAPI document", at: root.location,
                hint: "import-openapi reads OpenAPI 3.0 and 3.1 documents, which start with 'openapi: 3.x.y'")
            return false
        }
        let text = version.scalarText ?? ""
        guard text.hasPrefix("3.0") || text.hasPrefix("3.1") else {
            diagnostics.error(
                "OpenAPI version '\(text)' is not supported; import-openapi reads 3.0.x and 3.1.x",
                at: version.location)
            return false
        }
        return true
    }

    /// Reports every `$ref` of the root document that points at a URL: nothing is fetched. References inside
    /// examples and `x-` extensions are not followed, so not checked; other files' are checked as they are read.
    static func checkReferences(_ root: LocatedValue, diagnostics: ImportDiagnostics) -> Bool {
        var ok = true
        func visit(_ node: LocatedValue) {
            switch node.value {
            case .array(let items): items.forEach(visit)
            case .object(let object):
                let members = object.members
                for member in members {
                    if member.key == "example" || member.key == "examples" || member.key.hasPrefix("x-") { continue }
                    if member.key == "$ref", let target = member.value.string {
                        let lowered = target.lowercased()
                        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || target.hasPrefix("//") {
                            diagnostics.error(
                                "'$ref: \(target)' points at a URL; import-openapi fetches nothing",
                                at: member.value.location,
                                hint: "download that document and refer to the copy, or bundle it into this one")
                            ok = false
                        }
                        continue
                    }
                    visit(member.value)
                }
            default: break
            }
        }
        visit(root)
        return ok
    }
}
