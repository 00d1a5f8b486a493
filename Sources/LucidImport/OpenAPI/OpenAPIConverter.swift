import Foundation
import LucidSpec
import LucidSupport

/// A schema converted to a spec type expression.
struct ConvertedType {
    /// The type expression: `int64`, `Pet`, `[Tag]`, `{string: int}`.
    var expression: String
    /// Whether the schema allows null (`nullable: true`, `type: [x, "null"]`).
    var nullable = false
    /// The date format a `date` (or list of dates) needs: `yyyy-MM-dd` for OpenAPI's `format: date`.
    var format: String?
    /// Whether the type holds dates, which lists and maps cannot nest.
    var holdsDate = false
    /// Whether a property of this type says `failable_items: true` (a map or list of free-form values).
    var failableItems = false
    /// Whether a property of this type says `lenient: true` and is nullable (a free-form value).
    var lenient = false
}

/// Converts one OpenAPI document (already checked: version, references) into the text of a spec.
final class OpenAPIConverter {
    let root: LocatedValue
    let file: String
    let diagnostics: ImportDiagnostics
    let naming: SwiftNaming
    let module: String

    var operationCount = 0
    var schemaCount = 0

    /// Subtype names, Swift type names kept distinct.
    var typeNames: OpenAPINames
    /// The spec name of each component schema that becomes a subtype, by `#/components/schemas/<name>`.
    var schemaNames: [String: String] = [:]
    /// Which of those are struct subtypes or entities (the only types a JSON body may be).
    var structNames: Set<String> = []
    /// Schema state of unions, entities and maps (OpenAPIUnions.swift, OpenAPIEntities.swift).
    var schemaState = SchemaState()
    /// What the user chose for the import (schemas kept as structs, schemas made entities).
    let options: OpenAPIImportOptions
    /// The schemas (by name in the document) whose kind the overlay's `kinds:` chose: the overlay reports why a
    /// choice is not applied, at its entry.
    var overlayKinds: Set<String> = []
    /// The case names of each enum subtype, by raw value (defaults name cases).
    var enumCases: [String: [String: String]] = [:]
    /// Aliases being expanded, against cycles.
    var expanding: Set<String> = []
    /// Findings of constructs that occur in many places, reported once each with how often they occur.
    var groups = FindingGroups()
    /// What the import makes of the document: subtypes, entities, services, servers, auth.
    var draft: SpecDraft
    /// The endpoint names taken in each service of `draft.services`.
    var endpointNames: [OpenAPINames] = []
    var serviceNames: OpenAPINames
    /// The auth schemes imported, by their name in `components.securitySchemes`.
    var authSchemes: [String: AuthScheme] = [:]
    /// Every document read, by path: the root, and the files `$ref`s name.
    var documents: [String: LocatedValue] = [:]
    /// What the operations' conversion keeps until every operation is read (OpenAPIOperationState.swift).
    var operationState = OpenAPIOperationState()
    /// The response examples found, one per endpoint that has one (`OpenAPIExamples`).
    var examples: [ImportedExample] = []

