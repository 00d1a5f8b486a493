import Foundation
@_spi(Generated) import LucidRuntime
import Testing

/// `Links`, the RFC 8288 `Link` header.
struct LinksTests {
    func url(_ text: String) -> URL? { URL(string: text) }

    @Test func readsGitHubsPagingHeader() throws {
        let header =
            #"<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=4>; rel="next", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=515>; rel="last", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=1>; rel="first""#
        let links = try #require(Links(responseHeader: header))
        #expect(links.all.count == 4)
        #expect(links.prev == url("https://api.github.com/repositories/1300192/issues?page=2"))
        #expect(links.next == url("https://api.github.com/repositories/1300192/issues?page=4"))
        #expect(links.last == url("https://api.github.com/repositories/1300192/issues?page=515"))
        #expect(links.first == url("https://api.github.com/repositories/1300192/issues?page=1"))
        #expect(links.all.map(\.relations) == [["prev"], ["next"], ["last"], ["first"]])
        #expect(links["NEXT"] == links.next)
        #expect(links["self"] == nil)
    }

    @Test func readsUnquotedAndSeveralRelationsAndParameters() throws {
        let header =
            #"<https://x.example/2>;rel=next;title="Page, two; of 3", <https://x.example/1> ; REL="Previous First" ; "#
            + #"type=text/html; crossorigin"#
        let links = try #require(Links(responseHeader: header))
        #expect(links.all.count == 2)
        #expect(links.next == url("https://x.example/2"))
        #expect(links.all[0].parameters == ["title": "Page, two; of 3"])
        #expect(links.all[1].relations == ["previous", "first"])
        #expect(links.all[1].parameters == ["type": "text/html", "crossorigin": ""])
        #expect(links.prev == url("https://x.example/1"))
        #expect(links.first == url("https://x.example/1"))
    }

    @Test func onlyTheFirstRelCounts() throws {
        let links = try #require(Links(responseHeader: #"<https://x.example/a>; rel="next"; rel="last""#))
        #expect(links.all.first?.relations == ["next"])
        #expect(links.last == nil)
    }

    @Test func escapesInQuotedStringsAreResolved() throws {
        let links = try #require(Links(responseHeader: #"<https://x.example/a>; title="say \"hi\"\\"; rel=next"#))
        #expect(links.all.first?.parameters["title"] == #"say "hi"\"#)
        #expect(links.next == url("https://x.example/a"))
    }

    @Test func whitespaceAndEmptyElementsAreTolerated() throws {
        let links = try #require(
            Links(responseHeader: "  , <https://x.example/a>\t;\trel = \"next\" ,, <b>;rel=last ,"))
        #expect(links.next == url("https://x.example/a"))
        #expect(links.last == url("b"))
        #expect(Links(responseHeader: "") == Links())
        #expect(Links(responseHeader: "<https://x.example/a>")?.all.first?.relations == [])
    }

    @Test(arguments: [
        "https://x.example/a; rel=next",  // no <
        "<https://x.example/a; rel=next",  // unterminated <
        #"<https://x.example/a>; rel="next"#,  // unterminated quote
        "<https://x.example/a>; rel=next <https://x.example/b>; rel=last",  // no comma between links
        "<>; rel=next",  // an empty URL
        "<http://[::1>; rel=next",  // a URL that URL(string:) refuses
        "<https://x.example/a>; =next",  // a parameter without a name
        "<https://x.example/a>; rel=",  // a parameter without a value
        #"<https://x.example/a>; rel="next" junk"#,
    ])
    func malformedHeadersAreNil(header: String) {
        #expect(Links(responseHeader: header) == nil)
    }

    @Test func aMalformedHeaderFailsDecoding() {
        let error = #expect(throws: DecodingError.self) {
            try decodeRoot("null", headers: ["Link": "<https://x.example/a; rel=next"]) {
                try $0.responseHeader(Links.self, named: "Link")
            }
        }
        #expect(
            error?.contextDescription
                == "The response header 'Link' is not a valid Link header: '<https://x.example/a; rel=next'.")
    }
}
