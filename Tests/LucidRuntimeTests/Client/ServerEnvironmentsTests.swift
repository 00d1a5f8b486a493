import Foundation
@_spi(Generated) import LucidRuntime
import Testing

struct ServerEnvironmentsTests {
    @Test func theFirstEnvironmentIsCurrentByDefault() {
        let environments = clientEnvironments()
        #expect(environments.current == "production")
        #expect(environments.environmentNames == ["production", "staging"])
        #expect(environments.serverNames == ["api", "images"])
        #expect(environments.baseURLString(for: "api") == "https://api.example.com/3")
        #expect(environments.baseURL(for: "images")?.absoluteString == "https://images.example.com")
    }

    @Test func switchingChangesEveryServerAndAServerLackingTheEnvironmentUsesItsFirst() throws {
        let environments = clientEnvironments()
        try environments.switch(to: "staging")
        #expect(environments.current == "staging")
        #expect(environments.baseURLString(for: "api") == "https://staging.example.com/3/")
        #expect(environments.baseURLString(for: "images") == "https://images.example.com")
        #expect(environments.environment(for: "images")?.name == "production")
        try environments.switch(to: "production")
        #expect(environments.baseURLString(for: "api") == "https://api.example.com/3")
    }

    @Test func switchingToANameNoServerDeclaresThrowsAndKeepsTheCurrentEnvironment() throws {
        let environments = clientEnvironments()
        try environments.switch(to: "staging")
        #expect(throws: ServerEnvironments.UnknownEnvironment(name: "stagign", knownNames: ["production", "staging"])) {
            try environments.switch(to: "stagign")
        }
        #expect(environments.current == "staging")
        #expect(environments.baseURLString(for: "api") == "https://staging.example.com/3/")
    }

    @Test func theUnknownEnvironmentErrorNamesTheNameAndTheKnownOnes() {
        let environments = clientEnvironments()
        var caught: ServerEnvironments.UnknownEnvironment?
        do {
            try environments.switch(to: "prod")
        } catch {
            caught = error  // Typed throws: `error` is already an UnknownEnvironment.
        }
        #expect(
            caught.map(String.init(describing:))
                == #"no server declares an environment named "prod" (known: "production", "staging")"#)
        #expect(environments.current == "production")
    }

    #if os(macOS) || os(Linux)
    @Test func creatingWithAnUnknownCurrentEnvironmentStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = ServerEnvironments(["api": ["production": "https://a"]], current: "staging")
        }
    }
    #endif

    @Test func anExplicitCurrentEnvironmentAndUnknownServers() {
        let environments = ServerEnvironments(
            ["api": ["production": "https://a", "staging": "https://b"]], current: "staging")
        #expect(environments.baseURLString(for: "api") == "https://b")
        #expect(environments.baseURLString(for: "other") == nil)
        #expect(environments.baseURL(for: "other") == nil)
    }

    @Test func switchingIsSafeFromManyTasks() async {
        let environments = clientEnvironments()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try? environments.switch(to: index.isMultiple(of: 2) ? "staging" : "production")
                    _ = environments.baseURLString(for: "api")
                }
            }
        }
        #expect(["staging", "production"].contains(environments.current))
    }

    @Test func theClientFollowsTheEnvironmentAtRunTime() async throws {
        let urls = ClientRecorder<String>()
        let environments = clientEnvironments()
        let client = makeClient(environments: environments) { request in
            urls.append(request.url.absoluteString)
            return clientOK("{}")
        }
        let resource = BackendResource<Void, Data, NoAuth>(
            name: "movies.list", server: "api", method: .get, path: ResourcePath("/movies"), decodeResponse: { $0 }
        )
        _ = try await client.send(resource, with: ())
        try environments.switch(to: "staging")
        _ = try await client.send(resource, with: ())
        #expect(urls.values == ["https://api.example.com/3/movies", "https://staging.example.com/3/movies"])
    }
}
