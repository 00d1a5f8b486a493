import Foundation
import Testing

@testable import GoldenScalars
@testable import LucidRuntime

/// The Scalars case's resources put a UUID in lower case everywhere a request carries one: the path, the query
/// (alone and in a list), a header, a JSON body (the struct's own UUID, a list's and a map's) and a form body.
/// Foundation's `uuidString` and `UUID: Encodable` are upper case, so each assertion fails without the runtime's
/// lowering.
@Suite struct ScalarsWireTests {
    static let upper = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    static let token = UUID(uuidString: upper)!

    static let tokens = TokenForm(token: token, tokens: [token, token], owners: ["alice": token])

    private func object(_ data: Data?) throws -> NSDictionary {
        let data = try #require(data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test func pathQueryAndHeaderSendLowerCase() throws {
        let resource = ValuesService.sendResource(
            token: Self.token, tokens: [Self.token], first: Self.token, requestId: Self.token)
        #expect(URLEncoding.expand(resource.path) == "/values/\(Self.lower)")
        #expect(resource.query == [QueryItem("tokens", Self.lower), QueryItem("first", Self.lower)])
        #expect(resource.headers == ["X-Request-ID": Self.lower])
    }

    @Test func aJSONBodySendsLowerCase() throws {
        let values = try JSONDecoder().decode(RequiredValues.self, from: Data(ScalarsDecodingTests.required.utf8))
        let resource = ValuesService.sendResource(token: Self.token, tokens: [], requestId: Self.token)
        let body = try #require(try resource.encodeBody(values))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#""token":"\#(Self.lower)""#) && !text.contains(Self.upper))
        // Nothing else changes: the same object as JSONEncoder writes, but for the UUID's case.
        let foundation = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        #expect(
            try object(body) == object(Data(foundation.replacingOccurrences(of: Self.upper, with: Self.lower).utf8)))

        let tokens = try ValuesService.sendTokensResource().encodeBody(Self.tokens)
        let l = Self.lower
        #expect(
            try object(tokens)
                == object(Data(#"{"token":"\#(l)","tokens":["\#(l)","\#(l)"],"owners":{"alice":"\#(l)"}}"#.utf8)))
    }

    @Test func aFormBodySendsLowerCase() throws {
        let body = try #require(try ValuesService.sendFormResource().encodeBody(Self.tokens))
        let l = Self.lower
        #expect(String(decoding: body, as: UTF8.self) == "token=\(l)&tokens=\(l)&tokens=\(l)&owners%5Balice%5D=\(l)")
    }

    /// What the server sends back is read in either case.
    @Test func aUUIDIsReadInEitherCase() throws {
        let upper = #"{"token":"\#(Self.upper)","tokens":["\#(Self.lower)"],"owners":{}}"#
        let decoded = try JSONDecoder().decode(TokenForm.self, from: Data(upper.utf8))
        #expect(decoded.token == Self.token && decoded.tokens == [Self.token])
    }
}
