import Foundation
import LucidRuntime
import Testing

@testable import GoldenNaming

/// Names: the lexicon (ID, URL, HTML), `entity_suffix: Entity`, snake_case and camelCase spec names, acronyms,
/// and `access: internal`, which writes no access keywords.
@Suite struct NamingDecodingTests {
    private func body(_ text: String) -> Data { Data(text.utf8) }

    @Test func entitySuffixAndLexicon() throws {
        let json = #"""
            {"id": 7, "title": "Up", "poster_url": "https://img.example.com/up.jpg", "imdb_id": "tt1049413",
             "summary": {"html": "<p>Balloons</p>"}, "director_id": "p9", "related_ids": [8, 9],
             "links": [{"targetURL": "https://example.com", "page_id": 3, "rawHTMLId": "r1"}]}
            """#
        // `movie_catalog.get_movie` answers the entity directly: `MovieEntity`, with its suffix.
        let movie = try MovieEntity.decode(from: body(json))
        let id: MovieEntity.ID = 7
        #expect(movie.id == id && movie.title == "Up" && movie.imdbID == "tt1049413")
        #expect(movie.posterURL == URL(string: "https://img.example.com/up.jpg"))
        #expect(movie.htmlSummary == "<p>Balloons</p>")
        #expect(movie.director == PersonEntity.ID("p9") && movie.related == [MovieEntity.ID(8), MovieEntity.ID(9)])
        let link = try #require(movie.links.first)
        #expect(link == LinkInfo(targetURL: URL(string: "https://example.com")!, pageID: 3, rawHTMLID: "r1"))
        #expect(link.htmlBody == nil && link.urlPath == "/" && link.httpStatusCode == 200 && link.kind == .htmlPage)
        #expect(link.mediaIDs == [] && link.externalURLs == [])
    }

    @Test func keysKeepTheirSpelling() throws {
        let link = LinkInfo(
            targetURL: URL(string: "https://example.com/a")!, htmlBody: "<b>", pageID: 1, rawHTMLID: "x",
            urlPath: "/a", httpStatusCode: 404, kind: .urlLink, mediaIDs: [5, 6],
            externalURLs: [URL(string: "https://example.com/b")!])
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(link)) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "HTTPStatus_code", "URLPath", "external_urls", "html_body", "kind", "media_ids", "page_id",
                "rawHTMLId", "targetURL",
            ])
        #expect(object["media_ids"] as? [Int] == [5, 6])
        #expect(object["external_urls"] as? [String] == ["https://example.com/b"])
        #expect(object["kind"] as? String == "url" && object["HTTPStatus_code"] as? Int == 404)
        #expect(try JSONDecoder().decode(LinkInfo.self, from: JSONEncoder().encode(link)) == link)
    }

    @Test func caseAndOptionNames() throws {
        #expect(
            try JSONDecoder().decode([MediaKind].self, from: body(#"["feature_film", "tvShow", "HTML", "url"]"#))
                == [.featureFilm, .tvShow, .htmlPage, .urlLink])
        #expect(
            try JSONDecoder().decode(DisplayOptions.self, from: body(#"["shareURL", "id_visible"]"#)) == [
                .shareURL, .idVisible,
            ])
        #expect(try JSONEncoder().encode(DisplayOptions.showHTML) == body(#"["show_html"]"#))
    }

    @Test func payloadMembersAreNamedAfterTheEntity() throws {
        let people = try MovieCatalogListPeopleResponse.decode(
            from: body(#"{"data": [{"person_ID": "a", "full_name": "Ann Lee", "homepageURL": "https://ann.example"}]}"#)
        ).people
        #expect(people == [PersonEntity(id: "a", fullName: "Ann Lee", homepageURL: URL(string: "https://ann.example"))])

        let shows = try MovieCatalogTvShowsResponse.decode(
            from: body(#"[{"show_id": 4, "name": "Lost"}, {"show_id": 5, "name": "Dark", "options": 6}]"#)
        ).tvShows
        #expect(shows.map(\.id) == [TvShowEntity.ID(4), TvShowEntity.ID(5)])
        #expect(shows.map(\.options) == [.showHTML, [.shareURL, .idVisible]])

        // A camelCase word keeps its humps (`htmlPageViews` → `HtmlPageViews`); a snake_case one meets the lexicon
        // (`html_pages` → `HTMLPages`). (`htmlPages` beside `html_pages` would differ only in case: an error.)
        let pages = try HtmlPageViewsFetchURLResponse.decode(from: body(#"[{"url": "https://a.example"}]"#)).htmlPages
        #expect(pages == [HTMLPageEntity(url: URL(string: "https://a.example")!)])
        #expect(
            try HTMLPageEntity.decode(from: body(#"{"url": "https://b.example"}"#)).url.host == "b.example")
    }

    /// Internal is Swift's default: the generated declarations spell no access level. (The one file-private line is
    /// each file's runtime check, `private let lucidRuntimeFits`, which no other file may see.)
    @Test func internalAccessWritesNoKeywords() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count == 7)
        for path in files {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                .replacingOccurrences(of: "private let lucidRuntimeFits: Void", with: "let lucidRuntimeFits: Void")
            for keyword in ["public ", "package ", "internal ", "private ", "fileprivate ", "open "] {
                #expect(!text.contains(keyword), "\(path) contains '\(keyword)'")
            }
        }
    }
}
