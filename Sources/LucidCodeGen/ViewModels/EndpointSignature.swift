import LucidSpec

/// One method callers see for an endpoint — the business controller's method and the client's closure share
/// it: the method name, the typed values (path parameters, query items, headers), the body, what it returns
/// and whether it is deprecated.
///
/// Every endpoint has its ``Role/call``; a cached GET also has a ``Role/prefetch``, a queued endpoint an
/// ``Role/enqueue`` and a paged endpoint its ``Role/pages`` (``all(_:service:)``).
struct EndpointSignature {
    /// What the method does with the endpoint's resource.
    enum Role {
        /// Sends it now and returns the decoded response (through the cache for a cached GET).
        case call
        /// Sends it now and fills the cache; returns nothing.
        case prefetch
        /// Puts it on the controller's queue and returns the queued request's id; the response reaches the
        /// module's response handler.
        case enqueue
        /// Returns the endpoint's pages, from the values' first page, as a `PageSequence` (not async: nothing is
        /// sent until iteration); takes `maxPages` after the values.
        case pages
        /// Returns the endpoint's items as they arrive, as a `ResponseStream` (not async: nothing is sent until
        /// iteration). A streaming endpoint has this role instead of ``call``.
        case stream
        /// Reads the endpoint's stored entities by a policy, as a `StoredRead` (not async: nothing is read until
        /// asked); takes `policy` after the values. Only the business controller has it (``read(_:service:)``).
        case read
    }

    /// The Swift type of a progress report closure, which downloads, uploads and multipart bodies take last.
    static let progressType = "(@Sendable (TransferProgress) -> Void)?"

    let role: Role
    /// `fetchDiscover` for a GET, `rate` otherwise; `prefetchDiscover`, `enqueueRate`.
    let methodName: String
    /// Each value as (Swift name, possibly in backticks; Swift type).
    let values: [(name: String, type: String)]
    /// Each value's default as a Swift expression — the spec's `default`, or `nil` for a nullable value — aligned
    /// with `values`; nil for a value every call passes.
    let defaults: [String?]
    /// The body type, when the endpoint sends one.
    let bodyType: String?
    /// The endpoint's payload type, or `EmptyResponse`.
    let responseType: String
    /// The deprecation message: the endpoint's, or that of a deprecated type it sends or returns.
    let deprecated: String?
    /// Whether a type the endpoint sends or returns is deprecated, so that its closure's type in a client is too
    /// (an endpoint deprecated only itself keeps an undeprecated storage there).
    let sendsOrReturnsDeprecatedType: Bool
    /// A stream's element type (`ChatChunk`, `MessagesCreateEvent`); nil for any other endpoint.
    let elementType: String?
    /// Whether the endpoint downloads its response to a file: the method takes `destination` and `progress`.
    let downloads: Bool
    /// Whether the endpoint's body is a file: the method takes `file` and `progress` instead of `body`.
    let uploads: Bool
    /// Whether the endpoint's body is multipart, whose file parts may be large: the method takes `progress` after
    /// `body`.
    let sendsMultipart: Bool
    /// The type of the `optimistic` change a call or enqueue of an endpoint that updates a stored entity by its
    /// identifier takes after the body (`(@Sendable (inout Movie) -> Void)?`); nil for any other.
    let optimisticType: String?
    /// A stored read's entity type (`Movie`) and whether it answers a list, and the spec's default policy.
    let storedRead: (entityType: String, isList: Bool, policy: StoreReadPolicy)?

    init(_ endpoint: Endpoint, service: ServiceViewModel, role: Role = .call) {
        let context = service.context
        self.role = role
        switch role {
        case .call: methodName = context.names.method(endpoint, in: service.service.name)
        case .prefetch: methodName = context.names.prefetchMethod(endpoint, in: service.service.name)
        case .enqueue: methodName = context.names.enqueueMethod(endpoint)
        case .pages: methodName = context.names.pagesMethod(endpoint)
        case .stream: methodName = context.names.method(endpoint, in: service.service.name)
        case .read: methodName = context.names.readMethod(endpoint)
        }
        let parameters = endpoint.params + endpoint.query + endpoint.headers
        values = parameters.map { parameter in
            (
                context.naming.escapedMemberName(parameter.name),
                // An entity parameter is its identifier (`Movie.ID`).
                context.types.valueType(parameter.type, idOnly: true) + (parameter.nullable ? "?" : "")
            )
        }
        defaults = parameters.map { parameter in
            parameter.defaultValue.map { context.defaults.expression($0, for: parameter.type) }
                ?? (parameter.nullable ? "nil" : nil)
        }
        bodyType = endpoint.body == nil ? nil : ServiceViewModel.requestType(endpoint, types: context.types)
        responseType = ServiceViewModel.responseType(endpoint, service: service.service, context: context)
        let payload = PayloadViewModel(service: service.service, endpoint: endpoint, context: context)
        deprecated = payload.endpointDeprecation
        sendsOrReturnsDeprecatedType = payload.typeDeprecation != nil
        elementType = endpoint.stream.map { Self.elementType(of: $0, endpoint, service: service.service, context) }
        downloads = endpoint.download != nil
        if case .file? = endpoint.body { uploads = true } else { uploads = false }
        sendsMultipart = endpoint.body?.isMultipart ?? false
        let updated = endpoint.store?.updates.flatMap { name in
            endpoint.params.contains { $0.type == .entity(name) && !$0.nullable } ? name : nil
        }
        optimisticType =
            role == .call || role == .enqueue
            ? updated.map { "(@Sendable (inout \(context.types.typeName(ofEntity: $0))) -> Void)?" } : nil
        storedRead =
            role == .read
            ? context.spec.storedRead(of: endpoint).map {
                (context.types.typeName(ofEntity: $0.entity), $0.isList, endpoint.store?.read ?? .network)
            } : nil
    }

