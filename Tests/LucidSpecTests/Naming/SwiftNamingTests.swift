import Testing

@testable import LucidSpec

/// Spec names to Swift names: case conversion, the lexicon, keywords and the valid-name rule.
@Suite struct SwiftNamingTests {
    let naming = SwiftNaming(lexicon: ["ID", "URL", "TV", "iOS"])

    @Test(arguments: [
        ("movie", "Movie", "movie"), ("movie_id", "MovieID", "movieID"), ("movieID", "MovieID", "movieID"),
        ("url_path", "URLPath", "urlPath"), ("poster_url", "PosterURL", "posterURL"), ("id", "ID", "id"),
        ("tv_show", "TVShow", "tvShow"), ("ios_app", "iOSApp", "iosApp"), ("a1_b2", "A1B2", "a1B2"),
        ("release_date", "ReleaseDate", "releaseDate"), ("HTTPCode", "HTTPCode", "httpCode"),
        ("URLPath", "URLPath", "urlPath"), ("MovieID", "MovieID", "movieID"),
    ])
    func conversion(name: String, type: String, member: String) {
        #expect(naming.typeName(name) == type)
        #expect(naming.memberName(name) == member)
    }

    /// SCREAMING_CASE wire values are words in capitals, not acronyms; a lone capital word or a mixed name keeps
    /// the usual rules.
    @Test(arguments: [
        ("FIRST_TIMER", "FirstTimer", "firstTimer"), ("NEW_URL_PATH", "NewURLPath", "newURLPath"),
        ("TV_SHOW", "TVShow", "tvShow"), ("A1_B2", "A1B2", "a1B2"), ("ID", "ID", "id"), ("OK", "OK", "ok"),
        ("poster_URL", "PosterURL", "posterURL"),
    ])
    func screamingCase(name: String, type: String, member: String) {
        #expect(naming.typeName(name) == type)
        #expect(naming.memberName(name) == member)
    }

    /// Underscores without a letter are no SCREAMING_CASE: converting such a name (which validation refuses, after
    /// converting it to look for clashes) once recursed until the stack overflowed (found by fuzzing).
    @Test(arguments: [("_", "_", "_"), ("_]", "]", "]"), ("1_2", "12", "12"), ("__", "__", "__")])
    func namesWithoutLetters(name: String, type: String, member: String) {
        #expect(naming.typeName(name) == type)
        #expect(naming.memberName(name) == member)
    }

    /// The module's name is a lexicon word: names spelled like it come out like the module's own types.
    @Test func theModuleNameIsALexiconWord() {
        let gitHub = SwiftNaming(lexicon: [], module: "GitHub")
        #expect(gitHub.typeName("github") + "Service" == "GitHubService")
        #expect(gitHub.typeName("github_user") == "GitHubUser" && gitHub.memberName("github_user") == "githubUser")
        #expect(gitHub.typeName("repo") == "Repo")
        let explicit = SwiftNaming(lexicon: ["GITHUB"], module: "GitHub")
        #expect(explicit.typeName("github") == "GITHUB", "the spec's own lexicon wins")
    }

    /// A lexicon word's plural follows it with a lower-case `s`, unlisted; a plural the lexicon lists wins.
    @Test(arguments: [
        ("media_ids", "MediaIDs", "mediaIDs"), ("external_urls", "ExternalURLs", "externalURLs"),
        ("ids", "IDs", "ids"), ("urls_seen", "URLsSeen", "urlsSeen"), ("tvs", "TVs", "tvs"),
        ("idss", "Idss", "idss"), ("media_id", "MediaID", "mediaID"),
    ])
    func pluralsOfLexiconWords(name: String, type: String, member: String) {
        #expect(naming.typeName(name) == type)
        #expect(naming.memberName(name) == member)
    }

    @Test func aListedPluralWins() {
        let listed = SwiftNaming(lexicon: ["ID", "IDS"])
        #expect(listed.memberName("media_ids") == "mediaIDS" && listed.memberName("media_id") == "mediaID")
        #expect(SwiftNaming(lexicon: []).memberName("media_ids") == "mediaIds")
    }

    @Test func withoutLexicon() {
        let plain = SwiftNaming(lexicon: [])
        #expect(plain.typeName("movie_id") == "MovieId" && plain.memberName("url_path") == "urlPath")
    }

    @Test func keywordsAreEscaped() {
        #expect(naming.escapedMemberName("default") == "`default`")
        #expect(naming.escapedMemberName("self") == "`self`")
        #expect(naming.escapedMemberName("for_each") == "forEach")
    }

    @Test(arguments: [
        ("movie", true), ("movie_id", true), ("movieID", true), ("a1", true), ("my-name", false),
        ("2fast", false), ("_private", false), ("trailing_", false), ("double__under", false),
        ("", false), ("café", false), ("with space", false),
    ])
    func validNames(name: String, valid: Bool) {
        #expect(SwiftNaming.isValidName(name) == valid)
    }
}
