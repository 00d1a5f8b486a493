import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidCodeGen

/// Snippet tests of endpoints: a few lines of YAML, the exact Swift of each kind of request (parameters, JSON,
/// form and multipart bodies, queued, paged, cached) and of the module-wide declarations (auth, error payload,
/// servers). The golden cases show whole modules; these one construct each.
@Suite struct EndpointSnippetTests {
    /// The part of the generated file `path` from `start` through the first `end` after it.
    static func swift(_ yaml: String, file path: String, from start: String, through end: String) throws -> String {
        let rest = try SnippetTests.swift(yaml, file: path, from: start)
        let range = try #require(rest.range(of: end), "\(path) has no '\(end)' after '\(start)'")
        return String(rest[..<range.upperBound])
    }

    static let orders = """
        lucid: 1
        module: Shop
        servers:
          api: https://shop.example.com
        auth:
          token: bearer
        error_payload: problem
        subtypes:
          problem: { properties: { message: string } }
          order_form:
            properties:
              item: string
              count: int
          photo_form:
            properties:
              caption: string
              file: file_upload
          order_page:
            properties:
              orders: "[order]"
              next: string?
        entities:
          order:
            properties:
              item: string
        services:
          orders:
            auth: token
            endpoints:
              find:
                get: /shops/{shop}/orders
                params: { shop: int }
                query: { status: string?, limit: { type: int, default: 20 } }
                headers: { trace: { type: string, key: X-Trace-Id, nullable: true } }
                response: { entity: { name: order, structure: array } }
              create:
                post: /orders
                body: order
                response: { entity: order }
              submit:
                post: /orders/form
                body: { form: order_form }
                response: none
              photo:
                post: /orders/photo
                body: { multipart: photo_form }
                response: none
              cancel:
                post: /orders/{id}/cancel
                params: { id: string }
                response: none
                queue: true
              all:
                get: /orders/all
                paging: { next_url: next }
                response: { type: order_page }
              latest:
                get: /orders/latest
                cache: { ttl: 60 }
                response: { entity: order }
        """

