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
    /// The auth schemes imported, by their name in `components.securitySchemes`.
    private(set) var authSchemes: [String: AuthScheme] = [:]

    /// Reads `components.securitySchemes`: bearer, basic, API keys in a header or query; OAuth2 and OpenID Connect
    /// as bearer tokens (with a warning saying so); the rest warned.
    init(document: OpenAPIDocumentSet, naming: SwiftNaming, sink: FindingSink) {
        self.document = document
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

    /// The auth scheme of an operation: its `security` (else the document's), the first requirement whose schemes
    /// are all imported; nil for none (no requirement, an empty one first, or none imported).
    func authScheme(of operation: LocatedValue, sink: FindingSink) -> AuthScheme? {
        guard let requirements = (operation["security"] ?? document.root["security"])?.items else { return nil }
        for requirement in requirements {
            let keys = (requirement.members ?? []).map(\.key)
            if keys.isEmpty { return nil }  // `{}` first: authentication is optional
            guard let first = authSchemes[keys[0]] else { continue }
            if keys.count > 1 {
                sink.report(
                    .approximated(
                        "a requirement of several schemes at once is read as its first scheme", at: requirement.location
                    ), group: "several-schemes")
            }
            return first
        }
        return nil
    }
}
