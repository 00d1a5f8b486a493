import Foundation

/// A page and the paging facts read from the same response: what a paged resource's `readResponse` returns, so that
/// a cached or deduplicated page keeps the facts of the exchange it came from.
struct FetchedPage<Page: Sendable>: Sendable {
    var page: Page
    var facts: PageFacts
}

/// What a response says about its next page, read beside the typed page: the `Link` header and the body values at
/// the style's paths.
struct PageFacts: Sendable {
    /// A body value at a path.
    enum Value: Sendable, Equatable {
        /// Missing or null (a step of the path too).
        case absent
        case value(JSONValue)
        /// The body is not JSON, or a step of the path is not an object.
        case unreadable
    }

    var link: String?
    /// The values at `Paging.bodyPaths`, in order.
    var values: [Value]

    /// The facts `paths` need from `response`: the body is scanned for the values on the paths, not decoded again
    /// (`JSONPathScanner`).
    init(_ response: HTTPResponse, paths: [[String]], link readsLink: Bool) {
        link = readsLink ? response.headers["Link"] : nil
        values = paths.isEmpty ? [] : JSONPathScanner.values(at: paths, in: response.body)
    }
}

extension Paging {
    /// The body paths this style reads, in the order `PageFacts.values` holds them.
    var bodyPaths: [[String]] {
        switch self {
        case .linkHeader: []
        case .nextURL(let path), .cursor(let path, _): [path]
        case .lastItem(_, let more): [more]
        case .offset(_, _, let total): total.map { [$0] } ?? []
        case .pageNumber(_, let totalPages): totalPages.map { [$0] } ?? []
        }
    }

    /// What repeats when a next page repeats an earlier one, for ``PagingError/repeated(what:)``.
    var repeatedName: String {
        switch self {
        case .linkHeader, .nextURL: "URL"
        case .cursor: "cursor"
        case .lastItem: "last item identifier"
        case .offset: "offset"
        case .pageNumber: "page number"
        }
    }

    /// The query item a style sends its position in; nil for the URL styles.
    var parameter: String? {
        switch self {
        case .linkHeader, .nextURL: nil
        case .cursor(_, let parameter), .lastItem(let parameter, _), .offset(let parameter, _, _),
            .pageNumber(let parameter, _):
            parameter
        }
    }
}

/// Type erasure of a live pager over its auth scheme.
protocol PageDriver<Page>: AnyObject {
    associatedtype Page: Sendable
    func next() async throws(APIError) -> Page?
    /// Whether the page `next()` answered last came from the response cache, without the server.
    var lastPageWasCached: Bool { get }
}

/// The live pages of a ``PageSequence``: one iteration's state. Not shared between tasks: each iterator makes its
/// own.
final class LivePager<Page: Sendable, Auth: AuthScheme>: PageDriver {
    typealias Resource = BackendResource<Void, FetchedPage<Page>, Auth>

    let accessor: AuthenticatedAccessor<Auth>
    let paging: Paging
    let maxPages: Int
    private(set) var lastPageWasCached = false
    let count: (@Sendable (Page) -> Int)?
    let lastIdentifier: (@Sendable (Page) -> String?)?
    /// The `limit` query item of the first request, for ``Paging/offset(parameter:limit:total:)``.
    let limit: Int?
    /// The origin of the first page's URL; nil when the sender has no URLs (a fake).
    let origin: URLOrigin?

    /// The resource to request next; nil once the sequence ended.
    private var pending: Resource?
    /// The last page's resource, URL and facts, from which `pending` is found when iteration asks for more.
    private var previous: (resource: Resource, url: URL?, page: Page, facts: PageFacts)?
    private var requested = 0
    /// The positions (URLs, cursors, offsets, ...) requested so far.
    private var seen: Set<String> = []

    init(
        first: Resource, paging: Paging, maxPages: Int, count: (@Sendable (Page) -> Int)?,
        lastIdentifier: (@Sendable (Page) -> String?)?, accessor: AuthenticatedAccessor<Auth>
    ) {
        self.accessor = accessor
        self.paging = paging
        self.maxPages = maxPages
        self.count = count
        self.lastIdentifier = lastIdentifier
        if case .offset(_, let limit?, _) = paging {
            self.limit = first.query.last(where: { $0.name == limit }).flatMap { Int($0.value) }
        } else {
            self.limit = nil
        }
        origin = accessor.client.url(of: first).flatMap(URLOrigin.init)
        pending = first
    }

