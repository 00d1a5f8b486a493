import Foundation
import LucidSpec
import LucidSupport

/// The analyze stage: an OpenAPI document (read, its references resolvable) → the spec draft, in steps: the module's
/// name, the security schemes, what each schema becomes (`SchemaTranslator`), the operations
/// (`OperationTranslator`), cycles broken (`CycleBreaking`), the server, and lint's word on the parts it may refuse
/// (`TentativeCheck`). What it finds is reported to the sink; grouped findings when it ends.
struct OpenAPIAnalysis {
    var draft: SpecDraft
    var operationCount: Int
    var schemaCount: Int
    /// The response examples, one per endpoint that has one.
    var examples: [ImportedExample]
    /// What became of the overlay's type renames and kinds.
    var typeNames: OpenAPINames
    var kindOutcomes: [String: KindOutcome]

    /// Analyzes `document`. `overlayKinds` are the schemas whose kind the overlay chose; `renames` the type renames.
    init(
        _ document: OpenAPIDocumentSet, options: OpenAPIImportOptions, overlayKinds: Set<String>,
        renames: [String: String]
    ) {
        let sink = FindingSink(diagnostics: document.diagnostics)
        let root = document.root
        let module = ModuleName.of(title: root["info"]?["title"]?.string ?? "")
        var source = (document.file as NSString).lastPathComponent
        if let info = root["info"], let text = info["title"]?.string {
            source += " (" + text + (info["version"]?.scalarText.map { " " + $0 } ?? "") + ")"
        }
        var draft = SpecDraft(source: source, module: module, server: .placeholder)
        // `x-generated-by` says whether the document is lucid-gen's own export (`isLucidExport`).
        let handled: Set<String> = [
            "openapi", "info", "servers", "paths", "components", "tags", "security", GeneratedByMark.key,
        ]
        sink.noteUnmapped(root, handled: handled, context: "the document")
        let naming = SwiftNaming(lexicon: [], module: module)
        let security = SecuritySchemes(document: document, naming: naming, sink: sink)
        let schemas = SchemaTranslator(
            document: document, sink: sink, naming: naming, module: module, options: options,
            overlayKinds: overlayKinds, renames: renames)
        // An auth scheme's type (`ApiKeyAuth`) is no subtype's name (Mistral's schema `APIKeyAuth` gets `_2`).
        schemas.typeNames.reserve(security.generatedTypeNames)
        schemas.register()
        schemas.convertComponents()
        if let components = root["components"] {
            sink.noteUnmapped(
                components,
                // `examples` are read where a response's `$ref` reaches them (`OpenAPIExamples`).
                handled: [
                    "schemas", "parameters", "requestBodies", "responses", "securitySchemes", "headers", "examples",
                ],
                context: "components")
        }
        let operations = OperationTranslator(document: document, sink: sink, schemas: schemas, security: security)
        operations.convertPaths()
        operations.convertErrorPayload()
        draft.types = schemas.types
        draft.services = operations.services
        draft.errorPayload = operations.errorPayload
        let named = Set(schemas.schemaNames.values)
        draft = SelfUnions.removing(from: draft, report: sink.report)
        draft = Self.mergingRepeats(draft, named: named, schemas: schemas, sink: sink)
        CycleBreaking.apply(to: &draft, report: sink.report)
        ServerTranslation.server(of: root, for: &draft, sink: sink)
        draft.authSchemes = security.drafts
        TentativeCheck(
            tentatives: operations.operationState.tentatives,
            unsureErrorPayload: operations.operationState.unsureErrorPayload, sink: sink
        ).apply(to: &draft)
        draft = UnusedTypes.removing(from: draft, keeping: named)
        if let failable = FailableLists.finding(in: draft, document: document.file) { sink.report(failable) }
        sink.flush()
        self.draft = draft
        operationCount = operations.operationCount
        schemaCount = schemas.schemaCount
        examples = operations.examples
        typeNames = schemas.typeNames
        kindOutcomes = schemas.schemaState.kindOutcomes
    }

    /// `draft` with identical types written in place made one (`TypeDeduplication`), each merged type saying so
    /// (grouped: one warning with the count), and whether its description differs.
    private static func mergingRepeats(
        _ draft: SpecDraft, named: Set<String>, schemas: SchemaTranslator, sink: FindingSink
    ) -> SpecDraft {
        let (merged, merges) = TypeDeduplication.merging(draft, keeping: named) { wanted in
            schemas.typeNames.take(wanted, avoiding: schemas.isReserved)
        }
        for merge in merges {
            let first = merge.merged[0]
            for other in merge.merged.dropFirst() {
                guard let location = other.origin else { continue }
                let differs = other.description != nil && other.description != first.description
                sink.report(
                    .approximated(
                        "this schema, written in place, has the \(Self.parts(of: first)) of another and is one type"
                            + " with it, '\(merge.kept)'"
                            + (differs ? "; its description differs, and the type keeps the first" : ""),
                        at: location),
                    group: "merged-inline")
            }
        }
        return merged
    }

    /// What makes `type` what it is, as a merge warning names it.
    private static func parts(of type: DraftType) -> String {
        switch type.kind {
        case .structure: "properties"
        case .enumeration, .optionSet: "cases"
        case .union: "members"
        }
    }
}
