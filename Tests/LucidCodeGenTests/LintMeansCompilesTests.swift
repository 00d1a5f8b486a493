#if os(macOS) || os(Linux)
import Foundation
import LucidSpec
import LucidTestSupport
import Testing
@testable import LucidCodeGen
@testable import LucidOutput

/// lucid-gen's promise: a spec that lints without errors generates code that compiles with zero warnings and
/// stays within 120 columns; a spec that cannot work gets located errors (`file:line:col`). Checked on random
/// specs drawn from the names that break generators (`SpecFuzzer`), and on the cases a fuzzing run found.
@Suite(.serialized) struct LintMeansCompilesTests {
    /// How many random specs one run tries; `LUCID_FUZZ_SPECS` asks for more (`LUCID_FUZZ_SEED` moves the start).
    static let specCount = Int(ProcessInfo.processInfo.environment["LUCID_FUZZ_SPECS"] ?? "") ?? 48
    static let firstSeed = UInt64(ProcessInfo.processInfo.environment["LUCID_FUZZ_SEED"] ?? "") ?? 1

    @Test func randomSpecsThatLintCompile() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        var compiled = 0
        var refused = 0
        var compiledGenerics = 0
        var compiledPaging = 0
        var compiledAuthSets = 0
        var compiledDeepObjects = 0
        var compiledUnions = 0
        var compiledRecursiveUnions = 0
        var compiledStreams = 0
        var compiledDownloads = 0
        var compiledStores = 0
        // At least `specCount` specs; then more, up to four times as many, until each feature below has compiled
        // once: which features a seed draws moves whenever a name pool does (every new runtime type is a reserved
        // name the fuzzer draws), and one spec with a union in 48 is too thin a margin to hang a run on.
        var seed = Self.firstSeed
        func covered() -> Bool {
            [
                compiledGenerics, compiledPaging, compiledAuthSets, compiledDeepObjects, compiledRecursiveUnions,
                compiledStreams, compiledDownloads, compiledStores,
            ].allSatisfy { $0 >= 1 }
        }
        while seed < Self.firstSeed + UInt64(Self.specCount)
            || (!covered() && seed < Self.firstSeed + 4 * UInt64(Self.specCount))
        {
            defer { seed += 1 }
            var fuzzer = SpecFuzzer(seed: seed)
            let yaml = fuzzer.spec(module: "Fuzz\(seed)")
            switch try Self.outcome(of: yaml, module: "Fuzz\(seed)") {
            case .refused: refused += 1
            case .compiled:
                compiled += 1
                if yaml.contains("    generic: ") { compiledGenerics += 1 }
                if yaml.contains("        paging: ") { compiledPaging += 1 }
                if yaml.contains("    auth: [") || yaml.contains("    auth: { any_of") { compiledAuthSets += 1 }
                if yaml.contains("style: deep_object") { compiledDeepObjects += 1 }
                if yaml.contains("        stream: ") { compiledStreams += 1 }
                if yaml.contains("        download: ") { compiledDownloads += 1 }
                if yaml.contains("    store: ") && yaml.contains("        store: ") { compiledStores += 1 }
                if yaml.contains("  # a union: ") {
                    compiledUnions += 1
                    if Self.holdsAUnionInItself(yaml) { compiledRecursiveUnions += 1 }
                }
            }
        }
        print(
            "lint ⇒ compiles: of \(seed - Self.firstSeed) random specs, \(compiled) compiled (\(compiledGenerics) with a generic struct, "
                + "\(compiledPaging) with paging, \(compiledAuthSets) with schemes together or alternatives, "
                + "\(compiledDeepObjects) with a deep-object query map, \(compiledUnions) with a union, "
                + "\(compiledRecursiveUnions) holding itself through its cases, \(compiledStreams) with a stream, "
                + "\(compiledDownloads) with a download, \(compiledStores) with stored entities read or changed), "
                + "\(refused) refused with located errors"
        )
        // Both sides must be exercised, or the property says nothing. About a sixth of the specs lint clean (35 of
        // seeds 1–200): the name pools are hostile on purpose, and each feature a spec draws adds names to refuse.
        #expect(compiled >= Self.specCount / 8, "too few random specs lint clean to test the promise")
        #expect(refused >= 1)
        #expect(compiledGenerics >= 1 || Self.specCount < 20, "no random spec with a generic struct compiled")
        #expect(compiledPaging >= 1 || Self.specCount < 20, "no random spec with a paged endpoint compiled")
        #expect(compiledAuthSets >= 1 || Self.specCount < 20, "no random spec with several schemes compiled")
        #expect(compiledDeepObjects >= 1 || Self.specCount < 20, "no random spec with a deep-object map compiled")
        #expect(compiledUnions >= 1 || Self.specCount < 20, "no random spec with a union compiled")
        #expect(compiledStores >= 1 || Self.specCount < 20, "no random spec with a stored entity's reads compiled")
        #expect(compiledRecursiveUnions >= 1 || Self.specCount < 20, "no random spec with a recursive union compiled")
        #expect(compiledStreams >= 1 || Self.specCount < 20, "no random spec with a stream compiled")
        #expect(compiledDownloads >= 1 || Self.specCount < 20, "no random spec with a download compiled")
    }

    /// Whether a union of the spec holds itself: one of its cases is stored `indirect`.
    static func holdsAUnionInItself(_ yaml: String) -> Bool {
        guard let spec = SpecLoader().load(yaml: yaml, file: "fuzz.lucid.yaml").spec else { return false }
        let unions = Set(spec.subtypes.filter { $0.union != nil }.map(\.name))
        return ValueCycles(spec: spec).indirectMembers.contains { unions.contains($0.owner) }
    }

    /// Longer than 120 columns for a reason other than a string literal, which is data (a JSON key from the
    /// spec) and is never split.
    static func isTooLong(_ line: Substring) -> Bool {
        guard line.count > 120 else { return false }
        let withoutLiterals = line.replacing(/"(\\.|[^"\\])*"/, with: "\"\"")
        return withoutLiterals.count > 120
    }

    enum Outcome: Equatable {
        case compiled
        case refused
    }

    /// Lints `yaml`; with errors, expects each at a line and column of the spec; without, generates, expects every
    /// line within 120 columns, and type-checks the module, expecting no error and no warning.
    @discardableResult
    static func outcome(
        of yaml: String, module: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws
        -> Outcome
    {
        let result = SpecLoader().load(yaml: yaml, file: "fuzz.lucid.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            for error in errors {
                #expect(
                    error.location.line > 0 && error.location.column > 0,
                    "unlocated error \(error.description) for spec:\n\(yaml)", sourceLocation: sourceLocation)
            }
            if ProcessInfo.processInfo.environment["LUCID_FUZZ_VERBOSE"] != nil {
                for error in errors { print("refused: \(error.message)") }
            }
            return .refused
        }
        let spec = try #require(result.spec, sourceLocation: sourceLocation)
        let files: [GeneratedFile]
        let templates = try TemplateSet.embedded()
        do throws(GenerationError) {
            files = try Generator(spec: spec, specFile: "fuzz.lucid.yaml", templates: templates).files()
        } catch {
            Issue.record("lint ok, generation failed: \(error.message)\n\(yaml)", sourceLocation: sourceLocation)
            return .compiled
        }
        for file in files {
            let long = file.contents.split(separator: "\n").filter(Self.isTooLong).map(String.init)
            #expect(
                long.isEmpty, "\(file.path) has lines over 120 columns: \(long.prefix(2))\n\(yaml)",
                sourceLocation: sourceLocation)
        }
        let outcome = try withTemporaryFolder("lint-compiles") { folder in
            let urls = try SwiftCompiler.write(files, to: folder)
            return try SwiftCompiler.typecheck(module: module, files: urls)
        }
        let compilerSaid = outcome.diagnostics.prefix(12).joined(separator: "\n")
        #expect(
            outcome.succeeded && outcome.diagnostics.isEmpty,
            "lint ok, but the generated code does not compile cleanly:\n\(compilerSaid)\nspec:\n\(yaml)",
            sourceLocation: sourceLocation)
        return .compiled
    }
}
#endif

