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
