import Foundation
import LucidSpec
import LucidSupport

/// `servers` → the spec's one server: the first, its variables, a scheme variable fixed to its default, a relative
/// URL put on a placeholder host (a guess to check).
enum ServerTranslation {
    /// Sets `draft.server` from `root`'s servers (the placeholder when there is none and the draft has services).
    static func server(of root: LocatedValue, for draft: inout SpecDraft, sink: FindingSink) {
        let servers = root["servers"]?.items ?? []
        guard let server = servers.first, let url = server["url"]?.string else {
            draft.server = .placeholder
            if !draft.services.isEmpty {
                draft.hasGuess = true
                sink.report(
                    .guessed(
                        "the document names no server; the spec uses \(ImportedSpec.placeholderServer)",
                        at: root.location))
            }
            return
        }
        for other in servers.dropFirst() {
            sink.report(
                .leftOut("only the first server is imported; the others are not", at: other.location),
                group: "servers-after-first")
        }
        sink.noteUnmapped(server, handled: ["url", "variables", "description"], context: "a server")
        var base = url
        var variables = server["variables"]?.members ?? []
        // The scheme is never a variable in a spec: use its default.
        if base.hasPrefix("{"), let close = base.firstIndex(of: "}"), base[close...].hasPrefix("}://") {
            let name = String(base[base.index(after: base.startIndex)..<close])
            let value = variables.first { $0.key == name }?.value["default"]?.scalarText ?? "https"
            sink.report(
                .approximated(
                    "server variable '\(name)' sets the scheme, which a spec keeps fixed; the spec uses '\(value)'",
                    at: server["url"]!.location))
            base = value + base[base.index(after: close)...]
            variables.removeAll { $0.key == name }
        }
        var comment: String?
        if base.hasPrefix("/") || !base.contains("://") {
            draft.hasGuess = true
            sink.report(
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
            sink.noteUnmapped(
                variable.value, handled: ["default", "enum", "description"], context: "a server variable")
            return DraftServerVariable(
                name: variable.key, description: variable.value["description"]?.string,
                values: variable.value["enum"]?.items?.compactMap(\.scalarText) ?? [],
                defaultValue: variable.value["default"]?.scalarText)
        }
        draft.server = .variables(url: base, comment: comment, drafts)
    }
}
