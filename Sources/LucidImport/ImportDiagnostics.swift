import LucidSpec

/// The diagnostics of one import, collected in the order found and sorted when handed out.
final class ImportDiagnostics {
    private(set) var all: [Diagnostic] = []

    /// Whether an error was reported: then nothing is written.
    var hasErrors: Bool { all.contains { $0.severity == .error } }

    func add(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(.error(message, at: location, hint: hint))
    }

    func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(.warning(message, at: location, hint: hint))
    }

    /// Sorted by file, line and column; ties keep the order they were found in.
    var sorted: [Diagnostic] {
        all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}