    func next() async throws(APIError) -> Page? {
        guard requested < maxPages else { return finish() }
        if let previous {
            self.previous = nil
            do throws(APIError) {
                pending = try following(previous.resource, at: previous.url, page: previous.page, facts: previous.facts)
            } catch {
                _ = finish()
                throw error
            }
        }
        guard let resource = pending else { return finish() }
        pending = nil
        if Task.isCancelled {
            _ = finish()
            throw APIError(.cancelled, endpoint: resource.name, method: resource.method)
        }
        // The URL styles resolve the next URL against it and compare it for repeats; the others need none.
        let url = paging.parameter == nil ? resource.absoluteURL ?? accessor.client.url(of: resource) : nil
        if let key = key(of: resource, url: url) { seen.insert(key) }
        requested += 1
        let fetched: FetchedPage<Page>
        do throws(APIError) {
            if resource.cacheTTL != nil {
                let answer = try await accessor.fetched(resource)
                (fetched, lastPageWasCached) = (answer.response, answer.isFromCache)
            } else {
                (fetched, lastPageWasCached) = (try await accessor.access(resource), false)
            }
        } catch {
            _ = finish()
            throw error
        }
        previous = (resource, url, fetched.page, fetched.facts)
        return fetched.page
    }

    private func finish() -> Page? {
        pending = nil
        previous = nil
        requested = maxPages
        return nil
    }

    /// The position `resource` asks for, as compared for repeats: its URL for the URL styles, else the value of the
    /// style's query item.
    private func key(of resource: Resource, url: URL?) -> String? {
        guard let parameter = paging.parameter else {
            guard let url = resource.absoluteURL ?? url else { return nil }
            return Self.withoutCredential(url).absoluteString
        }
        return resource.query.last(where: { $0.name == parameter })?.value
    }

    /// `url` without the query items of `Auth`'s credentials (a server may echo them in its links).
    private static func withoutCredential(_ url: URL) -> URL {
        APIClient.removingCredentialQueryItems(of: Auth.self, from: url)
    }

    /// The resource of the page after `resource`'s, or nil at the end.
    private func following(
        _ resource: Resource, at url: URL?, page: Page, facts: PageFacts
    ) throws(APIError) -> Resource? {
        func fail(_ error: PagingError) -> APIError {
            APIError(
                .paging(error), endpoint: resource.name, method: resource.method,
                url: url ?? accessor.client.url(of: resource),
                redaction: .standard.adding(Auth.self))
        }
        var next = resource
        switch paging {
        case .linkHeader:
            guard let header = facts.link else { return nil }
            guard let links = Links(responseHeader: header) else {
                throw fail(.malformed("the Link header is not a list of links"))
            }
            guard let target = links.next else { return nil }
            next.absoluteURL = try followed(target.relativeString, from: url, fail: fail)
        case .nextURL(let path):
            switch facts.values[0] {
            case .absent, .value(.null), .value(.string("")): return nil
            case .value(.string(let text)): next.absoluteURL = try followed(text, from: url, fail: fail)
            case .value(let other): throw fail(.malformed("the next URL at \(Self.dotted(path)) is \(other.kindName)"))
            case .unreadable: throw fail(.malformed("the body has no readable \(Self.dotted(path))"))
            }
        case .cursor(let path, let parameter):
            let cursor: String
            switch facts.values[0] {
            case .absent, .value(.null), .value(.string("")): return nil
            case .value(.string(let text)): cursor = text
            case .value(.int(let number)): cursor = String(number)
            case .value(let other): throw fail(.malformed("the cursor at \(Self.dotted(path)) is \(other.kindName)"))
            case .unreadable: throw fail(.malformed("the body has no readable \(Self.dotted(path))"))
            }
            next.query = Self.setting(parameter, to: cursor, in: resource.query)
        case .lastItem(let parameter, let more):
            switch facts.values[0] {
            case .absent, .value(.null), .value(.bool(false)): return nil
            case .value(.bool(true)): break
            case .value(let other): throw fail(.malformed("the flag at \(Self.dotted(more)) is \(other.kindName)"))
            case .unreadable: throw fail(.malformed("the body has no readable \(Self.dotted(more))"))
            }
            if let count, count(page) == 0 { return nil }
            guard let identifier = lastIdentifier?(page), !identifier.isEmpty else {
                throw fail(.malformed("the page's last item has no identifier while \(Self.dotted(more)) is true"))
            }
            next.query = Self.setting(parameter, to: identifier, in: resource.query)
        case .offset(let parameter, _, let total):
            guard let count else { throw fail(.malformed("the page has no item count to advance the offset by")) }
            let received = count(page)
            if received == 0 { return nil }
            let current = try Self.number(parameter, in: resource.query, absent: 0, fail: fail)
            let offset = current + received
            // The body's total, when it has one, says whether more remain: a server may answer fewer than
            // `limit` items (filtered ones) and still have more. Only without a total does a short page end.
            if let total, let value = try Self.number(facts.values[0], at: total, fail: fail) {
                if offset >= value { return nil }
            } else if let limit, received < limit {
                return nil
            }
            next.query = Self.setting(parameter, to: String(offset), in: resource.query)
        case .pageNumber(let parameter, let totalPages):
            if let count, count(page) == 0 { return nil }
            let current = try Self.number(parameter, in: resource.query, absent: 1, fail: fail)
            if let totalPages, let value = try Self.number(facts.values[0], at: totalPages, fail: fail),
                current >= value
            {
                return nil
            }
            next.query = Self.setting(parameter, to: String(current + 1), in: resource.query)
        }
        if let key = key(of: next, url: nil), seen.contains(key) {
            throw fail(.repeated(what: paging.repeatedName))
        }
        return next
    }

