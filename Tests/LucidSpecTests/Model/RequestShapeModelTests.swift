import Testing

@testable import LucidSpec

/// The request shapes real APIs need, as the model holds them: list and map styles, reserved path parameters, fixed
/// headers and query items merged from three levels, Basic auth, nested forms and multipart bodies.
@Suite struct RequestShapeModelTests {
    private static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://api.example.com
        auth:
          login: basic
        fixed_headers:
          User-Agent: Shop/1.0
          Accept: application/json
        fixed_query:
          v: 2
        subtypes:
          address: { properties: { city: string } }
          profile_form:
            properties:
              name: string
              address: { type: address, nullable: true }
              tags: { type: "[string]", nullable: true }
              metadata: { type: "{string: string}", nullable: true }
          upload: { properties: { file: file_upload, note: { type: string, nullable: true } } }
          change: { patch: true, properties: { title: string, note: { type: string, nullable: true } } }
        services:
          files:
            auth: login
            fixed_headers:
              accept: application/vnd.shop+json
            endpoints:
              file:
                get: /files/{path}
                params: { path: { type: string, reserved: true } }
                query:
                  labels: { type: "[string]", style: comma }
                  ids: { type: "[int]", style: brackets, nullable: true }
                  plain: "[int]"
                  metadata: { type: "{string: string}", style: deep_object, nullable: true }
                fixed_headers:
                  User-Agent: null
                  X-Trace: on
                fixed_query:
                  v: 3
                  lang: en
              profile:
                post: /profile
                body: { form: profile_form }
              send:
                post: /files
                body: { multipart: upload }
              edit:
                patch: /files/{id}
                params: { id: int }
                body: change
        """

    private func endpoints() throws -> [String: Endpoint] {
        let result = TemporarySpec.load(Self.spec)
        #expect(TemporarySpec.messages(result) == [])
        let spec = try #require(result.spec)
        return Dictionary(uniqueKeysWithValues: spec.services.flatMap(\.endpoints).map { ($0.name, $0) })
    }

    @Test func listStylesAndReservedParameters() throws {
        let file = try #require(try endpoints()["file"])
        #expect(file.query.map(\.queryStyle) == [.comma, .brackets, nil, .deepObject])
        #expect(file.query.last?.type == .map(.scalar(.string)) && file.query.last?.nullable == true)
        #expect(file.params.map(\.reserved) == [true])
        #expect(file.query.allSatisfy { !$0.reserved })
    }

    /// Inner levels add to outer ones and replace them by name (header names ignore case); null removes.
    @Test func fixedParametersMergeFromTheSpecToTheEndpoint() throws {
        let all = try endpoints()
        let file = try #require(all["file"])
        #expect(
            file.fixedHeaders.map { "\($0.name): \($0.value)" } == ["accept: application/vnd.shop+json", "X-Trace: on"])
        #expect(file.fixedQuery.map { "\($0.name)=\($0.value)" } == ["v=3", "lang=en"])
        let profile = try #require(all["profile"])
        #expect(profile.fixedHeaders.map(\.name) == ["User-Agent", "accept"])
        #expect(profile.fixedQuery.map { "\($0.name)=\($0.value)" } == ["v=2"])
    }

    @Test func basicAuthAndFormAndMultipartBodies() throws {
        let result = TemporarySpec.load(Self.spec)
        let spec = try #require(result.spec)
        #expect(spec.authSchemes.map(\.placement) == [.basic])
        #expect(spec.authSchemes.first?.parameterName == "Authorization")
        let all = try endpoints()
        #expect(all["profile"]?.body == .form("profile_form"))
        #expect(all["send"]?.body == .multipart("upload"))
        #expect(all["send"]?.body?.isMultipart == true && all["profile"]?.body?.isMultipart == false)
        #expect(spec.subtype(named: "upload")?.properties.first?.type == .scalar(.fileUpload))
        #expect(spec.subtype(named: "change")?.patch == true && spec.subtype(named: "upload")?.patch == false)
    }
}
