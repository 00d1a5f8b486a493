import LucidSpec
import Testing

@testable import LucidImport

/// The pieces of the conversion: Lucid's type spellings, defaults, id-only keys, YAML quoting.
struct LucidImportPartsTests {
    @Test func typesAreReadAsLucidReadsThem() {
        #expect(LucidType("URL") == LucidType(element: .scalar("url"), shape: .plain))
        #expect(LucidType("Color")?.expression == "color")
        #expect(LucidType("time")?.expression == "seconds")
        #expect(LucidType("[Int]")?.expression == "[int]")
        #expect(LucidType("{int: genre_kind}")?.expression == "{string: genre_kind}")
        #expect(LucidType("{int: genre_kind}")?.hadIntKeys == true)
        #expect(LucidType("{string:double}")?.hadIntKeys == false)
        #expect(LucidType("[[int]]") == nil)
        #expect(LucidType("{double: int}") == nil)
        #expect(LucidType("") == nil)
    }

    @Test func durationsAreReadInTheirUnit() {
        #expect(DefaultValueConverter.duration("10s", unit: "seconds") == "10")
        #expect(DefaultValueConverter.duration("100ms", unit: "seconds") == "0.1")
        #expect(DefaultValueConverter.duration("100ms", unit: "milliseconds") == "100")
        #expect(DefaultValueConverter.duration("1.5s", unit: "milliseconds") == "1500")
        #expect(DefaultValueConverter.duration("2.5", unit: "seconds") == "2.5")
        #expect(DefaultValueConverter.duration("fast", unit: "seconds") == nil)
        #expect(DefaultValueConverter.duration("s", unit: "seconds") == nil)
    }

    @Test func idOnlyKeysGetLucidsSuffixUnlessTheyHaveIt() {
        #expect(LucidKeys.idKey("genres", toMany: true) == "genres_ids")
        #expect(LucidKeys.idKey("genre_ids", toMany: true) == "genre_ids")
        #expect(LucidKeys.idKey("director", toMany: false) == "director_id")
        #expect(LucidKeys.idKey("video_id", toMany: false) == "video_id")
        #expect(LucidKeys.idKey("meta.owner", toMany: false) == "meta.owner_id")
    }

    @Test func scalarsAreQuotedOnlyWhenYAMLNeedsIt() {
        #expect(SpecText.scalar("movie") == "movie")
        #expect(SpecText.scalar("/discover/movie") == "/discover/movie")
        #expect(SpecText.scalar("data.items") == "data.items")
        #expect(SpecText.scalar("true") == "\"true\"")
        #expect(SpecText.scalar("No") == "\"No\"")
        #expect(SpecText.scalar("a b") == "\"a b\"")
        #expect(SpecText.scalar("#1E88E5") == "\"#1E88E5\"")
        #expect(SpecText.scalar("10") == "\"10\"")
        #expect(SpecText.scalar("") == "\"\"")
        #expect(SpecText.quoted("a\"b\\c\u{1}") == #""a\"b\\c\u0001""#)
        #expect(SpecText.keyPath(["data", "items"]) == "data.items")
        #expect(SpecText.keyPath(["odd.key"]) == "[odd.key]")  // a flow list: one key, dot and all
        #expect(SpecText.keyPath(["a b", "c.d"]) == "[\"a b\", c.d]")
    }

    @Test func jsonKeysAreTheSnakeCaseLucidsDecoderMatches() {
        #expect(LucidKeys.json("poster_path") == "poster_path")
        #expect(LucidKeys.json("posterPath") == "poster_path")
        #expect(LucidKeys.json("posterURL") == "poster_url")
        #expect(LucidKeys.json("URLString") == "url_string")
        #expect(LucidKeys.json("details.releaseDate") == "details.release_date")
        #expect(LucidKeys.json("amount.value") == "amount.value")
        #expect(LucidKeys.json("id") == "id")
    }

    @Test func lucidKeysCompareInCamelCase() {
        #expect(LucidKeys.form("entity_name") == "entityName")
        #expect(LucidKeys.form("entityName") == "entityName")
        #expect(LucidKeys.form("name") == "name")
    }

    @Test func pathPlaceholdersBecomeStringParameters() {
        #expect(EndpointConverter.parameters("/discover/movie") == [])
        let parameters = EndpointConverter.parameters("/movie/{id}/videos/{kind}/{id}")
        #expect(
            SpecWriter.write(SpecDocument(root: SpecMapping(parameters)))
                == "params: { id: string, kind: string }  # TODO: the parameters' types\n")
    }

    @Test func commentsCannotEndEarly() {
        #expect(SpecText.line("a: int", comment: "x\ny: 1") == "a: int  # x y: 1")
        #expect(SpecText.comment("tab\there") == "tab here")
    }

    /// The header names the folder: a line separator in its name cannot end the comment (it used to, and the spec
    /// failed to load).
    @Test func theHeaderCommentHoldsAnyFolderName() {
        let spec = ImportedSpec(folder: "/tmp/odd\u{2028}name #1", module: "Shop")
        let text = SpecWriter.write(spec.document())
        #expect(text.hasPrefix("# Converted by `lucid-gen import-lucid` from the Lucid descriptions in odd name #1.\n"))
        #expect(SpecLoader().load(yaml: text, file: "s.lucid.yaml").diagnostics.isEmpty)
    }

    @Test func endpointNamesComeFromThePath() {
        #expect(EndpointConverter.endpointName("/discover/movie") == "discover_movie")
        #expect(EndpointConverter.endpointName("credits") == "credits")
        #expect(EndpointConverter.endpointName("/movie/{id}/videos") == "movie_id_videos")
        #expect(EndpointConverter.endpointName("/3/top") == "endpoint_3_top")
        #expect(EndpointConverter.endpointName("/") == "root")
    }
}
