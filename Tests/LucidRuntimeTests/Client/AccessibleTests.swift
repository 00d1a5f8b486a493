import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// Sends a `ClientUserAuth` resource through any accessor of that scheme.
///
/// This is the compile-time check: `A.Auth == ClientUserAuth`, so `accessor.access(resource)` only type-checks for
/// `BackendResource<_, _, ClientUserAuth>`. Passing `client.unauthenticated` or
/// `client.accessor(for: ClientKeyAuth.self)` here, or a `BackendResource<_, _, NoAuth>` to this accessor, fails to
/// compile ("requires the types 'NoAuth' and 'ClientUserAuth' be equivalent"), e.g.:
///
/// ```swift
/// _ = try await accountTitle(from: client.unauthenticated, resource)              // error: NoAuth ≠ ClientUserAuth
/// _ = try await client.accessor(for: ClientUserAuth.self).access(noAuthResource)  // error: NoAuth ≠ ClientUserAuth
/// ```
func accountTitle<A: Accessible<ClientUserAuth>>(
    from accessor: A, _ resource: BackendResource<Void, ClientMovie, ClientUserAuth>
) async throws(APIError) -> String {
    try await accessor.access(resource).title
}

/// Only compiles when `accessor`'s scheme is exactly `Auth`: the generic counterpart of the helper above.
func sendChecked<Auth: AuthScheme, Req, Resp>(
    through accessor: some Accessible<Auth>, _ resource: BackendResource<Req, Resp, Auth>, with request: Req
) async throws(APIError) -> Resp {
    try await accessor.access(resource, with: request)
}

struct AccessibleTests {
    @Test func accessorsSendOnlyTheirSchemesResources() async throws {
        let seen = ClientRecorder<HTTPRequest>()
        let client = makeClient(credentials: .constant("t")) { request in
            seen.append(request)
            return clientOK(#"{"id": 3, "title": "Ronin"}"#)
        }
        let account = BackendResource<Void, ClientMovie, ClientUserAuth>(
            name: "account.favorite", server: "api", method: .get, path: ResourcePath("/account/favorite"),
            decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        let open = BackendResource<Int, ClientMovie, NoAuth>(
            name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/3"),
            decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        let user = client.accessor(for: ClientUserAuth.self)
        #expect(try await accountTitle(from: user, account) == "Ronin")
        #expect(try await sendChecked(through: client.unauthenticated, open, with: 1).id == 3)
        #expect(try await client.unauthenticated.access(open, with: 1).title == "Ronin")
        #expect(seen.values.map { $0.headers["Authorization"] } == ["Bearer t", nil, nil])
        #expect((user.client as? APIClient) === client)
    }

    @Test func anyAccessibleCanBeStoredAsAnExistential() async throws {
        let client = makeClient { _ in clientOK(#"{"id": 4, "title": "Thief"}"#) }
        let accessor: any Accessible<NoAuth> = client.unauthenticated
        let resource = BackendResource<Void, ClientMovie, NoAuth>(
            name: "movies.details", server: "api", method: .get, path: ResourcePath("/movie/4"),
            decodeResponse: clientJSONDecode(ClientMovie.self)
        )
        #expect(try await accessor.access(resource).title == "Thief")
    }
}
