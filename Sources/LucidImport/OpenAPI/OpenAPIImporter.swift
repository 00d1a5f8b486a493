import Foundation
import LucidSpec
import LucidSupport

/// The outcome of an OpenAPI import: the spec's text (nil when there are errors), every diagnostic (sorted), and a
/// one-line summary of what was imported.
public struct OpenAPIImportResult: Sendable {
    /// The converted `.lucid.yaml` spec; nil when the import found errors.
    public var spec: String?
    /// Errors (what cannot be read) and warnings (what has no equivalent yet), sorted by place.
    public var diagnostics: [Diagnostic]
    /// `imported 19 operations, 6 schemas; 12 warnings: 5 left out, 4 approximated, 3 ignored keywords`.
    public var summary: String
    /// The example files the spec names, to write beside it (paths relative to its folder); empty unless
    /// `OpenAPIImportOptions.examplesFolder` was given.
    public var examples: [ImportedExample] = []
    /// How many response examples the document has that were not written because no folder was given.
    public var unwrittenExamples = 0
}

/// What an import does besides converting the document, and what the user decides over what the import would
/// choose by itself.
///
/// Schemas are named as in the document: the key under `components.schemas` (`Pet`), or for a schema in another
/// file its pointer's last token, else the file's name (`address` for `schemas/address.yaml`).
public struct OpenAPIImportOptions: Sendable, Hashable {
    /// The folder the spec will be written in: the document's response examples become example files there,
    /// which the spec names. Nil: no example files (the spec goes to standard output).
    public var examplesFolder: String?
    /// The overlay of hand edits merged over the converted spec (`OpenAPIOverlay`), if any.
    public var overlay: String?
    /// The overlay the spec's header tells the user to keep hand edits in when `overlay` is nil because it does not
    /// exist yet (`api.overlay.yaml` beside a spec written with `--output`); nil: the header says how it is named.
    public var overlayToCreate: String?
    /// The folder every file the document's `$ref`s name must be in; nil: the document's own folder. A reference
    /// that leads outside it is an error, and the file is never read.
    public var referenceRoot: String?
    /// Object schemas that stay struct subtypes, even with an identifier.
    public var structs: Set<String>
    /// Object schemas that become entities, each with the JSON key of the property that identifies it (a required
    /// string, integer or uuid property), even where the import would not choose it (`["Invoice": "InvoiceID"]`).
    public var entities: [String: String]
    /// Whether object schemas with a required `id` become entities by themselves (`true` unless turned off).
    public var findsEntities: Bool

    public init(
        examplesFolder: String? = nil, overlay: String? = nil, overlayToCreate: String? = nil,
        referenceRoot: String? = nil, structs: Set<String> = [], entities: [String: String] = [:],
        findsEntities: Bool = true
    ) {
        self.examplesFolder = examplesFolder
        self.overlay = overlay
        self.overlayToCreate = overlayToCreate
        self.referenceRoot = referenceRoot
        self.structs = structs
        self.entities = entities
        self.findsEntities = findsEntities
    }
}

/// Converts an OpenAPI 3.0 or 3.1 document (JSON or YAML, its files joined by relative `$ref`s) into one spec.
/// What the spec has no equivalent for is a warning located in the document; the spec is linted before it is
/// handed out.
public enum OpenAPIImporter {
    /// What every converted spec begins with: `import-openapi --output --force` replaces only a file that does.
    public static let header = "# Converted by `lucid-gen import-openapi`"

    /// Imports the document at `path`. `specName` is the name the converted spec's own diagnostics carry.
    /// `options` says which schemas stay structs and which become entities, whatever the import would choose,
    /// where examples go and which overlay applies.
    public static func importDocument(
        _ path: String, specName: String = "imported.lucid.yaml", options: OpenAPIImportOptions = .init()
    ) -> OpenAPIImportResult {
        let diagnostics = ImportDiagnostics()
        guard let root = LocatedValue.read(path, diagnostics: diagnostics) else { return failure(diagnostics) }
        return importRoot(root, path: path, specName: specName, options: options, diagnostics: diagnostics)
    }

    /// Imports the document `bytes`, read as if from `name` (JSON or YAML, by its name and first character): the
    /// fuzz target's and the tests' way in. `$ref`s to other files are resolved against `name`'s folder.
    public static func importDocument(
        bytes: [UInt8], name: String, specName: String = "imported.lucid.yaml", options: OpenAPIImportOptions = .init()
    ) -> OpenAPIImportResult {
        let diagnostics = ImportDiagnostics()
        do throws(DocumentError) {
            let root = try LocatedDocument.parse(bytes, file: name, what: "an OpenAPI document")
            return importRoot(root, path: name, specName: specName, options: options, diagnostics: diagnostics)
        } catch {
            diagnostics.add(error.diagnostic)
            return failure(diagnostics)
        }
    }

