import Foundation
import LucidSpec
import LucidSupport

/// A part of an endpoint the import is not sure lint accepts — a form or multipart body whose values a form may not
/// send, a JSON body of a type that may be no struct, a guessed paging — and what replaces it if lint refuses it.
/// `finishOperations` asks lint before the spec is handed out, so that a guess never makes an import fail.
struct Tentative {
    enum Part {
        /// The body, replaced by `fallback` (nil: left out).
        case body(fallback: DraftBody?)
        /// The guessed paging, left out.
        case paging
    }

    var service: Int
    /// The endpoint's index in its service.
    var endpoint: Int
    var part: Part
    /// A subtype made for this part only, left out with it (a multipart body's struct of file uploads).
    var subtype: String?
    /// Where the construct is in the document, for the warning when lint refuses it.
    var location: SourceLocation
    /// `the form body`, `the paging guessed from …`: what the warning names.
    var what: String
    /// What the warning says becomes of it: `it is left out`.
    var outcome: String
    /// Set: the refusal is noted once for all places of this kind, rather than warned at each.
    var noteKind: String?

    /// A finding saying that lint refused this part (`warning`): left out, or sent another way.
    func finding(_ warning: String) -> ImportFinding {
        if case .body(let fallback?) = part, case .raw = fallback { return .approximated(warning, at: location) }
        return .leftOut(warning, at: location)
    }

    /// `endpoint` without this part.
    func removed(from endpoint: DraftEndpoint) -> DraftEndpoint {
        var endpoint = endpoint
        switch part {
        case .body: endpoint.body = nil
        case .paging: endpoint.paging = nil
        }
        return endpoint
    }

    /// `endpoint` with this part replaced by its fallback.
    func fallen(back endpoint: DraftEndpoint) -> DraftEndpoint {
        var endpoint = endpoint
        switch part {
        case .body(let fallback): endpoint.body = fallback
        case .paging: endpoint.paging = nil
        }
        return endpoint
    }
}

/// What the conversion of operations keeps until every operation is read.
struct OpenAPIOperationState {
    var tentatives: [Tentative] = []
    /// Each operation's error responses' schemas (`default`, 4xx, 5xx) with JSON content, in document order.
    var errorSchemas: [ErrorSchema] = []
    /// Where the error responses' schema is, when the `error_payload` it became is no struct the import made:
    /// lint decides whether it is one the spec takes.
    var unsureErrorPayload: SourceLocation?

    struct ErrorSchema {
        /// The same for two schemas that decode alike: a `$ref`'s target, else the schema's text.
        var identity: String
        var schema: LocatedValue
        /// Where the schema is written (the media type's `schema` key).
        var location: SourceLocation
        var status: String
    }
}

extension OpenAPIConverter {
    /// After every operation: the shared error payload, then lint's word on the tentative parts.
    func finishOperations() {
        convertErrorPayload()
        checkTentatives()
    }

    /// Lints the spec with a copy of each tentative endpoint (its other tentative parts left out) in a service of
    /// its own, and replaces the part of each copy lint finds an error in by its fallback, with a warning at the
    /// construct saying what lint said.
    private func checkTentatives() {
        let tentatives = operationState.tentatives
        guard !tentatives.isEmpty || operationState.unsureErrorPayload != nil else { return }
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
        let lines = SpecWriter.lines(check.document(examples: false))
        let text = lines.map(\.text).joined(separator: "\n") + "\n"
        let result = SpecLoader().load(yaml: text, file: "check")
        func path(of diagnostic: Diagnostic) -> [String] {
            lines.indices.contains(diagnostic.location.line - 1) ? lines[diagnostic.location.line - 1].path : []
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        if let location = operationState.unsureErrorPayload,
            let refusal = errors.first(where: { path(of: $0) == ["error_payload"] })
        {
            report(
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
            if let kind = tentative.noteKind {
                report(tentative.finding(warning), group: kind)
            } else {
                report(tentative.finding(warning))
            }
            draft.services[tentative.service].endpoints[tentative.endpoint] = tentative.fallen(back: endpoint)
            if let subtype = tentative.subtype {
                draft.types.removeAll { $0.name == subtype }
                structNames.remove(subtype)
            }
        }
    }
}
