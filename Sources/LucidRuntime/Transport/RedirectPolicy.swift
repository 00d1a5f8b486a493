import Foundation

/// How the URLSession transport follows redirects itself, hop by hop.
///
/// URLSession's own following is not safe for an API client: FoundationNetworking re-sends a redirected write
/// with an empty body, and both it and Apple's URLSession copy an `Authorization` header to whatever host the
/// `Location` names. So URLSession is told to follow nothing, and this decides each hop:
///
/// - **307, 308**: the same method, headers and body again (the status promises the method is kept), to
///   another origin too (minus credentials, below).
/// - **303**: `GET` without body (a `HEAD` stays `HEAD`): the server answered the write and points at the result.
/// - **301, 302** on a request **with a body**: not followed; the redirect itself is the response, so the caller
///   sees a non-2xx status instead of a write silently turned into a `GET` or sent without its body. Without a
///   body they are followed as URLSession would (a `POST` becomes a `GET`, other methods are kept).
/// - A request with a body is never sent on from `https` to `http`, where anyone on the path could read it.
/// - To another origin (scheme, host or port), the `Authorization`, `Proxy-Authorization` and `Cookie` headers
///   are dropped, and so are the headers `APIClient` put the request's credentials in (``schemeHeaders``: an
///   API key in `X-Partner-Token`, a client secret): credentials meant for one server never reach another.
/// - At most `maxRedirects` hops (`maxRedirectsWithBody` when the request has a body); more is an error.
enum RedirectPolicy {
    /// The most redirects followed for a request without a body (as URLSession does).
    static let maxRedirects = 20
    /// The most redirects followed for a request with a body: a write bouncing around is suspect.
    static let maxRedirectsWithBody = 5
    /// The headers that carry credentials, never sent on to another origin.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// The headers the credentials of the request being sent are in, lowercased: set by `APIClient` around each
    /// send for the auth schemes whose credentials it added, and dropped with `credentialHeaders` on a redirect to
    /// another origin. A task-local value rather than a field of `HTTPRequest`, which apps persist, hash and compare.
    @TaskLocal static var schemeHeaders: Set<String> = []
    /// The headers that describe a body, dropped with the body.
    static let bodyHeaders: Set<String> = ["content-type", "content-length", "content-encoding"]

    /// The most redirects `request` may follow.
    static func maxHops(for request: HTTPRequest) -> Int {
        request.hasBody ? maxRedirectsWithBody : maxRedirects
    }

    /// The request to send after `response` answered `request`, or nil when `response` is the final answer.
    static func nextRequest(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            !(request.hasBody && isDowngrade(from: request.url, to: target)),
            var next = redirected(request, status: response.status)
        else { return nil }
        next.url = target
        if !isSameOrigin(request.url, target) {
            for name in credentialHeaders.union(schemeHeaders) { next.headers[name] = nil }
        }
        return next
    }

    /// `request` with the method and body the next hop uses for `status`, or nil when it must not be followed.
    private static func redirected(_ request: HTTPRequest, status: Int) -> HTTPRequest? {
        switch status {
        case 307, 308:
            return request
        case 303:
            return request.method == .head ? request : withoutBody(request)
        default:  // 301, 302
            if request.hasBody { return nil }
            return request.method == .post ? withoutBody(request) : request
        }
    }

    /// `request` as a `GET` with neither body nor the headers that described it.
    private static func withoutBody(_ request: HTTPRequest) -> HTTPRequest {
        var next = request
        next.method = .get
        next.body = nil
        next.bodyFile = nil
        next.streamedBody = nil
        for name in bodyHeaders { next.headers[name] = nil }
        return next
    }

    /// Whether `a` and `b` have the same scheme, host and port (the default port when none is written).
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    private static func isDowngrade(from source: URL, to target: URL) -> Bool {
        source.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http"
    }
}

extension HTTPRequest {
    /// Whether the request carries a body worth keeping (an empty one is no body), in memory or in a file.
    var hasBody: Bool {
        !(body?.isEmpty ?? true) || bodyFile != nil || streamedBody != nil
    }
}
