import Foundation
import LucidSpec

/// The converted spec: its settings and, per section, each definition as an entry of that section.
struct ImportedSpec {
    var folder: String
    /// The module's name, from the configuration's app target.
    var module: String
    var lexicon: [String] = []
    var entitySuffix: String?
    var subtypes: [SpecEntry] = []
    var entities: [SpecEntry] = []
    var endpoints: [SpecEntry] = []

    /// Where the placeholder server points; the import reports it as a TODO.
    static let placeholderServer = "https://api.example.com"
    /// The one service holding every endpoint.
    static let serviceName = "api"

    /// The spec as a document: deterministic (definitions in the order of their files' paths) and commented, the
    /// folder's name (not its path, which would make the output depend on where it runs) in the header.
    func document() -> SpecDocument {
        let folderName = (folder as NSString).lastPathComponent
        let header = [
            LucidImporter.headerText + " from the Lucid descriptions in \(folderName).",
            "Lucid's endpoint payloads say nothing about servers, methods, paths or auth: every '# TODO' marks",
            "what the import guessed.",
        ]
        var root = [SpecEntry("lucid", .literal("1")), SpecEntry("module", .text(module))]
        if !lexicon.isEmpty { root.append(SpecEntry("lexicon", .flowList(lexicon.map(SpecValue.text)))) }
        if let entitySuffix { root.append(SpecEntry("entity_suffix", .text(entitySuffix))) }
        if !endpoints.isEmpty {
            // A fixed URL, written plain: YAML reads it back as this string.
            let server = SpecEntry("api", .literal(Self.placeholderServer), trailingComment: "TODO: the real base URL")
            root.append(SpecEntry("servers", .block([server])))
        }
        if !subtypes.isEmpty { root.append(SpecEntry("subtypes", .block(Self.separated(subtypes)))) }
        if !entities.isEmpty { root.append(SpecEntry("entities", .block(Self.separated(entities)))) }
        if !endpoints.isEmpty {
            let service = SpecEntry(
                Self.serviceName, .block([SpecEntry("endpoints", .block(Self.separated(endpoints)))]))
            root.append(SpecEntry("services", .block([service])))
        }
        return SpecDocument(header: header, root: SpecMapping(root))
    }

    /// `definitions` with a blank line between each two.
    private static func separated(_ definitions: [SpecEntry]) -> [SpecEntry] {
        definitions.enumerated().map { index, definition in
            var definition = definition
            definition.blankLineBefore = index > 0
            return definition
        }
    }
}
