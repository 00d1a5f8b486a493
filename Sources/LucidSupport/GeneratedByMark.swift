/// How lucid-gen marks the OpenAPI documents it exports: the export writes the mark, `openapi --output` replaces only
/// a file that begins with it, and the import reads it to know a document is lucid-gen's own (whose unions say
/// whether they are open). One place, so that the three cannot drift apart.
package enum GeneratedByMark {
    /// The specification extension, the first key of every exported document.
    package static let key = "x-generated-by"

    /// What its value begins with: `lucid-gen from movies.lucid.yaml. Do not edit: …`.
    package static let tool = "lucid-gen"

    /// Whether `value`, a document's `x-generated-by`, names lucid-gen.
    package static func names(_ value: String?) -> Bool {
        value?.hasPrefix(tool) == true
    }
}
