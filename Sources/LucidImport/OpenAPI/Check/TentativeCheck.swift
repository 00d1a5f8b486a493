import Foundation
import LucidSpec
import LucidSupport

/// The parts of endpoints the import is not sure lint accepts (`Tentative`), and an `error_payload` that may be no
/// struct, put to lint before the spec is handed out: the spec with a copy of each tentative endpoint (its other
/// tentative parts left out) in a service of its own is linted, and each part lint finds an error in is replaced by
/// its fallback, with a warning at the construct saying what lint said. A guess never makes an import fail.
struct TentativeCheck {
    let tentatives: [Tentative]
    /// Where the error responses' schema is, when the `error_payload` it became is no struct the import made.
    let unsureErrorPayload: SourceLocation?
    let sink: FindingSink

    func apply(to draft: inout SpecDraft) {
        guard !tentatives.isEmpty || unsureErrorPayload != nil else { return }
        // The copies, each without the other tentative parts of its endpoint, and without examples (their files
        // are not written yet). The spec lint checks has them as its only service: lint then checks the subtypes
        // and the copies, not every endpoint again.
        var copies: [DraftEndpoint] = []
        for (index, tentative) in tentatives.enumerated() {
            var copy = draft.services[tentative.service].endpoints[tentative.endpoint]
            for (otherIndex, other) in tentatives.enumerated()
            where otherIndex != index && other.service == tentative.service && other.endpoint == tentative.endpoint {
                copy = other.removed(from: copy)
            }
            copy.name = "check_\(index)"
            copies.append(copy)
        }
        var check = draft
        check.services = [DraftService(name: "check", key: "check", endpoints: copies)]
        // Only the types the copies reach: lint's word on the copies is the same, in a fraction of the time.
        check = UnusedTypes.removing(from: check, keeping: [])
        let lines = SpecWriter.lines(check.document(examples: false))
        let text = lines.map(\.text).joined(separator: "\n") + "\n"
        let result = SpecLoader().load(yaml: text, file: "check")
        func path(of diagnostic: Diagnostic) -> [String] {
            lines.indices.contains(diagnostic.location.line - 1) ? lines[diagnostic.location.line - 1].path : []
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        if let location = unsureErrorPayload,
            let refusal = errors.first(where: { path(of: $0) == ["error_payload"] })
        {
            sink.report(
                .leftOut(
                    "the error responses' schema does not fit error_payload (lint: \(refusal.message)); none is imported",
                    at: location))
            draft.errorPayload = nil
        }
        var failed: [Int: String] = [:]
        for diagnostic in errors {
            let path = path(of: diagnostic)
            guard path.count >= 4, path[0] == "services", let index = Int(path[3].dropFirst("check_".count)),
                path[3] == "check_\(index)", failed[index] == nil
            else { continue }
            failed[index] = diagnostic.message
        }
        for index in failed.keys.sorted() {
            let tentative = tentatives[index]
            let endpoint = draft.services[tentative.service].endpoints[tentative.endpoint]
            let message = failed[index]!.replacingOccurrences(of: "'check_\(index)'", with: "'\(endpoint.name)'")
            let warning = "\(tentative.what) does not fit the spec (lint: \(message)); \(tentative.outcome)"
            if let kind = tentative.noteKind, !tentative.quiet {
                sink.report(tentative.finding(warning), group: kind)
            } else if !tentative.quiet {
                sink.report(tentative.finding(warning))
            }
            draft.services[tentative.service].endpoints[tentative.endpoint] = tentative.fallen(back: endpoint)
            if let subtype = tentative.subtype {
                draft.types.removeAll { $0.name == subtype }
            }
        }
        for index in draft.services.indices { draft.services[index].endpoints.removeAll(where: \.dropped) }
    }
}