    /// The outcome of an import that found errors: nothing, and every diagnostic.
    private static func failure(_ diagnostics: ImportDiagnostics) -> OpenAPIImportResult {
        let errors = diagnostics.all.filter { $0.severity == .error }.count
        return OpenAPIImportResult(
            spec: nil, diagnostics: diagnostics.sorted, summary: "nothing imported: \(plural(errors, "error"))")
    }

    /// The stages after reading the root document: checks, the files it joins, analyze, check, overlay, write.
    private static func importRoot(
        _ root: LocatedValue, path: String, specName: String, options: OpenAPIImportOptions,
        diagnostics: ImportDiagnostics
    ) -> OpenAPIImportResult {
        func failed() -> OpenAPIImportResult { failure(diagnostics) }
        guard OpenAPIDocumentChecks.checkVersion(root, path, diagnostics),
            OpenAPIDocumentChecks.checkReferences(root, diagnostics: diagnostics)
        else { return failed() }
        var overlay: OpenAPIOverlay?
        if let overlayPath = options.overlay {
            overlay = OpenAPIOverlay.read(overlayPath, diagnostics: diagnostics)
            guard overlay != nil else { return failed() }
        }
        // The overlay's `kinds:` (by new names) are the converter's choices (by the document's names): it knows
        // where an entity cannot go (a form body).
        var options = options
        var kindNames: [String: String] = [:]
        if let overlay {
            var documentNames: [String: String] = [:]
            for (old, rename) in overlay.typeRenames.sorted(by: { $0.key < $1.key })
            where documentNames[rename.name] == nil {
                documentNames[rename.name] = old
            }
            for kind in overlay.kinds {
                let name = documentNames[kind.type] ?? kind.type
                kindNames[kind.type] = name
                if kind.entity {
                    options.entities[name] = kind.identifier
                    options.structs.remove(name)
                } else {
                    options.structs.insert(name)
                    options.entities[name] = nil
                }
            }
        }
        let analysis = OpenAPIAnalysis(
            OpenAPIDocumentSet(root: root, file: path, boundary: options.referenceRoot, diagnostics: diagnostics),
            options: options,
            overlayKinds: Set(kindNames.values), renames: (overlay?.typeRenames ?? [:]).mapValues(\.name))
        guard !diagnostics.hasErrors else { return failed() }
        var document = analysis.draft.document()
        if let overlay {
            let outcomes = OpenAPIOverlay.Outcomes(
                renamedTypes: analysis.typeNames.renamed, displacedTypes: analysis.typeNames.displaced,
                blockedTypes: analysis.typeNames.blocked,
                kinds: kindNames.compactMapValues { analysis.kindOutcomes[$0] })
            overlay.apply(to: &document, outcomes: outcomes, diagnostics: diagnostics)
        }
        document.header += handEditLines(options)
        // The examples whose `example:` entry is still there (an overlay may replace or delete it).
        let named = OpenAPICheck.examplePaths(document)
        var examples = analysis.examples.filter { named.contains($0.path) }
        let check = OpenAPICheck(specName: specName, overlay: options.overlay, diagnostics: diagnostics)
        var unwritten = 0
        let text: String
        if let folder = options.examplesFolder, !examples.isEmpty {
            (text, examples) = check.lint(document, examples: examples, folder: folder)
        } else {
            text = check.lint(OpenAPICheck.removingExamples(Set(analysis.examples.map(\.path)), from: document))
            unwritten = options.examplesFolder == nil ? examples.count : 0
            examples = []
        }
        guard !diagnostics.hasErrors else { return failed() }
        // A schema reached through several references is converted, and warned about, at each: say it once.
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.sortedWithKinds.filter { seen.insert($0.diagnostic).inserted }
        // Every warning of the import is a finding of a kind; lint's are `lint`.
        let kinds = unique.compactMap { $0.diagnostic.severity == .warning ? $0.kind : nil }
        let summary =
            "imported \(plural(analysis.operationCount, "operation")), \(plural(analysis.schemaCount, "schema"))"
            + (examples.isEmpty ? "" : ", \(plural(examples.count, "example"))") + "; "
            + ImportFinding.summary(of: kinds)
        return OpenAPIImportResult(
            spec: text, diagnostics: unique.map(\.diagnostic), summary: summary,
            examples: examples,
            unwrittenExamples: unwritten)
    }

    /// The header's lines that say where hand edits go: a `--force` import replaces the spec, so an edit made to it
    /// directly is lost without a word; the overlay is named whether or not it exists yet.
    static func handEditLines(_ options: OpenAPIImportOptions) -> [String] {
        // Short lines: the header of a spec is read in an editor beside code kept within 120 columns.
        let place: String
        if let overlay = options.overlay {
            place = "Hand edits are kept in \((overlay as NSString).lastPathComponent),"
        } else if let overlay = options.overlayToCreate {
            place = "Hand edits go in \((overlay as NSString).lastPathComponent) (create it beside this file),"
        } else {
            place = "Hand edits go in an overlay beside this spec (api.overlay.yaml for api.lucid.yaml),"
        }
        return [
            place,
            "merged over every import: edit that file, not this one.",
            "The next import replaces this file: edits made to it directly are lost.",
        ]
    }

    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
