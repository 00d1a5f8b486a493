/// The files `lucid-gen init` writes: a small spec for a real-looking API (a bookshelf), valid and lint-clean,
/// with comments that point to the parts of docs/Spec.md a new user needs next; the example body its endpoint
/// answers with in previews and tests; and a Swift file for the module's own code, which is also what lets the
/// folder be a SwiftPM target that LucidGenPlugin generates the code of.
enum StarterSpec {
    /// One file `init` writes: its name inside the folder, and its text.
    struct File {
        var name: String
        var contents: String
    }

    /// The spec's file name.
    static let specName = "bookshelf.lucid.yaml"

    /// The Swift file's name: the spec's module, as SwiftPM targets are usually named.
    static let swiftFileName = "Bookshelf.swift"

    /// What `init` writes, the spec first, then the example, then the Swift file.
    static let files = [
        File(name: specName, contents: spec), File(name: "book.json", contents: example),
        File(name: swiftFileName, contents: swiftFile),
    ]

    static let spec = """
        # A starter lucid-gen spec. Describe your API here, then check it and generate the Swift code:
        #   lucid-gen lint bookshelf.lucid.yaml
        #   lucid-gen generate bookshelf.lucid.yaml
        # The whole format, key by key: docs/Spec.md in lucid-gen (its sections are named below).
        lucid: 1
        module: Bookshelf                      # prefixes module-wide names: BookshelfServers, ...
        # Who sees the generated declarations ("2. Top-level settings"): with `internal`, only the target (module)
        # they are compiled in. Write `access: public` when they are a target of their own that other targets import
        # (say, a library target with LucidGenPlugin); otherwise those targets get "cannot find 'BookshelfServers'
        # in scope".
        access: internal
        output: Generated                      # where `generate` writes, relative to this file

        # Base URLs per environment; the first is the default (docs/Spec.md, "3. Servers and environments").
        servers:
          api:
            production: https://api.example.com/v1
            local: http://127.0.0.1:8080/v1

        # How requests authenticate; your app's CredentialProvider supplies the token ("4. Auth schemes").
        auth:
          token: bearer

        # The objects the API returns, each a Codable struct with a typed ID ("6. Entities").
        entities:
          book:
            description: A book in the catalogue.
            identifier: int                    # read from "id"; Swift gets Book.ID
            properties:
              title: string
              authors: { type: "[string]", default: [] }
              published_on: { type: date, format: yyyy-MM-dd, nullable: true }
              page_count: { type: int, nullable: true }
              cover_url: { type: url, nullable: true }

        # Endpoints, grouped into services ("7. Services and endpoints").
        services:
          books:
            auth: token
            endpoints:
              book:
                description: One book, by its identifier.
                get: /books/{id}
                params: { id: book }           # a Book.ID, sent as its raw value
                response: { entity: book }
                cache: { ttl: 60 }             # answered from the cache for 60 s ("7.7 Cache")
                example: book.json             # a canned answer: lint checks it, previews and tests use it ("7.8")
              # A list endpoint looks like this ("7.4 Response"):
              # search:
              #   get: /books
              #   query: { q: string, page: { type: int, default: 1 } }
              #   response: { base_key: results, entity: { name: book, structure: array } }

        """

    static let example = """
        {
          "id": 42,
          "title": "The Left Hand of Darkness",
          "authors": ["Ursula K. Le Guin"],
          "published_on": "1969-03-01",
          "page_count": 304,
          "cover_url": "https://covers.example.com/42.jpg"
        }

        """

    static let swiftFile = """
        // The Bookshelf module's own Swift code goes here, beside the code lucid-gen generates from
        // bookshelf.lucid.yaml: extensions of the generated types, helpers, what your app adds. For example:
        //
        //     extension Book {
        //         /// "Ursula K. Le Guin", or "Anonymous" when the book names no author.
        //         var byline: String { authors.isEmpty ? "Anonymous" : authors.joined(separator: ", ") }
        //     }
        //
        // Keep a Swift file in this folder when LucidGenPlugin generates the code at build time: SwiftPM builds a
        // target, and runs its plugins, only when its folder holds a Swift file. A folder with only the spec and
        // book.json is no target at all: SwiftPM warns "Source files for target ... should be located under ..."
        // and builds nothing.

        """
}
