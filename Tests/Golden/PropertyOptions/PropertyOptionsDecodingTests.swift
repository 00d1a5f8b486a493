import Foundation
import LucidRuntime
import Testing

@testable import GoldenPropertyOptions

/// The PropertyOptions case's generated code, fed real JSON: lazy, mutable, equality, lenient, deprecated,
/// nullable defaults, dotted and list-form keys, and metadata.
@Suite struct PropertyOptionsDecodingTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: json(text))
    }

    /// The JSON object a value encodes to.
    private func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    /// The keys every article needs, but `credits`.
    static let minimal = #"{"id": 1, "title": "T", "meta": {"first.name": "F"}"#

    /// `minimal` plus more keys (a JSON object's members without braces), `credits`, and a fixed `revised_at`
    /// (its default is the time of decoding, so two articles without it differ).
    private func article(
        _ more: String = "", credits: String = #"{"writer": "W"}"#, revised: Bool = true
    ) throws -> Article {
        let revisedAt = revised && !more.contains("revised_at") ? #", "revised_at": "2020-01-01T00:00:00Z""# : ""
        return try decode(
            Article.self,
            Self.minimal + #", "credits": "# + credits + revisedAt + (more.isEmpty ? "" : ", " + more) + "}")
    }

    // MARK: Lazy

    @Test func absentLazyKeysAreUnrequested() throws {
        let article = try article()
        #expect(article.summary == .unrequested && article.body == .unrequested && article.publishedAt == .unrequested)
        #expect(
            article.history == .unrequested && article.wordCount == .unrequested && article.readingTime == .unrequested)
        #expect(article.teaser == .unrequested && article.summary.value == nil)
        // Nothing is written for them either.
        let encoded = try object(article)
        for key in ["summary", "body", "published_at", "history", "teaser"] { #expect(encoded[key] == nil, "\(key)") }
        #expect((encoded["stats"] as? [String: Any]).map { $0["words"] == nil && $0["reading"] == nil } ?? true)
    }

    @Test func presentLazyKeysAreRequested() throws {
        let article = try article(
            """
            "summary": "S", "body": "B", "published_at": 1700000000, "history": ["2024-01-01T00:00:00Z"],
            "stats": {"words": 1200, "reading": 300}, "teaser": 4
            """)
        #expect(article.summary == .requested("S") && article.body == .requested("B"))
        #expect(article.publishedAt == .requested(Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(article.history == .requested([Date(timeIntervalSince1970: 1_704_067_200)]))
        #expect(article.wordCount == .requested(1200), "a lazy dotted key")
        #expect(article.readingTime == .requested(.seconds(300)))
        #expect(article.teaser == .requested(4) && article.summary.value == "S")
    }

    @Test func aPresentNullIsRequestedNilForNullableLazyValues() throws {
        let article = try article(#""body": null, "published_at": null, "stats": {"reading": null}, "teaser": null"#)
        #expect(article.body == .requested(nil))
        #expect(article.publishedAt == .requested(nil))
        #expect(article.readingTime == .requested(nil) && article.wordCount == .unrequested)
        #expect(article.teaser == .requested(nil))
        // The requested nil is written as null, so it stays requested.
        let encoded = try object(article)
        #expect(encoded["body"] is NSNull && encoded["published_at"] is NSNull && encoded["teaser"] is NSNull)
        #expect((encoded["stats"] as? [String: Any])?["reading"] is NSNull)
        #expect(try JSONDecoder().decode(Article.self, from: JSONEncoder().encode(article)) == article)
    }

    @Test func aNullForARequiredLazyValueFails() {
        #expect(throws: DecodingError.self) { try article(#""summary": null"#) }
        #expect(throws: DecodingError.self) { try article(#""stats": {"words": null}"#) }
        #expect(throws: DecodingError.self) { try article(#""summary": 5"#) }
    }

    @Test func aBadLenientLazyValueIsRequestedNilAndReported() throws {
        let (article, issues) = try DecodingIssueReporter.collectingIssues { try self.article(#""teaser": "four""#) }
        #expect(article.teaser == .requested(nil))
        #expect(issues.map(\.kind) == [.lenientFallback] && issues.map(\.codingPath) == ["teaser"])
    }

    @Test func mergingKeepsARequestedValue() throws {
        let full = try article(#""summary": "S""#)
        let partial = try article()
        #expect(full.summary.merging(partial.summary) == .requested("S"))
        #expect(partial.summary.merging(full.summary) == .requested("S"))
    }

    // MARK: Mutable

    @Test func updatedChangesOnlyWhatItIsGiven() throws {
        let article = try article(
            #""rating": 3, "subtitle": "Sub", "copy": "C", "bookmarked_at": "2024-01-01T00:00:00.500Z""#)
        #expect(article.updated() == article)
        let rated = article.updated(rating: 4.5)
        #expect(rated.rating == 4.5 && rated.subtitle == "Sub" && rated.copy == "C" && rated.id == article.id)
        // The double optional: `.some(nil)` sets a nullable property to nil, `nil` leaves it alone.
        let cleared = article.updated(subtitle: .some(nil), copy: .some(nil), bookmarkedAt: .some(nil))
        #expect(cleared.subtitle == nil && cleared.copy == nil && cleared.bookmarkedAt == nil && cleared.rating == 3)
        #expect(article.updated(subtitle: "New").subtitle == "New" && article.updated(copy: "D").copy == "D")
        #expect(
            article.updated(bookmarkedAt: Date(timeIntervalSince1970: 0)).bookmarkedAt == Date(timeIntervalSince1970: 0)
        )
    }

    @Test func mutablePropertiesAreVars() throws {
        var article = try article()
        article.rating = 2
        article.subtitle = "S"
        article.copy = "C"
        #expect(article.rating == 2 && article.subtitle == "S" && article.copy == "C")
        var draft = try decode(Draft.self, #"{"text": "a"}"#)
        draft.text = "b"
        #expect(
            draft.updated(text: "c").text == "c" && draft.text == "b" && draft.revision == .unrequested
                && draft.words == 0)
    }

    // MARK: Equality

    @Test func propertiesLeftOutOfEqualityAreIgnoredByEqualsAndHash() throws {
        let first = try article(#""views": 10, "fetched_at": "2024-01-01T00:00:00Z""#)
        let second = try article(#""views": 99"#)
        #expect(first.views == 10 && second.views == 99 && first.fetchedAt != nil && second.fetchedAt == nil)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        // Everything else still counts.
        #expect(first != first.updated(rating: 1))
        #expect(try article(#""title2": 1"#) == article() && article(#""edition": 2"#) != article())
    }

    // MARK: Lenient

    @Test func badLenientValuesFallBackAndAreReported() throws {
        let (article, issues) = try DecodingIssueReporter.collectingIssues {
            try self.article(
                #""status": "active", "score": {"x": 1}, "kind": "poem", "tags": ["a", 1], "stats": {"count": "many"}"#)
        }
        #expect(article.status == 1 && article.score == nil && article.kind == .news && article.tags == [])
        #expect(article.statCount == 0, "a lenient dotted key")
        #expect(issues.count == 5 && issues.allSatisfy { $0.kind == .lenientFallback })
        #expect(issues.map(\.codingPath) == ["status", "score", "kind", "tags", "stats.count"])
    }

    @Test func goodLenientValuesDecode() throws {
        let (article, issues) = try DecodingIssueReporter.collectingIssues {
            try self.article(
                #""status": 2, "score": 0.5, "kind": "review", "tags": ["a"], "stats": {"count": 3}, "edited_on": "2024-02-29""#
            )
        }
        #expect(
            article.status == 2 && article.score == 0.5 && article.kind == .review && article.tags == ["a"]
                && article.statCount == 3)
        #expect(article.editedOn == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(issues.isEmpty)
    }

    @Test func missingOrNullLenientValuesTakeTheirDefaultsSilently() throws {
        let (article, issues) = try DecodingIssueReporter.collectingIssues {
            try self.article(#""status": null, "score": null, "kind": null"#)
        }
        #expect(article.status == 1 && article.score == nil && article.kind == .news && article.statCount == 0)
        #expect(issues.isEmpty)
    }

    @Test func aLenientNullableDefaultTellsNullFromMissingAndBad() throws {
        let (values, issues) = try DecodingIssueReporter.collectingIssues {
            try [#""priority": 3"#, "", #""priority": null"#, #""priority": "high""#].map {
                try self.article($0).priority
            }
        }
        #expect(values == [3, 5, nil, 5], "a value, missing → default, null → nil, bad → default")
        #expect(issues.map(\.codingPath) == ["priority"])
        #expect(try object(article(#""priority": null"#))["priority"] is NSNull)
    }

    @Test func aBadLenientDateFallsBackToNilAndIsReported() throws {
        let (article, issues) = try DecodingIssueReporter.collectingIssues {
            try self.article(#""edited_on": "29/02/2024""#)
        }
        #expect(article.editedOn == nil)
        #expect(issues.map(\.kind) == [.lenientFallback] && issues.map(\.codingPath) == ["edited_on"])
    }

    @Test func aLenientStructPropertyFallsBack() throws {
        let (draft, issues) = try DecodingIssueReporter.collectingIssues {
            try decode(Draft.self, #"{"text": "t", "words": "lots", "revision": 3}"#)
        }
        #expect(draft == Draft(text: "t", revision: .requested(3), words: 0))
        #expect(issues.map(\.codingPath) == ["words"])
    }

    // MARK: Nullable with a default

    @Test func aNullableDefaultAppliesOnlyToAMissingKey() throws {
        let before = Date()
        let missing = try article(revised: false)
        #expect(missing.edition == 1 && missing.deep == 3)
        #expect(missing.revisedAt.map { $0 >= before && $0 <= Date() } == true, "default: now")
        let nulls = try article(#""edition": null, "revised_at": null, "x.y": {"z": null}"#)
        #expect(nulls.edition == nil && nulls.revisedAt == nil && nulls.deep == nil)
        let values = try article(#""edition": 4, "revised_at": "2020-01-01T00:00:00Z", "x.y": {"z": 9}"#)
        #expect(
            values.edition == 4 && values.revisedAt == Date(timeIntervalSince1970: 1_577_836_800) && values.deep == 9)
        // nil is written as null, so it does not come back as the default.
        let encoded = try object(nulls)
        #expect(encoded["edition"] is NSNull && encoded["revised_at"] is NSNull)
        #expect((encoded["x.y"] as? [String: Any])?["z"] is NSNull)
        #expect(try JSONDecoder().decode(Article.self, from: JSONEncoder().encode(nulls)) == nulls)
    }

    // MARK: Deprecated

    /// Reads the deprecated accessors through a protocol, which does not warn (the test target builds with
    /// zero warnings).
    @Test func deprecatedPropertiesStillDecode() throws {
        let article = try article(#""old_title": "Old", "legacy_flag": true, "legacy_note": "N""#)
        let legacy: any LegacyArticle = article
        #expect(legacy.oldTitle == "Old" && legacy.legacyFlag == true && legacy.legacyNote == "N")
        #expect(article.updated(legacyNote: .some(nil)) != article)
        let defaults: any LegacyArticle = try self.article()
        #expect(defaults.oldTitle == nil && defaults.legacyFlag == false && defaults.legacyNote == nil)
        let encoded = try object(article)
        #expect(
            encoded["old_title"] as? String == "Old" && encoded["legacy_flag"] as? Bool == true
                && encoded["legacy_note"] as? String == "N")
    }

    @Test func deprecatedMutablePropertiesCanBeSet() throws {
        var legacy: any LegacyArticle = try article()
        legacy.legacyNote = "set"
        #expect(legacy.legacyNote == "set")
    }

    @Test func deprecatedTypesStillDecode() throws {
        let calls: any DeprecatedTypesCalls.Type = DeprecatedTypes.self
        #expect(try calls.retiredArticle() == "R:7:0")
        #expect(try calls.silent())
    }

    /// `Archive` is not deprecated, but the members that touch its deprecated-typed properties are, so it
    /// builds without warnings; through its protocols it is used like any other type.
    @Test func aTypeHoldingDeprecatedTypesDecodesWithoutBeingDeprecated() throws {
        let text =
            #"{"id": 1, "name": "A", "retired": {"id": "r", "title": "T"}, "previous_ids": ["p1", 2, "p2"], "latest_id": "l", "seen": 4}"#
        let (archive, issues) = try DecodingIssueReporter.collectingIssues { try decode(Archive.self, text) }
        #expect(archive.id == 1 && archive.name == "A" && archive.seen == 4 && archive.note == nil)
        #expect(issues.map(\.codingPath) == ["previous_ids[1]"])
        let encoded = try object(archive)
        #expect((encoded["retired"] as? [String: Any])?["title"] as? String == "T")
        #expect(encoded["previous_ids"] as? [String] == ["p1", "p2"] && encoded["latest_id"] as? String == "l")
        let unseen = try decode(Archive.self, text.replacingOccurrences(of: #""seen": 4"#, with: #""seen": 5"#))
        #expect(equal(archive, unseen) && archive.hashValue == unseen.hashValue, "seen is left out of equality")
        #expect(
            !equal(
                archive,
                try decode(
                    Archive.self, text.replacingOccurrences(of: #""latest_id": "l""#, with: #""latest_id": "m""#))))
        let calls: any DeprecatedTypesCalls.Type = DeprecatedTypes.self
        #expect(calls.archive(archive) == "r|p1,p2|l|nil")
    }

    /// `==` through `Equatable`, which does not warn when the type's own `==` is deprecated.
    private func equal<T: Equatable>(_ first: T, _ second: T) -> Bool { first == second }

    // MARK: Keys

    @Test func dottedKeysSharingAPrefixAreReadAndWrittenTogether() throws {
        let article = try article(credits: #"{"director": "D", "writer": "W2", "crew": {"producer": "P"}}"#)
        #expect(article.director == "D" && article.writer == "W2" && article.producer == "P")
        let encoded = try object(article)
        let credits = try #require(encoded["credits"] as? [String: Any])
        #expect(credits["director"] as? String == "D" && credits["writer"] as? String == "W2")
        #expect((credits["crew"] as? [String: Any])?["producer"] as? String == "P")
        #expect(credits.count == 3)
    }

    @Test func aMissingOptionalDottedValueLeavesNoTrace() throws {
        let article = try article()
        #expect(article.director == nil && article.producer == "unknown" && article.firstName == "F")
        let credits = try #require(try object(article)["credits"] as? [String: Any])
        #expect(credits["director"] == nil && credits["writer"] as? String == "W")
        #expect(throws: DecodingError.self) {
            try decode(Article.self, #"{"id": 1, "title": "T", "credits": {}, "meta": {"first.name": "F"}}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(Article.self, #"{"id": 1, "title": "T", "meta": {"first.name": "F"}}"#)
        }
    }

    @Test func listFormKeysKeepTheirDots() throws {
        let article = try article(#""a.b": 5, "a": {"b": 6}"#)
        #expect(article.firstName == "F", "[meta, first.name] reads \"first.name\" inside \"meta\"")
        #expect(article.dotted == 5, "[a.b] reads the key \"a.b\", not a path")
        #expect(throws: DecodingError.self) {
            try decode(
                Article.self, #"{"id": 1, "title": "T", "credits": {"writer": "W"}, "meta": {"first": {"name": "F"}}}"#)
        }
        let encoded = try object(article)
        #expect(encoded["a.b"] as? Int == 5 && encoded["a"] == nil)
        #expect((encoded["meta"] as? [String: Any])?["first.name"] as? String == "F")
    }

    @Test func everythingRoundTrips() throws {
        let text =
            Self.minimal + """
                , "credits": {"writer": "W", "director": "D", "crew": {"producer": "P"}},
                "summary": "S", "body": null, "published_at": 1700000000, "history": [], "stats": {"words": 1, "reading": 2.5, "count": 3},
                "teaser": 1, "rating": 4.5, "subtitle": "Sub", "copy": "C", "bookmarked_at": "2024-01-01T00:00:00.250Z", "views": 3,
                "fetched_at": "2024-01-01T00:00:00Z", "status": 2, "score": 1.5, "kind": "opinion", "tags": ["x"], "edited_on": "2024-01-02", "priority": 2,
                "edition": null, "revised_at": "2024-01-03T00:00:00Z", "old_title": "O", "legacy_flag": true, "legacy_note": "L",
                "a.b": 1, "x.y": {"z": 2}}
                """
        let article = try decode(Article.self, text)
        let data = try JSONEncoder().encode(article)
        let again = try JSONDecoder().decode(Article.self, from: data)
        #expect(again == article && again.views == 3 && again.fetchedAt == article.fetchedAt)
        let original = try #require(try JSONSerialization.jsonObject(with: json(text)) as? NSDictionary)
        let encoded = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        #expect(original == encoded, "\(String(decoding: data, as: UTF8.self))")
    }

    // MARK: Metadata

    @Test func metadataDecodesBesideTheEntity() throws {
        let before = Date()
        let (metadata, issues) = try DecodingIssueReporter.collectingIssues {
            try decode(ArticleMetadata.self, #"{"rank": 2, "cached": "yes", "notes": ["a", 3, "b"]}"#)
        }
        #expect(metadata.rank == 2 && metadata.cached == false && metadata.notes == ["a", "b"])
        #expect(metadata.fetched >= before && metadata.fetched <= Date())
        #expect(issues.map(\.kind) == [.lenientFallback, .droppedItem(index: 1)])
        let given = try decode(ArticleMetadata.self, #"{"cached": true, "fetched": "2024-01-01T00:00:00Z"}"#)
        #expect(
            given.rank == nil && given.cached && given.fetched == Date(timeIntervalSince1970: 1_704_067_200)
                && given.notes == [])
    }

    // MARK: Descriptions

    @Test func descriptionsBecomeDocComments() throws {
        let source = try String(
            contentsOf: Self.generated.appendingPathComponent("Entities.swift"), encoding: .utf8)
        #expect(
            source.contains(
                "/// A piece of writing.\n///\n/// Its second paragraph, after an empty line.\npublic struct Article"))
        #expect(source.contains("    /// The headline.\n    public let title: String\n"))
        #expect(source.contains("    /// Sent only when asked for.\n    public let summary: Lazy<String>\n"))
        #expect(!source.contains(" \n"), "no line ends in a space")
        let metadata = try String(
            contentsOf: Self.generated.appendingPathComponent("Entities.swift"), encoding: .utf8)
        #expect(metadata.contains("    /// Place in the listing.\n    public let rank: Int?\n"))
    }

    static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Generated")
}

/// The deprecated accessors, read through a protocol so the tests build without deprecation warnings.
protocol LegacyArticle {
    var oldTitle: String? { get }
    var legacyFlag: Bool { get }
    var legacyNote: String? { get set }
}

extension Article: LegacyArticle {}

/// Uses the deprecated types from deprecated functions, where that is no warning; the tests reach them
/// through `DeprecatedTypesCalls`, whose requirements are not deprecated.
enum DeprecatedTypes: DeprecatedTypesCalls {
    @available(*, deprecated)
    static func retiredArticle() throws -> String {
        let article = try JSONDecoder().decode(
            RetiredArticle.self, from: Data(#"{"id": "R", "title": "T", "score": 7}"#.utf8))
        #expect(article.updated(score: 8).score == 8)
        #expect(article == RetiredArticle(id: "R", title: "T", score: 7, votes: 99), "votes is left out of equality")
        return "\(article.id):\(article.score):\(article.votes)"
    }

    @available(*, deprecated)
    static func archive(_ archive: Archive) -> String {
        let changed = archive.updated(latest: .some(nil))
        let ids = archive.previous.map(\.rawValue).joined(separator: ",")
        return
            "\(archive.retired?.id.rawValue ?? "nil")|\(ids)|\(archive.latest?.rawValue ?? "nil")|\(changed.latest?.rawValue ?? "nil")"
    }

    @available(*, deprecated)
    static func silent() throws -> Bool {
        let value = try JSONDecoder().decode(Silent.self, from: Data("{}".utf8))
        let encoded = try JSONEncoder().encode(value)
        return value == Silent() && String(decoding: encoded, as: UTF8.self) == "{}"
    }
}

/// Calls into the deprecated context without a warning: a protocol requirement is not deprecated.
protocol DeprecatedTypesCalls {
    static func retiredArticle() throws -> String
    static func archive(_ archive: Archive) -> String
    static func silent() throws -> Bool
}
