import LucidSpec
import LucidSupport

/// The kinds the import's summary counts its warnings by, so that a user sees what to look at first: what the spec
/// lacks, what it reads differently, what was guessed, then what only lint says and what is documentation.
enum OpenAPIWarningKind: CaseIterable {
    /// Something of the API (a value, a parameter, a body, a response, an auth scheme) is not in the spec.
    case leftOut
    /// It is in the spec, read another way than the document says (a format read as a string, OAuth2 as a bearer
    /// token, a list sent repeated).
    case approximated
    /// The import guessed it (paging, a placeholder server): check it.
    case guessed
    /// Lint's own warnings about the converted spec.
    case lint
    /// A keyword or extension that changes no call: documentation, validation, examples, `x-…`.
    case ignoredKeyword
    /// None of the above.
    case other

    /// `5 left out`, `1 guess to check`.
    func counted(_ count: Int) -> String {
        switch self {
        case .leftOut: return "\(count) left out"
        case .approximated: return "\(count) approximated"
        case .guessed: return count == 1 ? "1 guess to check" : "\(count) guesses to check"
        case .lint: return "\(count) from lint"
        case .ignoredKeyword: return count == 1 ? "1 ignored keyword" : "\(count) ignored keywords"
        case .other: return "\(count) other"
        }
    }

    /// The kind of a warning of the import, by what its message says (each message of the import says what became
    /// of the construct: "it is left out", "is read as", "guessed", "it is ignored"), asides in parentheses aside:
    /// "oauth2 scheme 'a' becomes a bearer token (the flows are not imported)" is approximated.
    init(message: String) {
        let main = Self.withoutAsides(message)
        func says(_ phrases: [String]) -> Bool { phrases.contains { main.contains($0) } }
        // Lint's warnings about the spec, and about a response example that is written (one that does not fit is
        // "not written": left out).
        if message.hasPrefix("the converted spec: ")
            || (message.hasPrefix("the response example of endpoint '") && !says(["it is not written"]))
        {
            self = .lint
        } else if message.hasPrefix("extension '")
            || says([
                "has no equivalent in the spec yet; it is ignored", "is ignored, as OpenAPI says", "is not checked",
                "without the alternatives' constraints",
            ])
        {
            self = .ignoredKeyword
        } else if says([
            "left out", "not imported", "none is imported", "is ignored", "are not mapped", "is not read",
            "are not sent", "not mapped yet", "only the first", "without auth", "is not written",
        ]) {
            self = .leftOut
        } else if says(["guessed", "TODO", "names no server"]) {
            self = .guessed
        } else if says([
            "read as", "reads it as", "becomes", "decoded like", "is sent", "are sent", "sends its", "sent as",
            "imported as", "assumed", "the spec uses", "stays a struct", "told apart by their types",
            "makes the whole value nullable",
        ]) {
            self = .approximated
        } else {
            self = .other
        }
    }

    /// `text` without its parenthesized parts.
    private static func withoutAsides(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == "(" {
                depth += 1
            } else if character == ")", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// `12 warnings: 5 left out, 4 approximated, 1 guess to check, 2 ignored keywords`; `0 warnings`.
    static func summary(of warnings: [Diagnostic]) -> String {
        var counts: [OpenAPIWarningKind: Int] = [:]
        for warning in warnings { counts[OpenAPIWarningKind(message: warning.message), default: 0] += 1 }
        let total = OpenAPIImporter.plural(warnings.count, "warning")
        let parts = allCases.compactMap { kind in counts[kind].map(kind.counted) }
        return parts.isEmpty ? total : total + ": " + parts.joined(separator: ", ")
    }
}
