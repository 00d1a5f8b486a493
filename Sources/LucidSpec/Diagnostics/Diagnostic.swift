/// One problem found in a spec, with where it is and, when it helps, how to fix it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// A suggestion appended to the message ("did you mean 'properties'?").
    public var hint: String?
    /// Related places, printed right after this diagnostic ("first defined here").
    public var notes: [Diagnostic]

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation,
        hint: String? = nil,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation, hint: String? = nil, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes as `file:line:col: severity: message` lines.
    public var description: String {
        var line = "\(location): \(severity.rawValue): \(message)"
        if let hint { line += "; \(hint)" }
        return ([line] + notes.map(\.description)).joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error (warnings alone let generation go on).
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, then position; ties keep the order they were found in.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