    init(
        root: LocatedValue, file: String, diagnostics: ImportDiagnostics, options: OpenAPIImportOptions = .init()
    ) {
        self.root = root
        self.options = options
        self.file = file
        self.diagnostics = diagnostics
        documents[file] = root
        documents[Self.normalized(file)] = root
        let title = root["info"]?["title"]?.string ?? ""
        let words = title.unicodeScalars.split {
            !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
        // Whole words, up to 40 characters: `…ImprovementsFrom` is cut before `From`, not to `…ImprovementsFro`.
        var module = ""
        for word in words.map({ String($0).prefix(1).uppercased() + String($0).dropFirst() }) {
            var word = Substring(word)
            if module.isEmpty { word = word.drop { $0.isNumber } }
            guard module.count + word.count <= 40 else {
                if module.isEmpty { module = String(word.prefix(40)) }
                break
            }
            module += word
        }
        if module.isEmpty || SwiftNaming.reservedTypeNames.contains(module) { module = "API" }
        self.module = module
        var source = (file as NSString).lastPathComponent
        if let info = root["info"], let text = info["title"]?.string {
            source += " (" + text + (info["version"]?.scalarText.map { " " + $0 } ?? "") + ")"
        }
        draft = SpecDraft(source: source, module: module, server: .placeholder)
        naming = SwiftNaming(lexicon: [], module: self.module)
        // The module's generated types (`ShopServers`, …) are no subtype's name.
        let moduleTypes = ["Servers", "ErrorPayload", "ResponseHandling", "ResponseRouter", "ExampleTests"]
        let moduleType = naming.typeName(self.module)
        typeNames = OpenAPINames(naming: naming, asType: true, reserved: Set(moduleTypes.map { moduleType + $0 }))
        serviceNames = OpenAPINames(naming: naming, asType: true)
    }

    // MARK: The document

    func convert() {
        // `x-generated-by` says whether the document is lucid-gen's own export (`isLucidExport`).
        let handled: Set<String> = [
            "openapi", "info", "servers", "paths", "components", "tags", "security", GeneratedByMark.key,
        ]
        noteUnmapped(root, handled: handled, context: "the document")
        convertSecuritySchemes()
        registerSchemas()
        convertSchemas()
        if let components = root["components"] {
            noteUnmapped(
                components,
                // `examples` are read where a response's `$ref` reaches them (`OpenAPIExamples`).
                handled: [
                    "schemas", "parameters", "requestBodies", "responses", "securitySchemes", "headers", "examples",
                ],
                context: "components")
        }
        convertPaths()
        CycleBreaking.apply(to: &draft, report: report)
        convertServers()
        draft.authSchemes = authSchemeOrder.compactMap { authSchemes[$0]?.draft }
        finishOperations()
        groups.reported.forEach(diagnostics.report)
    }

    // MARK: Servers

    private func convertServers() {
        let servers = root["servers"]?.items ?? []
        guard let server = servers.first, let url = server["url"]?.string else {
            draft.server = .placeholder
            if !draft.services.isEmpty {
                draft.hasGuess = true
                report(
                    .guessed(
                        "the document names no server; the spec uses \(ImportedSpec.placeholderServer)",
                        at: root.location))
            }
            return
        }
        for other in servers.dropFirst() {
            report(
                .leftOut("only the first server is imported; the others are not", at: other.location),
                group: "servers-after-first")
        }
        noteUnmapped(server, handled: ["url", "variables", "description"], context: "a server")
        var base = url
        var variables = server["variables"]?.members ?? []
        // The scheme is never a variable in a spec: use its default.
        if base.hasPrefix("{"), let close = base.firstIndex(of: "}"), base[close...].hasPrefix("}://") {
            let name = String(base[base.index(after: base.startIndex)..<close])
            let value = variables.first { $0.key == name }?.value["default"]?.scalarText ?? "https"
            report(
                .approximated(
                    "server variable '\(name)' sets the scheme, which a spec keeps fixed; the spec uses '\(value)'",
                    at: server["url"]!.location))
            base = value + base[base.index(after: close)...]
            variables.removeAll { $0.key == name }
        }
        var comment: String?
        if base.hasPrefix("/") || !base.contains("://") {
            draft.hasGuess = true
            report(
                .guessed(
                    "server URL '\(url)' is relative to where the document is served; the spec puts it on"
                        + " \(ImportedSpec.placeholderServer)", at: server["url"]!.location))
            base = ImportedSpec.placeholderServer + (base.hasPrefix("/") ? base : "/" + base)
            comment = "TODO: the real host"
        }
        guard !variables.isEmpty else {
            draft.server = .url(base, comment: comment)
            return
        }
        let drafts = variables.map { variable in
            noteUnmapped(variable.value, handled: ["default", "enum", "description"], context: "a server variable")
            return DraftServerVariable(
                name: variable.key, description: variable.value["description"]?.string,
                values: variable.value["enum"]?.items?.compactMap(\.scalarText) ?? [],
                defaultValue: variable.value["default"]?.scalarText)
        }
        draft.server = .variables(url: base, comment: comment, drafts)
    }

    // MARK: Diagnostics

    /// Reports a finding at once.
    func report(_ finding: ImportFinding) { diagnostics.report(finding) }

    /// Records a finding of a construct that occurs in many places, reported once per `group` with its count when
    /// the conversion ends.
    func report(_ finding: ImportFinding, group: String) { groups.add(finding, group: group) }

    /// Reports every key of `node` not in `handled` as ignored: `x-` extensions by name, others as keys of
    /// `context`.
    func noteUnmapped(_ node: LocatedValue, handled: Set<String>, context: String) {
        KeyedReader.reportUnknown(node, keys: handled) { member in
            if member.key.hasPrefix("x-") {
                report(
                    .ignoredKeyword("extension '\(member.key)' is ignored", at: member.keyLocation),
                    group: "x:" + member.key)
            } else {
                report(
                    .ignoredKeyword(
                        "'\(member.key)' of \(context) has no equivalent in the spec yet; it is ignored",
                        at: member.keyLocation),
                    group: context + ":" + member.key)
            }
        }
    }

    // MARK: References

    /// `reference` as `<file>#<pointer>`, its file resolved against `base`, the file holding it.
    func canonical(_ reference: String, from base: String) -> String {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        guard !filePart.isEmpty else { return base + "#" + pointer }
        let folder = (base as NSString).deletingLastPathComponent
        return Self.normalized((folder as NSString).appendingPathComponent(filePart)) + "#" + pointer
    }

    /// `path` with `.` and `a/..` taken out, so that one file has one name however it is reached.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// A name for the schema at a canonical reference: its pointer's last token (`Pet`, `$defs/Line`'s `Line`), else
    /// its file's name. A member of a list (`#/components/schemas/Field/properties/value/oneOf/0`) is named as it is
    /// where it is written: after what holds it, then its `title` (the target's, when given), else its place from 1
    /// (`Field_value_Boolean`, `Field_value_1`), not `0`.
    func referenceName(_ key: String, title: String? = nil) -> String {
        let parts = key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let tokens = parts.count > 1 ? parts[1].split(separator: "/").map(Self.pointerToken) : []
        guard let last = tokens.last else {
            return ((String(parts[0]) as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        guard let index = Int(last), tokens.count > 1 else { return last }
        let holders = tokens.dropLast().filter { !Self.pointerKeywords.contains($0) }
        let place = title ?? String(index + 1)
        return (holders + [place]).joined(separator: "_")
    }

    /// The tokens of a JSON pointer that say where a schema sits rather than name it.
    static let pointerKeywords: Set<String> = [
        "components", "schemas", "properties", "items", "oneOf", "anyOf", "allOf", "additionalProperties", "$defs",
        "definitions", "prefixItems", "not",
    ]

    /// A JSON pointer's token as written in the document (`~1` is `/`, `~0` is `~`, percent-escapes decoded).
    static func pointerToken(_ raw: Substring) -> String {
        (String(raw).removingPercentEncoding ?? String(raw))
            .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The document in `path`, read once; the root document is read already.
    private func document(_ path: String, at location: SourceLocation) -> LocatedValue? {
        if let document = documents[path] { return document }
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.error("'$ref' points at '\(path)', which does not exist", at: location)
            return nil
        }
        guard let document = LocatedValue.read(path, diagnostics: diagnostics) else { return nil }
        documents[path] = document
        return document
    }

    /// The node a `$ref` points at: `#/components/schemas/Pet` in the file holding it, or `other.yaml#/Pet` (or
    /// the whole `other.yaml`) relative to that file; nil after an error when it points nowhere.
    func target(of reference: String, at location: SourceLocation) -> LocatedValue? {
        let lowered = reference.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || reference.hasPrefix("//") {
            diagnostics.error("'$ref: \(reference)' points at a URL; import-openapi fetches nothing", at: location)
            return nil
        }
        let key = canonical(reference, from: location.file)
        let parts = key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard var node = document(String(parts[0]), at: location) else { return nil }
        let pointer = parts.count > 1 ? parts[1] : ""
        for rawToken in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let token = Self.pointerToken(rawToken)
            if let member = node[token] {
                node = member
            } else if let items = node.items, let index = Int(token), items.indices.contains(index) {
                node = items[index]
            } else {
                diagnostics.error("'$ref: \(reference)' points at nothing in the document", at: location)
                return nil
            }
        }
        return node
    }

    /// `node` with its `$ref`s followed (at most 32), or nil after an error.
    func resolved(_ node: LocatedValue) -> LocatedValue? {
        var current = node
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.string else { return current }
            guard let next = target(of: reference, at: current["$ref"]!.location) else { return nil }
            current = next
        }
        diagnostics.error("'$ref' chain is longer than 32 steps or loops", at: node.location)
        return nil
    }
}
