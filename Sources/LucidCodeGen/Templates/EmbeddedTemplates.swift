// This file is written by Scripts/embed_templates.py from Templates/*.mustache (`make templates`).
// Do not edit it by hand: EmbeddedTemplatesTests fails when it differs from Templates/.

/// The templates compiled into the binary, by name (the file name without `.mustache`).
enum EmbeddedTemplates {
    static let all: [String: String] = [
        "Auth": #"""
{{header}}

@_spi(Generated) import LucidRuntime

/// The `{{schemeName}}` auth scheme: resources that need it can only be accessed with its credentials.
{{access}}enum {{typeName}}: AuthScheme {
    {{access}}static let placement = CredentialPlacement{{placement}}
}

"""#,
        "BusinessController": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

/// What view models call to reach the `{{serviceType}}` endpoints; stub it in tests.
{{access}}protocol {{protocolName}}: Sendable {
{{#methods}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
{{#discardableResult}}
    @discardableResult
{{/discardableResult}}
    func {{name}}({{#parameters}}{{name}}: {{type}}{{^last}}, {{/last}}{{/parameters}}){{effects}}{{#returnType}} -> {{.}}{{/returnType}}
{{/methods}}
}
{{#hasDefaults}}

/// The spec's defaults at the call site: a call leaves out every value that has one (a nullable value's is nil).
extension {{protocolName}} {
{{#defaulted}}
{{^first}}

{{/first}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
{{#discardableResult}}
    @discardableResult
{{/discardableResult}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}, {{/parameters}}{{isolation}}: isolated (any Actor)? = #isolation){{effects}}{{#returnType}} -> {{.}}{{/returnType}} {
        {{call}}self.{{name}}({{#arguments}}{{label}}: {{value}}{{^last}}, {{/last}}{{/arguments}})
    }
{{#items}}

    /// The items of `{{pages}}`' pages, in order.
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/parameters}}) -> ItemSequence<{{itemType}}> {
        let {{local}} = self.{{pages}}({{#arguments}}{{label}}: {{value}}{{^last}}, {{/last}}{{/arguments}})
        return {{local}}.items {{pick}}
    }
{{/items}}
{{/defaulted}}
}
{{/hasDefaults}}
{{#storedReads}}
{{#first}}

/// Stored reads for a conforming type without a store (a stub in tests): each asks the server through its call.
extension {{protocolName}} {
{{/first}}
{{^first}}

{{/first}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{^last}}, {{/last}}{{/parameters}}) -> {{returnType}} {
{{#body}}
        {{.}}
{{/body}}
    }
{{#last}}
}
{{/last}}
{{/storedReads}}

/// The live business controller: sends each resource of `{{serviceType}}` through an `APIClient` (or, in a test,
/// any `ResourceSending` fake, without a transport).
{{access}}struct {{typeName}}: {{protocolName}} {
    let accessible: any ResourceSending
{{#hasQueue}}
    /// Where the `enqueue…` methods put their requests.
    let queue: APIClientQueue?
{{/hasQueue}}
{{#hasStore}}
    /// Where responses put their stored entities, and what stored reads and local changes use; nil: none.
    let store: EntityStore?
{{/hasStore}}
{{#hasQueue}}

    /// - Parameters:
    ///   - accessible: Sends the requests and builds the queued ones.
    ///   - queue: Where the `enqueue…` methods put their requests; nil: they throw. Make it with
    ///     `APIClientQueue.sending(through:name:directory:)` and attach a `{{router}}` to it.
{{#hasStore}}
    ///   - store: Where responses put their stored entities, and what stored reads and local changes use.
{{/hasStore}}
    {{access}}init(accessible: any ResourceSending, queue: APIClientQueue? = nil{{#hasStore}}, store: EntityStore? = nil{{/hasStore}}) {
        self.accessible = accessible
        self.queue = queue
{{#hasStore}}
        self.store = store
{{/hasStore}}
    }
{{/hasQueue}}
{{^hasQueue}}
{{#hasStore}}

    /// - Parameters:
    ///   - accessible: Sends the requests.
    ///   - store: Where responses put their stored entities, and what stored reads and local changes use.
    {{access}}init(accessible: any ResourceSending, store: EntityStore? = nil) {
        self.accessible = accessible
        self.store = store
    }
{{/hasStore}}
{{^hasStore}}

    {{access}}init(accessible: any ResourceSending) {
        self.accessible = accessible
    }
{{/hasStore}}
{{/hasQueue}}
{{#methods}}

{{#docComment}}
    {{.}}
{{/docComment}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
{{#discardableResult}}
    @discardableResult
{{/discardableResult}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{^last}}, {{/last}}{{/parameters}}){{effects}}{{#returnType}} -> {{.}}{{/returnType}} {
{{#pages}}
        PageSequence(
            first: {{serviceType}}.{{resource}}({{#arguments}}{{label}}: {{value}}{{^last}}, {{/last}}{{/arguments}}),
            paging: {{paging}},
            maxPages: maxPages,
{{#count}}
            count: {{.}},
{{/count}}
{{#lastIdentifier}}
            lastIdentifier: {{.}},
{{/lastIdentifier}}
            accessor: {{accessor}}
        )
{{#putting}}
        .putting(into: {{.}})
{{/putting}}
{{/pages}}
{{#stream}}
        ResponseStream({{serviceType}}.{{resource}}({{#arguments}}{{label}}: {{value}}{{^last}}, {{/last}}{{/arguments}}){{#request}}, with: {{.}}{{/request}}, accessor: {{accessor}})
{{/stream}}
{{#body}}
        {{.}}
{{/body}}
    }
{{/methods}}
}

"""#,
        "Client": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

/// The endpoints of one service as closures (the client pattern): swap in `.preview` or `.unimplemented`, or
/// override single closures, in previews and tests.
{{access}}struct {{typeName}}: Sendable {
{{#members}}
{{#storage}}
    private var {{storage}}: @Sendable ({{#parameterTypes}}_ {{label}}: {{type}}{{^last}}, {{/last}}{{/parameterTypes}}){{effects}} -> {{returnType}}
{{/storage}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
{{#storage}}
    {{access}}var {{name}}: @Sendable ({{#parameterTypes}}_ {{label}}: {{type}}{{^last}}, {{/last}}{{/parameterTypes}}){{effects}} -> {{returnType}} {
        get { {{storage}} }
        set { {{storage}} = newValue }
    }
{{/storage}}
{{^storage}}
    {{access}}var {{name}}: @Sendable ({{#parameterTypes}}_ {{label}}: {{type}}{{^last}}, {{/last}}{{/parameterTypes}}){{effects}} -> {{returnType}}
{{/storage}}
{{/members}}

{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}init(
{{#members}}
        {{declaredName}}: @escaping @Sendable ({{#parameterTypes}}_ {{label}}: {{type}}{{^last}}, {{/last}}{{/parameterTypes}}){{effects}} -> {{returnType}}{{^last}},{{/last}}
{{/members}}
    ) {
{{#members}}
{{#storage}}
        self.{{storage}} = {{reference}}
{{/storage}}
{{^storage}}
        self.{{name}} = {{reference}}
{{/storage}}
{{/members}}
    }
}

extension {{typeName}} {
    /// Sends every call through `controller`.
{{#liveDeprecation}}
    {{.}}
{{/liveDeprecation}}
    {{access}}static func live(_ controller: any {{controller}}) -> {{typeName}} {
        {{typeName}}(
{{#members}}
            {{label}}: { {{call}}controller.{{name}}({{#arguments}}{{label}}: ${{index}}{{^last}}, {{/last}}{{/arguments}}) }{{^last}},{{/last}}
{{/members}}
        )
    }
}

extension {{typeName}} {
    /// Answers from the spec's `example:` bodies; endpoints without one throw an `APIError` of kind `.noPreview`.
{{#hasPrefetches}}
    /// Prefetches do nothing.
{{/hasPrefetches}}
{{#hasEnqueues}}
    /// Enqueues return a new id without sending anything.
{{/hasEnqueues}}
{{#hasPages}}
    /// Pages are the example's one page, then the end.
{{/hasPages}}
{{#hasStreams}}
    /// Streams play the example's events or items, then end.
{{/hasStreams}}
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}static let preview = {{typeName}}(
{{#members}}
{{#previewExample}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}try {{type}}.preview({{literal}}, endpoint: {{resource}}, method: .{{method}}) }{{^last}},{{/last}}
{{/previewExample}}
{{#previewEmpty}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}EmptyResponse() }{{^last}},{{/last}}
{{/previewEmpty}}
{{#previewNone}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}throw APIError.noPreview({{closure}}, endpoint: {{resource}}, method: .{{method}}) }{{^last}},{{/last}}
{{/previewNone}}
{{#previewPrefetch}}
        {{label}}: {{#hasArguments}}{ {{#arguments}}_{{^last}}, {{/last}}{{#last}} in{{/last}}{{/arguments}} }{{/hasArguments}}{{^hasArguments}}{}{{/hasArguments}}{{^last}},{{/last}}
{{/previewPrefetch}}
{{#previewEnqueue}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}UUID() }{{^last}},{{/last}}
{{/previewEnqueue}}
{{#previewPages}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in{{/last}}{{/arguments}}
            PageSequence(preview: { () throws(APIError) in
                try {{type}}.preview({{literal}}, endpoint: {{resource}}, method: .{{method}})
            })
        }{{^last}},{{/last}}
{{/previewPages}}
{{#previewNoPages}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}{{sequence}}(failing: .noPreview({{closure}}, endpoint: {{resource}}, method: .{{method}})) }{{^last}},{{/last}}
{{/previewNoPages}}
{{#previewStream}}
        {{label}}: {{opening}}
            ResponseStream(
                example: {{literal}},
                format: {{format}},{{#terminator}}
                terminator: {{.}},{{/terminator}}
                endpoint: {{resource}},
                method: .{{method}},
                decodeItem: {{decodeItem}}
            )
        }{{^last}},{{/last}}
{{/previewStream}}
{{/members}}
    )
{{#previewStore}}

    /// A store holding the stored entities of the service's `example:` bodies, for the previews and tests of screens
    /// that read a store (`store: {{typeName}}.previewStore()`). An example that does not decode is left out: the
    /// example decoding tests report it.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}static func previewStore() -> EntityStore {
        let store = EntityStore()
{{#bodies}}
        store.put(try? {{type}}.preview({{literal}}, endpoint: {{resource}}, method: .{{method}}))
{{/bodies}}
        return store
    }
{{/previewStore}}
}

extension {{typeName}} {
    /// Every closure throws an `APIError` of kind `.unimplemented`, naming itself: start tests from this and
    /// override what they need.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}static let unimplemented = {{typeName}}(
{{#members}}
{{^isSequence}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}throw APIError.unimplemented({{closure}}, endpoint: {{resource}}, method: .{{method}}) }{{^last}},{{/last}}
{{/isSequence}}
{{#isSequence}}
        {{label}}: { {{#arguments}}_{{^last}}, {{/last}}{{#last}} in {{/last}}{{/arguments}}{{sequence}}(failing: .unimplemented({{closure}}, endpoint: {{resource}}, method: .{{method}})) }{{^last}},{{/last}}
{{/isSequence}}
{{/members}}
    )
}
{{#hasLabelled}}

/// Labelled calls with the spec's defaults: `client.fetchDiscover(page: 2)` calls the `fetchDiscover` closure with
/// the other values' defaults. They throw only `APIError`: an error of another type, from a closure a test or an
/// app put in the client, arrives as kind `.other`.
extension {{typeName}} {
{{#labelled}}
{{^first}}

{{/first}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
{{#discardableResult}}
    @discardableResult
{{/discardableResult}}
{{^isSequence}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/parameters}}) async throws(APIError){{#resultType}} -> {{.}}{{/resultType}} {
        do {
            {{#resultType}}return {{/resultType}}try await self.{{name}}({{#parameters}}{{reference}}{{^last}}, {{/last}}{{/parameters}})
        } catch {
            throw APIError.caught(error, endpoint: {{resource}}, method: .{{method}})
        }
    }
{{/isSequence}}
{{#isSequence}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/parameters}}) -> {{returnType}} {
        self.{{name}}({{#parameters}}{{reference}}{{^last}}, {{/last}}{{/parameters}})
    }
{{#items}}

    /// The items of `{{label}}`' pages, in order: stubbing the `{{label}}` closure stubs this too.
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}func {{name}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/parameters}}) -> ItemSequence<{{itemType}}> {
        let {{local}} = self.{{label}}({{#parameters}}{{reference}}{{^last}}, {{/last}}{{/parameters}})
        return {{local}}.items {{pick}}
    }
{{/items}}
{{/isSequence}}
{{/labelled}}
}
{{/hasLabelled}}

#if canImport(SwiftUI)
import SwiftUI

extension {{typeName}} {
    /// The key of `EnvironmentValues.{{environmentValue}}`: previews get `.preview`, which sends nothing.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    enum EnvironmentKey: SwiftUI.EnvironmentKey {
        static let defaultValue = {{typeName}}.preview
    }
}

extension SwiftUI.EnvironmentValues {
    /// The `{{typeName}}` views use (`@Environment(\.{{environmentValue}}) var client`): `.preview` unless
    /// set, so previews answer from the spec's examples; an app sets `.environment(\.{{environmentValue}}, .live(…))`.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}var {{environmentValue}}: {{typeName}} {
        get { self[{{typeName}}.EnvironmentKey.self] }
        set { self[{{typeName}}.EnvironmentKey.self] = newValue }
    }
}
#endif

"""#,
        "Enum": #"""
{{header}}

@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{^unknownFallback}}
{{access}}enum {{typeName}}: String, Sendable, Hashable, Codable, CaseIterable, ParameterValue {
{{#cases}}
{{#docComment}}
    {{.}}
{{/docComment}}
    case {{name}}{{#explicitRawValue}} = {{.}}{{/explicitRawValue}}
{{/cases}}
}
{{/unknownFallback}}
{{#unknownFallback}}
{{access}}enum {{typeName}}: Sendable, Hashable, Codable, RawRepresentable, ParameterValue {
{{#cases}}
{{#docComment}}
    {{.}}
{{/docComment}}
    case {{name}}
{{/cases}}
    /// A value this version of the API description does not know; kept so nothing is lost.
    case {{fallback}}(String)

    /// Every case the API description lists.
    {{access}}static let knownCases: [{{typeName}}] = [{{#cases}}{{dottedName}}{{^last}}, {{/last}}{{/cases}}]

    {{access}}init(rawValue: String) {
        switch rawValue {
{{#cases}}
        case {{rawLiteral}}: self = {{dottedName}}
{{/cases}}
        default: self = .{{fallback}}(rawValue)
        }
    }

    {{access}}var rawValue: String {
        switch self {
{{#cases}}
        case {{dottedName}}: return {{rawLiteral}}
{{/cases}}
        case .{{fallback}}(let value): return value
        }
    }
}
{{/unknownFallback}}

"""#,
        "ErrorPayload": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

/// The spec's `error_payload`: what non-2xx response bodies decode to.
{{access}}enum {{typeName}} {
    /// The body as a `{{payloadType}}`, or nil when it is not one: pass it to `APIClient(errorPayload:)`, then read
    /// it back with `error.errorPayload(as: {{payloadType}}.self)`.
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}static let decode: @Sendable (Data) -> (any Sendable)? = { try? JSONDecoder().decode({{payloadType}}.self, from: $0) }
}

"""#,
        "ExampleTests": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime
import Testing
@testable import {{module}}

/// Decodes every `example:` body of the spec as a server would send it: each must decode, with no list item
/// dropped; a lenient value may fall back, as `lucid-gen lint`'s example check allows.
@Suite struct {{typeName}} {
{{#examples}}
{{^first}}

{{/first}}
    /// `{{endpointName}}` with `{{exampleFile}}`.
{{#deprecation}}
    {{.}}
{{/deprecation}}
    @Test func {{testName}}() throws {
        let (_, issues) = try DecodingIssueReporter.collectingIssues {
            try {{responseType}}.decode(from: Data({{literal}}.utf8))
        }
        #expect(issues.allSatisfy { $0.kind == .lenientFallback }, "decoding issues: \(issues)")
    }
{{/examples}}
}

"""#,
        "OptionSet": #"""
{{header}}

@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{access}}struct {{typeName}}: JSONOptionSet, Hashable {
    {{access}}let rawValue: Int

    {{access}}init(rawValue: Int) {
        self.rawValue = rawValue
    }

{{#options}}
    {{access}}static let {{name}} = {{typeName}}(rawValue: 1 << {{bit}})
{{/options}}

    {{access}}static let jsonNames: [({{typeName}}, String)] = [
{{#options}}
        ({{dottedName}}, {{jsonName}}),
{{/options}}
    ]
}

"""#,
        "Payload": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{access}}struct {{typeName}}: Sendable, Equatable, ResponsePayload {
{{#hasMembers}}
{{#members}}
{{#docComment}}
    {{.}}
{{/docComment}}
    {{access}}let {{name}}: {{type}}
{{/members}}

    {{access}}init(
{{#members}}
        {{name}}: {{type}}{{^last}},{{/last}}
{{/members}}
    ) {
{{#members}}
        self.{{name}} = {{name}}
{{/members}}
    }

    {{access}}init(from decoder: any Decoder) throws {
{{#decodeStatements}}
        {{.}}
{{/decodeStatements}}
    }
{{/hasMembers}}
{{^hasMembers}}
    {{access}}init() {}

    {{access}}init(from decoder: any Decoder) throws {}
{{/hasMembers}}
{{#excludedPaths}}

    {{access}}static let excludedPaths: [[String]] = {{.}}
{{/excludedPaths}}
}
{{#store}}
{{> StoreConformance}}
{{/store}}

"""#,
        "ResponseHandling": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

/// Receives the typed results of the module's queued requests as a struct of closures, like the services' clients:
/// one closure per queued endpoint, called once per request when the queue is done with it — answered, or given up
/// on after its retries — also for a persisted request re-sent after a relaunch.
///
/// Pass only the closures you need,
/// `{{protocolName}}({{#endpoints}}{{#first}}{{methodName}}: { result, request in … }{{/first}}{{/endpoints}})`; a misspelled name
/// does not compile. A closure left nil is not handled here: the router does not take that endpoint's results,
/// which wait in the queue (on disk for a persisted request, across relaunches) for a handling that sets it —
/// `queue.waitingResults(endpoints:)` lists them.
{{access}}struct {{protocolName}}: Sendable {
{{#endpoints}}
    /// The final result of a queued `{{endpointName}}` (`{{method}} {{path}}`); nil: not handled here.
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}var {{methodName}}: (@Sendable (_ result: Result<{{responseType}}, APIError>, _ request: QueuedRequest) async -> Void)?
{{/endpoints}}

{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}init(
{{#endpoints}}
        {{methodName}}: (@Sendable (_ result: Result<{{responseType}}, APIError>, _ request: QueuedRequest) async -> Void)? = nil{{^last}},{{/last}}
{{/endpoints}}
    ) {
{{#endpoints}}
        self.{{methodName}} = {{methodName}}
{{/endpoints}}
    }

    /// The endpoints whose closure is set (resource names, `service.endpoint`): those whose results the router
    /// takes from the queue.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}var handledEndpoints: Set<String> {
        var endpoints: Set<String> = []
{{#endpoints}}
        if {{methodName}} != nil { endpoints.insert({{endpointLiteral}}) }
{{/endpoints}}
        return endpoints
    }
}

/// Routes the raw result of a queued request to the `{{protocolName}}` closure of its endpoint, decoded as
/// `APIClient` would have decoded it: the typed response, or one `APIError` with the decoded error payload.
{{access}}struct {{routerName}}: Sendable {
    /// The queued endpoints this router recognises, by resource name (`service.endpoint`).
    {{access}}static let endpoints: Set<String> = [{{#endpoints}}{{endpointLiteral}}{{^last}}, {{/last}}{{/endpoints}}]
    /// The auth schemes of those endpoints: a persisted request names its scheme, and the queue needs the type to
    /// ask for the current credential when it sends the request after a relaunch.
    {{access}}static let authSchemes: [any AuthScheme.Type] = [{{#authSchemes}}{{name}}.self{{^last}}, {{/last}}{{/authSchemes}}]

    /// Receives the typed results.
    {{access}}let handler: {{protocolName}}
    /// Decodes the body of a non-2xx response into `APIError.errorPayload`.
    {{access}}let errorPayload: @Sendable (Data) -> (any Sendable)?
{{#hasStore}}
    /// Where answered requests put their stored entities and settle their local changes; nil: none.
    {{access}}let store: EntityStore?
{{/hasStore}}

    /// - Parameters:
    ///   - handler: Receives the typed results.
    ///   - errorPayload: Decodes the body of a non-2xx response ({{#errorPayload}}default: the spec's `error_payload`, `{{.}}.decode`{{/errorPayload}}{{^errorPayload}}default: none{{/errorPayload}}).
{{#hasStore}}
    ///   - store: Where answered requests put their stored entities; a refused request's local change (made by
    ///     the business controller's `enqueue…` on the same store) is rolled back.
{{/hasStore}}
{{#initDeprecation}}
    {{.}}
{{/initDeprecation}}
    {{access}}init(handler: {{protocolName}}, errorPayload: @escaping @Sendable (Data) -> (any Sendable)? = {{#errorPayload}}{{.}}.decode{{/errorPayload}}{{^errorPayload}}{ _ in nil }{{/errorPayload}}{{#hasStore}}, store: EntityStore? = nil{{/hasStore}}) {
        self.handler = handler
        self.errorPayload = errorPayload
{{#hasStore}}
        self.store = store
{{/hasStore}}
    }

    /// Decodes `result` as the answer of `request`'s endpoint and hands it to the handling's closure for that
    /// endpoint. Returns false, and calls nothing, for a request of any other endpoint or one whose closure is nil.
    @discardableResult
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}func route(_ request: QueuedRequest, _ result: Result<HTTPResponse, any Error>) async -> Bool {
        switch request.endpoint {
{{#endpoints}}
        case {{endpointLiteral}}:
            guard let handle = handler.{{methodName}} else { return false }
{{^stores}}
            await handle(request.typedResult(result, readResponse: { try {{payloadType}}.{{readMethod}}(from: $0) }, errorPayload: errorPayload), request)
{{/stores}}
{{#stores}}
            let typed = request.typedResult(result, readResponse: { try {{payloadType}}.{{readMethod}}(from: $0) }, errorPayload: errorPayload)
{{#settles}}
            store?.settle(request.id, with: typed)
{{/settles}}
{{#puts}}
            if case .success(let response) = typed { store?.put(response) }
{{/puts}}
            await handle(typed, request)
{{/stores}}
{{/endpoints}}
        default:
            return false
        }
        return true
    }

    /// Registers the auth schemes of all this router's endpoints, so the queue can send their requests, and takes
    /// the results of the endpoints whose closure the handling sets (`handler.handledEndpoints`) — those `queue`
    /// finishes from now on, and at once those that waited. The results of the other endpoints are left waiting
    /// for a router whose handling sets theirs: attach one router per feature, in any order. Attach before
    /// `queue.resumePersisted()`, so that requests persisted by an earlier run are sent as soon as they are read.
{{#touchingDeprecation}}
    {{.}}
{{/touchingDeprecation}}
    {{access}}func attach(to queue: APIClientQueue) async {
        await queue.register(Self.authSchemes)
        let endpoints = handler.handledEndpoints
        guard !endpoints.isEmpty else { return }
        await queue.addHandler(endpoints: endpoints) { request, result in await self.route(request, result) }
    }
}

"""#,
        "Servers": #"""
{{header}}

@_spi(Generated) import LucidRuntime

/// The servers the spec names, each with its environments (the first is the default).
{{access}}enum {{typeName}} {
{{#servers}}
    {{access}}static let {{name}}: ServerName = {{literal}}
{{/servers}}

    /// Every server's environments, for `APIClient(environments:)`; `current` picks the environment in use (one the
    /// spec declares: a name read at run time goes through `try environments.switch(to:)`, which refuses others).
{{#hasVariables}}
    /// The servers' URL variables take the values given{{#hasOptionalVariables}}, else their defaults{{/hasOptionalVariables}}; `environments.use(_:)` changes them later.
    {{access}}static func environments(
{{#variableServers}}
        {{parameterName}}: {{structName}}{{#optional}}? = nil{{/optional}},
{{/variableServers}}
        current: String? = nil
    ) -> ServerEnvironments {
        let {{local}} = ServerEnvironments(
            servers: [
{{#servers}}
                ({{literal}}, [
{{#environments}}
                    .init(name: {{name}}, baseURL: {{baseURL}}),
{{/environments}}
                ]),
{{/servers}}
            ],
{{#hasDefaults}}
            variables: [
{{#variableServers}}
{{#optional}}
                {{literal}}: [{{#defaults}}{{name}}: {{value}}{{^last}}, {{/last}}{{/defaults}}],
{{/optional}}
{{/variableServers}}
            ],
{{/hasDefaults}}
            current: current)
{{#variableServers}}
{{#optional}}
        if let {{parameterName}} { {{local}}.use({{parameterName}}) }
{{/optional}}
{{^optional}}
        {{local}}.use({{parameterName}})
{{/optional}}
{{/variableServers}}
        return {{local}}
    }
{{/hasVariables}}
{{^hasVariables}}
    {{access}}static func environments(current: String? = nil) -> ServerEnvironments {
        ServerEnvironments(servers: [
{{#servers}}
            ({{literal}}, [
{{#environments}}
                .init(name: {{name}}, baseURL: {{baseURL}}),
{{/environments}}
            ]),
{{/servers}}
        ], current: current)
    }
{{/hasVariables}}
}
{{#variableServers}}

/// The values of server `{{specName}}`'s URL variables, each checked when made: its base URL is {{#urls}}`{{text}}`{{#environment}} ({{.}}){{/environment}}{{^last}}, {{/last}}{{/urls}}.
{{access}}struct {{structName}}: ServerVariables {
{{#enums}}
{{#docComment}}
    {{.}}
{{/docComment}}
    {{access}}enum {{typeName}}: String, Sendable, Hashable, CaseIterable {
{{#cases}}
        case {{name}}{{#explicitRawValue}} = {{.}}{{/explicitRawValue}}
{{/cases}}
    }

{{/enums}}
    {{access}}static let serverName: ServerName = {{serverConstant}}

{{#variables}}
{{#docComment}}
    {{.}}
{{/docComment}}
    {{access}}let {{propertyName}}: {{type}}
{{/variables}}

{{#throwing}}
    /// - Throws: `ServerVariableError` when a value does not fit its place in the URL: {{#variables}}{{^isEnum}}`{{docName}}` is {{expected}}{{^lastFree}}; {{/lastFree}}{{/isEnum}}{{/variables}}.
    {{access}}init({{#variables}}{{label}}{{#local}} {{.}}{{/local}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/variables}}) throws(ServerVariableError) {
{{#variables}}
        self.{{propertyName}} = {{parameterName}}
{{/variables}}
        try ServerEnvironments.check(
            variableValues, server: Self.serverName,
            baseURLs: [{{#urls}}{{literal}}{{^last}}, {{/last}}{{/urls}}])
    }
{{/throwing}}
{{^throwing}}
    {{access}}init({{#variables}}{{label}}{{#local}} {{.}}{{/local}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/variables}}) {
{{#variables}}
        self.{{propertyName}} = {{parameterName}}
{{/variables}}
    }
{{/throwing}}

    {{access}}var variableValues: [String: String] {
        [{{#variables}}{{literal}}: {{propertyName}}{{#isEnum}}.rawValue{{/isEnum}}{{^last}}, {{/last}}{{/variables}}]
    }
}
{{/variableServers}}

"""#,
        "Service": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{access}}enum {{typeName}} {
{{#endpoints}}
{{^first}}

{{/first}}
{{#docComment}}
    {{.}}
{{/docComment}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}}static func {{functionName}}({{#parameters}}{{name}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}}, {{/last}}{{/parameters}}) -> {{resourceType}} {
{{#query}}
        var {{local}} = ParameterList()
{{#items}}
        {{local}}.add({{key}}, {{value}}{{#format}}, format: {{.}}{{/format}}{{#unit}}, unit: .{{.}}{{/unit}}{{#style}}, style: .{{.}}{{/style}})
{{/items}}
{{/query}}
{{#headers}}
        var {{local}} = ParameterList()
{{#items}}
        {{local}}.add({{key}}, {{value}}{{#format}}, format: {{.}}{{/format}}{{#unit}}, unit: .{{.}}{{/unit}})
{{/items}}
{{/headers}}
{{#body}}
{{#multipart}}
        let {{.}} = MultipartFormEncoder.boundary()
{{/multipart}}
{{/body}}
{{#transfer}}
        let {{local}}: {{requestType}} = BackendResource(
{{/transfer}}
{{^transfer}}
        return BackendResource(
{{/transfer}}
            name: {{name}},
            server: {{server}},
            method: .{{method}},
            path: ResourcePath({{path}}{{#pathParameters}}{{#first}}, parameters: [{{/first}}{{placeholder}}: {{#format}}DateCodingFormat{{.}}.parameterText(from: {{value}}){{/format}}{{#unit}}DurationUnit.{{.}}.parameterText(from: {{value}}){{/unit}}{{^format}}{{^unit}}{{value}}.parameterText{{/unit}}{{/format}}{{^last}}, {{/last}}{{#last}}]{{/last}}{{/pathParameters}}{{#reserved}}, reserved: [{{.}}]{{/reserved}}),
{{#query}}
            query: {{local}}.items,
{{/query}}
{{#headers}}
            headers: {{local}}.headers,
{{/headers}}
{{#body}}
{{#json}}
            bodyEncoding: .json,
{{/json}}
{{#form}}
            bodyEncoding: .form,
{{/form}}
{{#multipart}}
            bodyEncoding: .multipart(boundary: {{.}}),
{{/multipart}}
{{#raw}}
            bodyEncoding: .raw(contentType: {{.}}),
{{/raw}}
{{#file}}
            bodyEncoding: .raw(contentType: {{.}}),
{{/file}}
{{/body}}
{{#timeout}}
            timeout: .seconds({{.}}),
{{/timeout}}
            deduplicate: {{deduplicate}},
{{#cacheTTL}}
            cacheTTL: .seconds({{.}}),
{{/cacheTTL}}
{{#queue}}
            queue: QueueOptions(order: .{{order}}, persist: {{persist}}, retry: [{{#retry}}{{condition}}{{^last}}, {{/last}}{{/retry}}], maxAttempts: {{maxAttempts}}, backoff: {{backoff}}),
{{/queue}}
{{#body}}
{{#json}}
            encodeBody: { try JSONBodyEncoder.encode($0) },
{{/json}}
{{#form}}
            encodeBody: { try FormURLEncoder.encode($0{{#formLists}}, lists: .{{.}}{{/formLists}}) },
{{/form}}
{{#multipart}}
            encodeBody: { try MultipartFormEncoder.encode($0, boundary: {{.}}{{#formLists}}, lists: .{{.}}{{/formLists}}) },
            streamBody: { try MultipartFormEncoder.streamed($0, boundary: {{.}}{{#formLists}}, lists: .{{.}}{{/formLists}}) },
{{/multipart}}
{{#raw}}
            encodeBody: { $0 },
{{/raw}}
{{/body}}
            readResponse: { try {{payloadType}}.{{readMethod}}(from: $0) }
        )
{{#transfer}}
        return {{kind}}(
{{#arguments}}
            {{text}}{{^last}},{{/last}}
{{/arguments}}
        )
{{/transfer}}
    }
{{/endpoints}}
{{#hasEndpoints}}

    /// The credentials each endpoint's requests carry, by endpoint name (`BackendResource.name`, `APIError.endpoint`).
    {{access}}static let acceptedAuth: [String: AcceptedAuth] = [
{{#endpoints}}
        {{name}}: AcceptedAuth({{authType}}.self),
{{/endpoints}}
    ]
{{/hasEndpoints}}
{{^hasEndpoints}}
    /// The credentials each endpoint's requests carry, by endpoint name: none, since the service has no endpoints.
    {{access}}static let acceptedAuth: [String: AcceptedAuth] = [:]
{{/hasEndpoints}}
}

"""#,
        "StoreConformance": #"""

{{#deprecation}}
{{.}}
{{/deprecation}}
extension {{typeName}}: EntityContaining{{#where}} where {{.}}{{/where}} {
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}func collectEntities(into batch: inout EntityBatch) {
{{#statements}}
        {{.}}
{{/statements}}
    }
}

"""#,
        "StreamEvents": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

/// The events of `{{resource}}`, by their `event:` name, each holding its data decoded.
{{#deprecation}}
{{.}}
{{/deprecation}}
{{access}}enum {{typeName}}: Sendable, Hashable {
{{#cases}}
    /// `event: {{event}}`
    case {{name}}({{type}})
{{/cases}}
    /// An event of a name the spec does not list, as it arrived: a new kind of event never ends the stream.
    case {{other}}(ServerSentEvent)
}

extension {{typeName}} {
    /// Decodes `item` by its event name: its data as that name's type; an event of another name is `.{{other}}`.
    {{access}}init(decoding item: StreamItem) throws {
        let event = item.serverSentEvent
        switch event.event {
{{#cases}}
        case {{literal}}: self = .{{name}}({{decode}})
{{/cases}}
        default: self = .{{other}}(event)
        }
    }
}

"""#,
        "Struct": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{access}}struct {{typeName}}{{genericClause}}: {{conformances}} {
{{#identifier}}
    {{access}}typealias ID = Identifier<{{typeName}}, {{rawType}}>

{{#stored}}
    {{access}}let id: {{.}}
{{/stored}}
{{#computed}}
    {{access}}var id: ID { ID(rawValue: {{.}}) }
{{/computed}}
{{/identifier}}
{{#properties}}
{{#docComment}}
    {{.}}
{{/docComment}}
{{#storage}}
    {{wrappers}}private {{#wrapped}}var{{/wrapped}}{{^wrapped}}{{binding}}{{/wrapped}} {{.}}: {{type}}
{{/storage}}
{{#attribute}}
    {{.}}
{{/attribute}}
    {{^storage}}{{wrappers}}{{/storage}}{{access}}{{#storage}}var{{/storage}}{{^storage}}{{binding}}{{/storage}} {{name}}: {{type}}{{#storage}}{{#mutable}} {
        get { {{storage}} }
        set { {{storage}} = newValue }
    }{{/mutable}}{{^mutable}} { {{storage}} }{{/mutable}}{{/storage}}
{{/properties}}
{{#hasMembers}}

{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}init(
{{#initParameters}}
        {{label}}{{#local}} {{.}}{{/local}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}},{{/last}}
{{/initParameters}}
    ) {
{{#initParameters}}
        self.{{storedName}} = {{parameterName}}
{{/initParameters}}
    }
{{/hasMembers}}
{{^hasMembers}}
    {{access}}init() {}
{{/hasMembers}}
{{#updated}}

    /// A copy with the given properties changed; properties left out keep their values.
{{#attribute}}
    {{.}}
{{/attribute}}
    {{access}}func updated(
{{#parameters}}
        {{label}}{{#local}} {{.}}{{/local}}: {{type}}{{#defaultValue}} = {{.}}{{/defaultValue}}{{^last}},{{/last}}
{{/parameters}}
    ) -> {{typeName}} {
        var {{copy}} = self
{{#parameters}}
        if let {{parameterName}} { {{copy}}.{{storedName}} = {{parameterName}} }
{{/parameters}}
        return {{copy}}
    }
{{/updated}}
}

{{#conditionalConformances}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{.}}

{{/conditionalConformances}}
{{#deprecation}}
{{.}}
{{/deprecation}}
extension {{typeName}}: {{codable}}{{#codableWhere}} where {{.}}{{/codableWhere}} {
{{#hasMembers}}
{{^patch}}
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}init(from decoder: any Decoder) throws {
{{#decodingKeys}}
        try self.init(from: decoder.container(keyedBy: AnyCodingKey.self))
    }

    {{doc}}
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    init(from container: KeyedDecodingContainer<AnyCodingKey>) throws {
{{/decodingKeys}}
{{^decodingKeys}}
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
{{/decodingKeys}}
{{#decodeStatements}}
        {{.}}
{{/decodeStatements}}
    }

{{/patch}}{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
{{#encodeStatements}}
        {{.}}
{{/encodeStatements}}
    }
{{/hasMembers}}
{{^hasMembers}}
{{^patch}}
    {{access}}init(from decoder: any Decoder) throws {}
{{/patch}}

    {{access}}func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
{{/hasMembers}}
}
{{#pairedMetadata}}

{{#deprecation}}
{{.}}
{{/deprecation}}
extension {{typeName}}: DecodableWithMetadata {
    /// Decodes the entity and its metadata from one JSON object, opened once for both.
{{#attribute}}
    {{.}}
{{/attribute}}
    {{access}}static func decodeWithMetadata(from decoder: any Decoder) throws -> ({{typeName}}, {{metadataType}}) {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        return (try {{typeName}}(from: container), try {{metadataType}}(from: container))
    }
}
{{/pairedMetadata}}
{{#storable}}

{{#deprecation}}
{{.}}
{{/deprecation}}
extension {{typeName}}: StorableEntity {
    {{access}}static var storeName: String { {{storeName}} }
{{#supersedes}}

{{#docComment}}
{{.}}
{{/docComment}}
    {{access}}func supersedes(_ stored: {{typeName}}) -> Bool {
{{#lines}}
        {{.}}
{{/lines}}
    }
{{/supersedes}}
}
{{/storable}}
{{#store}}
{{> StoreConformance}}
{{/store}}

"""#,
        "Union": #"""
{{header}}

import Foundation
@_spi(Generated) import LucidRuntime

{{#docComment}}
{{.}}
{{/docComment}}
{{#deprecation}}
{{.}}
{{/deprecation}}
{{access}}enum {{typeName}}: Sendable, Hashable{{#responsePayload}}, ResponsePayload{{/responsePayload}} {
{{#cases}}
{{#docComment}}
    {{.}}
{{/docComment}}
{{#attribute}}
    {{.}}
{{/attribute}}
    {{#indirect}}indirect {{/indirect}}case {{name}}({{type}})
{{/cases}}
{{#tagged}}
{{#unknownFallback}}
    /// A kind this version does not know: its `{{keyText}}` and the whole object, kept as read.
    case {{fallback}}({{tag}}: String, json: JSONValue)
{{/unknownFallback}}
{{/tagged}}
}

{{#deprecation}}
{{.}}
{{/deprecation}}
extension {{typeName}}: Codable {
{{#tagged}}
    private enum CodingKeys: String, CodingKey {
        case {{keyName}}{{#keyRaw}} = {{.}}{{/keyRaw}}
    }

    /// Reads `{{keyText}}`, then the case it names from the same object.
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}init(from decoder: any Decoder) throws {
{{#checksNesting}}
        try decoder.checkNestingDepth(of: {{typeName}}.self)
{{/checksNesting}}
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let {{tag}} = try container.decode(String.self, forKey: .{{keyName}})
        switch {{tag}} {
{{#cases}}
        case {{wireLiteral}}: self = {{dottedName}}(try {{type}}(from: decoder))
{{/cases}}
{{#unknownFallback}}
        default: self = .{{fallback}}({{tag}}: {{tag}}, json: try JSONValue(from: decoder))
{{/unknownFallback}}
{{^unknownFallback}}
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .{{keyName}}, in: container,
                debugDescription: "Unknown '{{keyText}}' value '\({{tag}})'; expected {{expected}}.")
{{/unknownFallback}}
        }
    }

    /// Writes the case's object, with `{{keyText}}` naming the case.
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}func encode(to encoder: any Encoder) throws {
        switch self {
{{#cases}}
        case {{dottedName}}(let value): try Self.encode(value, as: {{wireLiteral}}, to: encoder)
{{/cases}}
{{#unknownFallback}}
        case .{{fallback}}(_, let json): try json.encode(to: encoder)
{{/unknownFallback}}
        }
    }

    /// The case's own keys, then `{{keyText}}` beside them in the same object.
    private static func encode(_ value: some Encodable, as {{tag}}: String, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode({{tag}}, forKey: .{{keyName}})
    }
{{/tagged}}
{{#untagged}}
    /// Takes the first case whose type decodes, in the order the cases are declared; when none does, the error
    /// gives each case's reason.
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}init(from decoder: any Decoder) throws {
{{#checksNesting}}
        try decoder.checkNestingDepth(of: {{typeName}}.self)
{{/checksNesting}}
        var attempts = try UnionCaseAttempts(decoder{{#remembering}}, remembering: true{{/remembering}})
{{#cases}}
        {{attempt}} let value = attempts.decode({{type}}.self) {
            self = {{dottedName}}(value)
{{/cases}}
        } else {
            throw attempts.failure({{typeName}}.self, expected: "{{expected}}")
        }
    }

    /// Writes the value the case holds.
{{#memberDeprecation}}
    {{.}}
{{/memberDeprecation}}
    {{access}}func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
{{#cases}}
        case {{dottedName}}(let value): try container.encode(value)
{{/cases}}
        }
    }
{{/untagged}}
}
{{#store}}
{{> StoreConformance}}
{{/store}}

"""#,
    ]
}
