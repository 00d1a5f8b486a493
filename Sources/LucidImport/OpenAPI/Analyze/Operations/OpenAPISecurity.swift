import Foundation
import LucidSpec
import LucidSupport

/// Security schemes → auth schemes, security requirements → endpoint auth.
struct SecuritySchemes {
    /// An auth scheme of the spec: its name, what it becomes, and the header or query item its credential takes.
    struct AuthScheme {
        var name: String
        var draft: DraftAuthScheme
        /// `header:<lowercased name>` or `query:<name>`: a parameter sending it would be replaced by the credential.
        var sends: String
    }

    let document: OpenAPIDocumentSet
    let naming: SwiftNaming
    /// The auth schemes imported, by their name in `components.securitySchemes`.
    private(set) var authSchemes: [String: AuthScheme] = [:]

    /// Reads `components.securitySchemes`: bearer, basic, API keys in a header or query; OAuth2 and OpenID Connect
    /// as bearer tokens (with a warning saying so); the rest warned.
    init(document: OpenAPIDocumentSet, naming: SwiftNaming, sink: FindingSink) {
        self.document = document
        self.naming = naming
        let root = document.root
        func report(_ finding: ImportFinding) { sink.report(finding) }
        var names = OpenAPINames(naming: naming, asType: true, reserved: ["None"])
        for member in root["components"]?["securitySchemes"]?.members ?? [] {
            guard let scheme = document.resolved(member.value) else { continue }
            sink.noteUnmapped(
                scheme,
                handled: ["type", "scheme", "bearerFormat", "in", "name", "description", "flows", "openIdConnectUrl"],
                context: "a security scheme")
            let type = scheme["type"]?.string ?? ""
            var value: DraftAuthScheme.Kind?
            var sends = "header:authorization"
            switch type {
            case "http":
                switch scheme["scheme"]?.string?.lowercased() {
                case "bearer": value = .bearer
                case "basic": value = .basic
                default:
                    report(
                        .leftOut(
                            "HTTP scheme '\(scheme["scheme"]?.string ?? "")' has no equivalent in the spec; operations"
                                + " that use it are imported without auth", at: scheme.location(of: "scheme")))
                }
            case "apiKey":
                let place = scheme["in"]?.string ?? ""
                if let key = scheme["name"]?.string, place == "header" || place == "query" {
                    value = .key(place: place, name: key)
                    sends = place == "header" ? "header:" + key.lowercased() : "query:" + key
                } else {
                    report(
                        .leftOut(
                            "an API key in '\(place)' has no equivalent in the spec (only header and query); operations"
                                + " that use it are imported without auth", at: scheme.location(of: "in")))
                }
            case "oauth2", "openIdConnect":
                value = .bearer
                report(
                    .approximated(
                        "\(type) scheme '\(member.key)' becomes a bearer token: the app obtains the token (the flows are"
                            + " not imported) and the credential provider supplies it", at: member.keyLocation))
            default:
                report(
                    .leftOut(
                        "security scheme type '\(type)' has no equivalent in the spec; operations that use it are"
                            + " imported without auth", at: scheme.location(of: "type")))
            }
            guard let value else { continue }
            let name = names.take(member.key, avoiding: { $0.lowercased() == "none" })
            authSchemes[member.key] = AuthScheme(
                name: name, draft: DraftAuthScheme(name: name, kind: value, origin: member.keyLocation), sends: sends)
        }
    }

    /// The spec's auth schemes, in the document's order.
    var drafts: [DraftAuthScheme] {
        (document.root["components"]?["securitySchemes"]?.members ?? []).compactMap { authSchemes[$0.key]?.draft }
    }

    /// The Swift type each auth scheme becomes (`<Scheme>Auth`): no subtype may be named so, whatever the case.
    var generatedTypeNames: [String] {
        authSchemes.values.map { naming.typeName($0.name) + "Auth" }.sorted()
    }

    /// An operation's auth: its `security` (else the document's) as the spec's alternatives, each a set of schemes
    /// sent together (OpenAPI's `[{A: [], B: []}]` is `auth: [a, b]`, `[{A: []}, {B: []}]` is `auth: { any_of: [a,
    /// b] }`), scopes dropped. An alternative naming a scheme that was not imported is dropped whole, and so is a set
    /// whose schemes write one header, each with a warning; repeated sets go, a larger set comes before a smaller
    /// one it holds (else it would never be chosen), and an empty requirement `{}` is `none`, last. Nil for no
    /// auth: no requirement, or nothing but `none` left.
    func auth(of operation: LocatedValue, sink: FindingSink) -> EndpointAuth? {
        guard let requirements = (operation["security"] ?? document.root["security"])?.items else { return nil }
        var sets: [[AuthScheme]] = []
        var optional = false
        var dropped: [(scheme: String, location: SourceLocation)] = []
        var clashing: [(schemes: [String], location: SourceLocation)] = []
        for requirement in requirements {
            let keys = (requirement.members ?? []).map(\.key)
            if keys.isEmpty {
                optional = true
                continue
            }
            if let missing = keys.first(where: { authSchemes[$0] == nil }) {
                dropped.append((missing, requirement.location))
                continue
            }
            var schemes: [AuthScheme] = []
            for key in keys where !schemes.contains(where: { $0.name == authSchemes[key]!.name }) {
                schemes.append(authSchemes[key]!)
            }
            if Set(schemes.map(\.sends)).count < schemes.count {
                clashing.append((keys, requirement.location))
                continue
            }
            let names = Set(schemes.map(\.name))
            if sets.contains(where: { Set($0.map(\.name)) == names }) { continue }
            // A larger set before the first smaller one it holds: after it, it would never be chosen.
            if let index = sets.firstIndex(where: { names.isStrictSuperset(of: $0.map(\.name)) }) {
                sets.insert(schemes, at: index)
            } else {
                sets.append(schemes)
            }
        }
        for clash in clashing {
            sink.report(
                .leftOut(
                    "the security requirement of schemes " + clash.schemes.map { "'\($0)'" }.joined(separator: " and ")
                        + " together is left out: two of them send the same header or query item, and a request"
                        + " carries one", at: clash.location), group: "security-clash")
        }
        guard !sets.isEmpty else { return nil }
        for drop in dropped {
            sink.report(
                .leftOut(
                    "a security requirement that names '\(drop.scheme)', which is not imported, is left out; the"
                        + " operation takes the other requirements", at: drop.location),
                group: "security-skipped:" + drop.scheme)
        }
        return EndpointAuth(
            alternatives: sets.map { $0.map(\.name) } + (optional ? [[]] : []), schemes: sets.flatMap { $0 })
    }
}

/// An endpoint's auth as the import reads it: the spec's alternatives (an empty one is `none`), and every scheme
/// they name, whose header or query item no parameter may send.
struct EndpointAuth {
    var alternatives: [[String]]
    var schemes: [SecuritySchemes.AuthScheme]

    /// The scheme that sends `place:key` (a header compared ignoring case), when one of them does.
    func scheme(sending place: String, _ key: String) -> SecuritySchemes.AuthScheme? {
        let sends = place == "header" ? "header:" + key.lowercased() : place + ":" + key
        return schemes.first { $0.sends == sends }
    }
}
