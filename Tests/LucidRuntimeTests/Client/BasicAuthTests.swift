import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// HTTP Basic authentication.
enum ClientBasicAuth: AuthScheme {
    static let placement = CredentialPlacement.basic
}

/// `CredentialPlacement.basic`: the header sent, the refresh check and redaction.
struct BasicAuthTests {
    static let resource = BackendResource<Void, Data, ClientBasicAuth>(
        name: "account.get", server: "api", method: .get, path: ResourcePath("/account"), decodeResponse: { $0 })

    @Test func theCredentialIsSentAsBase64OfItsUTF8() async throws {
        let client = makeClient(credentials: .constant("Aladdin:open sesame")) { _ in clientOK("{}") }
        let request = try await client.request(for: Self.resource, with: ())
        #expect(request.headers == ["Authorization": "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="])
        #expect(request.url.absoluteString == "https://api.example.com/3/account")
        // RFC 7617's example with charset="UTF-8".
        let utf8 = makeClient(credentials: .basic(user: "test", password: "123£")) { _ in clientOK("{}") }
        let sent = try await utf8.request(for: Self.resource, with: ())
        #expect(sent.headers["Authorization"] == "Basic dGVzdDoxMjPCow==")
    }

    @Test func aMissingCredentialIsMissingCredential() async throws {
        let client = makeClient { _ in clientOK("{}") }
        let error = try #require(await expectAPIError { try await client.send(Self.resource, with: ()) })
        #expect(error.kind == .missingCredential)
    }

    @Test func a401AfterAnotherRequestChangedTheCredentialRetriesWithoutRefreshing() async throws {
        let password = ClientRecorder<String>()
        password.append("old")
        let refreshes = ClientRecorder<Bool>()
        let credentials = CredentialProvider(
            credential: { _ in "user:" + (password.values.last ?? "") },
            refresh: { _ in
                refreshes.append(true)
                return true
            })
        let seen = ClientRecorder<String>()
        let client = makeClient(credentials: credentials) { request in
            let header = request.headers["Authorization"] ?? ""
            seen.append(header)
            if seen.count == 1 { password.append("new") }
            return header == "Basic dXNlcjpuZXc=" ? clientOK("{}") : HTTPResponse(status: 401)
        }
        _ = try await client.send(Self.resource, with: ())
        #expect(seen.values == ["Basic dXNlcjpvbGQ=", "Basic dXNlcjpuZXc="])
        #expect(refreshes.count == 0)
    }

    @Test func a401WithTheCurrentCredentialRefreshesOnce() async throws {
        let refreshes = ClientRecorder<Bool>()
        let credentials = CredentialProvider(
            credential: { _ in "user:pw" },
            refresh: { _ in
                refreshes.append(true)
                return false
            })
        let client = makeClient(credentials: credentials) { _ in HTTPResponse(status: 401) }
        let error = try #require(await expectAPIError { try await client.send(Self.resource, with: ()) })
        #expect(error.kind == .status(401))
        #expect(refreshes.count == 1)
    }

    @Test func theHeaderAndTheDecodedCredentialAreRedacted() async throws {
        let redaction = Redaction(headers: [], queryItems: []).adding(.basic)
        #expect(redaction.headerNames == ["authorization"])
        let client = makeClient(credentials: .constant("Aladdin:open sesame")) { _ in clientOK("{}") }
        let request = try await client.request(for: Self.resource, with: ())
        #expect(redaction.description(of: request) == "GET https://api.example.com/3/account [Authorization: REDACTED]")
        let text = "sent QWxhZGRpbjpvcGVuIHNlc2FtZQ== for Aladdin:open sesame"
        #expect(redaction.redacted(text, secretsOf: request) == "sent REDACTED for REDACTED")
    }
}
