import Foundation
import LucidSpec
import Testing

@testable import LucidCodeGen

/// The Swift a server with URL variables becomes: a struct of checked values, the nested enum of an `enum`
/// variable, and `environments(…)` taking it. Names from the pools that break generators: a server named like the
/// local `environments`, a variable named `self`, another `default`, a value that needs a raw value.
@Suite struct ServerSnippetTests {
    static let spec = """
        lucid: 1
        module: Shop
        servers:
          environments:
            url: https://{self}/{default}
            variables:
              self: { description: The shop's own host. }
              default: { enum: [v1, 2024-01], default: v1 }
        """

    @Test func aServerWithVariablesBecomesAStructOfCheckedValues() throws {
        #expect(
            try SnippetTests.swift(Self.spec, file: "ShopServers.swift", from: "enum ShopServers") == #"""
                enum ShopServers {
                    static let environments: ServerName = "environments"

                    /// Every server's environments, for `APIClient(environments:)`; `current` picks the environment in use (one the
                    /// spec declares: a name read at run time goes through `try environments.switch(to:)`, which refuses others).
                    /// The servers' URL variables take the values given; `environments.use(_:)` changes them later.
                    static func environments(
                        environments: EnvironmentsServer,
                        current: String? = nil
                    ) -> ServerEnvironments {
                        let made = ServerEnvironments(
                            servers: [
                                ("environments", [
                                    .init(name: "default", baseURL: "https://{self}/{default}"),
                                ]),
                            ],
                            current: current)
                        made.use(environments)
                        return made
                    }
                }

                /// The values of server `environments`'s URL variables, each checked when made: its base URL is
                /// `https://{self}/{default}`.
                struct EnvironmentsServer: ServerVariables {
                    /// The values `{default}` may take.
                    enum Default: String, Sendable, Hashable, CaseIterable {
                        case v1
                        case case202401 = "2024-01"
                    }

                    static let serverName: ServerName = ShopServers.environments

                    /// The shop's own host.
                    ///
                    /// A host name or address, optionally with :port.
                    let `self`: String
                    let `default`: Default

                    /// - Throws: `ServerVariableError` when a value does not fit its place in the URL: `self` is a host name or
                    /// address, optionally with :port.
                    init(`self` _self: String, `default`: Default = .v1) throws(ServerVariableError) {
                        self.`self` = _self
                        self.`default` = `default`
                        try ServerEnvironments.check(
                            variableValues, server: Self.serverName,
                            baseURLs: ["https://{self}/{default}"])
                    }

                    var variableValues: [String: String] {
                        ["self": `self`, "default": `default`.rawValue]
                    }
                }

                """#)
    }

    @Test func aServerWhoseVariablesAllHaveDefaultsIsAnOptionalParameter() throws {
        let spec = """
            lucid: 1
            module: Shop
            servers:
              regional:
                url: https://{region}.example.com
                variables:
                  region: { enum: [eu, us], default: eu }
            """
        let swift = try SnippetTests.swift(spec, file: "ShopServers.swift", from: "enum ShopServers")
        #expect(swift.contains("        regional: RegionalServer? = nil,\n"))
        #expect(swift.contains(#"                "regional": ["region": "eu"],"#))
        #expect(swift.contains("        if let regional { environments.use(regional) }\n"))
        // Only enum variables: nothing to check, so nothing to throw.
        #expect(swift.contains("    init(region: Region = .eu) {\n"))
        #expect(!swift.contains("throws(ServerVariableError)"))
    }
}
