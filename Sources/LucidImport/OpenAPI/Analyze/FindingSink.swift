import LucidSpec
import LucidSupport

/// Where the analysis reports what it finds about the document: at once, or grouped — a construct that occurs in
/// many places is one warning at its first place, with its count, reported when the analysis ends.
final class FindingSink {
    let diagnostics: ImportDiagnostics
    private var groups = FindingGroups()

    init(diagnostics: ImportDiagnostics) { self.diagnostics = diagnostics }

    /// Reports `finding` at once.
    func report(_ finding: ImportFinding) { diagnostics.report(finding) }

    /// Records `finding` as one place of `group`.
    func report(_ finding: ImportFinding, group: String) { groups.add(finding, group: group) }

    /// Takes back the finding of `group` at `location`: the construct was read after all.
    func withdraw(group: String, at location: SourceLocation) { groups.withdraw(group: group, at: location) }

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

    /// Reports the groups: one warning each, in the order of their places.
    func flush() {
        groups.reported.forEach(diagnostics.report)
        groups = FindingGroups()
    }
}

/// A step of the analysis that reads the document and reports to the sink: what each one asks of both, written once.
protocol AnalysisStep {
    var document: OpenAPIDocumentSet { get }
    var sink: FindingSink { get }
}

extension AnalysisStep {
    var root: LocatedValue { document.root }

    func resolved(_ node: LocatedValue) -> LocatedValue? { document.resolved(node) }

    func report(_ finding: ImportFinding) { sink.report(finding) }

    func report(_ finding: ImportFinding, group: String) { sink.report(finding, group: group) }

    func noteUnmapped(_ node: LocatedValue, handled: Set<String>, context: String) {
        sink.noteUnmapped(node, handled: handled, context: context)
    }
}
