import Foundation
import LucidSpec
import LucidSupport

/// Schemas → the draft's subtypes and entities, and any schema → a type expression (`ConvertedType`).
///
/// It first decides what each component schema becomes — a struct, an entity, an enum, a union, a page instance —
/// and names it (`register`), so that references can name types before they are made; then converts the components
/// in document order (`convertComponents`), and whatever schema the operations hand it (`type(of:hint:at:)`). An
/// inline object or enum becomes a subtype named after where it sits; a schema reached from several places is one
/// subtype.
final class SchemaTranslator: AnalysisStep {
    let document: OpenAPIDocumentSet
    let sink: FindingSink
    let naming: SwiftNaming
    /// What the user chose for the import (schemas kept as structs, schemas made entities).
    let options: OpenAPIImportOptions
    /// The schemas (by name in the document) whose kind the overlay's `kinds:` chose: the overlay reports why a
    /// choice is not applied, at its entry.
    let overlayKinds: Set<String>

    /// The subtypes and entities made, in the order they were made.
    var types: [DraftType] = []
    /// How many of the document's schemas became a type.
    var schemaCount = 0
    /// Subtype names, Swift type names kept distinct.
    var typeNames: OpenAPINames
    /// The spec name of each schema that becomes a subtype, by canonical key (`doc.yaml#/components/schemas/Pet`).
    var schemaNames: [String: String] = [:]
    /// Which of those are struct subtypes or entities (the only types a JSON body may be).
    var structNames: Set<String> = []
    /// Schema state of unions, entities and maps (`SchemaState`).
    var schemaState = SchemaState()
    /// The case names of each enum subtype, by raw value (defaults name cases).
    var enumCases: [String: [String: String]] = [:]
    /// The component schemas that become enum subtypes, by spec name, registered before any is made.
    var enumSchemas: [String: LocatedValue] = [:]
    /// Aliases being expanded, against cycles.
    var expanding: Set<String> = []

    init(
        document: OpenAPIDocumentSet, sink: FindingSink, naming: SwiftNaming, module: String,
        options: OpenAPIImportOptions, overlayKinds: Set<String>, renames: [String: String]
    ) {
        self.document = document
        self.sink = sink
        self.naming = naming
        self.options = options
        self.overlayKinds = overlayKinds
        // The module's generated types (`ShopServers`, …) are no subtype's name.
        let moduleTypes = ["Servers", "ErrorPayload", "ResponseHandling", "ResponseRouter", "ExampleTests"]
        let moduleType = naming.typeName(module)
        typeNames = OpenAPINames(naming: naming, asType: true, reserved: Set(moduleTypes.map { moduleType + $0 }))
        typeNames.renames = renames
    }
}
