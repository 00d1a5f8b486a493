// These tests open a socket server. iOS, tvOS, watchOS and visionOS run no such server in `swift test`.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport.urlSession()` with its default session: the server answers every request (no `URLCache` under the
/// runtime's own cache) and no cookie a server set is kept or sent back (no user's cookies outlive a logout).
@Suite(.timeLimit(.minutes(1)))
struct DefaultSessionTests {
    /// An answer that URLSession's cache would keep for an hour, and a cookie a session with a store would send back.
    static func cacheableAnswerWithACookie(_ request: ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Response {
        ScriptedHTTPServer.Response(
            status: 200,
            headers: [
                ("Content-Type", "application/json"), ("Cache-Control", "public, max-age=3600"),
                ("Set-Cookie", "session=user-1; Path=/"),
            ],
            body: Data(#"{"ok":true}"#.utf8))
    }

    @Test func everyRequestReachesTheServerAndNoCookieIsSentBack() async throws {
        let server = try ScriptedHTTPServer(respond: Self.cacheableAnswerWithACookie)
        defer { server.stop() }
        let transport = HTTPTransport.urlSession()
        let url = try #require(URL(string: server.baseURL + "/me"))
        for _ in 0..<3 {
            let response = try await transport.send(HTTPRequest(method: .get, url: url))
            #expect(response.status == 200)
        }
        let received = server.received
        #expect(received.count == 3)
        #expect(received.allSatisfy { $0.header("Cookie") == nil })
    }

    @Test func theDefaultConfigurationKeepsNoCacheCookiesOrCredentials() {
        let configuration = HTTPTransport.sessionConfiguration()
        #expect(configuration.urlCache == nil)
        #expect(configuration.httpCookieStorage == nil)
        #expect(configuration.httpShouldSetCookies == false)
        #expect(configuration.httpCookieAcceptPolicy == .never)
        #expect(configuration.urlCredentialStorage == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(HTTPTransport.defaultSession.configuration.urlCache == nil)
    }

    /// The way the documentation gives to opt in: a session with a cookie store sends the cookie back.
    @Test func aSessionWithACookieStoreSendsTheCookieBack() async throws {
        let server = try ScriptedHTTPServer(respond: Self.cacheableAnswerWithACookie)
        defer { server.stop() }
        let configuration = HTTPTransport.sessionConfiguration()
        configuration.httpCookieStorage = HTTPCookieStorage.sharedCookieStorage(
            forGroupContainerIdentifier: "lucid-test")
        configuration.httpShouldSetCookies = true
        configuration.httpCookieAcceptPolicy = .always
        let transport = HTTPTransport.urlSession(URLSession(configuration: configuration))
        let url = try #require(URL(string: server.baseURL + "/me"))
        _ = try await transport.send(HTTPRequest(method: .get, url: url))
        _ = try await transport.send(HTTPRequest(method: .get, url: url))
        let received = server.received
        #expect(received.count == 2)
        #expect(received.last?.header("Cookie") == "session=user-1")
    }
}
#endif
