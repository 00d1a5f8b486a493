import LucidSpec
import LucidSupport

/// One thing the OpenAPI import says about the document, of one kind: a warning located at its cause. The kinds are
/// what the summary counts, so that a user sees what to look at first (`imported 19 operations, 6 schemas; 9
/// warnings: 3 left out, 1 approximated, 5 ignored keywords`); each has its own constructor.
struct ImportFinding: Hashable {
    enum Kind: Int, CaseIterable, Comparable {
        /// Something of the API (a value, a parameter, a body, a response, an auth scheme) is not in the spec.
        case leftOut
        /// It is in the spec, read another way than the document says (a format read as a string, OAuth2 as a
        /// bearer token, a list sent repeated).
        case approximated
        /// The import guessed it (paging, a placeholder server): check it.
        case guessed
        /// An entry of the overlay that was not applied as written (it matches nothing, a rename is taken).
        case overlay
        /// Lint's own warnings about the converted spec and its examples.
        case lint
        /// A keyword or extension that changes no call: documentation, validation, examples, `x-…`.
        case ignoredKeyword

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `5 left out`, `1 guess to check`.
        func counted(_ count: Int) -> String {
            switch self {
            case .leftOut: return "\(count) left out"
            case .approximated: return "\(count) approximated"
            case .guessed: return count == 1 ? "1 guess to check" : "\(count) guesses to check"
            case .overlay: return "\(count) about the overlay"
            case .lint: return "\(count) from lint"
            case .ignoredKeyword: return count == 1 ? "1 ignored keyword" : "\(count) ignored keywords"
            }
        }
    }

    var kind: Kind
    var message: String
    var location: SourceLocation

    private init(_ kind: Kind, _ message: String, _ location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    // One constructor per kind: a finding says what it is where it is made.
    static func leftOut(_ text: String, at place: SourceLocation) -> Self { Self(.leftOut, text, place) }
    static func approximated(_ text: String, at place: SourceLocation) -> Self { Self(.approximated, text, place) }
    static func guessed(_ text: String, at place: SourceLocation) -> Self { Self(.guessed, text, place) }
    static func overlay(_ text: String, at place: SourceLocation) -> Self { Self(.overlay, text, place) }
    static func lint(_ text: String, at place: SourceLocation) -> Self { Self(.lint, text, place) }
    static func ignoredKeyword(_ text: String, at place: SourceLocation) -> Self { Self(.ignoredKeyword, text, place) }

    /// `12 warnings: 5 left out, 4 approximated, 1 guess to check, 2 ignored keywords`; `0 warnings`.
    static func summary(of kinds: [Kind]) -> String {
        var counts: [Kind: Int] = [:]
        for kind in kinds { counts[kind, default: 0] += 1 }
        let total = OpenAPIImporter.plural(kinds.count, "warning")
        let parts = Kind.allCases.compactMap { kind in counts[kind].map(kind.counted) }
        return parts.isEmpty ? total : total + ": " + parts.joined(separator: ", ")
    }
}

/// Findings of one construct that occurs in many places, reported once, at the first place, with the count
/// (`'example' of a schema has no equivalent in the spec yet; it is ignored (488 places; the first is here)`).
struct FindingGroups {
    /// Each group's findings, by where they are.
    private var groups: [String: [SourceLocation: ImportFinding]] = [:]

    mutating func add(_ finding: ImportFinding, group: String) {
        if groups[group]?[finding.location] == nil { groups[group, default: [:]][finding.location] = finding }
    }

    /// Takes back the finding of `group` at `location`: the construct was read after all (a title that names a
    /// case, a schema's example that is the response's).
    mutating func withdraw(group: String, at location: SourceLocation) {
        groups[group]?[location] = nil
        if groups[group]?.isEmpty == true { groups[group] = nil }
    }

    /// One finding per group, at its first place, saying how many places it has; in the order of their places.
    var reported: [ImportFinding] {
        let firsts = groups.values.map { places in
            let first = places.keys.min()!
            var finding = places[first]!
            if places.count > 1 { finding.message += " (\(places.count) places; the first is here)" }
            return finding
        }
        return firsts.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }
}