    /// The business controller's stored read of `endpoint`, when its response holds a stored entity.
    static func read(_ endpoint: Endpoint, service: ServiceViewModel) -> EndpointSignature? {
        let signature = EndpointSignature(endpoint, service: service, role: .read)
        return signature.storedRead == nil ? nil : signature
    }

    /// What a stream's items are: the one type's Swift type, or the endpoint's event enum.
    static func elementType(
        of stream: StreamDescription, _ endpoint: Endpoint, service: Service, _ context: GenerationContext
    ) -> String {
        switch stream.items {
        case .type(let type): context.types.valueType(type)
        case .named: context.names.streamEvent(service: service.name, endpoint: endpoint.name)
        }
    }

    /// The endpoint's call, then its prefetch when it is cached, its enqueue when it is queued, its pages when it
    /// is paged.
    static func all(_ endpoint: Endpoint, service: ServiceViewModel) -> [EndpointSignature] {
        var signatures = [EndpointSignature(endpoint, service: service, role: endpoint.stream == nil ? .call : .stream)]
        if endpoint.cache != nil { signatures.append(EndpointSignature(endpoint, service: service, role: .prefetch)) }
        if endpoint.queue != nil { signatures.append(EndpointSignature(endpoint, service: service, role: .enqueue)) }
        if endpoint.paging != nil { signatures.append(EndpointSignature(endpoint, service: service, role: .pages)) }
        return signatures
    }

    /// What the method returns: the response for a call, nothing for a prefetch, the queued id for an enqueue, the
    /// pages for pages, the file for a download, the items for a stream.
    var returnType: String? {
        switch role {
        case .call: return downloads ? "DownloadedFile" : responseType
        case .prefetch: return nil
        case .enqueue: return "UUID"
        case .pages: return pageSequenceType
        case .stream: return "ResponseStream<\(elementType ?? "EmptyResponse")>"
        case .read:
            guard let storedRead else { return nil }
            return "StoredRead<" + (storedRead.isList ? "[\(storedRead.entityType)]" : storedRead.entityType) + ">"
        }
    }

    /// `PageSequence<MoviesDiscoverResponse>`: what the pages method returns.
    var pageSequenceType: String { "PageSequence<\(responseType)>" }

    /// Whether the method is `async throws(APIError)`: all but pages, streams and stored reads, which send nothing
    /// until iterated.
    var isAsync: Bool { role != .pages && role != .stream && role != .read }

    /// `defaults` aligned with `parameters`: the body (or file), last, never has one; an optimistic change
    /// defaults to none, pages' `maxPages` to the runtime's bound, a download's destination to nothing, progress to
    /// none and a stored read's policy to the spec's.
    var parameterDefaults: [String?] {
        defaults + (bodyType == nil ? [] : [nil]) + (optimisticType == nil ? [] : ["nil"])
            + (role == .pages ? ["\(pageSequenceType).defaultMaxPages"] : [])
            + (downloads ? [nil] : []) + (transfersFile ? ["nil"] : [])
            + (storedRead.map { [".\($0.policy.swiftName)"] } ?? [])
    }

    /// Values then the body, labelled `body` (an upload's file, `file`), then an update's `optimistic` change;
    /// pages end with `maxPages`, a download with `destination`, a download, an upload or a multipart body with
    /// `progress`, a stored read with `policy`.
    var parameters: [(name: String, type: String)] {
        values + (bodyType.map { [(uploads ? "file" : "body", $0)] } ?? [])
            + (optimisticType.map { [("optimistic", $0)] } ?? [])
            + (role == .pages ? [("maxPages", "Int")] : []) + (downloads ? [("destination", "URL")] : [])
            + (transfersFile ? [("progress", Self.progressType)] : [])
            + (role == .read ? [("policy", "StoreReadPolicy")] : [])
    }

    /// Whether the call moves a file (a download's, an upload's or a multipart body's): it reports progress.
    var transfersFile: Bool { role == .call && (downloads || uploads || sendsMultipart) }

    /// The method name as declared and called: in backticks when it is a keyword (`` `default` ``).
    var escapedMethodName: String { SwiftNaming.escaped(methodName) }

    /// Whether a value is named `name` (unescaped): the method's body must then reach the controller's member
    /// of that name through `self.`.
    func hasParameter(named name: String) -> Bool { parameters.contains { $0.name.unescaped == name } }

    /// An enqueue's id may be ignored: callers usually learn of the result through the response handler.
    var discardableResult: Bool { role == .enqueue }
}
