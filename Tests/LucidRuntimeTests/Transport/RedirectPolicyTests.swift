import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// `RedirectPolicy` on its own: which redirects the URLSession transport follows, and how.
struct RedirectPolicyTests {
    func request(
        _ method: HTTPMethod, _ address: String = "https://api.example.com/v1/lists",
        headers: HTTPHeaders = [:], body: String? = nil
    ) throws -> HTTPRequest {
        HTTPRequest(
            method: method, url: try #require(URL(string: address)), headers: headers,
            body: body.map { Data($0.utf8) }, timeout: .seconds(5))
    }

    func redirect(_ status: Int, to location: String?) -> HTTPResponse {
        HTTPResponse(status: status, headers: location.map { ["location": $0] } ?? [:])
    }

    @Test(arguments: [307, 308])
    func aRedirectThatKeepsTheMethodKeepsEverythingButTheURL(status: Int) throws {
        let write = try request(.post, headers: ["Content-Type": "application/json"], body: #"{"a":1}"#)
        let next = try #require(RedirectPolicy.nextRequest(after: redirect(status, to: "/v2/lists"), to: write))
        #expect(next.url.absoluteString == "https://api.example.com/v2/lists")
        #expect(next.method == .post)
        #expect(next.body == write.body)
        #expect(next.headers == write.headers)
        #expect(next.timeout == write.timeout)
    }

    @Test func a303BecomesAGetWithoutTheBodyOrItsHeaders() throws {
        let write = try request(
            .put, headers: ["Content-Type": "application/json", "Content-Length": "7", "X-Trace": "t"],
            body: #"{"a":1}"#)
        let next = try #require(RedirectPolicy.nextRequest(after: redirect(303, to: "/v1/lists/9"), to: write))
        #expect(next.method == .get)
        #expect(next.body == nil)
        #expect(next.headers == ["X-Trace": "t"])
        let head = try #require(RedirectPolicy.nextRequest(after: redirect(303, to: "/x"), to: try request(.head)))
        #expect(head.method == .head)
    }

    @Test(arguments: [301, 302])
    func a301Or302IsNotFollowedForAWriteWithABody(status: Int) throws {
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            let write = try request(method, body: "x")
            #expect(RedirectPolicy.nextRequest(after: redirect(status, to: "/v2/lists"), to: write) == nil)
        }
    }

    @Test(arguments: [301, 302])
    func a301Or302WithoutABodyIsFollowedAsURLSessionWould(status: Int) throws {
        let read = try #require(RedirectPolicy.nextRequest(after: redirect(status, to: "/v2"), to: try request(.get)))
        #expect(read.method == .get)
        let post = try #require(RedirectPolicy.nextRequest(after: redirect(status, to: "/v2"), to: try request(.post)))
        #expect(post.method == .get)
        let delete = try request(.delete)
        #expect(RedirectPolicy.nextRequest(after: redirect(status, to: "/v2"), to: delete)?.method == .delete)
    }

    @Test func credentialsNeverGoToAnotherOrigin() throws {
        let headers: HTTPHeaders = [
            "Authorization": "Bearer t", "cookie": "s=1", "PROXY-AUTHORIZATION": "Basic x",
            "Accept": "application/json",
        ]
        let read = try request(.get, headers: headers)
        for other in [
            "https://evil.example.com/v1", "http://api.example.com/v1", "https://api.example.com:8443/v1",
            "//cdn.example.com/v1",
        ] {
            let next = try #require(RedirectPolicy.nextRequest(after: redirect(302, to: other), to: read))
            #expect(next.headers == ["Accept": "application/json"], "\(other)")
        }
        for same in ["/v2", "https://API.example.com:443/v2", "v2"] {
            let next = try #require(RedirectPolicy.nextRequest(after: redirect(302, to: same), to: read))
            #expect(next.headers == headers, "\(same)")
        }
    }

    @Test func aBodyIsNeverSentFromHTTPSToHTTP() throws {
        let write = try request(.post, body: "secret")
        #expect(RedirectPolicy.nextRequest(after: redirect(307, to: "http://api.example.com/v1"), to: write) == nil)
        // Without a body there is nothing to expose but the URL, as URLSession allows.
        let read = try request(.get)
        #expect(RedirectPolicy.nextRequest(after: redirect(307, to: "http://api.example.com/v1"), to: read) != nil)
    }

    @Test func whatIsNotARedirectOrHasNoUsableLocationIsTheAnswer() throws {
        let read = try request(.get)
        #expect(RedirectPolicy.nextRequest(after: redirect(200, to: "/v2"), to: read) == nil)
        #expect(RedirectPolicy.nextRequest(after: redirect(304, to: "/v2"), to: read) == nil)
        #expect(RedirectPolicy.nextRequest(after: redirect(300, to: "/v2"), to: read) == nil)
        #expect(RedirectPolicy.nextRequest(after: redirect(302, to: nil), to: read) == nil)
        #expect(RedirectPolicy.nextRequest(after: redirect(302, to: "ftp://api.example.com/v2"), to: read) == nil)
        // The Location header is found whatever its case.
        let upper = HTTPResponse(status: 302, headers: ["LOCATION": "/v2"])
        #expect(RedirectPolicy.nextRequest(after: upper, to: read)?.url.absoluteString == "https://api.example.com/v2")
    }

    @Test func anEmptyBodyIsNoBody() throws {
        let empty = HTTPRequest(method: .post, url: try #require(URL(string: "https://a.example")), body: Data())
        #expect(!empty.hasBody)
        #expect(RedirectPolicy.maxHops(for: empty) == RedirectPolicy.maxRedirects)
        #expect(RedirectPolicy.maxHops(for: try request(.post, body: "x")) == RedirectPolicy.maxRedirectsWithBody)
    }
}
