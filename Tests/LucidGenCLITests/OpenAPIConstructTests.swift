import Foundation
import LucidTestSupport
import Testing

@testable import LucidGenCLI

/// `lucid-gen openapi`: how each construct of the spec format is described, one small spec at a time.
@Suite struct OpenAPIConstructTests {
    private func export(_ yaml: String) throws -> [String: Any] { try OpenAPICommandTests.export(yaml) }

    private func schema(_ document: [String: Any], _ path: String, _ method: String = "get") -> Any? {
        at(document, "paths", path, method, "responses", "2XX", "content", "application/json", "schema")
    }

    @Test func baseKeysWrapThePayloadAndRootMetadataSitsBesideThem() throws {
        let document = try export(
            """
            servers: { api: https://api.sunrise-sunset.org }
            services:
              sun:
                endpoints:
                  sunrise:
                    get: /json
                    response:
                      base_key: results.sunrise
                      type: date
                      format: epoch_seconds
                      metadata: { status: { type: string, root: true } }
                  list:
                    get: /list
                    response:
                      base_key: [data, "odd.key"]
                      entity: { name: item, key: page.items, structure: array, nullable: true }
                      metadata: { total: int }
            entities:
              item: { identifier: string, properties: { name: string } }
            """)
        let sunrise = try #require(schema(document, "/json") as? [String: Any])
        #expect(at(sunrise, "required") as? [String] == ["results", "status"])
        #expect(at(sunrise, "properties", "status", "type") as? String == "string")
        #expect(at(sunrise, "properties", "results", "required") as? [String] == ["sunrise"])
        let date = try #require(at(sunrise, "properties", "results", "properties", "sunrise") as? [String: Any])
        #expect(date["type"] as? String == "number" && date["x-lucid-date-format"] as? String == "epoch_seconds")
        // A list-form base key keeps a key with a dot whole; a nullable entity list may be null or absent.
        let payload = try #require(at(schema(document, "/list"), "properties", "data", "properties", "odd.key"))
        #expect(at(payload, "required") as? [String] == ["total"])
        let page = try #require(at(payload, "properties", "page") as? [String: Any])
        #expect(page["type"] as? [String] == ["object", "null"])
        let items = try #require(at(page, "properties", "items") as? [String: Any])
        #expect(items["type"] as? [String] == ["array", "null"])
        #expect(at(items, "items", "$ref") as? String == "#/components/schemas/Item")
    }