    /// A GET with a path parameter, query items (one with a default) and a header: the resource function.
    @Test func aGETWithPathQueryAndHeaderParameters() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func fetchFindResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func fetchFindResource(
                        shop: Int,
                        status: String? = nil,
                        limit: Int = 20,
                        trace: String? = nil
                    ) -> BackendResource<Void, OrdersFindResponse, TokenAuth> {
                        var query = ParameterList()
                        query.add("status", status)
                        query.add("limit", limit)
                        var headers = ParameterList()
                        headers.add("X-Trace-Id", trace)
                        return BackendResource(
                            name: "orders.find",
                            server: "api",
                            method: .get,
                            path: ResourcePath("/shops/{shop}/orders", parameters: ["shop": shop.parameterText]),
                            query: query.items,
                            headers: headers.headers,
                            deduplicate: true,
                            readResponse: { try OrdersFindResponse.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// Map query items sent as deep objects (`metadata[order]=42`): `[String: T]` parameters (optional when
    /// nullable, `[:]` for a `{}` default) added with `style: .deepObject`.
    @Test func deepObjectQueryMaps() throws {
        let yaml = """
            lucid: 1
            module: Shop
            servers:
              api: https://shop.example.com
            subtypes:
              tier: { cases: [gold, basic] }
            services:
              customers:
                endpoints:
                  list:
                    get: /customers
                    query:
                      metadata: { type: "{string: string}", style: deep_object, nullable: true }
                      created: { type: "{string: int}", style: deep_object, default: {} }
                      tiers: { type: "{string: tier}", style: deep_object }
            """
        let swift = try Self.swift(
            yaml, file: "Services/CustomersService.swift", from: "    static func fetchListResource(",
            through: "return BackendResource(")
        #expect(
            swift == #"""
                    static func fetchListResource(
                        metadata: [String: String]? = nil,
                        created: [String: Int] = [:],
                        tiers: [String: Tier]
                    ) -> BackendResource<Void, EmptyResponse, NoAuth> {
                        var query = ParameterList()
                        query.add("metadata", metadata, style: .deepObject)
                        query.add("created", created, style: .deepObject)
                        query.add("tiers", tiers, style: .deepObject)
                        return BackendResource(
                """#)
    }

    /// A JSON body: the entity is the request type, encoded as JSON.
    @Test func aJSONBody() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func createResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func createResource() -> BackendResource<Order, Order, TokenAuth> {
                        return BackendResource(
                            name: "orders.create",
                            server: "api",
                            method: .post,
                            path: ResourcePath("/orders"),
                            bodyEncoding: .json,
                            deduplicate: false,
                            encodeBody: { try JSONBodyEncoder.encode($0) },
                            readResponse: { try Order.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// A form body: a struct subtype sent as `application/x-www-form-urlencoded`.
    @Test func aFormBody() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func submitResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func submitResource() -> BackendResource<OrderForm, EmptyResponse, TokenAuth> {
                        return BackendResource(
                            name: "orders.submit",
                            server: "api",
                            method: .post,
                            path: ResourcePath("/orders/form"),
                            bodyEncoding: .form,
                            deduplicate: false,
                            encodeBody: { try FormURLEncoder.encode($0) },
                            readResponse: { try EmptyResponse.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// A multipart body: one boundary for the header and the encoder.
    @Test func aMultipartBody() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func photoResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func photoResource() -> BackendResource<PhotoForm, EmptyResponse, TokenAuth> {
                        let boundary = MultipartFormEncoder.boundary()
                        return BackendResource(
                            name: "orders.photo",
                            server: "api",
                            method: .post,
                            path: ResourcePath("/orders/photo"),
                            bodyEncoding: .multipart(boundary: boundary),
                            deduplicate: false,
                            encodeBody: { try MultipartFormEncoder.encode($0, boundary: boundary) },
                            streamBody: { try MultipartFormEncoder.streamed($0, boundary: boundary) },
                            readResponse: { try EmptyResponse.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// A queued endpoint: its resource carries the queue options.
    @Test func aQueuedEndpointsResource() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func cancelResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func cancelResource(id: String) -> BackendResource<Void, EmptyResponse, TokenAuth> {
                        return BackendResource(
                            name: "orders.cancel",
                            server: "api",
                            method: .post,
                            path: ResourcePath("/orders/{id}/cancel", parameters: ["id": id.parameterText]),
                            deduplicate: false,
                            queue: QueueOptions(order: .concurrent, persist: false, retry: [], maxAttempts: 3, backoff: 1),
                            readResponse: { try EmptyResponse.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// A queued endpoint: the controller's `enqueue…` method.
    @Test func aQueuedEndpointsEnqueueMethod() throws {
        let swift = try Self.swift(
            Self.orders, file: "BusinessControllers/OrdersBusinessController.swift",
            from: "    /// Queues `POST /orders/{id}/cancel`", through: "\n    }\n")
        #expect(
            swift == #"""
                    /// Queues `POST /orders/{id}/cancel` on the controller's queue and returns the queued request's id;
                    /// the response reaches `didFinishOrdersCancel` of the queue's `ShopResponseRouter`.
                    @discardableResult
                    func enqueueCancel(id: String) async throws(APIError) -> UUID {
                        try await accessible.accessor(for: TokenAuth.self).enqueue(OrdersService.cancelResource(id: id), on: queue)
                    }
                """# + "\n")
    }

    /// A queued endpoint: the router decodes its result for the handling's closure.
    @Test func aQueuedEndpointsResultIsRouted() throws {
        let swift = try Self.swift(
            Self.orders, file: "ResponseHandling/ShopResponseHandling.swift", from: "    func route(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    func route(_ request: QueuedRequest, _ result: Result<HTTPResponse, any Error>) async -> Bool {
                        switch request.endpoint {
                        case "orders.cancel":
                            guard let handle = handler.didFinishOrdersCancel else { return false }
                            await handle(
                                request.typedResult(
                                    result,
                                    readResponse: { try EmptyResponse.decode(from: $0) },
                                    errorPayload: errorPayload
                                ),
                                request
                            )
                        default:
                            return false
                        }
                        return true
                    }
                """# + "\n")
    }

    /// A paged endpoint: the controller's `…Pages` method, following the next URL in the body.
    @Test func aPagedEndpoint() throws {
        let swift = try Self.swift(
            Self.orders, file: "BusinessControllers/OrdersBusinessController.swift",
            from: "    /// The pages of `fetchAll`", through: "\n    }\n")
        #expect(
            swift == #"""
                    /// The pages of `fetchAll`, in order from the one the values ask for; each is requested only when iteration reaches
                    /// it, and at most `maxPages` are.
                    func allPages(maxPages: Int) -> PageSequence<OrderPage> {
                        PageSequence(
                            first: OrdersService.fetchAllResource(),
                            paging: .nextURL(at: ["next"]),
                            maxPages: maxPages,
                            count: { $0.orders.count },
                            accessor: accessible.accessor(for: TokenAuth.self)
                        )
                    }
                """# + "\n")
    }

    /// A cached GET: its resource carries the time to live.
    @Test func aCachedGETsResource() throws {
        let swift = try Self.swift(
            Self.orders, file: "Services/OrdersService.swift", from: "    static func fetchLatestResource(",
            through: "\n    }\n")
        #expect(
            swift == #"""
                    static func fetchLatestResource() -> BackendResource<Void, Order, TokenAuth> {
                        return BackendResource(
                            name: "orders.latest",
                            server: "api",
                            method: .get,
                            path: ResourcePath("/orders/latest"),
                            deduplicate: true,
                            cacheTTL: .seconds(60),
                            readResponse: { try Order.decode(from: $0) }
                        )
                    }
                """# + "\n")
    }

    /// A cached GET: the controller's prefetch method.
    @Test func aCachedGETsPrefetch() throws {
        let swift = try Self.swift(
            Self.orders, file: "BusinessControllers/OrdersBusinessController.swift",
            from: "    /// Fills the cache for `fetchLatest`", through: "\n    }\n")
        #expect(
            swift == #"""
                    /// Fills the cache for `fetchLatest`, so a later call answers without the network.
                    func prefetchLatest() async throws(APIError) {
                        try await accessible.accessor(for: TokenAuth.self).prefetch(OrdersService.fetchLatestResource())
                    }
                """# + "\n")
    }

    /// A response that is a list of entities: its payload type, decoded item by item.
    @Test func anEntityListPayload() throws {
        #expect(
            try SnippetTests.swift(
                Self.orders, file: "Payloads/OrdersFindResponse.swift",
                from: "/// The response of `GET /shops/{shop}/orders`") == #"""
                    /// The response of `GET /shops/{shop}/orders` (orders.find).
                    struct OrdersFindResponse: Sendable, Equatable, ResponsePayload {
                        let orders: [Order]

                        init(
                            orders: [Order]
                        ) {
                            self.orders = orders
                        }

                        init(from decoder: any Decoder) throws {
                            orders = try decoder.decode(.failable(Order.self), at: [])
                        }
                    }
                    """# + "\n")
    }

    /// An auth scheme: a type saying where its credential goes.
    @Test func anAuthScheme() throws {
        #expect(
            try SnippetTests.swift(Self.orders, file: "Auth/TokenAuth.swift", from: "/// The `token` auth scheme")
                == #"""
                /// The `token` auth scheme: resources that need it can only be accessed with its credentials.
                enum TokenAuth: AuthScheme {
                    static let placement = CredentialPlacement.header(name: "Authorization", prefix: "Bearer ")
                }
                """# + "\n")
    }

    static let partners = """
        lucid: 1
        module: Shop
        lexicon: [ID, PAT]
        servers:
          api: https://shop.example.com
        auth:
          client_id: { in: header, name: X-Client-Id }
          secret: { in: header, name: X-Client-Secret }
          token: bearer
          pat: { in: header, name: Authorization, prefix: "token " }
          key: { in: query, name: api_key }
        services:
          partners:
            auth: [client_id, secret, token]
            endpoints:
              orders: { get: /orders }
              repos: { get: /repos, auth: { any_of: [pat, token] } }
              search: { post: /search, auth: { any_of: [[client_id, secret], key, none] } }
          empty:
            endpoints: {}
        """

    /// Schemes sent together and alternatives: the resource's `Auth` type nests the runtime's `AllOfAuth` and
    /// `AnyOfAuth`, its doc comment says what it accepts, and the service lists it by endpoint name.
    @Test func schemesTogetherAndAlternatives() throws {
        let service = try SnippetTests.swift(Self.partners, file: "Services/PartnersService.swift", from: "enum")
        #expect(
            service.hasPrefix(
                "enum PartnersService {\n    /// Auth: `ClientIDAuth`, `SecretAuth` and `TokenAuth` together.\n"))
        #expect(
            service.contains(
                """
                    /// Auth: `PATAuth`, or `TokenAuth`: the client sends the first it has every credential for.
                    static func fetchReposResource() -> BackendResource<Void, EmptyResponse, AnyOfAuth<PATAuth, TokenAuth>> {
                """))
        #expect(
            service.contains(
                """
                    /// Auth: `ClientIDAuth` and `SecretAuth` together, or `KeyAuth`, or none: the client sends the first it has every
                    /// credential for.
                """))
        #expect(service.contains("AnyOfAuth<AllOfAuth<ClientIDAuth, SecretAuth>, AnyOfAuth<KeyAuth, NoAuth>>"))
        #expect(
            service.hasSuffix(
                #"""

                    /// The credentials each endpoint's requests carry, by endpoint name (`BackendResource.name`, `APIError.endpoint`).
                    static let acceptedAuth: [String: AcceptedAuth] = [
                        "partners.orders": AcceptedAuth(AllOfAuth<ClientIDAuth, AllOfAuth<SecretAuth, TokenAuth>>.self),
                        "partners.repos": AcceptedAuth(AnyOfAuth<PATAuth, TokenAuth>.self),
                        "partners.search": AcceptedAuth(
                            AnyOfAuth<AllOfAuth<ClientIDAuth, SecretAuth>, AnyOfAuth<KeyAuth, NoAuth>>.self
                        ),
                    ]
                }
                """# + "\n"))
        let controller = try SnippetTests.swift(
            Self.partners, file: "BusinessControllers/PartnersBusinessController.swift", from: "    /// Auth: `PATAuth`"
        )
        #expect(controller.contains("accessor(\n            for: AnyOfAuth<PATAuth, TokenAuth>.self\n        )"))
        #expect(
            try SnippetTests.swift(Self.partners, file: "Services/EmptyService.swift", from: "enum") == #"""
                enum EmptyService {
                    /// The credentials each endpoint's requests carry, by endpoint name: none, since the service has no endpoints.
                    static let acceptedAuth: [String: AcceptedAuth] = [:]
                }
                """# + "\n")
    }

    /// The error payload: the decoder `APIClient` takes for non-2xx bodies.
    @Test func theErrorPayload() throws {
        #expect(
            try SnippetTests.swift(Self.orders, file: "ShopErrorPayload.swift", from: "/// The spec's `error_payload`")
                == #"""
                /// The spec's `error_payload`: what non-2xx response bodies decode to.
                enum ShopErrorPayload {
                    /// The body as a `Problem`, or nil when it is not one: pass it to `APIClient(errorPayload:)`, then read
                    /// it back with `error.errorPayload(as: Problem.self)`.
                    static let decode: @Sendable (Data) -> (any Sendable)? = { try? JSONDecoder().decode(Problem.self, from: $0) }
                }
                """# + "\n")
    }

    /// A server without variables: its name and its one environment.
    @Test func aServerWithoutVariables() throws {
        #expect(
            try SnippetTests.swift(Self.orders, file: "ShopServers.swift", from: "/// The servers the spec names")
                == #"""
                /// The servers the spec names, each with its environments (the first is the default).
                enum ShopServers {
                    static let api: ServerName = "api"

                    /// Every server's environments, for `APIClient(environments:)`; `current` picks the environment in use (one the
                    /// spec declares: a name read at run time goes through `try environments.switch(to:)`, which refuses others).
                    static func environments(current: String? = nil) -> ServerEnvironments {
                        ServerEnvironments(servers: [
                            ("api", [
                                .init(name: "default", baseURL: "https://shop.example.com"),
                            ]),
                        ], current: current)
                    }
                }
                """# + "\n")
    }
}
