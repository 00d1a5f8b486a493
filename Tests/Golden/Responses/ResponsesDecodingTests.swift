import Foundation
import LucidRuntime
import Testing

@testable import GoldenResponses

/// The generated payloads of GitHub- and Sunrise-Sunset-shaped responses, decoded from whole HTTP responses:
/// values from headers, metadata at the body's root, a plain date below `base_key`, optional bodies and
/// forgiving scalars.
@Suite struct ResponsesDecodingTests {
    static let issuesBody = Data(
        #"[{"number": 1347, "title": "Found a bug", "labels": [{"id": 1, "name": "bug", "color": "f29513"}]}]"#.utf8)
    static let githubHeaders: HTTPHeaders = [
        "ETag": #"W/"a00049ba79152d03380c34652f2cb612""#,
        "Link": #"<https://api.github.com/repositories/1300192/issues?page=4>; rel="next", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=515>; rel="last""#,
        "X-RateLimit-Remaining": "4999",
        "X-RateLimit-Reset": "1372700873",
        "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT",
    ]

    @Test func aPageReadsItsHeaders() throws {
        let page = try IssuesListResponse.decode(
            from: HTTPResponse(status: 200, headers: Self.githubHeaders, body: Self.issuesBody))
        #expect(page.issues.map(\.id) == [1347])
        #expect(page.etag == #"W/"a00049ba79152d03380c34652f2cb612""#)
        #expect(page.link?.next == URL(string: "https://api.github.com/repositories/1300192/issues?page=4"))
        #expect(page.link?.last == URL(string: "https://api.github.com/repositories/1300192/issues?page=515"))
        #expect(page.link?.prev == nil)
        #expect(page.remaining == 4999 && page.reset == 1_372_700_873)
        #expect(page.lastModified == Date(timeIntervalSince1970: 1_445_412_480))
    }

    @Test func headersAreMatchedIgnoringCaseAndMayBeMissingWhenNullable() throws {
        let lower = HTTPHeaders(
            Dictionary(uniqueKeysWithValues: Self.githubHeaders.map { ($0.name.lowercased(), $0.value) }))
        let page = try IssuesListResponse.decode(from: HTTPResponse(status: 200, headers: lower, body: Self.issuesBody))
        #expect(page.remaining == 4999)
        let bare = try IssuesListResponse.decode(from: HTTPResponse(status: 200, body: Self.issuesBody))
        #expect(bare.etag == nil && bare.link == nil && bare.remaining == nil && bare.lastModified == nil)
    }

    @Test func aBadHeaderValueFailsTheDecodingAndNamesTheHeader() {
        for (name, value) in [
            ("X-RateLimit-Remaining", "lots"), ("Link", "https://example.com; rel=next"),
            ("Last-Modified", "yesterday"),
        ] {
            var headers = Self.githubHeaders
            headers[name] = value
            let error = #expect(throws: DecodingError.self) {
                try IssuesListResponse.decode(from: HTTPResponse(status: 200, headers: headers, body: Self.issuesBody))
            }
            #expect(String(describing: error).contains(name), "\(name): \(String(describing: error))")
        }
    }

    @Test func aHeadAnswerIsReadFromHeadersAlone() throws {
        let status = try IssuesLockStatusResponse.decode(
            from: HTTPResponse(status: 200, headers: ["Retry-After": "120", "X-GitHub-Request-Id": "CAFE:1"]))
        #expect(status.retryAfter == .seconds(120) && status.requestId == "CAFE:1")
        #expect(throws: DecodingError.self, "the request id is not nullable") {
            try IssuesLockStatusResponse.decode(from: HTTPResponse(status: 200, headers: ["Retry-After": "1"]))
        }
    }

    @Test func anOptionalResponseIsNilForNoContent() throws {
        // `unlock` answers the issue itself (`Issue?`), decoded from the body's root.
        #expect(try Issue.decodeIfPresent(from: HTTPResponse(status: 204)) == nil)
        #expect(try Issue.decodeIfPresent(from: HTTPResponse(status: 200, body: Data(" \n".utf8))) == nil)
        let body = Data(#"{"number": 7, "title": "Unlocked", "labels": null}"#.utf8)
        let issue = try #require(try Issue.decodeIfPresent(from: HTTPResponse(status: 200, body: body)))
        #expect(issue.title == "Unlocked" && issue.id == 7)
        #expect(throws: DecodingError.self, "a body that is there must decode") {
            try Issue.decodeIfPresent(from: HTTPResponse(status: 200, body: Data(#"{"number": 7}"#.utf8)))
        }
    }

    @Test func metadataAtTheRootBesideAPlainDateBelowTheBaseKey() throws {
        let body = Data(
            #"{"results": {"sunrise": "2015-05-21T05:05:35+00:00", "day_length": 51444}, "status": "OK"}"#.utf8)
        let sun = try SunSunriseResponse.decode(from: body)
        #expect(sun.value == Date(timeIntervalSince1970: 1_432_184_735))
        #expect(sun.metadata.status == "OK")
        let missing = Data(#"{"results": {"sunrise": "2015-05-21T05:05:35+00:00"}}"#.utf8)
        let error = #expect(throws: DecodingError.self) { try SunSunriseResponse.decode(from: missing) }
        #expect(String(describing: error).contains("status"))
        let notADate = Data(#"{"results": {"sunrise": "5:05:35 AM"}, "status": "OK"}"#.utf8)
        #expect(throws: DecodingError.self) { try SunSunriseResponse.decode(from: notADate) }
    }

    @Test func mimeBase64AndBadMapValuesAreForgiven() throws {
        let body = Data(
            #"""
            {"id": "aa5a", "description": null, "files": {
              "hello.rb": {"filename": "hello.rb", "size": 16, "content": "Y2xhc3MgSGVsbG9X\r\nb3JsZAplbmQ=\n"},
              "broken.txt": {"filename": "broken.txt", "size": "large"}
            }}
            """#.utf8)
        let (gist, issues) = try DecodingIssueReporter.collectingIssues { try Gist.decode(from: body) }
        #expect(gist.files.keys.sorted() == ["hello.rb"])
        #expect(gist.files["hello.rb"]?.content == Data("class HelloWorld\nend".utf8))
        #expect(issues.map(\.kind) == [.droppedValue(key: "broken.txt")])
        let notAMap = Data(#"{"id": "aa5a", "description": null, "files": []}"#.utf8)
        #expect(throws: DecodingError.self) { try Gist.decode(from: notAMap) }
    }

    @Test func coloursComeWithOrWithoutAHash() throws {
        let page = try IssuesListResponse.decode(from: HTTPResponse(status: 200, body: Self.issuesBody))
        #expect(page.issues.first?.labels?.first?.color == RGBAColor(red: 0xF2, green: 0x95, blue: 0x13))
        let hashed = Data(
            ##"[{"number": 1, "title": "t", "labels": [{"id": 1, "name": "n", "color": "#F29513"}]}]"##.utf8)
        #expect(try IssuesListResponse.decode(from: hashed).issues.first?.labels?.first?.color.hex == "#F29513")
    }
}
