import Foundation
import LucidSpec
import LucidSupport

/// Paths and operations → the draft's services and endpoints: parameters, bodies, responses, auth, guessed paging,
/// response examples; and the error responses' schemas → the spec's `error_payload`. Schemas are the
/// `SchemaTranslator`'s.
final class OperationTranslator: AnalysisStep {
    let document: OpenAPIDocumentSet
    let sink: FindingSink
    let schemas: SchemaTranslator
    let security: SecuritySchemes
    var naming: SwiftNaming { schemas.naming }

    /// The services made, in order of first use.
    var services: [DraftService] = []
    /// The endpoint names taken in each service of `services`.
    var endpointNames: [OpenAPINames] = []
    var serviceNames: OpenAPINames
    var operationCount = 0
    /// The first tag of each operation (`convertPaths`): an untagged operation's path segment may name one.
    var operationTags: [String] = []
    /// What the operations' conversion keeps until every operation is read (`OpenAPIOperationState`).
    var operationState = OpenAPIOperationState()
    /// The spec's `error_payload`, when every error response decodes as one struct.
    var errorPayload: String?
    /// The response examples found, one per endpoint that has one (`OpenAPIExamples`).
    var examples: [ImportedExample] = []

    init(document: OpenAPIDocumentSet, sink: FindingSink, schemas: SchemaTranslator, security: SecuritySchemes) {
        self.document = document
        self.sink = sink
        self.schemas = schemas
        self.security = security
        serviceNames = OpenAPINames(naming: schemas.naming, asType: true)
    }
}
