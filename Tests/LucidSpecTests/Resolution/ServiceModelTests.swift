import Testing

@testable import LucidSpec

/// Services and endpoints: inheritance, defaults and every option.
@Suite struct ServiceModelTests {
    private static let spec = """
        lucid: 1
        module: Shop
        servers:
          api: https://api.example.com
          files: https://files.example.com
        auth:
          key: { in: query, name: api_key }
          user: bearer
        subtypes:
          login: { properties: { name: string, remember: bool } }
          outcome: { properties: { ok: bool } }
          order: { cases: [asc, desc] }
        entities:
          item: { identifier: int, properties: { name: string } }
        services:
          items:
            server: api
            auth: key
            endpoints:
              list:
                get: /items
                query:
                  page: { type: int, default: 1 }
                  ids: "[int]"
                  order: { type: order, nullable: true, key: sort }
                headers:
                  trace: { type: string, key: X-Trace, nullable: true }
                response:
                  base_key: data.page
                  entity: { name: item, key: results, structure: array }
                  metadata: { total: int }
                  excluded_paths: [results.meta, other]
                cache: { ttl: 30 }
                example: fixtures/list.json
              one:
                get: /items/{id}
                params: { id: int }
                response: { entity: item }
                timeout: 5
                deduplicate: false
              nested:
                get: /groups
                response: { base_key: [a, b.c], entity: { name: item, key: items, structure: flattened_arrays, nullable: true, failable_items: false } }
              create:
                post: /items
                body: item
                auth: user
                queue: true
                response: { type: outcome }
              login:
                post: /login
                auth: none
                body: { form: login }
                queue: { order: barrier, persist: true, retry: { on: [network, 503], max_attempts: 5, backoff: 0.5 } }
                response: { type: string, base_key: token }
              upload:
                put: /files/{name}
                server: files
                params: { name: string }
                body: { raw: true }
                response: none
              replace:
                patch: /items
                body: { json: "[item]" }
                queue: { retry: [timeout, 429] }
              remove:
                delete: /items/{id}
                params: { id: int }
                queue: false
              ping:
                head: /ping
          misc:
            endpoints:
              raw_upload:
                post: /raw
                server: files
                body: { raw: true, content_type: image/png }
        """

    private func loadSpec() throws -> Spec {
        let result = TemporarySpec.load(
            Self.spec, files: ["fixtures/list.json": #"{"data": {"page": {"results": [], "total": 0}}}"#])
        #expect(TemporarySpec.messages(result) == [])
        return try #require(result.spec)
    }

    private func endpoint(_ name: String) throws -> Endpoint {
        try #require(loadSpec().services.flatMap(\.endpoints).first { $0.name == name })
    }

    @Test func serviceDefaults() throws {
        let spec = try loadSpec()
        #expect(spec.services.map(\.name) == ["items", "misc"])
        #expect(spec.services[0].server == "api" && spec.services[0].auth == "key")
        #expect(spec.services[1].server == nil && spec.services[1].auth == nil)
    }

    @Test func methodsPathsAndInheritance() throws {
        let spec = try loadSpec()
        let endpoints = spec.services[0].endpoints
        #expect(endpoints.map(\.method) == [.get, .get, .get, .post, .post, .put, .patch, .delete, .head])
        #expect(
            endpoints.map(\.path) == [
                "/items", "/items/{id}", "/groups", "/items", "/login", "/files/{name}", "/items", "/items/{id}",
                "/ping",
            ])
        #expect(endpoints.map(\.auth) == ["key", "key", "key", "user", nil, "key", "key", "key", "key"])
        #expect(endpoints.map(\.server) == ["api", "api", "api", "api", "api", "files", "api", "api", "api"])
        #expect(endpoints.map(\.deduplicate) == [true, false, true, false, false, false, false, false, true])
        #expect(endpoints[1].pathPlaceholders == ["id"] && endpoints[1].timeout == 5 && endpoints[0].timeout == nil)
    }

    @Test func parameters() throws {
        let list = try endpoint("list")
        #expect(list.query.map(\.name) == ["page", "ids", "order"])
        #expect(list.query[0].defaultValue == .int(1) && list.query[1].type == .array(.scalar(.int)))
        #expect(list.query[2].type == .subtype("order") && list.query[2].keyPath == ["sort"] && list.query[2].nullable)
        #expect(list.headers.map(\.keyPath) == [["X-Trace"]])
        #expect(try endpoint("one").params.map(\.type) == [.scalar(.int)])
    }

    @Test func bodies() throws {
        #expect(try endpoint("list").body == nil)
        #expect(try endpoint("create").body == .json(.entity("item")))
        #expect(try endpoint("login").body == .form("login"))
        #expect(try endpoint("upload").body == .raw(contentType: "application/octet-stream"))
        #expect(try endpoint("replace").body == .json(.array(.entity("item"))))
        #expect(try endpoint("raw_upload").body == .raw(contentType: "image/png"))
    }

    @Test func responses() throws {
        let list = try endpoint("list").response
        #expect(list.baseKey == ["data", "page"])
        #expect(
            list.body
                == .entity(
                    EntityPayload(
                        entity: "item", keyPath: ["results"], structure: .array, nullable: false, failableItems: true)))
        #expect(list.metadata.map(\.name) == ["total"] && list.excludedPaths == [["results", "meta"], ["other"]])
        #expect(
            try endpoint("one").response.body
                == .entity(
                    EntityPayload(
                        entity: "item", keyPath: nil, structure: .single, nullable: false, failableItems: true)))
        let nested = try endpoint("nested").response
        #expect(nested.baseKey == ["a", "b.c"])
        #expect(
            nested.body
                == .entity(
                    EntityPayload(
                        entity: "item", keyPath: ["items"], structure: .flattenedArrays, nullable: true,
                        failableItems: false)))
        #expect(try endpoint("create").response.body == .type(.subtype("outcome")))
        #expect(try endpoint("login").response.baseKey == ["token"])
        #expect(try endpoint("upload").response.body == .none && endpoint("remove").response.body == .none)
    }

    @Test func queueAndCache() throws {
        #expect(try endpoint("list").cache == CacheOptions(ttl: 30) && endpoint("one").cache == nil)
        #expect(try endpoint("list").queue == nil)
        #expect(
            try endpoint("create").queue
                == QueueOptions(order: .concurrent, persist: false, retry: [], maxAttempts: 3, backoff: 1))
        #expect(
            try endpoint("login").queue
                == QueueOptions(
                    order: .barrier, persist: true, retry: [.network, .status(503)], maxAttempts: 5, backoff: 0.5))
        #expect(try endpoint("replace").queue?.retry == [.timeout, .status(429)])
        #expect(try endpoint("remove").queue == nil)
    }

    @Test func examplePathIsRelativeToTheDeclaringFile() throws {
        let spec = try loadSpec()
        let example = try #require(spec.services[0].endpoints[0].example)
        #expect(example.hasSuffix("/fixtures/list.json"))
        #expect(spec.files.contains(example))
    }

    @Test func singleServerIsImplicit() throws {
        let result = TemporarySpec.load(
            TemporarySpec.header + "\nservices:\n  s:\n    endpoints:\n      e: { get: /e }\n")
        #expect(result.spec?.services.first?.endpoints.first?.server == "api")
        #expect(TemporarySpec.messages(result) == [])
    }
}