    /// The absolute URL of a next-page reference, resolved against the URL the page was requested at (RFC 3986),
    /// on the first page's origin.
    private func followed(_ reference: String, from base: URL?, fail: (PagingError) -> APIError) throws(APIError) -> URL
    {
        guard let parsed = URL(string: reference, relativeTo: base) else {
            throw fail(.malformed("the next URL is not a URL"))
        }
        let url = URLOrigin.normalized(parsed.absoluteURL)
        guard let target = URLOrigin(url), ["http", "https"].contains(target.scheme) else {
            if base == nil, url.scheme == nil {
                throw fail(.malformed("the next URL is relative, and this client has no URL to resolve it against"))
            }
            throw fail(.malformed("the next URL is not an http or https URL"))
        }
        if let origin, target != origin { throw fail(.foreignOrigin(target.description)) }
        return url
    }

    /// The whole number in the query item `name`; `absent` when there is none.
    private static func number(
        _ name: String, in query: [QueryItem], absent: Int, fail: (PagingError) -> APIError
    ) throws(APIError) -> Int {
        guard let item = query.last(where: { $0.name == name }) else { return absent }
        guard let value = Int(item.value) else { throw fail(.malformed("the query item \(name) is not a number")) }
        return value
    }

    /// The whole number of a body value; nil when absent.
    private static func number(
        _ value: PageFacts.Value, at path: [String], fail: (PagingError) -> APIError
    ) throws(APIError) -> Int? {
        switch value {
        case .absent, .value(.null): return nil
        case .value(.int(let number)): return Int(exactly: number)
        case .value(let other): throw fail(.malformed("the count at \(dotted(path)) is \(other.kindName)"))
        case .unreadable: throw fail(.malformed("the body has no readable \(dotted(path))"))
        }
    }

    /// `query` with the item `name` set to `value`: the last item of that name replaced (any others removed), else
    /// one appended.
    static func setting(_ name: String, to value: String, in query: [QueryItem]) -> [QueryItem] {
        guard let index = query.lastIndex(where: { $0.name == name }) else { return query + [QueryItem(name, value)] }
        var items = query
        items[index] = QueryItem(name, value)
        return items.enumerated().filter { $0.offset == index || $0.element.name != name }.map(\.element)
    }

    private static func dotted(_ path: [String]) -> String { path.joined(separator: ".") }
}

extension JSONValue {
    /// What this value is, for an error: `a number`, `an object`.
    fileprivate var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension BackendResource where Request == Void, Response: Sendable {
    /// This resource reading, beside its response, the facts `paging` needs from the same response.
    func paged(by paging: Paging) -> BackendResource<Void, FetchedPage<Response>, Auth> {
        let read = readResponse
        let paths = paging.bodyPaths
        let readsLink = paging == .linkHeader
        return reading { response in
            FetchedPage(page: try read(response), facts: PageFacts(response, paths: paths, link: readsLink))
        }
    }
}
