// These tests open real sockets on 127.0.0.1 and send through URLSession; like the other loopback tests they are
// built for macOS and Linux, where `swift test` runs them.
#if os(macOS) || os(Linux)
import Foundation
import LucidRuntime
import LucidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GoldenServers

/// The generated servers whose base URLs the app completes at run time: the user's own instance (reached here as
/// `127.0.0.1:<port>`, a loopback server's authority), values checked before any request, and credentials that go
/// only to the instance they were given for.
@Suite(.timeLimit(.minutes(1)))
struct ServersTests {
    /// A loopback "instance" answering every request with an empty timeline.
    static func instance() throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { _ in
            ScriptedHTTPServer.Response(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data(#"[{"id": "1", "content": "hello"}]"#.utf8))
        }
    }

    /// A client on the `local` environment (http) whose Mastodon server is `instance`, with a token per origin.
    static func client(instance: String, tokens: [String: String]) throws -> APIClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return APIClient(
            environments: InstancesServers.environments(
                mastodon: try MastodonServer(instance: instance), current: "local"),
            transport: .urlSession(URLSession(configuration: configuration)),
            credentials: CredentialProvider(perOrigin: { _, url in
                tokens["\(url.host ?? ""):\(url.port ?? 0)"]
            }))
    }

    @Test func aRequestGoesToTheInstanceChosenAtRunTimeWithItsHostHeaderAndToken() async throws {
        let server = try Self.instance()
        defer { server.stop() }
        let authority = "127.0.0.1:\(server.port)"
        let client = try Self.client(instance: authority, tokens: [authority: "token-a"])
        #expect(client.environments.baseURLString(for: InstancesServers.mastodon) == "http://\(authority)/api/v1")

        let timeline = try await TimelinesBusinessController(accessible: client).fetchHome()

        #expect(timeline.value.map(\.content) == ["hello"])
        let request = try #require(server.received.first)
        #expect(request.requestLine == "GET /api/v1/timelines/home HTTP/1.1")
        #expect(request.header("Host") == authority)
        #expect(request.header("Authorization") == "Bearer token-a")
        #expect(request.body.isEmpty)
        // Beside what URLSession adds on every platform (its own, differing by system), exactly these lines.
        let added = ["accept", "accept-encoding", "accept-language", "connection", "user-agent", "priority"]
        let ours = request.headerLines.filter { line in
            !added.contains(String(line.prefix { $0 != ":" }).lowercased())
        }
        #expect(ours.sorted() == ["Authorization: Bearer token-a", "Host: \(authority)"])
    }

    @Test func switchingTheInstanceSendsLaterRequestsAndOnlyItsOwnTokenThere() async throws {
        let first = try Self.instance()
        defer { first.stop() }
        let second = try Self.instance()
        defer { second.stop() }
        let a = "127.0.0.1:\(first.port)"
        let b = "127.0.0.1:\(second.port)"
        let client = try Self.client(instance: a, tokens: [a: "token-a", b: "token-b"])
        let timelines = TimelinesBusinessController(accessible: client)
        _ = try await timelines.fetchHome()

        client.environments.use(try MastodonServer(instance: b))
        _ = try await timelines.fetchHome()
        _ = try await timelines.fetchHome()

        #expect(first.received.map { $0.header("Authorization") } == ["Bearer token-a"])
        #expect(second.received.map { $0.header("Authorization") } == ["Bearer token-b", "Bearer token-b"])
        #expect(second.received.map { $0.header("Host") } == [b, b])
    }

