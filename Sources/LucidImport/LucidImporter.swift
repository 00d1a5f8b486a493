import Foundation
import LucidSpec

/// The outcome of an import: the spec's text (nil when there are errors) and every diagnostic, sorted.
public struct LucidImportResult: Sendable {
    /// The converted `.lucid.yaml` spec; nil when the import found errors.
    public var spec: String?
    /// Errors (malformed input) and warnings (what has no equivalent, what was guessed), sorted by place.
    public var diagnostics: [Diagnostic]
}

/// Converts a Lucid description folder (Scribd's Lucid: a `.lucid.yaml` configuration and JSON descriptions of
/// entities, subtypes and endpoint payloads) into one lucid-gen spec that decodes the same JSON the same way.
public enum LucidImporter {
    /// What every converted spec begins with: `import-lucid --output --force` replaces only a file that does.
    public static let header = "# " + headerText
    /// The header's text, without its `# `: the first line of the document's header.
    static let headerText = "Converted by `lucid-gen import-lucid`"

    /// Imports the Lucid project in `folder`, the folder holding its `.lucid.yaml`. Diagnostics name files as
    /// `folder` joined with their relative paths. The spec is checked as `lucid-gen lint` would check it before it
    /// is handed out, so that a spec is only ever returned when it lints clean; `specName` is the name its own
    /// diagnostics would carry.
    public static func importFolder(_ operand: String, specName: String = "imported.lucid.yaml") -> LucidImportResult {
        let diagnostics = ImportDiagnostics()
        guard let folder = projectFolder(operand, diagnostics: diagnostics) else {
            return LucidImportResult(spec: nil, diagnostics: diagnostics.sorted)
        }
        let configFile = (folder as NSString).appendingPathComponent(".lucid.yaml")
        guard let configuration = LucidConfiguration.read(configFile, folder: folder, diagnostics: diagnostics),
            let module = configuration.moduleName, !diagnostics.hasErrors
        else { return LucidImportResult(spec: nil, diagnostics: diagnostics.sorted) }
        var spec = ImportedSpec(folder: folder, module: module)
        spec.lexicon = configuration.lexicon
        spec.entitySuffix = configuration.entitySuffix
        convertDescriptions(in: configuration.inputFolder, into: &spec, diagnostics: diagnostics)
        guard !diagnostics.hasErrors else { return LucidImportResult(spec: nil, diagnostics: diagnostics.sorted) }
        let text = SpecWriter.write(spec.document())
        check(text, specName: specName, diagnostics: diagnostics)
        return LucidImportResult(spec: diagnostics.hasErrors ? nil : text, diagnostics: diagnostics.sorted)
    }

    /// The Lucid project folder `operand` names: the folder itself, or the folder of Lucid's `.lucid.yaml` when
    /// that file is named. Any other file is an error that says what it is — a lucid-gen spec needs no import.
    private static func projectFolder(_ operand: String, diagnostics: ImportDiagnostics) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: operand, isDirectory: &isFolder), !isFolder.boolValue else {
            return operand
        }
        let hint = LucidConfiguration.folderHint
        if isLucidGenSpec(operand) {
            diagnostics.error(
                "'\(operand)' is already a lucid-gen spec, not a Lucid project: it needs no import",
                at: .start(of: operand), hint: "check it with 'lucid-gen lint', generate with 'lucid-gen generate'")
            return nil
        }
        if (operand as NSString).lastPathComponent == ".lucid.yaml" {
            let folder = (operand as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        }
        diagnostics.error("'\(operand)' is a file, not a folder", at: .start(of: operand), hint: hint)
        return nil
    }

    /// Whether the file at `path` is a lucid-gen spec: YAML whose top level has the `lucid` version key.
    private static func isLucidGenSpec(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
            let document = try? YAMLLoader.loadAll(Array(data), file: path).first,
            case .mapping(let pairs) = document.content
        else { return false }
        return pairs.contains { pair in
            if case .scalar(let key) = pair.key.content { key.text == "lucid" } else { false }
        }
    }

    /// Subtypes, entities and endpoints, each in the order of their files' paths; names defined twice are errors.
    private static func convertDescriptions(
        in folder: String, into spec: inout ImportedSpec, diagnostics: ImportDiagnostics
    ) {
        var names = DefinedNames(diagnostics: diagnostics)
        for file in DescriptionFiles.read("Subtypes", in: folder, diagnostics: diagnostics) {
            guard let subtype = SubtypeConverter(diagnostics: diagnostics).convert(file.root) else { continue }
            if names.define(subtype, "subtype", in: file) { spec.subtypes.append(subtype) }
        }
        for file in DescriptionFiles.read("Entities", in: folder, diagnostics: diagnostics) {
            guard let entity = EntityConverter(diagnostics: diagnostics).convert(file.root) else { continue }
            if names.define(entity, "entity", in: file) { spec.entities.append(entity) }
        }
        for file in DescriptionFiles.read("EndpointPayloads", in: folder, diagnostics: diagnostics) {
            for endpoint in EndpointConverter(diagnostics: diagnostics).convert(file.root)
            where names.define(endpoint, "endpoint", in: file) {
                spec.endpoints.append(endpoint)
            }
        }
    }

    /// Lints the converted spec in memory: its errors (a description that points at a missing type, an id-only
    /// relationship to an entity without identifier, ...) and warnings are reported as the import's, with the
    /// spec's line quoted, since a spec with errors is never written.
    static func check(_ text: String, specName: String, diagnostics: ImportDiagnostics) {
        let result = SpecLoader().load(yaml: text, file: specName)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for diagnostic in result.diagnostics {
            var converted = diagnostic
            converted.message = "the converted spec: " + diagnostic.message
            let index = diagnostic.location.line - 1
            if lines.indices.contains(index) {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                converted.message += " (in '\(line)')"
            }
            diagnostics.add(converted)
        }
    }
}

/// The names defined so far, per kind: a second definition is an error at it.
private struct DefinedNames {
    let diagnostics: ImportDiagnostics
    private var seen: [String: SourceLocation] = [:]

    init(diagnostics: ImportDiagnostics) { self.diagnostics = diagnostics }

    /// Records the name of `definition` (converted from `file`); false (after reporting) when the kind already has
    /// it. Each converter gives its definition the place the name is written as its origin.
    mutating func define(_ definition: SpecEntry, _ kind: String, in file: DescriptionFile) -> Bool {
        let name = definition.key
        let location = definition.origin ?? .start(of: file.path)
        if let first = seen[kind + " " + name] {
            let message =
                kind == "endpoint"
                ? "this payload becomes endpoint '\(name)', like an earlier one; endpoint names come from the paths"
                : "\(kind) '\(name)' is described twice"
            diagnostics.add(.error(message, at: location, notes: [.note("'\(name)' is described here", at: first)]))
            return false
        }
        seen[kind + " " + name] = location
        return true
    }
}