#if os(macOS) || os(Linux)
/// The specs a fuzzing run found linting ok but not compiling: each now compiles cleanly, or is refused with a
/// located error saying why.
@Suite(.serialized) struct ClashSpecTests {
    /// A spec around `body` (services, subtypes or entities), with one server and the lexicon most specs have.
    static func spec(_ body: String) -> String {
        "lucid: 1\nmodule: Clash\nlexicon: [API, ID, URL]\nservers:\n  api: https://api.example.com\n" + body
    }

    /// A GET endpoint with `scalar` as its path parameter, query items (required and nullable) and header.
    static func endpointTaking(_ scalar: ScalarType) -> String {
        let type = scalar.rawValue
        return "      by_\(type):\n        get: /values/{p}\n        params: { p: \(type) }\n"
            + "        query: { q: \(type), n: { type: \(type), nullable: true } }\n"
            + "        headers: { h: \(type) }\n        response: none\n"
    }

    /// The files generated from `yaml`, which must lint clean.
    static func generate(_ yaml: String) throws -> [GeneratedFile] {
        let spec = try #require(SpecLoader().load(yaml: yaml, file: "clash.lucid.yaml").spec)
        return try Generator(spec: spec, specFile: "clash.lucid.yaml", templates: TemplateSet.embedded()).files()
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        /// Nil: compiles cleanly; else part of the expected error.
        var error: String?
        var testDescription: String { name }
    }

