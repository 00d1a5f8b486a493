import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen

/// Snippet tests: a few lines of YAML, the exact Swift one feature becomes. The golden cases show whole
/// modules; these show one construct each, so a change to it is read in one place.
@Suite struct SnippetTests {
    /// The generated file at `path` (from the declaration `from` on, skipping the header and imports) of the
    /// spec `yaml`, which must lint clean.
    static func swift(_ yaml: String, file path: String, from start: String) throws -> String {
        let result = SpecLoader().load(yaml: yaml, file: "shop.lucid.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let spec = try #require(result.spec)
        let files = try Generator(spec: spec, specFile: "shop.lucid.yaml", templates: TemplateSet.embedded()).files()
        let contents = try #require(files.first { $0.path == path }?.contents, "no \(path) among \(files.map(\.path))")
        let range = try #require(contents.range(of: start), "\(path) has no '\(start)'")
        return String(contents[range.lowerBound...])
    }

    static let shop = """
        lucid: 1
        module: Shop
        servers:
          api: https://shop.example.com
        auth:
          token: bearer

        """

    /// A keyword as endpoint name, `self` as a parameter, a query item named like the generated local and a
    /// duration on the wire.
    static let orders =
        shop + """
            services:
              orders:
                endpoints:
                  default:
                    post: /orders/{self}
                    params: { self: int }
                    query: { query: string, wait: seconds }
                    response: none
            """

    @Test func aResourceWithAKeywordNameSelfAndALocalsName() throws {
        #expect(
            try Self.swift(Self.orders, file: "Services/OrdersService.swift", from: "enum OrdersService") == #"""
                enum OrdersService {
                    static func defaultResource(
                        `self` _self: Int,
                        query: String,
                        wait: Duration
                    ) -> BackendResource<Void, EmptyResponse, NoAuth> {
                        var queryList = ParameterList()
                        queryList.add("query", query)
                        queryList.add("wait", wait, unit: .seconds)
                        return BackendResource(
                            name: "orders.default",
                            server: "api",
                            method: .post,
                            path: ResourcePath("/orders/{self}", parameters: ["self": _self.parameterText]),
                            query: queryList.items,
                            deduplicate: false,
                            readResponse: { try EmptyResponse.decode(from: $0) }
                        )
                    }

                    /// The credentials each endpoint's requests carry, by endpoint name (`BackendResource.name`, `APIError.endpoint`).
                    static let acceptedAuth: [String: AcceptedAuth] = [
                        "orders.default": AcceptedAuth(NoAuth.self),
                    ]
                }
                """# + "\n")
    }

    @Test func aControllerMethodWithAKeywordNameAndSelf() throws {
        let swift = try Self.swift(
            Self.orders, file: "BusinessControllers/OrdersBusinessController.swift",
            from: "protocol OrdersBusinessControllerProtocol")
        #expect(
            swift == #"""
                protocol OrdersBusinessControllerProtocol: Sendable {
                    func `default`(`self` _self: Int, query: String, wait: Duration) async throws(APIError) -> EmptyResponse
                }

                /// The live business controller: sends each resource of `OrdersService` through an `APIClient` (or, in a test,
                /// any `ResourceSending` fake, without a transport).
                struct OrdersBusinessController: OrdersBusinessControllerProtocol {
                    let accessible: any ResourceSending

                    init(accessible: any ResourceSending) {
                        self.accessible = accessible
                    }

                    func `default`(`self` _self: Int, query: String, wait: Duration) async throws(APIError) -> EmptyResponse {
                        try await accessible.unauthenticated.access(
                            OrdersService.defaultResource(self: _self, query: query, wait: wait)
                        )
                    }
                }
                """# + "\n")
    }

    /// A cached GET (a prefetch) and a queued POST (an enqueue) in a client's previews and stubs.
    @Test func clientPreviewsOfPrefetchesAndEnqueues() throws {
        let yaml =
            Self.shop + """
                services:
                  carts:
                    auth: token
                    endpoints:
                      cart:
                        get: /carts/{id}
                        params: { id: int }
                        cache: { ttl: 60 }
                        response: none
                      checkout:
                        post: /carts/{id}/checkout
                        params: { id: int }
                        response: none
                        queue: true
                """
        let file = try Self.swift(yaml, file: "Clients/CartsClient.swift", from: "    static let preview")
        // Up to the end of the `unimplemented` extension; the labelled-calls extension follows.
        let swift = try String(file[..<#require(file.range(of: "\n}\n\n///")).lowerBound]) + "\n}\n"
        #expect(
            swift == #"""
                    static let preview = CartsClient(
                        fetchCart: { _ in EmptyResponse() },
                        prefetchCart: { _ in },
                        checkout: { _ in EmptyResponse() },
                        enqueueCheckout: { _ in UUID() }
                    )
                }

                extension CartsClient {
                    /// Every closure throws an `APIError` of kind `.unimplemented`, naming itself: start tests from this and
                    /// override what they need.
                    static let unimplemented = CartsClient(
                        fetchCart: { _ in throw APIError.unimplemented("CartsClient.fetchCart", endpoint: "carts.cart", method: .get) },
                        prefetchCart: { _ in
                            throw APIError.unimplemented("CartsClient.prefetchCart", endpoint: "carts.cart", method: .get)
                        },
                        checkout: { _ in
                            throw APIError.unimplemented("CartsClient.checkout", endpoint: "carts.checkout", method: .post)
                        },
                        enqueueCheckout: { _ in
                            throw APIError.unimplemented("CartsClient.enqueueCheckout", endpoint: "carts.checkout", method: .post)
                        }
                    )
                }
                """# + "\n")
    }

    /// A deprecated mutable property keeps a private storage the type's own code uses without warnings; a
    /// property left out of equality is `@EqualityIgnored`.
    /// A generic struct (`generic: item`) is declared once, generic over its item; `page<track>` is `Page<Track>`.
    static let pages =
        shop + """
            subtypes:
              page:
                description: One page of a list.
                generic: item
                properties:
                  items: { type: "[item]", failable_items: true }
                  next: url?
            entities:
              track: { identifier: string, properties: { name: string } }
            services:
              catalog:
                endpoints:
                  tracks: { get: /tracks, response: { type: page<track> } }
            """

    @Test func aGenericStructAndAnInstanceOfIt() throws {
        #expect(
            try Self.swift(Self.pages, file: "Subtypes/Page.swift", from: "/// One page") == #"""
                /// One page of a list.
                struct Page<Item: Sendable>: Sendable {
                    let items: [Item]
                    let next: URL?

                    init(
                        items: [Item],
                        next: URL? = nil
                    ) {
                        self.items = items
                        self.next = next
                    }
                }

                extension Page: Equatable where Item: Equatable {}

                extension Page: Hashable where Item: Hashable {}

                extension Page: ResponsePayload where Item: Codable {}

                extension Page: Codable where Item: Codable {
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        items = try container.decode(.failable(Item.self), at: "items")
                        next = try container.decodeIfPresent(URL.self, at: "next")
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encode(items, at: "items")
                        try container.encodeIfPresent(next, at: "next")
                    }
                }
                """# + "\n")
        let service = try Self.swift(Self.pages, file: "Services/CatalogService.swift", from: "enum CatalogService")
        #expect(service.contains("static func fetchTracksResource() -> BackendResource<Void, Page<Track>, NoAuth> {"))
        #expect(service.contains("readResponse: { try Page<Track>.decode(from: $0) }"))
        // The instance declares nothing of its own: no `Subtypes/Page<Track>.swift`.
        let result = SpecLoader().load(yaml: Self.pages, file: "shop.lucid.yaml")
        let files = try Generator(
            spec: try #require(result.spec), specFile: "shop.lucid.yaml", templates: TemplateSet.embedded()
        ).files()
        #expect(files.map(\.path).filter { $0.hasPrefix("Subtypes/") } == ["Subtypes/Page.swift"])
    }

    @Test func aDeprecatedMutableProperty() throws {
        let yaml = """
            lucid: 1
            module: Shop
            subtypes:
              note:
                properties:
                  text: { type: string, mutable: true, deprecated: Use body. }
                  body: { type: string, mutable: true, use_for_equality: false }
            """
        let swift = try Self.swift(yaml, file: "Subtypes/Note.swift", from: "struct Note")
        let declarations = try #require(swift.range(of: "\n\n    init(")).lowerBound
        #expect(
            swift[..<declarations] == """
                struct Note: Sendable, Hashable {
                    private var _text: String
                    @available(*, deprecated, message: "Use body.")
                    var text: String {
                        get { _text }
                        set { _text = newValue }
                    }
                    @EqualityIgnored var body: String
                """)
        #expect(swift.contains("        if let text { copy._text = text }\n        if let body { copy.body = body }\n"))
        // Left out of equality by its wrapper: Swift synthesizes == and hash(into:), nothing is hand-written.
        #expect(!swift.contains("static func ==") && !swift.contains("func hash(into"))
    }
}

/// `--templates` overrides change what they hold: the Swift of each construct is in its template, not built by
/// a view model, so an edited template shows in the output.
@Suite struct TemplateOverrideTests {
    @Test func editedTemplatesChangeTheirConstructs() throws {
        try withTemporaryFolder("template-override") { folder in
            let structTemplate = try #require(EmbeddedTemplates.all["Struct"])
                .replacingOccurrences(
                    of: "        self.{{storedName}} = {{parameterName}}\n",
                    with: "        self.{{storedName}} = {{parameterName}}  // from {{label}}\n")
            let serviceTemplate = try #require(EmbeddedTemplates.all["Service"])
                .replacingOccurrences(of: "            deduplicate: {{deduplicate}},\n", with: "")
            try structTemplate.write(
                to: folder.appendingPathComponent("Struct.mustache"), atomically: true, encoding: .utf8)
            try serviceTemplate.write(
                to: folder.appendingPathComponent("Service.mustache"), atomically: true, encoding: .utf8)
            let yaml = """
                lucid: 1
                module: Shop
                servers: { api: https://shop.example.com }
                subtypes:
                  note: { properties: { text: string } }
                services:
                  notes:
                    endpoints:
                      latest: { get: /notes/latest, response: none }
                """
            let spec = try #require(SpecLoader().load(yaml: yaml).spec)
            let files = try Generator(
                spec: spec, specFile: "shop.lucid.yaml", templates: TemplateSet.overriding(from: folder.path)
            ).files()
            let note = try #require(files.first { $0.path == "Subtypes/Note.swift" }?.contents)
            #expect(note.contains("        self.text = text  // from text\n"))
            let service = try #require(files.first { $0.path == "Services/NotesService.swift" }?.contents)
            #expect(!service.contains("deduplicate:"))
            #expect(service.contains("            method: .get,\n"))
        }
    }

    /// A nullable property of the type's own type is stored `@Indirect` (with `@EqualityIgnored` and a deprecated
    /// accessor when the spec asks), keeps its type and init parameter, and the type checks its nesting depth first.
    /// A list of its own type needs no box.
    @Test func aCategoryThatHoldsItsParent() throws {
        let yaml =
            SnippetTests.shop + """
                entities:
                  category:
                    identifier: int
                    properties:
                      name: string
                      parent: { type: category, nullable: true }
                      previous_parent: { type: category, nullable: true, deprecated: Use parent., use_for_equality: false, mutable: true }
                      children: "[category]"
                """
        #expect(
            try SnippetTests.swift(yaml, file: "Entities/Category.swift", from: "struct Category") == #"""
                struct Category: Sendable, Hashable, Identifiable {
                    typealias ID = Identifier<Category, Int>

                    let id: ID
                    let name: String
                    @Indirect private(set) var parent: Category?
                    @EqualityIgnored @Indirect private var _previousParent: Category?
                    @available(*, deprecated, message: "Use parent.")
                    var previousParent: Category? {
                        get { _previousParent }
                        set { _previousParent = newValue }
                    }
                    let children: [Category]

                    init(
                        id: ID,
                        name: String,
                        parent: Category? = nil,
                        previousParent: Category? = nil,
                        children: [Category]
                    ) {
                        self.id = id
                        self.name = name
                        self.parent = parent
                        self._previousParent = previousParent
                        self.children = children
                    }

                    /// A copy with the given properties changed; properties left out keep their values.
                    func updated(
                        previousParent: Category?? = nil
                    ) -> Category {
                        var copy = self
                        if let previousParent { copy._previousParent = previousParent }
                        return copy
                    }
                }

                extension Category: Codable {
                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        try container.checkNestingDepth(of: Category.self)
                        id = try container.decode(ID.self, at: "id")
                        name = try container.decode(String.self, at: "name")
                        parent = try container.decodeIfPresent(Category.self, at: "parent")
                        _previousParent = try container.decodeIfPresent(Category.self, at: "previous_parent")
                        children = try container.decode(.failable(Category.self), at: "children")
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encode(id, at: "id")
                        try container.encode(name, at: "name")
                        try container.encodeIfPresent(parent, at: "parent")
                        try container.encodeIfPresent(_previousParent, at: "previous_parent")
                        try container.encode(children, at: "children")
                    }
                }
                """# + "\n")
    }

    /// Two struct subtypes close a cycle: only the nullable link is boxed, and only its owner checks the depth
    /// (each turn of the cycle passes through it).
    @Test func aCycleThroughTwoStructsBoxesOnlyTheNullableLink() throws {
        let yaml =
            SnippetTests.shop + """
                subtypes:
                  comment: { properties: { text: string, thread: { type: thread, nullable: true } } }
                  thread: { properties: { first_comment: comment } }
                """
        let comment = try SnippetTests.swift(yaml, file: "Subtypes/Comment.swift", from: "struct Comment")
        #expect(comment.contains("    @Indirect private(set) var thread: Thread?\n"))
        #expect(comment.contains("        try container.checkNestingDepth(of: Comment.self)\n"))
        let thread = try SnippetTests.swift(yaml, file: "Subtypes/Thread.swift", from: "struct Thread")
        #expect(thread.contains("    let firstComment: Comment\n"))
        #expect(!thread.contains("@Indirect") && !thread.contains("checkNestingDepth"))
    }
}
