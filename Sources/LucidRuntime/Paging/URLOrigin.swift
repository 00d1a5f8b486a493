import Foundation

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
