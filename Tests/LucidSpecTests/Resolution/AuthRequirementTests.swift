import Foundation
import Testing

@testable import LucidSpec

/// `auth` as a scheme, a list of schemes sent together, or `any_of` alternatives: what each spelling resolves to,
/// how services pass it on, and how `dump` writes it.
@Suite struct AuthRequirementTests {
    private static let spec = """
        \(TemporarySpec.header)
        auth:
          token: bearer
          pat: { in: header, name: Authorization, prefix: "token " }
          client_id: { in: header, name: X-Client-Id }
          secret: { in: header, name: X-Client-Secret }
          api_key: { in: query, name: api_key }
        services:
          partners:
            auth: [client_id, secret, token]
            endpoints:
              inherited: { get: /inherited }
              alone: { get: /alone, auth: token }
              open: { get: /open, auth: none }
              alternatives: { get: /alternatives, auth: { any_of: [pat, token] } }
              mixed: { get: /mixed, auth: { any_of: [[client_id, secret], api_key] } }
              optional: { get: /optional, auth: { any_of: [api_key, none] } }
              list_of_one: { get: /list-of-one, auth: [token] }
          public:
            auth: { any_of: [api_key, none] }
            endpoints:
              status: { get: /status }
        """

    private func loadSpec() throws -> Spec {
        let result = TemporarySpec.load(Self.spec)
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    @Test func eachSpellingResolvesToItsAlternatives() throws {
        let spec = try loadSpec()
        let auth = Dictionary(
            uniqueKeysWithValues: spec.services.flatMap(\.endpoints).map { ($0.name, $0.auth?.alternatives) })
        #expect(auth["inherited"] == [["client_id", "secret", "token"]])
        #expect(auth["alone"] == [["token"]])
        #expect(auth["open"] == .some(nil))
        #expect(auth["alternatives"] == [["pat"], ["token"]])
        #expect(auth["mixed"] == [["client_id", "secret"], ["api_key"]])
        #expect(auth["optional"] == [["api_key"], []])
        #expect(auth["list_of_one"] == [["token"]])
        #expect(auth["status"] == [["api_key"], []])
        #expect(
            spec.services.map(\.auth) == [
                AuthRequirement(alternatives: [["client_id", "secret", "token"]]),
                AuthRequirement(alternatives: [["api_key"], []]),
            ])
    }

    @Test func factsOfARequirement() {
        let mixed = AuthRequirement(alternatives: [["client_id", "secret"], ["token"], ["secret", "api_key"], []])
        #expect(mixed.schemes == ["client_id", "secret", "token", "api_key"])
        #expect(mixed.isOptional && mixed.single == nil)
        #expect(AuthRequirement("token").single == "token" && !AuthRequirement("token").isOptional)
        #expect(AuthRequirement(alternatives: [["a", "b"]]).single == nil)
    }

    /// `dump` writes each requirement as the spec spells it.
    @Test func dumpSpellsItAsTheSpecDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ requirement: AuthRequirement) throws -> String {
            String(decoding: try encoder.encode(requirement), as: UTF8.self)
        }
        #expect(try json("token") == #""token""#)
        #expect(try json(AuthRequirement(alternatives: [["client_id", "secret"]])) == #"["client_id","secret"]"#)
        #expect(try json(AuthRequirement(alternatives: [["pat"], ["token"]])) == #"{"any_of":["pat","token"]}"#)
        #expect(
            try json(AuthRequirement(alternatives: [["client_id", "secret"], ["api_key"], []]))
                == #"{"any_of":[["client_id","secret"],"api_key","none"]}"#)
    }
}