    /// `nested_array`: each item holds one entity at `key` (Lucid's meaning); `flattened_arrays`: a list of them.
    @Test func itemsHoldingAnEntityOrAListAtTheirKey() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            services:
              shelf:
                endpoints:
                  wrapped:
                    get: /wrapped
                    response: { entity: { name: item, key: item, structure: nested_array } }
                  grouped:
                    get: /grouped
                    response: { entity: { name: item, key: items, structure: flattened_arrays } }
            entities:
              item: { identifier: string, properties: { name: string } }
            """)
        let wrapped = try #require(schema(document, "/wrapped") as? [String: Any])
        #expect(wrapped["type"] as? String == "array")
        #expect(at(wrapped, "items", "required") as? [String] == ["item"])
        #expect(at(wrapped, "items", "properties", "item", "$ref") as? String == "#/components/schemas/Item")
        let grouped = try #require(schema(document, "/grouped") as? [String: Any])
        #expect(grouped["type"] as? String == "array")
        #expect(at(grouped, "items", "properties", "items", "type") as? String == "array")
        #expect(at(grouped, "items", "properties", "items", "items", "$ref") as? String == "#/components/schemas/Item")
    }

    @Test func parametersWithTypesDefaultsStylesAndFixedValues() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            fixed_headers: { User-Agent: Shop/1.0 }
            subtypes:
              state: { cases: [open, { name: all_states, value: all }] }
            entities:
              repo: { identifier: { type: string, key: full_name }, properties: {} }
            services:
              issues:
                endpoints:
                  list:
                    get: /repos/{repo}/contents/{path}
                    params: { repo: repo, path: { type: string, reserved: true } }
                    query:
                      labels: { type: "[string]", nullable: true, style: comma }
                      ids: { type: "[int]", nullable: true, style: brackets }
                      state: { type: state, default: all_states }
                      since: { type: date, format: yyyy-MM-dd, nullable: true }
                      per_page: int
                    headers:
                      if_none_match: { type: string, key: If-None-Match, nullable: true, description: An ETag. }
                    fixed_query: { ref: main }
            """)
        let parameters = try #require(
            at(document, "paths", "/repos/{repo}/contents/{path}", "get", "parameters") as? [[String: Any]])
        func parameter(_ name: String) -> [String: Any] { parameters.first { $0["name"] as? String == name } ?? [:] }
        #expect(
            parameters.compactMap { $0["name"] as? String } == [
                "repo", "path", "labels", "ids[]", "state", "since", "per_page", "ref", "If-None-Match", "User-Agent",
            ])
        #expect(parameter("repo")["in"] as? String == "path" && parameter("repo")["required"] as? Bool == true)
        #expect(at(parameter("repo"), "schema", "type") as? String == "string")
        #expect(at(parameter("repo"), "schema", "x-lucid-identifier-of") as? String == "Repo")
        #expect(parameter("path")["x-lucid-reserved"] as? Bool == true)
        #expect(parameter("labels")["style"] as? String == "form" && parameter("labels")["explode"] as? Bool == false)
        #expect(parameter("labels")["x-lucid-style"] as? String == "comma")
        #expect(parameter("ids[]")["explode"] as? Bool == true)
        #expect(parameter("ids[]")["x-lucid-style"] as? String == "brackets")
        #expect(at(parameter("state"), "schema", "default") as? String == "all")
        #expect(at(parameter("state"), "schema", "$ref") as? String == "#/components/schemas/State")
        #expect(at(parameter("since"), "schema", "format") as? String == "date")
        #expect(parameter("per_page")["required"] as? Bool == true)
        #expect(parameter("state")["required"] as? Bool == false)
        let header = parameter("If-None-Match")
        #expect(header["in"] as? String == "header" && header["description"] as? String == "An ETag.")
        #expect(at(parameter("ref"), "schema", "const") as? String == "main")
        #expect(parameter("User-Agent")["x-lucid-fixed"] as? Bool == true)
        #expect(at(document, "components", "schemas", "State", "enum") as? [String] == ["open", "all"])
    }

    /// A map query item is OpenAPI's `deepObject`, exploded, under its own name, its schema an object of the
    /// values' schema; required unless it may be left out.
    @Test func aDeepObjectQueryMapIsADeepObjectParameter() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            subtypes:
              tier: { cases: [gold, basic] }
            services:
              customers:
                endpoints:
                  list:
                    get: /v1/customers
                    query:
                      metadata: { type: "{string: string}", style: deep_object, nullable: true }
                      created: { type: "{string: int}", style: deep_object }
                      tiers: { type: "{string: tier}", style: deep_object, default: {} }
            """)
        let parameters = try #require(at(document, "paths", "/v1/customers", "get", "parameters") as? [[String: Any]])
        func parameter(_ name: String) -> [String: Any] { parameters.first { $0["name"] as? String == name } ?? [:] }
        #expect(parameters.compactMap { $0["name"] as? String } == ["metadata", "created", "tiers"])
        for name in ["metadata", "created", "tiers"] {
            #expect(parameter(name)["in"] as? String == "query")
            #expect(parameter(name)["style"] as? String == "deepObject", "\(name)")
            #expect(parameter(name)["explode"] as? Bool == true, "\(name)")
            #expect(parameter(name)["x-lucid-style"] == nil, "OpenAPI names it: no extension")
        }
        #expect(at(parameter("metadata"), "schema", "type") as? [String] == ["object", "null"])
        #expect(at(parameter("created"), "schema", "type") as? String == "object")
        #expect(at(parameter("tiers"), "schema", "type") as? String == "object")
        #expect(at(parameter("metadata"), "schema", "additionalProperties", "type") as? String == "string")
        #expect(at(parameter("created"), "schema", "additionalProperties", "type") as? String == "integer")
        #expect(
            at(parameter("tiers"), "schema", "additionalProperties", "$ref") as? String == "#/components/schemas/Tier")
        #expect(parameter("metadata")["required"] as? Bool == false)
        #expect(parameter("created")["required"] as? Bool == true)
        #expect(parameter("tiers")["required"] as? Bool == false)
    }

    @Test func authSchemesAndOperationSecurity() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            auth:
              token: bearer
              login: basic
              partner: { in: header, name: X-Partner, prefix: "Token " }
              key: { in: query, name: api_key }
            services:
              me:
                auth: token
                endpoints:
                  me: { get: /me }
                  open: { get: /open, auth: none }
                  keyed: { get: /keyed, auth: key }
            """)
        let schemes = try #require(at(document, "components", "securitySchemes") as? [String: Any])
        #expect(
            at(schemes, "token", "type") as? String == "http" && at(schemes, "token", "scheme") as? String == "bearer")
        #expect(at(schemes, "login", "scheme") as? String == "basic")
        #expect(
            at(schemes, "partner", "type") as? String == "apiKey" && at(schemes, "partner", "in") as? String == "header"
        )
        #expect(at(schemes, "partner", "x-lucid-prefix") as? String == "Token ")
        #expect(at(schemes, "key", "in") as? String == "query" && at(schemes, "key", "name") as? String == "api_key")
        #expect(at(document, "paths", "/me", "get", "security", 0, "token") as? [Any] != nil)
        #expect(at(document, "paths", "/keyed", "get", "security", 0, "key") as? [Any] != nil)
        #expect(at(document, "paths", "/open", "get", "security") == nil)
        #expect(at(document, "paths", "/me", "get", "operationId") as? String == "Me.fetch")
        #expect(at(document, "paths", "/open", "get", "operationId") as? String == "Me.fetchOpen")
    }

    /// Schemes sent together are one requirement object; alternatives are requirement objects in order, `none` the
    /// empty one.
    @Test func schemesTogetherAndAlternativesInSecurity() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
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
                  search: { get: /search, auth: { any_of: [[client_id, secret], key] } }
                  status: { get: /status, auth: { any_of: [key, none] } }
            """)
        func security(_ path: String) -> [[String: [String]]]? {
            at(document, "paths", path, "get", "security") as? [[String: [String]]]
        }
        func keys(_ path: String) -> [[String]]? { security(path)?.map { $0.keys.sorted() } }
        #expect(keys("/orders") == [["client_id", "secret", "token"]])
        #expect(security("/orders")?.first?.values.allSatisfy(\.isEmpty) == true)
        #expect(keys("/repos") == [["pat"], ["token"]])
        #expect(keys("/search") == [["client_id", "secret"], ["key"]])
        #expect(keys("/status") == [["key"], []])
    }

    /// A generic struct has no schema of its own: each instance is one (`page<track>` → `PageOfTrack`), its
    /// parameters replaced by the arguments, and `x-lucid-generic` says which generic and arguments it stands for.
    @Test func eachInstanceOfAGenericIsASchema() throws {
        let document = try export(
            """
            servers: { api: https://api.spotify.com }
            subtypes:
              page:
                generic: item
                properties: { items: "[item]", next: url?, total: int }
              pair:
                generic: [left, right]
                properties: { left: left, right: right }
              search:
                properties: { tracks: page<track>?, artists: page<artist>?, shelves: "[page<page<int>>]" }
              page_of_string: { properties: { text: string } }
            entities:
              track: { identifier: string, properties: { name: string, album: "pair<string, [int]>?" } }
              artist: { identifier: string, properties: { name: string } }
            services:
              catalog:
                endpoints:
                  tracks: { get: /tracks, response: { type: page<track> } }
                  search: { get: /search, response: { type: search } }
                  seeds: { get: /seeds, response: { type: page<string> } }
            """)
        let schemas = try #require(at(document, "components", "schemas") as? [String: Any])
        #expect(
            schemas.keys.sorted() == [
                "Artist", "PageOfArtist", "PageOfInt", "PageOfPageOfInt", "PageOfString", "PageOfStringInstance",
                "PageOfTrack", "PairOfStringAndListOfInt", "Search", "Track",
            ])
        let tracks = try #require(schemas["PageOfTrack"] as? [String: Any])
        #expect(at(tracks, "properties", "items", "items", "$ref") as? String == "#/components/schemas/Track")
        #expect(at(tracks, "x-lucid-generic", "name") as? String == "page")
        #expect(at(tracks, "x-lucid-generic", "arguments") as? [String] == ["track"])
        // A declared type keeps its name; the instance named like it takes another.
        #expect(at(schemas, "PageOfStringInstance", "properties", "items", "items", "type") as? String == "string")
        #expect(at(schemas, "PageOfString", "properties", "text", "type") as? String == "string")
        #expect(
            at(schemas, "PageOfPageOfInt", "properties", "items", "items", "$ref") as? String
                == "#/components/schemas/PageOfInt")
        #expect(at(schemas, "PairOfStringAndListOfInt", "properties", "right", "items", "type") as? String == "integer")
        #expect(at(schema(document, "/tracks"), "$ref") as? String == "#/components/schemas/PageOfTrack")
        // A nullable instance is the instance's schema or null.
        let artists = try JSONSerialization.data(
            withJSONObject: try #require(at(schemas, "Search", "properties", "artists")))
        #expect(String(decoding: artists, as: UTF8.self).contains(#"PageOfArtist""#))
    }

    @Test func taggedAndUntaggedUnions() throws {
        let document = try export(
            """
            subtypes:
              event:
                discriminator: kind
                one_of: { labeled: label, moved: { type: move, value: moved-event, description: Moved. } }
                unknown: true
              label: { properties: { name: string } }
              move: { properties: { to: int } }
            entities:
              charge:
                properties:
                  customer: { type: { one_of: [string, customer] }, nullable: true }
              customer: { identifier: string, properties: {} }
            """)
        let schemas = try #require(at(document, "components", "schemas") as? [String: Any])
        let event = try #require(schemas["Event"] as? [String: Any])
        #expect(at(event, "discriminator", "propertyName") as? String == "kind")
        #expect(at(event, "discriminator", "mapping", "moved-event") as? String == "#/components/schemas/Move")
        #expect(at(event, "discriminator", "mapping", "labeled") as? String == "#/components/schemas/Label")
        let cases = try #require(event["oneOf"] as? [[String: Any]])
        #expect(cases.count == 3)
        #expect(at(cases[1], "allOf", 0, "$ref") as? String == "#/components/schemas/Move")
        #expect(cases[1]["title"] as? String == "moved" && cases[1]["description"] as? String == "Moved.")
        #expect(at(cases[1], "allOf", 1, "properties", "kind", "const") as? String == "moved-event")
        #expect(at(cases[2], "properties", "kind", "not", "enum") as? [String] == ["labeled", "moved-event"])
        let customer = try #require(schemas["ChargeCustomer"] as? [String: Any])
        #expect(at(customer, "anyOf", 0, "type") as? String == "string")
        #expect(at(customer, "anyOf", 1, "$ref") as? String == "#/components/schemas/Customer")
        #expect(at(schemas, "Charge", "properties", "customer", "anyOf", 1, "type") as? String == "null")
        #expect(at(schemas, "Charge", "required") == nil)
    }

    /// A type that holds itself through a nullable property (stored `@Indirect` in Swift) is a schema that refers
    /// to itself, directly or through another; the document stays valid.
    @Test func schemasThatReferToThemselves() throws {
        let document = try export(
            """
            subtypes:
              comment: { properties: { text: string, thread: { type: thread, nullable: true } } }
              thread: { properties: { first_comment: comment } }
            entities:
              status:
                identifier: string
                properties:
                  reblog: { type: status, nullable: true }
            """)
        let schemas = try #require(at(document, "components", "schemas") as? [String: Any])
        #expect(
            at(schemas, "Status", "properties", "reblog", "anyOf", 0, "$ref") as? String
                == "#/components/schemas/Status")
        #expect(at(schemas, "Status", "properties", "reblog", "anyOf", 1, "type") as? String == "null")
        #expect(
            at(schemas, "Comment", "properties", "thread", "anyOf", 0, "$ref") as? String
                == "#/components/schemas/Thread")
        #expect(
            at(schemas, "Thread", "properties", "first_comment", "$ref") as? String == "#/components/schemas/Comment")
    }

    @Test func nullabilityEnumsOptionSetsAndKeyPaths() throws {
        let document = try export(
            """
            subtypes:
              kind: { cases: [a, { name: b, value: B, description: The second. }], unknown: true }
              size: { cases: [s, m] }
              flags: { options: [read, write] }
              thing:
                properties:
                  name: { type: string, nullable: true }
                  size: { type: size, nullable: true }
                  kind: kind
                  flags: { type: flags, default: [read] }
                  first: { type: string, key: meta.first }
                  last: { type: string, key: meta.last, nullable: true }
                  nick: { type: string, key: [extra, nick.name], lazy: true }
                  scores: "{string: int}"
            """)
        let thing = try #require(at(document, "components", "schemas", "Thing") as? [String: Any])
        #expect(at(thing, "properties", "name", "type") as? [String] == ["string", "null"])
        #expect(at(thing, "properties", "size", "anyOf", 1, "type") as? String == "null")
        #expect(at(thing, "required") as? [String] == ["kind", "meta", "scores"])
        #expect(at(thing, "properties", "meta", "required") as? [String] == ["first"])
        #expect(at(thing, "properties", "meta", "type") as? String == "object")
        #expect(at(thing, "properties", "extra", "type") as? [String] == ["object", "null"])
        #expect(at(thing, "properties", "extra", "properties", "nick.name", "type") as? String == "string")
        #expect(at(thing, "properties", "scores", "additionalProperties", "type") as? String == "integer")
        #expect(at(thing, "properties", "flags", "default") as? [String] == ["read"])
        let kind = try #require(at(document, "components", "schemas", "Kind") as? [String: Any])
        #expect(at(kind, "anyOf", 0, "enum") as? [String] == ["a", "B"])
        #expect(at(kind, "x-lucid-case-descriptions", "B") as? String == "The second.")
        #expect(at(kind, "anyOf", 1, "type") as? String == "string")
        #expect(
            at(document, "components", "schemas", "Flags", "anyOf", 0, "items", "enum") as? [String] == [
                "read", "write",
            ])
    }

    @Test func requestBodies() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            subtypes:
              address: { properties: { city: string } }
              form: { properties: { email: string, address: address, metadata: "{string: string}", tags: "[string]" } }
              upload: { properties: { file: file_upload, purpose: string } }
              update: { patch: true, properties: { title: string, due: { type: int, nullable: true } } }
            services:
              things:
                endpoints:
                  json: { post: /json, body: update }
                  form: { post: /form, body: { form: form } }
                  upload: { post: /upload, body: { multipart: upload }, deduplicate: true }
                  comma: { post: /comma, body: { form: form, form_lists: comma } }
                  brackets: { post: /brackets, body: { form: form, form_lists: brackets } }
                  raw: { put: /raw, body: { raw: true, content_type: image/jpeg } }
            """)
        func content(_ path: String, _ method: String = "post") -> [String: Any] {
            (at(document, "paths", path, method, "requestBody", "content") as? [String: Any]) ?? [:]
        }
        #expect(at(content("/json"), "application/json", "schema", "$ref") as? String == "#/components/schemas/Update")
        #expect(at(document, "components", "schemas", "Update", "required") == nil)
        #expect(at(document, "components", "schemas", "Update", "x-lucid-patch") as? Bool == true)
        let form = try #require(content("/form")["application/x-www-form-urlencoded"] as? [String: Any])
        #expect(at(form, "encoding", "address", "style") as? String == "deepObject")
        #expect(at(form, "encoding", "metadata", "style") as? String == "deepObject")
        #expect(at(form, "encoding", "email") == nil)
        #expect(at(form, "encoding", "tags") == nil, "mixed: OpenAPI's default, form exploded")
        #expect(at(form, "x-lucid-form-lists") as? String == "mixed")
        let comma = try #require(content("/comma")["application/x-www-form-urlencoded"] as? [String: Any])
        #expect(at(comma, "encoding", "tags", "style") as? String == "form")
        #expect(at(comma, "encoding", "tags", "explode") as? Bool == false)
        #expect(at(comma, "encoding", "address", "style") as? String == "deepObject")
        #expect(at(comma, "x-lucid-form-lists") as? String == "comma")
        let brackets = try #require(content("/brackets")["application/x-www-form-urlencoded"] as? [String: Any])
        #expect(at(brackets, "encoding", "tags") == nil, "OpenAPI has no style for tags[]=a")
        #expect(at(brackets, "x-lucid-form-lists") as? String == "brackets")
        #expect(at(content("/upload"), "multipart/form-data", "x-lucid-form-lists") as? String == "mixed")
        #expect(
            at(content("/upload"), "multipart/form-data", "schema", "$ref") as? String == "#/components/schemas/Upload")
        #expect(at(content("/upload"), "multipart/form-data", "x-lucid-form-encoding") as? String == "brackets")
        #expect(at(document, "paths", "/upload", "post", "x-lucid-deduplicate") as? Bool == true)
        #expect(at(document, "paths", "/form", "post", "x-lucid-deduplicate") == nil)
        let file = at(document, "components", "schemas", "Upload", "properties", "file", "contentMediaType")
        #expect(file as? String == "application/octet-stream")
        #expect(content("/raw", "put").keys.sorted() == ["image/jpeg"])
        #expect(at(document, "paths", "/raw", "put", "requestBody", "required") as? Bool == true)
    }

    @Test func responsesHeadersOptionalAndErrors() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            error_payload: problem
            subtypes:
              problem: { properties: { message: string } }
            entities:
              issue: { identifier: int, properties: { title: string } }
            services:
              issues:
                endpoints:
                  list:
                    get: /issues
                    response:
                      entity: { name: issue, structure: array }
                      headers:
                        link: { type: links, key: Link, nullable: true }
                        remaining: { type: int, key: X-RateLimit-Remaining }
                  unlock:
                    delete: /issues/{number}/lock
                    params: { number: int }
                    response: { entity: issue, optional: true }
                  ping: { head: /ping }
            """)
        let list = try #require(at(document, "paths", "/issues", "get", "responses", "2XX") as? [String: Any])
        #expect(at(list, "headers", "Link", "required") as? Bool == false)
        #expect(at(list, "headers", "Link", "schema", "x-lucid-type") as? String == "links")
        #expect(at(list, "headers", "X-RateLimit-Remaining", "required") as? Bool == true)
        #expect(
            at(list, "content", "application/json", "schema", "items", "$ref") as? String
                == "#/components/schemas/Issue")
        let unlock = try #require(
            at(document, "paths", "/issues/{number}/lock", "delete", "responses") as? [String: Any])
        #expect(unlock.keys.sorted() == ["204", "2XX", "default"])
        #expect(
            at(unlock, "default", "content", "application/json", "schema", "$ref") as? String
                == "#/components/schemas/Problem")
        let ping = try #require(at(document, "paths", "/ping", "head", "responses", "2XX") as? [String: Any])
        #expect(ping["content"] == nil)
    }

    @Test func serversPerOperationAndSharedPaths() throws {
        let source = """
            lucid: 1
            module: Shop
            servers:
              api: { production: https://api.example.com, local: http://127.0.0.1:8080 }
              cdn: { production: https://cdn.example.com, local: http://127.0.0.1:8081 }
            services:
              items:
                server: api
                endpoints:
                  item: { get: "/items/{id}", params: { id: int } }
                  remove: { delete: "/items/{item_id}", params: { item_id: int } }
                  again: { get: "/items/{key}", params: { key: int } }
                  image: { get: "/images/{id}", params: { id: int }, server: cdn }
            """
        try withTemporaryFolder("openapi") { folder throws in
            let spec = try OpenAPICommandTests.write(source, in: folder)
            let result = CapturedConsole.run(["openapi", spec])
            #expect(result.code == .success)
            // lint's warning, then why the document lacks the endpoint.
            #expect(
                result.err.hasSuffix(
                    "\n\(spec):12:7: warning: endpoint 'again' is left out of the OpenAPI document: endpoint "
                        + "'item' is GET /items/{id} there, and OpenAPI has one operation per method and path"
                        + "\n0 errors, 2 warnings"))
            let output = folder.appendingPathComponent("openapi.json")
            try Data(result.out.utf8).write(to: output)
            OpenAPICommandTests.expectValid(output.path)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: Any])
            #expect(paths.keys.sorted() == ["/images/{id}", "/items/{id}"])
            #expect(at(paths, "/items/{id}", "delete", "parameters", 0, "name") as? String == "id")
            #expect(at(paths, "/items/{id}", "get", "servers") == nil)
            #expect(at(paths, "/images/{id}", "get", "servers", 0, "url") as? String == "https://cdn.example.com")
            #expect(at(paths, "/images/{id}", "get", "servers", 1, "url") as? String == "http://127.0.0.1:8081")
            #expect(at(document, "servers", 0, "url") as? String == "https://api.example.com")
        }
    }

    @Test func docsAndDeprecation() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            services:
              movies:
                description: The catalogue.
                endpoints:
                  old:
                    get: /old
                    description: "Lists movies. Slowly, and in no order.\\nSee the new one."
                    deprecated: Use 'new'.
            """)
        let operation = try #require(at(document, "paths", "/old", "get") as? [String: Any])
        #expect(operation["summary"] as? String == "Lists movies.")
        #expect(
            operation["description"] as? String
                == "Lists movies. Slowly, and in no order.\nSee the new one.\n\nDeprecated: Use 'new'.")
        #expect(operation["deprecated"] as? Bool == true)
        #expect(at(document, "tags", 0, "description") as? String == "The catalogue.")
    }

    /// OpenAPI has no field for paging: `x-lucid-paging` is the spec's `paging`, its query items by their wire names.
    @Test func pagingIsAnExtension() throws {
        let document = try export(
            """
            servers: { api: https://api.example.com }
            subtypes:
              note: { properties: { text: string } }
            services:
              notes:
                endpoints:
                  linked:
                    get: /linked
                    paging: link
                    response: { type: "[note]" }
                  by_cursor:
                    get: /cursor
                    query: { token: { type: string, key: page_token, nullable: true } }
                    paging: { cursor: meta.next, query: token }
                    response: { type: "[note]" }
                  by_offset:
                    get: /offset
                    query: { start: { type: int, key: offset, default: 0 }, size: { type: int, default: 10 } }
                    paging: { offset: start, limit: size, total: meta.total }
                    response: { type: "[note]" }
                  plain:
                    get: /plain
                    response: { type: "[note]" }
            """)
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(at(paths, "/linked", "get", "x-lucid-paging") as? String == "link")
        #expect(
            at(paths, "/cursor", "get", "x-lucid-paging") as? [String: String] == [
                "cursor": "meta.next", "query": "page_token",
            ])
        #expect(
            at(paths, "/offset", "get", "x-lucid-paging") as? [String: String]
                == ["offset": "offset", "limit": "size", "total": "meta.total"])
        #expect(at(paths, "/plain", "get", "x-lucid-paging") == nil)
    }
}
