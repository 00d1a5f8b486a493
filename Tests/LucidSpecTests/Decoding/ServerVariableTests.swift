import Testing

@testable import LucidSpec

/// Servers whose base URLs hold `{variables}`: how they decode, and that the forms without variables keep their
/// meaning.
@Suite struct ServerVariableTests {
    @Test func aURLWithVariablesDecodesWithThem() throws {
        let result = TemporarySpec.load(
            """
            lucid: 1
            module: Social
            servers:
              mastodon:
                url: https://{instance}/api/v1/
                variables:
                  instance:
                    description: The user's own instance.
              regional:
                environments:
                  production: https://{region}.api.example.com/{version}
                  local: http://127.0.0.1:{port}/{version}
                variables:
                  region: { enum: [eu-west-1, us], default: us }
                  version: { default: 2 }
                  port:
            """)
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:4:3: warning: server 'mastodon' has no 'production' or 'local' environment; it uses 'default' there",
                "spec.lucid.yaml:9:3: warning: server 'regional' has no 'default' environment; it uses 'production' there",
            ])
        let spec = try #require(result.spec)
        let mastodon = spec.servers[0]
        #expect(mastodon.environments.map { "\($0.name) \($0.url)" } == ["default https://{instance}/api/v1"])
        #expect(mastodon.variables.map(\.name) == ["instance"])
        #expect(mastodon.variables[0].description == "The user's own instance.")
        #expect(mastodon.variables[0].defaultValue == nil && mastodon.variables[0].allowedValues.isEmpty)
        let regional = spec.servers[1]
        #expect(
            regional.environments.map { "\($0.name) \($0.url)" } == [
                "production https://{region}.api.example.com/{version}", "local http://127.0.0.1:{port}/{version}",
            ])
        #expect(regional.variables.map(\.name) == ["region", "version", "port"])
        #expect(regional.variables[0].allowedValues == ["eu-west-1", "us"])
        #expect(regional.variables[0].defaultValue == "us")
        #expect(regional.variables[1].defaultValue == "2")  // any scalar's text
        #expect(regional.variables[2].defaultValue == nil)
        #expect(
            regional.variables.map { "\($0.location.line):\($0.location.column)" } == ["14:7", "15:7", "16:7"])
    }

    @Test func withoutVariablesAServerMappingIsStillItsEnvironments() throws {
        // `url` and `environments` are environment names unless the server has `variables`.
        let result = TemporarySpec.load(
            """
            lucid: 1
            module: Shop
            servers:
              api:
                url: https://api.example.com
                environments: https://staging.example.com
            """)
        let spec = try #require(result.spec)
        #expect(spec.servers[0].environments.map(\.name) == ["url", "environments"])
        #expect(spec.servers[0].variables.isEmpty)
    }

    @Test func whatEachPlaceInATemplateAccepts() {
        let cases: [(String, ServerURLGrammar.Role, [String], [String])] = [
            (
                "https://{v}", .authority,
                ["mastodon.social", "a.b.c", "127.0.0.1", "host:8080", "[::1]", "[::1]:443", "xn--bcher-kva.ch"],
                ["", "evil.com/", "a@b", "x#", "x?y", "%2F", "a b", "bücher.ch", "::1", "h:0", "a..b", "-a", "[x]"]
            ),
            ("http://{v}:8080/api", .host, ["example.com", "[::1]"], ["example.com:80", "a/b"]),
            ("https://{v}.api.example.com", .hostLabel, ["eu-west-1", "us"], ["eu.west", "a_b", "", "a:1"]),
            ("https://api.example.com:{v}", .port, ["1", "65535"], ["0", "65536", "80a", "+80", ""]),
            (
                "https://example.com/api/{v}", .pathSegment, ["v1", "2024-01", "a.b", "~x"],
                [".", "..", "a/b", "%2F", "a?"]
            ),
        ]
        for (template, role, good, bad) in cases {
            guard case .success(let grammar) = ServerURLGrammar.parse(template) else {
                Issue.record("\(template) does not parse")
                continue
            }
            #expect(grammar.roles(of: "v") == [role], "\(template)")
            for value in good {
                #expect(ServerURLGrammar.problem(with: value, as: role) == nil, "\(value) in \(template)")
            }
            for value in bad {
                #expect(ServerURLGrammar.problem(with: value, as: role) != nil, "\(value) in \(template)")
            }
        }
    }

    @Test func templatesThatAreNotOne() {
        let problems: [(String, ServerURLGrammar.TemplateProblem)] = [
            ("{s}://example.com", .variableInScheme), ("https://{a", .unbalancedBrace),
            ("https://a}", .unbalancedBrace),
            ("https://{1a}", .invalidName("1a")), ("https://u@{h}", .userinfo), ("https://{h}?q=1", .queryOrFragment),
            ("https://:{p}", .emptyHost), ("https://h:8{p}", .partOfPort("p")), ("ftp://{h}", .noScheme),
        ]
        for (template, problem) in problems {
            guard case .failure(let found) = ServerURLGrammar.parse(template) else {
                Issue.record("\(template) parses")
                continue
            }
            #expect(found == problem, "\(template)")
        }
    }
}
