import LucidSpec
import LucidSupport

/// The OpenAPI 3.1 document of a spec's services (`lucid-gen openapi`), built as a JSON value tree.
public enum OpenAPIDocument {
    /// The document, and the warnings about what it could not hold (an endpoint whose method and path another
    /// endpoint already has).
    public struct Export: Sendable {
        /// `x-generated-by`, `openapi`, `info`, `servers`, `tags`, `paths` and `components`, in that order.
        public var document: OpenAPIJSON
        /// Warnings located at the endpoints they concern.
        public var diagnostics: [Diagnostic]
    }

    /// The first key of every document: a specification extension naming lucid-gen and the spec. It marks the
    /// file as lucid-gen's (`openapi --output` replaces only a file that begins with it), so it comes first.
    public static let generatedByKey = GeneratedByMark.key

    /// What every exported document's text begins with.
    public static let generatedByPrefix = "{\n  \"\(generatedByKey)\": \"\(GeneratedByMark.tool)"

    /// The OpenAPI 3.1 document of `spec`, a spec loaded without errors.
    public static func export(_ spec: Spec) -> Export {
        let schemas = OpenAPISchemas(spec: spec)
        let primary = OpenAPISecurityAndServers.primaryServer(of: spec)
        let operations = OpenAPIOperations(schemas: schemas, primaryServer: primary?.name)
        var paths = OpenAPIPaths()
        for service in spec.services {
            for endpoint in service.endpoints {
                paths.add(endpoint) { operations.operation(endpoint, of: service, renamed: $0) }
            }
        }
        let source = spec.files.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? spec.module
        var document = OpenAPIJSON.object([
            generatedByKey: .string(
                "\(GeneratedByMark.tool) from \(source). Do not edit: regenerate with `lucid-gen openapi`."),
            "openapi": "3.1.0",
            "info": .object(["title": .string(spec.module), "version": "1", "x-lucid-module": .string(spec.module)]),
        ])
        if let primary { document = document.setting("servers", OpenAPISecurityAndServers.servers(primary)) }
        if !spec.services.isEmpty { document = document.setting("tags", tags(spec.services)) }
        document = document.setting("paths", paths.json)
        let components = self.components(spec, schemas)
        if !components.isEmptyContainer { document = document.setting("components", components) }
        return Export(document: document, diagnostics: paths.diagnostics)
    }

    /// One tag per service, with its description.
    private static func tags(_ services: [Service]) -> OpenAPIJSON {
        .array(
            services.map { service in
                let tag = OpenAPIJSON.object(["name": .string(service.name)])
                return service.description.map { tag.setting("description", .string($0)) } ?? tag
            })
    }

    private static func components(_ spec: Spec, _ schemas: OpenAPISchemas) -> OpenAPIJSON {
        var result = OpenAPIJSON.object([:])
        let componentSchemas = schemas.componentSchemas()
        if !componentSchemas.isEmptyContainer { result = result.setting("schemas", componentSchemas) }
        if !spec.authSchemes.isEmpty {
            result = result.setting("securitySchemes", OpenAPISecurityAndServers.securitySchemes(spec.authSchemes))
        }
        return result
    }
}
