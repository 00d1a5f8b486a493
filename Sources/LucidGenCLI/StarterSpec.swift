/// The files `lucid-gen init` writes: a small spec for a real-looking API (a bookshelf), valid and lint-clean,
/// with comments that point to the parts of docs/Spec.md a new user needs next, and the example body its
/// endpoint answers with in previews and tests.
enum StarterSpec {
    /// One file `init` writes: its name inside the folder, and its text.
    struct File {
        var name: String
        var contents: String
    }

    /// The spec's file name.
    static let specName = "bookshelf.lucid.yaml"

    /// What `init` writes, the spec first.
    static let files = [File(name: specName, contents: spec), File(name: "book.json", contents: example)]

    static let spec = """
        # A starter lucid-gen spec. Describe your API here, then check it and generate the Swift code:
        #   lucid-gen lint bookshelf.lucid.yaml
        #   lucid-gen generate bookshelf.lucid.yaml
        # The whole format, key by key: docs/Spec.md in lucid-gen (its sections are named below).
        lucid: 1
        module: Bookshelf                      # prefixes module-wide names: BookshelfServers, ...
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
}