    @Test func anInstanceWithoutATokenOfItsOwnGetsNoRequestAtAll() async throws {
        let first = try Self.instance()
        defer { first.stop() }
        let second = try Self.instance()
        defer { second.stop() }
        let a = "127.0.0.1:\(first.port)"
        // Only the first instance has a token: after switching, the first's token must not go to the second.
        let client = try Self.client(instance: a, tokens: [a: "token-a"])
        client.environments.use(try MastodonServer(instance: "127.0.0.1:\(second.port)"))

        var kind: APIError.Kind?
        do {
            _ = try await TimelinesBusinessController(accessible: client).fetchHome()
        } catch {
            kind = error.kind
        }
        #expect(kind == .missingCredential)
        #expect(second.received.isEmpty)
        #expect(first.received.isEmpty)
    }

    @Test(arguments: [
        "evil.com/", "a@b", "x#", "x?y", "..", "%2F", "has space", "bücher.example", "", "::1", "[::1", "a:b:c",
        "host:0", "host:65536", "host:80:80", "a..b", "-a.com", "user:pass@host", "evil.com\\@good.com",
        "evil.com/path", "host\r\nX-Injected: 1",
    ])
    func aValueThatWouldChangeTheURLBeyondTheHostIsRefusedBeforeAnyRequest(value: String) throws {
        #expect(throws: ServerVariableError.self) { try MastodonServer(instance: value) }
    }

    @Test(arguments: [
        "mastodon.social", "Mastodon.Social", "127.0.0.1:8080", "[::1]", "[::1]:3000", "xn--bcher-kva.example",
    ])
    func hostNamesAddressesAndAPortAreAccepted(value: String) throws {
        let server = try MastodonServer(instance: value)
        let environments = InstancesServers.environments(mastodon: server)
        #expect(environments.baseURLString(for: InstancesServers.mastodon) == "https://\(value)/api/v1")
        #expect(URL(string: "https://\(value)/api/v1")?.host != nil)
    }

    @Test func theErrorSaysWhichVariableAndWhyInASentenceToShow() {
        do {
            _ = try MastodonServer(instance: "evil.com/")
            Issue.record("no error")
        } catch {
            #expect(error.variable == "instance")
            #expect(error.value == "evil.com/")
            #expect(error.server == InstancesServers.mastodon)
            #expect(error.localizedDescription == #""evil.com/" is not a valid instance: '/' would start a path."#)
            #expect(
                error.description
                    == "server 'mastodon': 'evil.com/' is not a valid value of {instance}: '/' would start a path "
                    + "(expected a host name or address, optionally with :port)")
        }
    }

    @Test func enumAndDefaultedVariablesNeedNoCheckAndFillTheirURLs() throws {
        let environments = InstancesServers.environments(mastodon: try MastodonServer(instance: "mastodon.social"))
        #expect(environments.baseURLString(for: InstancesServers.regional) == "https://us.api.example.com/v2")
        environments.use(try RegionalServer(region: .euWest1, version: "v3"))
        #expect(environments.baseURLString(for: InstancesServers.regional) == "https://eu-west-1.api.example.com/v3")
        try environments.switch(to: "local")
        #expect(environments.baseURLString(for: InstancesServers.regional) == "http://127.0.0.1:8080/v3")
        #expect(RegionalServer.Region.allCases.map(\.rawValue) == ["eu-west-1", "us"])
        #expect(throws: ServerVariableError.self) { try RegionalServer(version: "..") }
        #expect(throws: ServerVariableError.self) { try RegionalServer(port: "8080/x") }
        // A fixed server is unchanged by any of it.
        #expect(environments.baseURLString(for: InstancesServers.media) == "http://127.0.0.1:9")
    }

    @Test func aRefusedValueLeavesTheServerAsItWas() throws {
        let environments = InstancesServers.environments(mastodon: try MastodonServer(instance: "a.example"))
        #expect(throws: ServerVariableError.self) {
            try environments.setVariables(["instance": "evil.com/"], for: InstancesServers.mastodon)
        }
        #expect(environments.baseURLString(for: InstancesServers.mastodon) == "https://a.example/api/v1")
        #expect(environments.variables(for: InstancesServers.mastodon) == ["instance": "a.example"])
    }
}
#endif
