import Foundation
import LucidSpec
import LucidSupport

/// Lines of an endpoint the import is not sure lint accepts — a form or multipart body whose values a form may not
/// send, a JSON body of a type that may be no struct, a guessed paging — and what replaces them if lint refuses
/// them. `finishOperations` asks lint before the spec is handed out, so that a guess never makes an import fail.
struct TentativeLines {
    var service: Int
    /// The endpoint's index in its service.
    var endpoint: Int
    /// The lines' range in the endpoint's lines.
    var start: Int
    var count: Int
    var fallback: [String]
    /// A subtype made for these lines only, left out with them (a multipart body's struct of file uploads).
    var subtype: String?
    /// Where the construct is in the document, for the warning when lint refuses it.
    var location: SourceLocation
    /// `the form body`, `the paging guessed from …`: what the warning names.
    var what: String
    /// What the warning says becomes of it: `it is left out`.
    var outcome: String
    /// Set: the refusal is noted once for all places of this kind, rather than warned at each.
    var noteKind: String?
}

/// What the conversion of operations keeps until every operation is read.
struct OpenAPIOperationState {
    var tentatives: [TentativeLines] = []
    /// Each operation's error responses' schemas (`default`, 4xx, 5xx) with JSON content, in document order.
    var errorSchemas: [ErrorSchema] = []
    /// Lines the spec gets at its top level (`error_payload: Error_model`).
    var topLevelLines: [String] = []
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
    /// After every operation: the shared error payload, then lint's word on the tentative lines.
    func finishOperations() {
        convertErrorPayload()
        checkTentatives()
    }

    /// Records lines just appended to `lines` (the endpoint's, not yet in its service) as tentative.
    func recordTentative(
        service: Int, lines: [String], count: Int, fallback: [String], subtype: String? = nil,
        at location: SourceLocation, what: String, outcome: String, noteKind: String? = nil
    ) {
        operationState.tentatives.append(
            TentativeLines(
                service: service, endpoint: services[service].endpoints.count, start: lines.count - count,
                count: count, fallback: fallback, subtype: subtype, location: location, what: what, outcome: outcome,
                noteKind: noteKind))
    }

    /// Lints the spec with a copy of each tentative endpoint (its other tentative lines left out) in a service of
    /// its own at the end, and replaces the lines of each copy lint finds an error in by their fallback, with a
    /// warning at the construct saying what lint said.
    private func checkTentatives() {
        let tentatives = operationState.tentatives
        guard !tentatives.isEmpty || operationState.unsureErrorPayload != nil else { return }
        // The copies, each without the other tentative lines of its endpoint, and without examples (their files
        // are not written yet).
        var copies: [[String]] = []
        for (index, tentative) in tentatives.enumerated() {
            var lines = services[tentative.service].endpoints[tentative.endpoint]
            let others = tentatives.filter {
                $0.service == tentative.service && $0.endpoint == tentative.endpoint && $0.start != tentative.start
            }
            for other in others.sorted(by: { $0.start > $1.start }) {
                lines.removeSubrange(other.start..<(other.start + other.count))
            }
            lines[0] = "check_\(index):"
            lines.removeAll { $0.hasPrefix("  example:") }
            copies.append(lines)
        }
        // The spec with the copies as its only service (lint then checks the subtypes and the copies, not every
        // endpoint again); the service comes last, its endpoints one blank line apart.
        let kept = services
        services = [("check", "check", nil, copies, OpenAPINames(naming: naming, asType: false))]
        let text = render()
        services = kept
        var last = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        var ranges: [ClosedRange<Int>] = Array(repeating: 0...0, count: copies.count)
        for index in copies.indices.reversed() {
            ranges[index] = (last - copies[index].count + 1)...last
            last -= copies[index].count + 1
        }
        let result = SpecLoader().load(yaml: text, file: "check")
        if let location = operationState.unsureErrorPayload,
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: {
                $0.hasPrefix("error_payload:")
            }),
            let refusal = result.diagnostics.first(where: { $0.severity == .error && $0.location.line == line + 1 })
        {
            warn(
                "the error responses' schema does not fit error_payload (lint: \(refusal.message)); none is imported",
                at: location)
            operationState.topLevelLines = []
        }
        var failed: [Int: String] = [:]
        for diagnostic in result.diagnostics where diagnostic.severity == .error {
            guard let index = ranges.firstIndex(where: { $0.contains(diagnostic.location.line) }),
                failed[index] == nil
            else { continue }
            failed[index] = diagnostic.message
        }
        // Replace from the last lines of each endpoint up, so that earlier ranges keep their place.
        for index in failed.keys.sorted(by: { tentatives[$0].start > tentatives[$1].start }) {
            let tentative = tentatives[index]
            let name = services[tentative.service].endpoints[tentative.endpoint][0].dropLast()
            let message = failed[index]!.replacingOccurrences(of: "'check_\(index)'", with: "'\(name)'")
            let warning = "\(tentative.what) does not fit the spec (lint: \(message)); \(tentative.outcome)"
            if let kind = tentative.noteKind {
                note(kind, at: tentative.location, warning)
            } else {
                warn(warning, at: tentative.location)
            }
            services[tentative.service].endpoints[tentative.endpoint].replaceSubrange(
                tentative.start..<(tentative.start + tentative.count), with: tentative.fallback)
            if let subtype = tentative.subtype {
                subtypes.removeAll { $0.first == subtype + ":" }
                structNames.remove(subtype)
            }
        }
    }
}
