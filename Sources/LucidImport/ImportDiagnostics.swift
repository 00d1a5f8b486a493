import LucidSpec

/// The diagnostics of one import, collected in the order found and sorted when handed out.
final class ImportDiagnostics {
    private(set) var all: [Diagnostic] = []
    /// The kind of each warning the OpenAPI import reported as a finding, by its place in `all`.
    private var findingKinds: [Int: ImportFinding.Kind] = [:]

    /// Whether an error was reported: then nothing is written.
    var hasErrors: Bool { all.contains { $0.severity == .error } }

    func add(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(.error(message, at: location, hint: hint))
    }

    func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(.warning(message, at: location, hint: hint))
    }

    /// Reports a finding of the OpenAPI import: a warning of its kind.
    func report(_ finding: ImportFinding) {
        findingKinds[all.count] = finding.kind
        all.append(.warning(finding.message, at: finding.location))
    }

    /// Adds lint's `diagnostic` about the converted spec: a warning of it counts as a finding from lint.
    func addLint(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .warning { findingKinds[all.count] = .lint }
        all.append(diagnostic)
    }

    /// Sorted by file, line and column; ties keep the order they were found in.
    var sorted: [Diagnostic] { sortedWithKinds.map(\.diagnostic) }

    /// `sorted`, each warning with its kind when it was reported as a finding.
    var sortedWithKinds: [(diagnostic: Diagnostic, kind: ImportFinding.Kind?)] {
        all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { ($0.element, findingKinds[$0.offset]) }
    }
}
