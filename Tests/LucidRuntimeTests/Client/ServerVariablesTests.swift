import Foundation
@_spi(Generated) import LucidRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Base URLs with `{variables}` in `ServerEnvironments`, their checks, and credentials that belong to an origin.
@Suite struct ServerVariablesTests {
    static func environments() -> ServerEnvironments {
        ServerEnvironments(
            servers: [
                (
                    "social",
                    [
                        .init(name: "production", baseURL: "https://{instance}/api/v1"),
                        .init(name: "local", baseURL: "http://{instance}/api/v1"),
                    ]
                ),
                ("regional", [.init(name: "production", baseURL: "https://{region}.example.com/{version}")]),
                ("fixed", [.init(name: "production", baseURL: "https://fixed.example.com")]),
            ],
            variables: ["regional": ["region": "eu", "version": "v1"]])
    }

    @Test func aServerWithoutValuesHasNoBaseURLAndItsRequestsFailWithInvalidURL() async throws {
        let environments = Self.environments()
        #expect(environments.baseURLString(for: "social") == nil)
        #expect(environments.baseURLString(for: "regional") == "https://eu.example.com/v1")
        #expect(environments.baseURLString(for: "fixed") == "https://fixed.example.com")
        let sent = ClientRecorder<URL>()
        let client = APIClient(
            environments: environments,
            transport: .inMemory { request in
                sent.append(request.url)
                return HTTPResponse(status: 204)
            })
        let resource = BackendResource<Void, EmptyResponse, NoAuth>(
            name: "social.ping", server: "social", method: .get, path: ResourcePath("/ping"),
            readResponse: { _ in EmptyResponse() })
        await #expect(throws: APIError.self) { _ = try await client.unauthenticated.access(resource) }
        #expect(sent.count == 0)

        try environments.setVariables(["instance": "social.example"], for: "social")
        _ = try await client.unauthenticated.access(resource)
        try environments.switch(to: "local")
        _ = try await client.unauthenticated.access(resource)
        #expect(
            sent.values.map(\.absoluteString) == [
                "https://social.example/api/v1/ping", "http://social.example/api/v1/ping",
            ])
    }

    @Test func setVariablesChecksEveryEnvironmentAndRefusesWhatDoesNotFit() throws {
        let environments = Self.environments()
        func problem(_ values: [String: String], for server: ServerName) -> ServerVariableError.Problem? {
            do {
                try environments.setVariables(values, for: server)
                return nil
            } catch {
                return error.problem
            }
        }
        #expect(problem([:], for: "social") == .missing)
        #expect(problem(["instance": "a", "extra": "b"], for: "social") == .unknownVariable)
        #expect(problem(["instance": "a"], for: "nowhere") == .unknownServer)
        #expect(
            problem(["instance": "evil.com/x"], for: "social")
                == .invalid(reason: "'/' would start a path", expected: "a host name or address, optionally with :port")
        )
        #expect(problem(["region": "us.evil", "version": "v1"], for: "regional") != nil)
        #expect(problem(["region": "us", "version": "../admin"], for: "regional") != nil)
        #expect(environments.baseURLString(for: "regional") == "https://eu.example.com/v1", "unchanged")
        #expect(problem(["region": "us", "version": "v2"], for: "regional") == nil)
        #expect(environments.baseURLString(for: "regional") == "https://us.example.com/v2")
        #expect(environments.variables(for: "regional") == ["region": "us", "version": "v2"])
    }

    @Test func theStaticCheckIsTheOneTheGeneratedStructsRun() {
        #expect(throws: Never.self) {
            try ServerEnvironments.check(["instance": "[::1]:8080"], server: "s", baseURLs: ["https://{instance}"])
        }
        #expect(throws: ServerVariableError.self) {
            try ServerEnvironments.check(["instance": "[::1]:8080"], server: "s", baseURLs: ["https://{instance}:443"])
        }
        #expect(throws: ServerVariableError.self) {
            try ServerEnvironments.check(["tenant": "a"], server: "s", baseURLs: ["https://{tenant}.x.com/{tenant}/"])
            // `a` fits both places; `a.b` fits the path but not the host label.
            try ServerEnvironments.check(["tenant": "a.b"], server: "s", baseURLs: ["https://{tenant}.x.com/{tenant}"])
        }
    }

    @Test func aPerOriginProviderAnswersForTheURLItIsAskedAbout() async throws {
        let provider = CredentialProvider(perOrigin: { _, url in url.host == "a.example" ? "token-a" : nil })
        #expect(
            try await provider.credential(for: ClientUserAuth.self, at: URL(string: "https://a.example/x")!)
                == "token-a")
        #expect(try await provider.credential(for: ClientUserAuth.self, at: URL(string: "https://b.example/x")!) == nil)
        #expect(try await provider.credential(for: ClientUserAuth.self) == nil, "no URL, no origin, no credential")
    }

    /// The app switches instance while a request is being built: the request already bound for the old instance
    /// carries the old instance's token (or none), never the new one's.
    @Test func aRequestBuiltBeforeASwitchNeverCarriesTheNewInstancesToken() async throws {
        let environments = Self.environments()
        try environments.setVariables(["instance": "a.example"], for: "social")
        let sent = ClientRecorder<String>()
        let client = APIClient(
            environments: environments,
            transport: .inMemory { request in
                sent.append("\(request.url.host ?? "") \(request.headers["Authorization"] ?? "-")")
                return HTTPResponse(status: 204)
            },
            credentials: CredentialProvider(perOrigin: { _, url in
                // The switch happens while the credential is looked up.
                if url.host == "a.example" {
                    try environments.setVariables(["instance": "b.example"], for: "social")
                    return "token-a"
                }
                return url.host == "b.example" ? "token-b" : nil
            }))
        let resource = BackendResource<Void, EmptyResponse, ClientUserAuth>(
            name: "social.home", server: "social", method: .get, path: ResourcePath("/home"),
            readResponse: { _ in EmptyResponse() })
        _ = try await client.accessor(for: ClientUserAuth.self).access(resource)
        _ = try await client.accessor(for: ClientUserAuth.self).access(resource)
        #expect(sent.values == ["a.example Bearer token-a", "b.example Bearer token-b"])
    }

    /// A request queued for one instance and sent after the app switched to another goes where it was queued for,
    /// with that instance's credential: the new instance's token never reaches the old one.
    @Test func aQueuedRequestSentAfterASwitchCarriesTheCredentialOfItsOwnInstance() async throws {
        try await withQueueDirectory { directory in
            let environments = Self.environments()
            try environments.setVariables(["instance": "a.example"], for: "social")
            let tokens = ["a.example": "token-a", "b.example": "token-b"]
            let sent = ClientRecorder<String>()
            let client = APIClient(
                environments: environments,
                transport: .inMemory { request in
                    sent.append("\(request.url.host ?? "") \(request.headers["Authorization"] ?? "-")")
                    return HTTPResponse(status: 204)
                },
                credentials: CredentialProvider(perOrigin: { _, url in tokens[url.host ?? ""] }))
            let post = BackendResource<String, EmptyResponse, ClientUserAuth>(
                name: "social.post", server: "social", method: .post, path: ResourcePath("/statuses"),
                bodyEncoding: .raw(contentType: "text/plain"), queue: QueueOptions(persist: true),
                encodeBody: { Data($0.utf8) }, readResponse: { _ in EmptyResponse() })
            let offline = APIClientQueue(name: "social", directory: directory) { _ in
                throw TransportError.network("offline")
            }
            try await client.enqueue(post, with: "hello", on: offline)
            await offline.waitUntilIdle()
            await offline.close()

            try environments.setVariables(["instance": "b.example"], for: "social")
            let queue = APIClientQueue.sending(through: client, name: "social", directory: directory)
            let results = QueueLog<Result<EmptyResponse, APIError>>()
            await queue.addHandler(for: post) { _, result in await results.append(result) }
            try await queue.resumePersisted()
            await queue.waitUntilIdle()
            _ = try await client.accessor(for: ClientUserAuth.self).access(post, with: "now")
            #expect(sent.values == ["a.example Bearer token-a", "b.example Bearer token-b"])
            #expect(await results.items.count == 1)
        }
    }
}
