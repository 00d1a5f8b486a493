import Foundation

/// Why a ``PageSequence`` stopped with an error: what its server's answer asked for that the runtime refuses.
/// It is the ``APIError/Kind/paging(_:)`` of the ``APIError`` the iteration throws.
public enum PagingError: Sendable, Hashable {
    /// The next page's URL (a `Link` header's or the body's) is on another origin — scheme, host or port — than the
    /// endpoint's server: it is not followed, so the credential never reaches that host. Holds the foreign origin
    /// (`https://evil.example:8443`), never the URL's path or query.
    case foreignOrigin(String)
    /// The next page was asked for with a cursor, URL or offset an earlier page of the sequence was asked for with
    /// (`what` says which): following it would loop.
    case repeated(what: String)
    /// The next page's link, cursor, flag or count is not what its style needs (a link that is not a URL, a
    /// cursor that is an object); `detail` says which, without quoting a secret.
    case malformed(String)
}

extension PagingError {
    /// One line for ``APIError/description``: `next page on another origin https://evil.example:8443`.
    var summary: String {
        switch self {
        case .foreignOrigin(let origin): "next page on another origin \(origin)"
        case .repeated(let what): "the next page's \(what) repeats an earlier page's"
        case .malformed(let detail): "malformed next page: \(detail)"
        }
    }
}

/// The origin of a URL (RFC 6454): scheme and host lowercased, and the port, a scheme's default port made explicit
/// (`https://API.example` and `https://api.example:443` are one origin).
struct URLOrigin: Hashable, CustomStringConvertible {
    var scheme: String
    var host: String
    var port: Int?

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? Self.defaultPorts[scheme]
    }

    static let defaultPorts = ["http": 80, "https": 443]

    /// `url` with its scheme and host lowercased, as they compare: `HTTP://API.Example.com/x` is the same place as
    /// `http://api.example.com/x`, and some transports (FoundationNetworking) refuse an upper-case scheme.
    static func normalized(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.scheme = components.scheme?.lowercased()
        components.percentEncodedHost = components.percentEncodedHost?.lowercased()
        return components.url ?? url
    }

    /// `scheme://host[:port]`, the port left out when it is the scheme's default.
    var description: String {
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port, port != Self.defaultPorts[scheme] else { return "\(scheme)://\(hostText)" }
        return "\(scheme)://\(hostText):\(port)"
    }
}
