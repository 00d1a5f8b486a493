import Foundation
import LucidRuntime
import Testing

@testable import GoldenRelationships

/// The spec's `tag` entity, not Swift Testing's `Tag`.
private typealias Tag = GoldenRelationships.Tag

/// The Relationships case's generated code, fed real JSON: nested and id-only relationships, derived and
/// explicit keys, failable items on and off, and the typed identifiers of every identifier form.
@Suite struct RelationshipsDecodingTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: json(text))
    }

    /// Whether two types are the same type.
    private func same<A, B>(_ first: A.Type, _ second: B.Type) -> Bool {
        ObjectIdentifier(first) == ObjectIdentifier(second)
    }

    static let readerID = "0F4B3C2A-1D2E-4F5A-8B6C-7D8E9FA0B1C2"

    static let book = """
        {
          "id": 1,
          "title": "Dune",
          "author": {"id": 10, "name": "Frank Herbert"},
          "publisher": {"publisher_code": 9007199254740993, "name": "Chilton"},
          "credits": {"illustrator": {"id": 11, "name": "John Schoenherr"}},
          "co_author_id": 12,
          "editor_id": 13,
          "tag_ids": ["sf", "classic"],
          "category_ids": ["novel"],
          "reader_refs": ["\(readerID)"],
          "chapters": ["prologue", "book-one"],
          "first_edition": 1965,
          "imprint": {"code": 42},
          "sequel_id": 2,
          "editions": [{"id": 1965, "year": 1965}, {"id": 2005, "year": 2005}],
          "strict": [{"id": 1965, "year": 1965}],
          "notes": [{"text": "A classic."}],
          "related": [{"id": 2, "title": "Dune Messiah", "author": {"id": 10, "name": "Frank Herbert"}, "co_author_id": 12,
                       "tag_ids": [], "reader_refs": [], "chapters": [], "first_edition": 1969, "imprint": {"code": 42},
                       "editions": [], "strict": [], "notes": [], "ratings": [], "strict_tag_ids": []}],
          "ratings": [5, 4],
          "strict_tag_ids": ["sf"]
        }
        """

    // MARK: Decoding

    @Test func nestedObjectsDecodeInFull() throws {
        let book = try decode(Book.self, Self.book)
        #expect(book.id == 1 && book.title == "Dune")
        #expect(book.author == Author(id: 10, name: "Frank Herbert"))
        #expect(book.publisher == Publisher(id: 9_007_199_254_740_993, name: "Chilton"))
        #expect(book.illustrator == Author(id: 11, name: "John Schoenherr"), "to-one at a dotted key")
        #expect(book.editions == [Edition(id: 1965, year: 1965), Edition(id: 2005, year: 2005)])
        #expect(book.strictEditions == [Edition(id: 1965, year: 1965)])
        #expect(book.notes == [Note(text: "A classic.")])
        #expect(book.related?.map(\.title) == ["Dune Messiah"] && book.related?[0].sequel == nil)
        #expect(book.ratings == [5, 4])
    }

    @Test func idOnlyRelationshipsReadDerivedExplicitAndExactKeys() throws {
        let book = try decode(Book.self, Self.book)
        #expect(book.coAuthor == Author.ID(12), "co_author → co_author_id")
        #expect(book.editor == 13, "editor → editor_id")
        #expect(book.tags == ["sf", "classic"], "tags → tag_ids")
        #expect(book.categories == ["novel"], "categories → category_ids")
        #expect(book.readers == [Reader.ID(UUID(uuidString: Self.readerID)!)], "key: reader_refs, as written")
        #expect(book.chapters == [Chapter.ID("prologue"), "book-one"], "match_exact_key reads chapters")
        #expect(book.firstEdition == Edition.ID(1965), "match_exact_key reads first_edition")
        #expect(book.imprint == Publisher.ID(42), "an explicit dotted key is a path, never suffixed")
        #expect(book.sequel == Book.ID(2), "an entity can refer to its own kind by id")
        #expect(book.strictTags == ["sf"])
    }

    @Test func nullableRelationshipsAreNilWhenMissingOrNull() throws {
        let minimal = """
            {"id": 3, "title": "T", "author": {"id": 1, "name": "A"}, "co_author_id": 2, "tag_ids": [], "reader_refs": [],
             "chapters": [], "first_edition": 1, "imprint": {"code": 1}, "editions": [], "strict": [], "ratings": [],
             "strict_tag_ids": [], "publisher": null, "editor_id": null, "credits": {"illustrator": null}}
            """
        let book = try decode(Book.self, minimal)
        #expect(book.publisher == nil && book.illustrator == nil && book.editor == nil && book.categories == nil)
        #expect(book.sequel == nil && book.related == nil && book.notes == [])
        let withoutCredits = try decode(
            Book.self, minimal.replacingOccurrences(of: #", "credits": {"illustrator": null}"#, with: ""))
        #expect(withoutCredits.illustrator == nil)
        #expect(withoutCredits == book)
    }

    @Test(arguments: [
        "author", "co_author_id", "tag_ids", "reader_refs", "chapters", "first_edition", "imprint", "editions",
        "strict",
    ])
    func aMissingRequiredRelationshipFails(_ key: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        object[key] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Book.self, from: data) }
    }

    @Test func theUnsuffixedKeysAreNotRead() throws {
        // `co_author` (not `co_author_id`) holds an object here; only the derived key counts.
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        object["co_author"] = ["id": 99, "name": "Nobody"]
        object["tags"] = ["ignored"]
        let book = try JSONDecoder().decode(Book.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(book.coAuthor == 12 && book.tags == ["sf", "classic"])
    }

    @Test func identifierRawValuesHaveTheirTypes() throws {
        #expect(try decode(Author.self, #"{"id": 7, "name": "A"}"#).id.rawValue == 7)
        #expect(
            try decode(Publisher.self, #"{"publisher_code": 9223372036854775807, "name": "P"}"#).id.rawValue
                == Int64.max)
        #expect(try decode(Tag.self, #"{"id": "x-1", "label": "L"}"#).id.rawValue == "x-1")
        #expect(
            try decode(Reader.self, #"{"id": "\#(Self.readerID)", "handle": "h"}"#).id.rawValue
                == UUID(uuidString: Self.readerID))
        let chapter = try decode(Chapter.self, #"{"slug": "intro", "title": "Intro"}"#)
        #expect(chapter.id == Chapter.ID("intro") && chapter.slug == "intro")
        #expect(try decode(Edition.self, #"{"id": 5, "year": 2000}"#).id == Edition.ID(5))
        #expect(try decode(Note.self, #"{"text": "n"}"#) == Note(text: "n"))
        // Identifiers decode from their raw JSON type only.
        #expect(throws: DecodingError.self) { try decode(Author.self, #"{"id": "7", "name": "A"}"#) }
        #expect(throws: DecodingError.self) { try decode(Tag.self, #"{"id": 7, "label": "L"}"#) }
        #expect(throws: DecodingError.self) { try decode(Reader.self, #"{"id": "nope", "handle": "h"}"#) }
        #expect(throws: DecodingError.self) { try decode(Publisher.self, #"{"id": 1, "name": "P"}"#) }
    }

    @Test func identifierTypesAreDistinctPerEntity() {
        // Author and Book both have Int identifiers, yet their ID types differ: one cannot be passed for the other.
        #expect(!same(Author.ID.self, Book.ID.self))
        #expect(same(Author.ID.RawValue.self, Book.ID.RawValue.self))
        #expect(!same(Tag.ID.self, Chapter.ID.self) && same(Tag.ID.RawValue.self, Chapter.ID.RawValue.self))
        #expect(same(Publisher.ID.RawValue.self, Int64.self) && same(Edition.ID.RawValue.self, Int64.self))
        #expect(same(Reader.ID.RawValue.self, UUID.self))
        #expect(same(Book.ID.self, Identifier<Book, Int>.self))
        #expect(same(Edition.ID.self, Identifier<Edition, Int64>.self))
        // The typed properties carry the related entity's identifier type.
        #expect(same(type(of: Self.sample.coAuthor), Author.ID.self))
        #expect(same(type(of: Self.sample.tags), [Tag.ID].self))
        #expect(same(type(of: Self.sample.firstEdition), Edition.ID.self))
    }

    static let sample = try! JSONDecoder().decode(Book.self, from: Data(book.utf8))

    // MARK: Failable items

    @Test func aBadRelatedObjectIsDroppedAndReported() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        object["editions"] = [
            ["id": 1, "year": 2001], ["id": "x", "year": 2002], ["year": 2003], ["id": 4, "year": 2004],
        ]
        object["tag_ids"] = ["a", 5, "b"]
        object["ratings"] = [1, "two", 3]
        let data = try JSONSerialization.data(withJSONObject: object)
        let (book, issues) = try DecodingIssueReporter.collectingIssues {
            try JSONDecoder().decode(Book.self, from: data)
        }
        #expect(book.editions == [Edition(id: 1, year: 2001), Edition(id: 4, year: 2004)])
        #expect(book.tags == ["a", "b"])
        #expect(book.ratings == [1, 3])
        #expect(issues.count == 4)
        #expect(issues.contains { $0.kind == .droppedItem(index: 1) && $0.codingPath.hasPrefix("editions[1]") })
        #expect(issues.contains { $0.kind == .droppedItem(index: 2) && $0.codingPath.hasPrefix("editions[2]") })
        #expect(issues.contains { $0.kind == .droppedItem(index: 1) && $0.codingPath.hasPrefix("tag_ids[1]") })
        #expect(issues.contains { $0.kind == .droppedItem(index: 1) && $0.codingPath.hasPrefix("ratings[1]") })
    }

    @Test func aBadItemInANestedRelatedListIsReportedWithItsPath() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        var related = try #require(object["related"] as? [[String: Any]])
        related[0]["editions"] = [["id": "bad"]]
        related.append(["id": "not a book"])
        object["related"] = related
        let data = try JSONSerialization.data(withJSONObject: object)
        let (book, issues) = try DecodingIssueReporter.collectingIssues {
            try JSONDecoder().decode(Book.self, from: data)
        }
        #expect(book.related?.count == 1 && book.related?[0].editions == [])
        #expect(issues.map(\.kind) == [.droppedItem(index: 0), .droppedItem(index: 1)])
        #expect(issues[0].codingPath.hasPrefix("related[0].editions[0]"))
        #expect(issues[1].codingPath.hasPrefix("related[1]"))
    }

    @Test func withoutFailableItemsOneBadItemFailsTheWholeDecode() throws {
        for (key, value) in [
            ("strict", [["id": 1, "year": 2001], ["id": "x"]] as Any), ("strict_tag_ids", ["a", 5] as Any),
        ] {
            var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
            object[key] = value
            let data = try JSONSerialization.data(withJSONObject: object)
            let (_, issues) = DecodingIssueReporter.collectingIssues {
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(Book.self, from: data) }
            }
            #expect(issues.isEmpty, "nothing is reported when the decode fails")
        }
    }

    @Test func aFailableListMustStillBeAList() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        object["editions"] = ["id": 1]
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Book.self, from: data) }
    }

    @Test func aBadRequiredToOneFailsTheParent() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? [String: Any])
        object["author"] = ["id": 1]
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Book.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test func metadataListsAreFailableToo() throws {
        let (metadata, issues) = try DecodingIssueReporter.collectingIssues {
            try decode(BookMetadata.self, #"{"position": 3, "scores": [1.5, "x", 2]}"#)
        }
        #expect(metadata == BookMetadata(position: 3, scores: [1.5, 2]))
        #expect(issues.map(\.kind) == [.droppedItem(index: 1)])
        #expect(try decode(BookMetadata.self, "{}") == BookMetadata())
    }

    // MARK: Structs and encoding

    @Test func aStructSubtypeHoldsRelationships() throws {
        let (shelf, issues) = try DecodingIssueReporter.collectingIssues {
            try decode(Shelf.self, #"{"label": "Best", "book_ids": [1, "two", 3], "featured": \#(Self.book)}"#)
        }
        #expect(shelf.label == "Best" && shelf.books == [1, 3] && shelf.featured?.title == "Dune")
        #expect(issues.map(\.codingPath) == ["book_ids[1]"])
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(shelf)) as? [String: Any])
        #expect(encoded["book_ids"] as? [Int] == [1, 3] && encoded["books"] == nil)
    }

    @Test func encodingWritesTheSameKeysAndRoundTrips() throws {
        let book = try decode(Book.self, Self.book)
        let data = try JSONEncoder().encode(book)
        #expect(try JSONDecoder().decode(Book.self, from: data) == book)
        let original = try #require(try JSONSerialization.jsonObject(with: json(Self.book)) as? NSDictionary)
        let again = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        #expect(original == again, "\(String(decoding: data, as: UTF8.self))")
    }

    /// A request body holding the book sends its `id_only` UUID relationship (`reader_refs`, `Reader.ID`s) and a
    /// reader's own UUID identifier in lower case (`JSONBodyEncoder`, what generated resources encode JSON bodies
    /// with), and they read back as the same identifiers.
    @Test func uuidIdentifiersAndRelationshipsGoInLowerCase() throws {
        let book = try decode(Book.self, Self.book)
        let lower = Self.readerID.lowercased()
        let sent = try #require(
            try JSONSerialization.jsonObject(with: JSONBodyEncoder.encode(book)) as? [String: Any])
        #expect(sent["reader_refs"] as? [String] == [lower])
        #expect(try JSONDecoder().decode(Book.self, from: JSONBodyEncoder.encode(book)) == book)
        let reader = try decode(Reader.self, #"{"id": "\#(Self.readerID)", "handle": "h"}"#)
        let readerSent = String(decoding: try JSONBodyEncoder.encode(reader), as: UTF8.self)
        #expect(readerSent.contains(#""id":"\#(lower)""#) && !readerSent.contains(Self.readerID))
    }

    @Test func identifiersAreBuiltFromLiterals() {
        let book = Book(
            id: 5, title: "T", author: Author(id: 1, name: "A"), coAuthor: 2, tags: ["t"], readers: [], chapters: ["c"],
            firstEdition: 7, imprint: 9, editions: [], strictEditions: [], ratings: [], strictTags: [])
        #expect(book.id.rawValue == 5 && book.imprint.rawValue == 9 && book.chapters[0].rawValue == "c")
        #expect(book.id.description == "5")
    }
}
