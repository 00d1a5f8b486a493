/// The credentials an endpoint's requests carry (its `auth`, else its service's): alternatives in the order the
/// runtime tries them, each a set of auth schemes sent together.
///
/// `auth: token` is one alternative of one scheme; `auth: [client_id, secret]` one alternative of two schemes, sent
/// together on every request; `auth: { any_of: [pat, oauth] }` two alternatives, of which the runtime sends the
/// first the client has every credential for; an empty alternative (`none`, only last) lets a request go without
/// any credential when no other alternative is covered: authentication is optional.
public struct AuthRequirement: Sendable, Hashable, Encodable, ExpressibleByStringLiteral {
    /// The alternatives, in the order tried; each names the schemes sent together. An empty one is `none`.
    public var alternatives: [[String]]

    /// A requirement of these alternatives.
    public init(alternatives: [[String]]) {
        self.alternatives = alternatives
    }

    /// One scheme, alone.
    public init(_ scheme: String) {
        self.alternatives = [[scheme]]
    }

    /// One scheme, alone: `endpoint.auth == "token"`.
    public init(stringLiteral scheme: String) {
        self.init(scheme)
    }

    /// Every scheme named, once each, in the order first named.
    public var schemes: [String] {
        var seen = Set<String>()
        return alternatives.joined().filter { seen.insert($0).inserted }
    }

    /// Whether a request may go without any credential (an alternative is `none`).
    public var isOptional: Bool { alternatives.contains(where: \.isEmpty) }

    /// The scheme, when the requirement is exactly one scheme alone (`auth: token`).
    public var single: String? {
        alternatives.count == 1 && alternatives[0].count == 1 ? alternatives[0][0] : nil
    }

    /// As the spec spells it, for `lucid-gen dump`: a name, a list of names sent together, or `{"any_of": [...]}`
    /// whose items are names, lists and `none`.
    public func encode(to encoder: any Encoder) throws {
        if alternatives.count == 1, !alternatives[0].isEmpty {
            try Spelled(alternatives[0]).encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(alternatives.map(Spelled.init), forKey: .anyOf)
    }

    private enum Key: String, CodingKey { case anyOf = "any_of" }

    /// One alternative as written: a name alone, `none` for an empty one, else a list.
    private struct Spelled: Encodable {
        let names: [String]

        init(_ names: [String]) { self.names = names }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch names.count {
            case 0: try container.encode("none")
            case 1: try container.encode(names[0])
            default: try container.encode(names)
            }
        }
    }
}

/// `auth:` as a service or an endpoint wrote it, with where each name is: for resolution and the rules, which
/// report at the name that causes a problem.
struct WrittenAuth: Sendable, Hashable {
    /// A scheme name, or `none`, where it is written.
    struct Name: Sendable, Hashable {
        var text: String
        var location: SourceLocation
    }

    /// One alternative: the names sent together (one for a scheme alone, `none` alone for no credential).
    struct Alternative: Sendable, Hashable {
        var names: [Name]
        var location: SourceLocation
        /// Written as a list (`[client_id, secret]`), even of one name.
        var isList: Bool

        /// `none`: no credential.
        var isNone: Bool { names.count == 1 && names[0].text == "none" && !isList }

        /// The names as written, `[a, b]` or `a`, for messages.
        var spelled: String {
            isList ? "[" + names.map(\.text).joined(separator: ", ") + "]" : names.map(\.text).joined()
        }
    }

    var alternatives: [Alternative]
    /// Written as `{ any_of: [...] }`.
    var isAnyOf: Bool
    /// Where the value starts.
    var location: SourceLocation

    /// What it means: nil for `auth: none`.
    var requirement: AuthRequirement? {
        if alternatives.allSatisfy(\.isNone) { return nil }
        return AuthRequirement(alternatives: alternatives.map { $0.isNone ? [] : $0.names.map(\.text) })
    }
}
