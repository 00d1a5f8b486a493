import Foundation

/// The converted spec: its settings and, per section, each definition's lines (indented within the section).
struct ImportedSpec {
    var folder: String
    /// The folder's name, for the header comment (a full path would make the output depend on where it runs).
    var module: String
    var lexicon: [String] = []
    var entitySuffix: String?
    var subtypes: [[String]] = []
    var entities: [[String]] = []
    var endpoints: [[String]] = []

    /// Where the placeholder server points; the import reports it as a TODO.
    static let placeholderServer = "https://api.example.com"
    /// The one service holding every endpoint.
    static let serviceName = "api"

    /// The spec as YAML: deterministic (definitions in the order of their files' paths) and commented.
    func render() -> String {
        var lines = [
            LucidImporter.header + " from the Lucid descriptions in "
                + SpecText.comment("\((folder as NSString).lastPathComponent)."),
            "# Lucid's endpoint payloads say nothing about servers, methods, paths or auth: every '# TODO' marks",
            "# what the import guessed.",
            "lucid: 1",
            "module: \(SpecText.scalar(module))",
        ]
        if !lexicon.isEmpty { lines.append("lexicon: \(SpecText.list(lexicon))") }
        if let entitySuffix { lines.append("entity_suffix: \(SpecText.scalar(entitySuffix))") }
        if !endpoints.isEmpty {
            lines += ["servers:", "  api: \(Self.placeholderServer)  # TODO: the real base URL"]
        }
        lines += section("subtypes", subtypes)
        lines += section("entities", entities)
        if !endpoints.isEmpty {
            lines += ["services:", "  \(Self.serviceName):", "    endpoints:"]
            lines += endpoints.joined(separator: [""]).map { $0.isEmpty ? $0 : "      " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(_ name: String, _ definitions: [[String]]) -> [String] {
        guard !definitions.isEmpty else { return [] }
        return ["\(name):"] + definitions.joined(separator: [""]).map { $0.isEmpty ? $0 : "  " + $0 }
    }
}
