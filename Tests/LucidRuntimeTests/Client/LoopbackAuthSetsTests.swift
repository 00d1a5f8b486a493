// These tests open real sockets on 127.0.0.1 (ScriptedHTTPServer), like the other loopback tests.
#if os(macOS) || os(Linux)
import Foundation
@_spi(Generated) import LucidRuntime
import LucidTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client id in a header of its own.
enum SetClientIDAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "X-Client-Id", prefix: "")
}

/// A client secret in a header of its own.
enum SetSecretAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "X-Client-Secret", prefix: "")
}

/// An OAuth token.
enum SetTokenAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
}

/// A personal access token, in the header OAuth's token takes.
enum SetPATAuth: AuthScheme {
    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "token ")
}

/// An API key in the query.
enum SetKeyAuth: AuthScheme {
    static let placement = CredentialPlacement.query(name: "key")
}

/// Resources that need several schemes together, or accept alternatives (`AllOfAuth`, `AnyOfAuth`), sent through
/// URLSession to `ScriptedHTTPServer`: the headers and query items each request had on the wire, and no request at
/// all when the client cannot cover an alternative.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackAuthSetsTests {
    typealias ClientAndSecretAndToken = AllOfAuth<SetClientIDAuth, AllOfAuth<SetSecretAuth, SetTokenAuth>>
    typealias PATOrToken = AnyOfAuth<SetPATAuth, SetTokenAuth>
    typealias ClientAndSecretOrKey = AnyOfAuth<AllOfAuth<SetClientIDAuth, SetSecretAuth>, SetKeyAuth>
    typealias KeyOrNone = AnyOfAuth<SetKeyAuth, NoAuth>

    /// A server answering every request `{}`, or with `respond`.
    static func server(
        _ respond: @escaping @Sendable (ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Response = { _ in
            ScriptedHTTPServer.Response(
                status: 200, headers: [("Content-Type", "application/json")], body: Data("{}".utf8))
        }
    ) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer(respond: respond)
    }

    /// A client of `server` whose provider has the credentials in `held`, by scheme.
    static func client(
        _ server: ScriptedHTTPServer, holding held: [ObjectIdentifier: String],
        refresh: @escaping @Sendable (any AuthScheme.Type) async throws -> Bool = { _ in false }
    ) -> APIClient {
        APIClient(
            environments: ServerEnvironments(["scripted": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider(credential: { held[ObjectIdentifier($0)] }, refresh: refresh))
    }

    static func resource<Auth: AuthScheme>(
        _ auth: Auth.Type, path: String = "/v1/orders"
    ) -> BackendResource<Void, Data, Auth> {
        BackendResource(
            name: "partners.orders", server: "scripted", method: .get, path: ResourcePath(path),
            query: [QueryItem("page", "2")], decodeResponse: { $0 })
    }

    static let allCredentials: [ObjectIdentifier: String] = [
        ObjectIdentifier(SetClientIDAuth.self): "client-1",
        ObjectIdentifier(SetSecretAuth.self): "secret-2",
        ObjectIdentifier(SetTokenAuth.self): "token-3",
        ObjectIdentifier(SetPATAuth.self): "pat-4",
        ObjectIdentifier(SetKeyAuth.self): "key-5",
    ]

    static func holding(_ schemes: any AuthScheme.Type...) -> [ObjectIdentifier: String] {
        allCredentials.filter { id, _ in schemes.contains { ObjectIdentifier($0) == id } }
    }

    @Test func schemesRequiredTogetherAreAllSentOnEveryRequest() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = Self.client(server, holding: Self.allCredentials)
        let accessor = client.accessor(for: ClientAndSecretAndToken.self)
        _ = try await accessor.access(Self.resource(ClientAndSecretAndToken.self))
        _ = try await accessor.access(Self.resource(ClientAndSecretAndToken.self, path: "/v1/refunds"))
        let received = server.received
        #expect(received.map(\.target) == ["/v1/orders?page=2", "/v1/refunds?page=2"])
        for request in received {
            #expect(request.header("X-Client-Id") == "client-1")
            #expect(request.header("X-Client-Secret") == "secret-2")
            #expect(request.header("Authorization") == "Bearer token-3")
        }
    }

    @Test func alternativesSendTheFirstTheClientCovers() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let both = Self.client(server, holding: Self.holding(SetPATAuth.self, SetTokenAuth.self))
        _ = try await both.accessor(for: PATOrToken.self).access(Self.resource(PATOrToken.self))
        let tokenOnly = Self.client(server, holding: Self.holding(SetTokenAuth.self))
        _ = try await tokenOnly.accessor(for: PATOrToken.self).access(Self.resource(PATOrToken.self))
        #expect(server.received.map { $0.header("Authorization") } == ["token pat-4", "Bearer token-3"])
    }

    @Test func aSetPartlyCoveredIsSkippedWhole() async throws {
        let server = try Self.server()
        defer { server.stop() }
        // The client id without the secret: the first alternative is not covered, so only the key goes out.
        let client = Self.client(server, holding: Self.holding(SetClientIDAuth.self, SetKeyAuth.self))
        _ = try await client.accessor(for: ClientAndSecretOrKey.self).access(Self.resource(ClientAndSecretOrKey.self))
        let request = try #require(server.received.first)
        #expect(request.target == "/v1/orders?page=2&key=key-5")
        #expect(request.header("X-Client-Id") == nil && request.header("X-Client-Secret") == nil)
        // With both, the set goes, and the key does not.
        let full = Self.client(server, holding: Self.allCredentials)
        _ = try await full.accessor(for: ClientAndSecretOrKey.self).access(Self.resource(ClientAndSecretOrKey.self))
        let second = try #require(server.received.last)
        #expect(second.target == "/v1/orders?page=2")
        #expect(second.header("X-Client-Id") == "client-1" && second.header("X-Client-Secret") == "secret-2")
    }

    @Test func noAlternativeCoveredFailsBeforeAnythingIsSent() async throws {
        let server = try Self.server()
        defer { server.stop() }
        // The client id alone covers neither alternative (and is the credential that must not leak into the error).
        let client = Self.client(server, holding: Self.holding(SetClientIDAuth.self))
        let error = try #require(
            await expectAPIError {
                try await client.accessor(for: ClientAndSecretOrKey.self).access(
                    Self.resource(ClientAndSecretOrKey.self))
            })
        #expect(error.kind == .missingCredential)
        #expect(error.endpoint == "partners.orders")
        #expect(server.received.isEmpty, "nothing reaches the server: no partial set")
        #expect(error.acceptedAuth?.description == "SetClientIDAuth and SetSecretAuth, or SetKeyAuth")
        #expect(
            error.description
                == "partners.orders GET \(server.baseURL)/v1/orders?page=2: missing credential (it accepts "
                + "SetClientIDAuth and SetSecretAuth, or SetKeyAuth)")
        #expect(!error.description.contains("client-1") && !error.localizedDescription.contains("client-1"))
        // Together: one missing is enough to send nothing.
        let noToken = Self.client(server, holding: Self.holding(SetClientIDAuth.self, SetSecretAuth.self))
        let together = try #require(
            await expectAPIError {
                try await noToken.accessor(for: ClientAndSecretAndToken.self).access(
                    Self.resource(ClientAndSecretAndToken.self))
            })
        #expect(together.kind == .missingCredential)
        #expect(together.acceptedAuth?.description == "SetClientIDAuth and SetSecretAuth and SetTokenAuth")
        #expect(server.received.isEmpty)
    }

    /// A provider that throws for a scheme does not cover its alternative: the next one is tried, and when none is
    /// covered the first error is the `underlying` one.
    @Test func aProviderErrorSkipsItsAlternative() async throws {
        struct KeychainLocked: Error {}
        let server = try Self.server()
        defer { server.stop() }
        let credentials = CredentialProvider { scheme in
            if scheme == SetPATAuth.self { throw KeychainLocked() }
            return scheme == SetTokenAuth.self ? "token-3" : nil
        }
        let client = APIClient(
            environments: ServerEnvironments(["scripted": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)), credentials: credentials)
        _ = try await client.accessor(for: PATOrToken.self).access(Self.resource(PATOrToken.self))
        #expect(server.received.map { $0.header("Authorization") } == ["Bearer token-3"])
        typealias PATOrKey = AnyOfAuth<SetPATAuth, SetKeyAuth>
        let error = try #require(
            await expectAPIError { try await client.accessor(for: PATOrKey.self).access(Self.resource(PATOrKey.self)) })
        #expect(error.kind == .missingCredential && error.underlying is KeychainLocked)
        #expect(server.received.count == 1)
    }

    @Test func optionalAuthSendsTheKeyWhenThereIsOneElseNothing() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let withKey = Self.client(server, holding: Self.holding(SetKeyAuth.self))
        _ = try await withKey.accessor(for: KeyOrNone.self).access(Self.resource(KeyOrNone.self))
        let without = Self.client(server, holding: [:])
        _ = try await without.accessor(for: KeyOrNone.self).access(Self.resource(KeyOrNone.self))
        #expect(server.received.map(\.target) == ["/v1/orders?page=2&key=key-5", "/v1/orders?page=2"])
        #expect(server.received.allSatisfy { $0.header("Authorization") == nil })
        #expect(AcceptedAuth(KeyOrNone.self).isOptional && !AcceptedAuth(PATOrToken.self).isOptional)
    }

    /// A 401 refreshes every credential of the set that was sent (the one that can be renewed answers true), and
    /// the request goes once more with the renewed set.
    @Test func a401RefreshesTheSetThatWasSent() async throws {
        let server = try Self.server { request in
            request.header("Authorization") == "Bearer renewed"
                ? ScriptedHTTPServer.Response(status: 200, body: Data("{}".utf8))
                : ScriptedHTTPServer.Response(status: 401)
        }
        defer { server.stop() }
        let token = Locked("stale")
        let refreshed = Locked<[String]>([])
        let client = APIClient(
            environments: ServerEnvironments(["scripted": ["local": server.baseURL]]),
            transport: .urlSession(URLSession(configuration: .ephemeral)),
            credentials: CredentialProvider(
                credential: { scheme in
                    scheme == SetTokenAuth.self
                        ? token.withLock { $0 } : scheme == SetClientIDAuth.self ? "client-1" : nil
                },
                refresh: { scheme in
                    refreshed.withLock { $0.append(String(describing: scheme)) }
                    guard scheme == SetTokenAuth.self else { return false }
                    token.withLock { $0 = "renewed" }
                    return true
                }))
        typealias ClientAndToken = AllOfAuth<SetClientIDAuth, SetTokenAuth>
        _ = try await client.accessor(for: ClientAndToken.self).access(Self.resource(ClientAndToken.self))
        #expect(server.received.map { $0.header("Authorization") } == ["Bearer stale", "Bearer renewed"])
        #expect(server.received.allSatisfy { $0.header("X-Client-Id") == "client-1" })
        #expect(refreshed.withLock { $0 } == ["SetClientIDAuth", "SetTokenAuth"])
    }

    /// A redirect to another origin carries none of the set's headers, whatever their names.
    @Test func aRedirectToAnotherOriginDropsEveryHeaderOfTheSet() async throws {
        let foreign = try Self.server()
        defer { foreign.stop() }
        let foreignBase = foreign.baseURL
        let server = try Self.server { _ in
            ScriptedHTTPServer.Response(status: 307, headers: [("Location", foreignBase + "/landing")])
        }
        defer { server.stop() }
        let client = Self.client(server, holding: Self.allCredentials)
        _ = try await client.accessor(for: ClientAndSecretAndToken.self).access(
            Self.resource(ClientAndSecretAndToken.self))
        #expect(server.received.first?.header("X-Client-Secret") == "secret-2")
        let landed = try #require(foreign.received.first)
        #expect(landed.target == "/landing")
        #expect(landed.header("X-Client-Id") == nil)
        #expect(landed.header("X-Client-Secret") == nil)
        #expect(landed.header("Authorization") == nil)
    }

    /// A queued request keeps the combination's name, not a credential, and gets the credentials of the first
    /// covered alternative when it is sent; with optional auth and no key, it goes without one.
    @Test func aQueuedRequestChoosesWhenItIsSent() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = Self.client(server, holding: Self.holding(SetTokenAuth.self))
        let queue = APIClientQueue.sending(through: client, name: "auth-sets", directory: nil, sleep: { _ in })
        let repos = Self.resource(PATOrToken.self, path: "/v1/repos")
        var status = Self.resource(KeyOrNone.self, path: "/v1/status")
        status.name = "partners.status"  // handlers match by endpoint name
        let names = Locked<[String?]>([])
        await queue.addHandler(for: repos) { queued, _ in names.withLock { $0.append(queued.authScheme) } }
        await queue.addHandler(for: status) { queued, _ in names.withLock { $0.append(queued.authScheme) } }
        try await client.enqueue(repos, with: (), on: queue)
        await queue.waitUntilIdle()
        try await client.enqueue(status, with: (), on: queue)
        await queue.waitUntilIdle()
        #expect(server.received.map(\.target) == ["/v1/repos?page=2", "/v1/status?page=2"])
        #expect(server.received.map { $0.header("Authorization") } == ["Bearer token-3", nil])
        #expect(names.withLock { $0 } == [PATOrToken.name, KeyOrNone.name])
        #expect(PATOrToken.name.contains("AnyOfAuth<") && PATOrToken.name.contains("SetPATAuth"))
    }

    /// What a program reads to know which credentials a resource takes, and the error's redaction of every scheme.
    @Test func acceptedAuthAndRedactionCoverEveryScheme() async throws {
        let accepted = Self.resource(ClientAndSecretOrKey.self).acceptedAuth
        #expect(
            accepted.alternatives.map { $0.map { String(describing: $0) } } == [
                ["SetClientIDAuth", "SetSecretAuth"], ["SetKeyAuth"],
            ])
        #expect(accepted.accepts(SetKeyAuth.self) && !accepted.accepts(SetTokenAuth.self))
        #expect(AcceptedAuth(NoAuth.self).alternatives.map(\.count) == [0])
        #expect(AcceptedAuth(SetTokenAuth.self).description == "SetTokenAuth")
        #expect(AcceptedAuth(KeyOrNone.self).description == "SetKeyAuth, or none")
        let redaction = Redaction(headers: [], queryItems: []).adding(ClientAndSecretOrKey.self)
        #expect(redaction.headerNames == ["x-client-id", "x-client-secret"])
        #expect(redaction.queryItemNames == ["key"])
        // A status error's text redacts every scheme the resource may send.
        let server = try Self.server { _ in ScriptedHTTPServer.Response(status: 403) }
        defer { server.stop() }
        let client = Self.client(server, holding: Self.holding(SetKeyAuth.self))
        let error = try #require(
            await expectAPIError {
                try await client.accessor(for: ClientAndSecretOrKey.self).access(
                    Self.resource(ClientAndSecretOrKey.self))
            })
        #expect(error.kind == .status(403))
        #expect(error.description == "partners.orders GET \(server.baseURL)/v1/orders?page=2&key=REDACTED: status 403")
    }
}
#endif
