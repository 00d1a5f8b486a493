// Loopback servers for the paging suites; built where the other loopback tests are (macOS and Linux).
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A page: its items (identifiers), whatever else the body holds.
struct ItemsPage: Decodable, Sendable, Equatable {
    var items: [Int]
}

/// A `ScriptedHTTPServer` whose answers may name its own base URL (`route` gets it with the request's target).
final class PagingServer: Sendable {
    let server: ScriptedHTTPServer

    init(
        _ route:
            @escaping @Sendable (_ target: String, _ base: String, _ request: ScriptedHTTPServer.Request) ->
            ScriptedHTTPServer.Response
    ) throws {
        let base = Locked("")
        server = try ScriptedHTTPServer { request in route(request.target, base.withLock { $0 }, request) }
        let url = server.baseURL
        base.withLock { $0 = url }
    }

    /// Answers each target in `pages` (`/items?page=2`) with its page; a 404 otherwise. `{base}` in a body or header
    /// is replaced by the server's base URL.
    convenience init(pages: [String: ScriptedHTTPServer.Response]) throws {
        try self.init { target, base, _ in
            guard var page = pages[target] else { return ScriptedHTTPServer.Response(status: 404) }
            page.headers = page.headers.map { ($0.0, $0.1.replacingOccurrences(of: "{base}", with: base)) }
            page.body = Data(
                String(decoding: page.body, as: UTF8.self).replacingOccurrences(of: "{base}", with: base).utf8)
            return page
        }
    }

    var baseURL: String { server.baseURL }
    /// The request targets received, in order.
    var targets: [String] { server.received.map(\.target) }

    func stop() { server.stop() }
}

/// A `200` JSON answer.
func pageAnswer(_ json: String, headers: [(String, String)] = []) -> ScriptedHTTPServer.Response {
    ScriptedHTTPServer.Response(
        status: 200, headers: [("Content-Type", "application/json")] + headers, body: Data(json.utf8))
}

/// A client of `server` (as the `api` server) over an ephemeral URLSession without URLCache.
func pagingClient(
    _ server: PagingServer, credentials: CredentialProvider = .constant("secret"), cache: ResponseCache? = nil,
    prepareRequest: [APIClient.Middleware] = []
) -> APIClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return APIClient(
        environments: ServerEnvironments(["api": ["local": server.baseURL]]),
        transport: .urlSession(URLSession(configuration: configuration)), credentials: credentials,
        prepareRequest: prepareRequest, errorPayload: ClientStatusPayload.decode, cache: cache)
}

/// `GET path?query` of the `api` server, read as an `ItemsPage`.
func listing<Auth: AuthScheme>(
    _ path: String = "/items", query: [QueryItem] = [], cacheTTL: Duration? = nil, auth: Auth.Type = ClientUserAuth.self
) -> BackendResource<Void, ItemsPage, Auth> {
    BackendResource(
        name: "items.list", server: "api", method: .get, path: ResourcePath(path), query: query, timeout: .seconds(20),
        cacheTTL: cacheTTL, decodeResponse: clientJSONDecode(ItemsPage.self))
}

/// The pages of `client`'s `first`, paged by `paging`.
func itemPages<Auth: AuthScheme>(
    _ client: APIClient, _ first: BackendResource<Void, ItemsPage, Auth>, paging: Paging,
    maxPages: Int = PageSequence<ItemsPage>.defaultMaxPages
) -> PageSequence<ItemsPage> {
    PageSequence(
        first: first, paging: paging, maxPages: maxPages, count: { $0.items.count },
        lastIdentifier: { $0.items.last.map(String.init) }, accessor: client.accessor(for: Auth.self))
}

/// Every page's items until the end or the first error.
func collectPages(_ pages: PageSequence<ItemsPage>) async -> (pages: [[Int]], error: APIError?) {
    var collected: [[Int]] = []
    do {
        for try await page in pages { collected.append(page.items) }
        return (collected, nil)
    } catch {
        return (collected, error)
    }
}
#endif