    static let cases: [Case] =
        [
            Case(
                // Pages and items of a deprecated endpoint are deprecated too; a value named `pages` or
                // `isolation` takes the names the generated methods use; a paged endpoint named `default`.
                name: "paged endpoints: deprecated, values named like locals, named like a keyword",
                yaml: spec(
                    """
                    entities:
                      item: { identifier: string, properties: { title: string } }
                    services:
                      items:
                        endpoints:
                          old:
                            get: /old
                            deprecated: Use 'default'.
                            query: { pages: int?, isolation: string? }
                            paging: { last_item: after, more: has_more }
                            response: { entity: { name: item, key: data, structure: array } }
                          default:
                            get: /items
                            query: { page: { type: int, default: 1 }, self: string? }
                            paging: { page: page }
                            response: { type: "[item]" }
                    """)),
            Case(
                name: "POST endpoint named default",
                yaml: spec(
                    """
                    services:
                      jobs:
                        endpoints:
                          default: { post: /jobs, response: none }
                          self: { post: /jobs/self, response: none, queue: true }
                          inout: { delete: /jobs, response: none }
                    """)),
            Case(
                // A body and a response of the longest entity name there may be: the resource's type,
                // `BackendResource<Entity, Entity, NoAuth>`, goes one type per line.
                name: "an entity named as long as names may be, as a body and a response",
                yaml: spec(
                    """
                    entities:
                      \(String(repeating: "a", count: 64)): { identifier: int, properties: { title: string } }
                    services:
                      s:
                        endpoints:
                          create:
                            post: /things
                            body: { json: \(String(repeating: "a", count: 64)) }
                            response: { entity: \(String(repeating: "a", count: 64)) }
                            queue: true
                    """)),
            Case(
                name: "query items and headers named like locals and members",
                yaml: spec(
                    """
                    services:
                      jobs:
                        endpoints:
                          search:
                            post: /jobs/{self}
                            params: { self: int }
                            query: { query: string, accessible: int, query_list: string, headers: string, queue: bool }
                            headers: { headers_list: string, inout: string }
                            response: none
                            queue: true
                    """)),
            Case(
                name: "every scalar type as path parameter, query item and header",
                yaml: spec(
                    "services:\n  values:\n    endpoints:\n"
                        + ScalarType.allCases.filter { $0 != .fileUpload }.map(endpointTaking).joined())),
            Case(
                name: "values named like what call sites, clients and handlers declare",
                yaml: spec(
                    """
                    services:
                      client:
                        endpoints:
                          controller:
                            post: /x/{environment}
                            params: { environment: string }
                            query:
                              page: { type: int, default: 1 }
                              isolation: { type: string, nullable: true }
                              caller_isolation: { type: int, default: 2 }
                              client: { type: bool, default: false }
                              controller: string?
                              result: string?
                            headers: { request: { type: string, nullable: true } }
                            response: none
                            queue: true
                          client:
                            get: /client
                            response: none
                          fetch:
                            get: /fetch
                            query: { live: { type: int, default: 1 }, preview: string?, unimplemented: bool? }
                            response: none
                            cache: { ttl: 1 }
                    """)),
            Case(
                name: "form body with an enum",
                yaml: spec(
                    """
                    subtypes:
                      size: { cases: [small, large] }
                      order: { properties: { size: size, note: string? } }
                    services:
                      orders:
                        endpoints:
                          create: { post: /orders, body: { form: order }, response: none }
                    """)),
            Case(
                name: "enum case none as a default, also of nullable values and parameters",
                yaml: spec(
                    """
                    subtypes:
                      level: { cases: [none, low] }
                      open_level: { cases: [none, low], unknown: true }
                      holder:
                        properties:
                          a: { type: level, nullable: true, default: none }
                          b: { type: open_level, nullable: true, default: none }
                          c: { type: "[level]", default: [none] }
                    services:
                      holders:
                        endpoints:
                          list:
                            get: /list
                            query: { level: { type: level, nullable: true, default: none } }
                            response: none
                    """)),
            Case(
                name: "SCREAMING_CASE wire values",
                yaml: spec(
                    """
                    subtypes:
                      badge: { cases: [FIRST_TIMER, FIRST_TIME_CONTRIBUTOR, NONE, OWNER] }
                    """)),
            Case(
                name: "property id beside identifier property pk",
                yaml: spec(
                    """
                    entities:
                      job:
                        identifier: { property: pk }
                        properties: { pk: int, id: string }
                    """),
                error: "property 'id' of entity 'job' clashes with the 'id' that 'identifier: { property: pk }'"),
            Case(
                name: "property hash_value",
                yaml: spec(
                    """
                    subtypes:
                      job:
                        properties: { hash_value: int }
                    """), error: "would become 'hashValue', which Swift's Hashable declares"),
            Case(
                name: "subtype named like a generated client",
                yaml: spec(
                    """
                    subtypes:
                      jobs_client: { properties: { a: string } }
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: none }
                    """),
                error:
                    "the client of service 'jobs' and the subtype 'jobs_client' would both be generated as 'JobsClient'"
            ),
            Case(
                name: "subtype named like a generated controller protocol",
                yaml: spec(
                    """
                    subtypes:
                      jobs_business_controller_protocol: { cases: [a] }
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: none }
                    """), error: "would both be generated as 'JobsBusinessControllerProtocol'"),
            Case(
                name: "service whose client is a runtime type",
                yaml: spec(
                    """
                    services:
                      api:
                        endpoints:
                          list: { get: /items, response: none }
                    """),
                error:
                    "the client of service 'api' would be generated as 'APIClient', which is a Swift, Foundation or LucidRuntime type"
            ),
            Case(
                name: "generic struct with every property option, deprecated, in queued and body positions",
                yaml: spec(
                    """
                    subtypes:
                      page:
                        deprecated: Use cursor pages.
                        generic: [item, extra]
                        properties:
                          items: { type: "[item]", failable_items: true, mutable: true }
                          first: { type: item, nullable: true, lazy: true }
                          by_key: { type: "{string: item}", failable_items: true, use_for_equality: false }
                          extra: { type: extra, nullable: true, lenient: true, default: null }
                          hint: { type: item, nullable: true, deprecated: true, key: meta.hint }
                          count: { type: int, default: 0 }
                      holder:
                        properties: { page: "page<kind, [int]>", pages: "{string: page<holder_kind, string>}" }
                      kind: { cases: [a, b], unknown: true }
                      holder_kind: { one_of: [string, int] }
                    entities:
                      job: { identifier: int, properties: { tasks: "page<task, bool>?" } }
                      task: { identifier: string, deprecated: true, properties: { name: string } }
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: { type: "page<job, string>" } }
                          put: { put: /jobs, body: holder, response: { type: "page<job, string>" }, queue: true }
                          tasks: { get: /tasks, response: { type: "[page<task, task>]", headers: { etag: string? } } }
                    """)),
        ]
        + ["empty_response", "resource_path", "hasher", "identifiable", "coding_key", "api_error", "testing", "id"]
        .map { name in
            Case(
                name: "subtype \(name)", yaml: spec("subtypes:\n  \(name): { cases: [a] }\n"),
                error: "which is a Swift, Foundation or LucidRuntime type")
        } + [
            Case(
                name: "260-character name",
                yaml: spec("subtypes:\n  \(String(repeating: "ab_", count: 86))cd: { cases: [a] }\n"),
                error: "at most 64"),
            Case(
                name: "GET and POST methods that coincide",
                yaml: spec(
                    """
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: none }
                          fetch_list: { post: /jobs, response: none }
                    """),
                error: "the endpoint 'fetch_list' and the endpoint 'list' would both be generated as 'fetchList'"),
            Case(
                name: "queued endpoints whose handlers coincide",
                yaml: spec(
                    """
                    services:
                      a_b:
                        endpoints:
                          c: { post: /x, response: none, queue: true }
                      a:
                        endpoints:
                          b_c: { post: /y, response: none, queue: true }
                    """), error: "would both be generated as 'didFinishABC'"),
            // A direct answer has no wrapper, so an entity may take the wrapper's name, and what it answers
            // conforms to `ResponsePayload` beside members named like that protocol's API.
            Case(
                name: "entity named like the wrapper it no longer gets",
                yaml: spec(
                    """
                    entities:
                      jobs_get_response:
                        identifier: { type: int }
                        properties: { excluded_paths: string, decode: int, preview: { type: bool, lazy: true } }
                    subtypes:
                      job_info:
                        properties: { decode_if_present: string, excluded_paths: "[string]" }
                    services:
                      jobs:
                        endpoints:
                          get: { get: "/jobs/{id}", params: { id: int }, response: { entity: jobs_get_response } }
                          again: { post: /jobs, body: job_info, response: { type: jobs_get_response }, queue: true }
                          info: { get: /info, response: { type: job_info, optional: true } }
                          infos: { get: /infos, response: { type: "[job_info]" } }
                    """)),
            Case(
                name: "subtype named like the wrapper of a plain type answered directly",
                yaml: spec(
                    """
                    subtypes:
                      jobs_list_response:
                        properties: { total: int }
                      page:
                        properties: { count: int }
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: { type: page } }
                          first: { get: /jobs/first, response: { type: jobs_list_response } }
                    """)),
            Case(
                name: "deprecated types answered directly, queued and not",
                yaml: spec(
                    """
                    entities:
                      old_job:
                        deprecated: Use jobs instead.
                        identifier: { type: int }
                        properties: { name: string }
                    subtypes:
                      old_info:
                        deprecated: true
                        properties: { note: string }
                    services:
                      jobs:
                        endpoints:
                          get: { get: "/jobs/{id}", params: { id: int }, response: { entity: old_job } }
                          put: { post: /jobs, response: { type: old_job, optional: true }, queue: true }
                          info: { get: /info, response: { type: old_info }, deprecated: true }
                    """)),
            Case(
                name: "wrapper named like an entity when the answer is not direct",
                yaml: spec(
                    """
                    entities:
                      jobs_list_response:
                        identifier: { type: int }
                        properties: { name: string }
                    services:
                      jobs:
                        endpoints:
                          list: { get: /jobs, response: { entity: { name: jobs_list_response, structure: array } } }
                    """),
                error: "would both be generated as 'JobsListResponse'"),
            Case(
                name: "values that hold their own type, with every option that changes how a property is stored",
                yaml: spec(
                    """
                    subtypes:
                      node:
                        discriminator: kind
                        one_of: { branch: branch, leaf: leaf }
                      branch: { properties: { next: { type: node, nullable: true }, self: { type: branch, nullable: true } } }
                      leaf: { properties: { value: int } }
                    entities:
                      job:
                        identifier: int
                        properties:
                          parent: { type: job, nullable: true, mutable: true }
                          previous: { type: job, nullable: true, lazy: true }
                          origin: { type: job, nullable: true, lenient: true }
                          moved: { type: job, nullable: true, use_for_equality: false, deprecated: Use parent. }
                          container: { type: job, nullable: true, key: meta.container }
                          tree: { type: node, nullable: true }
                        metadata:
                          root: job
                    services:
                      jobs:
                        endpoints:
                          get: { get: "/jobs/{id}", params: { id: int }, response: { entity: job } }
                          list: { get: /jobs, response: { entity: { name: job, structure: array } } }
                    """)),
        ]

