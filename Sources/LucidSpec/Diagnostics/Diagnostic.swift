/// One problem found in a spec, with where it is and, when it helps, how to fix it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is: errors stop generation, warnings do not; notes belong to another diagnostic.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// Printed after the location: `error`, `warning` or `note`.
    public var severity: Severity
    /// What is wrong, printed after the severity.
    public var message: String
    /// Where the offending key or value is written (`1:1` for a problem with a whole file).
    public var location: SourceLocation
    /// A suggestion appended to the message ("did you mean 'properties'?").
    public var hint: String?
    /// Related places, printed right after this diagnostic ("first defined here").
    public var notes: [Diagnostic]

    /// A diagnostic of any severity (`error(...)`, `warning(...)` and `note(...)` are shorter).
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

    /// An error: nothing is generated from a spec that has one.
    public static func error(
        _ message: String, at location: SourceLocation, hint: String? = nil, notes: [Diagnostic] = []
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint, notes: notes)
    }

    /// A warning: reported, but generation goes on.
    public static func warning(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    /// A related place, for another diagnostic's `notes`.
    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes as `file:line:col: severity: message` lines. Spec text quoted in a message
    /// may hold control characters (a terminal escape, a carriage return, a bidirectional override); they are
    /// printed escaped (`\u{1B}`), so a spec cannot rewrite a terminal or hide text in a build log.
    public var description: String {
        var line = "\(location): \(severity.rawValue): \(message)"
        if let hint { line += "; \(hint)" }
        return ([Self.escapingControlCharacters(line)] + notes.map(\.description)).joined(separator: "\n")
    }

    /// `text` with C0 and C1 control characters, DEL and bidirectional formatting characters as `\u{XX}`.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnprintable(scalar) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
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