    /// The defaults overloads cannot satisfy the protocol's requirements: a fake that lacks a method does not
    /// compile (rather than calling the overload, which would call itself forever).
    @Test func aFakeControllerMissingAMethodDoesNotCompile() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let yaml = Self.spec(
            """
            services:
              jobs:
                endpoints:
                  list: { get: /jobs, query: { page: { type: int, default: 1 } }, response: none }
                  count: { get: /jobs/count, response: none }
            """)
        let files = try Self.generate(yaml)
        try withTemporaryFolder("fake-controller") { folder in
            var urls = try SwiftCompiler.write(files, to: folder)
            let fake = folder.appendingPathComponent("Fake.swift")
            try """
            import LucidRuntime
            struct Fake: JobsBusinessControllerProtocol {
                func fetchCount() async throws(APIError) -> EmptyResponse { EmptyResponse() }
            }
            func call(_ jobs: any JobsBusinessControllerProtocol) async throws(APIError) {
                _ = try await jobs.fetchList()
                _ = try await jobs.fetchList(page: 2)
            }
            """.write(to: fake, atomically: false, encoding: .utf8)
            urls.append(fake)
            let outcome = try SwiftCompiler.typecheck(module: "Clash", files: urls)
            #expect(!outcome.succeeded)
            #expect(outcome.diagnostics.contains { $0.contains("type 'Fake' does not conform") })
            #expect(outcome.diagnostics.allSatisfy { $0.contains("Fake.swift") }, "\(outcome.diagnostics)")
        }
    }

    /// Response handling is a struct of closures: a misspelled endpoint name does not compile (a protocol with
    /// do-nothing defaults let a misspelled method silently never run).
    @Test func aMisspelledResponseHandlerDoesNotCompile() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let yaml = Self.spec(
            """
            services:
              jobs:
                endpoints:
                  start: { post: /jobs, response: none, queue: true }
            """)
        let files = try Self.generate(yaml)
        for (source, compiles) in [("didFinishJobsStart", true), ("didFinishJobStart", false)] {
            try withTemporaryFolder("handling") { folder in
                var urls = try SwiftCompiler.write(files, to: folder)
                let use = folder.appendingPathComponent("Use.swift")
                try "let handling = ClashResponseHandling(\(source): { result, request in _ = (result, request) })\n"
                    .write(to: use, atomically: false, encoding: .utf8)
                urls.append(use)
                let outcome = try SwiftCompiler.typecheck(module: "Clash", files: urls)
                #expect(outcome.succeeded == compiles, "\(source): \(outcome.diagnostics)")
            }
        }
    }

    /// The clients' `EnvironmentValues` entries exist only where SwiftUI does; they are type-checked here against
    /// a stand-in of SwiftUI's documented API (Tests/Support/SwiftUIStub), with zero warnings.
    @Test func theSwiftUIEnvironmentEntriesTypeCheck() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let yaml = Self.spec(
            """
            access: public
            services:
              jobs:
                endpoints:
                  list: { get: /jobs, query: { page: { type: int, default: 1 } }, response: none }
                  old: { get: /jobs/old, deprecated: Use list., response: none }
              tags:
                endpoints:
                  all: { get: /tags, response: none }
            """)
        let files = try Self.generate(yaml)
        try withTemporaryFolder("swiftui") { folder in
            let stub = try SwiftCompiler.buildStub("SwiftUI", into: folder)
            #expect(stub.succeeded, "\(stub.diagnostics)")
            var urls = try SwiftCompiler.write(files, to: folder)
            let use = folder.appendingPathComponent("Use.swift")
            try """
            import SwiftUI
            func read(_ values: EnvironmentValues) -> TagsClient { values.tagsClient }
            func write(_ values: inout EnvironmentValues, _ client: TagsClient) { values.tagsClient = client }
            """.write(to: use, atomically: false, encoding: .utf8)
            urls.append(use)
            let outcome = try SwiftCompiler.typecheck(module: "Clash", files: urls, including: [folder])
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
            #expect(files.contains { $0.contents.contains("public var jobsClient: JobsClient {") })
        }
    }

    @Test(arguments: cases)
    func compilesOrIsRefused(_ testCase: Case) throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        let result = SpecLoader().load(yaml: testCase.yaml, file: "clash.lucid.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }
        if let expected = testCase.error {
            #expect(
                errors.contains { $0.message.contains(expected) },
                "expected an error containing \"\(expected)\", got \(errors.map(\.description))")
        } else {
            #expect(errors.isEmpty, "unexpected errors: \(errors.map(\.description))")
            #expect(try LintMeansCompilesTests.outcome(of: testCase.yaml, module: "Clash") == .compiled)
        }
    }
}
#endif
