/// The one owner of every name the generator writes: each type (and the file it goes to), each method a
/// service, controller, client or response handler declares. Validation asks it which names a spec produces and
/// checks those for clashes, reserved names and length; the generator asks it for the same names, so what lint
/// checks is what gets written.
public struct GeneratedNames: Sendable {
    /// Converts spec names word by word (`movie_id` → `MovieID`).
    public let naming: SwiftNaming
    /// Appended to entity type names (`entity_suffix`).
    public let entitySuffix: String
    /// The spec's `module`, which names the module-wide types.
    public let module: String

    /// The names of a spec whose root settings are known before its model is (validation builds it).
    public init(naming: SwiftNaming, entitySuffix: String, module: String) {
        self.naming = naming
        self.entitySuffix = entitySuffix
        self.module = module
    }

    /// The names of `spec`, with its `lexicon`, `entity_suffix` and `module`.
    public init(spec: Spec) {
        self.init(
            naming: SwiftNaming(lexicon: spec.lexicon, module: spec.module), entitySuffix: spec.entitySuffix,
            module: spec.module)
    }

    /// The longest Swift name a spec name may become (type, member or method): longer ones make files and lines
    /// nobody can read, and push generated code past 120 columns.
    public static let maxSwiftNameLength = 64

    // MARK: - Types

    /// `movie` → `Movie` (+ the entity suffix).
    public func entity(_ name: String) -> String { naming.typeName(name) + entitySuffix }
    /// `movie` → `MovieMetadata`: what an entity's `metadata:` holds.
    public func entityMetadata(_ name: String) -> String { entity(name) + Self.metadataSuffix }
    /// `film_info` → `FilmInfo`.
    public func subtype(_ name: String) -> String { naming.typeName(name) }
    /// `item` → `Item`: a generic struct's type parameter (`Page<Item>`).
    public func typeParameter(_ name: String) -> String { naming.typeName(name) }
    /// `movies` → `MoviesService`: the namespace of a service's resources.
    public func service(_ name: String) -> String { naming.typeName(name) + "Service" }
    /// `movies` → `MoviesBusinessController`.
    public func businessController(_ service: String) -> String { naming.typeName(service) + "BusinessController" }
    /// `movies` → `MoviesBusinessControllerProtocol`.
    public func businessControllerProtocol(_ service: String) -> String { businessController(service) + "Protocol" }
    /// `movies` → `MoviesClient`.
    public func client(_ service: String) -> String { naming.typeName(service) + "Client" }
    /// `movies` → `moviesClient`: the SwiftUI `EnvironmentValues` member holding the service's client.
    public func clientEnvironmentValue(_ service: String) -> String { naming.memberName(service) + "Client" }
    /// `movies` + `discover` → `MoviesDiscoverResponse`.
    public func payload(service: String, endpoint: String) -> String {
        naming.typeName(service) + naming.typeName(endpoint) + "Response"
    }
    /// `messages` + `create` → `MessagesCreateEvent`: the enum of a stream's named server-sent events.
    public func streamEvent(service: String, endpoint: String) -> String {
        naming.typeName(service) + naming.typeName(endpoint) + "Event"
    }
    /// `message_start` → `messageStart`, `response.output_text.delta` → `responseOutputTextDelta`: the case of a
    /// stream's event enum that holds that event (every run of other characters than ASCII letters and digits
    /// separates words). Empty when the name has no letter or digit.
    public func streamEventCase(_ event: String) -> String {
        let words = Self.eventWords(event)
        return words.isEmpty ? "" : naming.memberName(words)
    }
    /// The spec-name form of `event` that `streamEventCase` converts: its words joined by underscores.
    public static func eventWords(_ event: String) -> String {
        event.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "_")
    }
    /// The case of a stream's event enum that holds an event of a name the spec does not list.
    public static let otherEventCase = "other"
    /// `movies` + `discover` → `MoviesDiscoverResponseMetadata`: what a response's `metadata:` holds.
    public func payloadMetadata(service: String, endpoint: String) -> String {
        payload(service: service, endpoint: endpoint) + Self.metadataSuffix
    }
    /// The members a payload holds what it reads from the body in, unescaped: `value` for a plain type; for
    /// entities `movie` (or `movies` for a list) and, when the entity has metadata, `movieMetadata`; then the
    /// response metadata in `metadata`, or `responseMetadata` when an entity already took that name. The generator
    /// declares them and lint keeps header members from clashing with them, so both ask here.
    public func payloadBodyMembers(of response: ResponseDescription, in spec: Spec) -> PayloadBodyMembers {
        payloadBodyMembers(of: response) { spec.entity(named: $0)?.metadata.isEmpty == false }
    }

    /// `payloadBodyMembers(of:in:)` for a caller that knows which entities have metadata without scanning the
    /// spec's entities (`Spec.entity(named:)` does) for every endpoint.
    public func payloadBodyMembers(
        of response: ResponseDescription, entityHasMetadata: (String) -> Bool
    ) -> PayloadBodyMembers {
        var members = PayloadBodyMembers()
        switch response.body {
        case .none: break
        case .type: members.content = "value"
        case .entity(let payload):
            let base = naming.memberName(payload.entity)
            members.content = payload.structure == .single ? base : SwiftNaming.plural(base)
            if entityHasMetadata(payload.entity) {
                members.entityMetadata = payloadEntityMetadataMember(payload.entity)
            }
        }
        if !response.metadata.isEmpty {
            members.metadata = members.content == "metadata" ? "responseMetadata" : "metadata"
        }
        return members
    }

    /// `movie` → `movieMetadata`: the payload member holding the metadata of entity `movie` (whether one movie or a
    /// list is read).
    public func payloadEntityMetadataMember(_ entity: String) -> String {
        naming.memberName(entity) + Self.metadataSuffix
    }

    /// `api_key` → `APIKeyAuth`: the phantom type of an auth scheme.
    public func auth(_ scheme: String) -> String { naming.typeName(scheme) + "Auth" }

    /// The `Auth` type of an endpoint's resources: `NoAuth` without auth, a scheme's own type alone (`TokenAuth`),
    /// schemes sent together as `AllOfAuth<ClientIDAuth, SecretAuth>`, alternatives as `AnyOfAuth<PATAuth,
    /// OAuthAuth>` (`none` as `NoAuth`), each nested to the right for more than two.
    public func authType(_ requirement: AuthRequirement?) -> String {
        guard let requirement, !requirement.alternatives.isEmpty else { return "NoAuth" }
        func nested(_ generic: String, _ types: [String]) -> String {
            guard let first = types.first else { return "NoAuth" }
            guard types.count > 1 else { return first }
            return "\(generic)<\(first), \(nested(generic, Array(types.dropFirst())))>"
        }
        return nested("AnyOfAuth", requirement.alternatives.map { nested("AllOfAuth", $0.map(auth)) })
    }

    /// `MastodonServer`: the values of server `mastodon`'s URL variables.
    public func serverVariables(_ server: String) -> String { naming.typeName(server) + "Server" }

    /// `Region`: the enum nested in a server's variables struct for variable `region`, which has an `enum`.
    public func serverVariableEnum(_ variable: String) -> String { naming.typeName(variable) }
    /// `MoviesServers`: the module's servers and environments.
    public var servers: String { naming.typeName(module) + "Servers" }
    /// `MoviesErrorPayload`: decodes the spec's `error_payload`.
    public var errorPayload: String { naming.typeName(module) + "ErrorPayload" }
    /// `MoviesResponseHandling`: the struct of closures queued responses are delivered to.
    public var responseHandling: String { naming.typeName(module) + "ResponseHandling" }
    /// `MoviesResponseRouter`: hands a queue's responses to a `responseHandling` value.
    public var responseRouter: String { naming.typeName(module) + "ResponseRouter" }
    /// `MoviesExampleTests`: the suite decoding every `example:` body (in the user's test target).
    public var exampleTests: String { naming.typeName(module) + "ExampleTests" }
    /// `moviesDiscoverExampleDecodes`: the test in `exampleTests` decoding the `example:` body of endpoint
    /// `discover` of service `movies`.
    public func exampleTest(service: String, endpoint: String) -> String {
        naming.memberName("\(service)_\(endpoint)") + "ExampleDecodes"
    }

    private static let metadataSuffix = "Metadata"

    // MARK: - Methods

    /// The controller's and client's method of an endpoint of `service`: `fetchDiscover` for a GET, `rate`
    /// otherwise (unescaped: `default` stays `default`; see `escaped(_:)`). The GET that names its service and
    /// takes no values (`cities` in service `cities`) is the service's plain `fetch`, as one would write it by hand.
    public func method(_ endpoint: Endpoint, in service: String) -> String {
        if Self.isServiceFetch(endpoint, in: service) { return "fetch" }
        return endpoint.method == .get ? "fetch" + naming.typeName(endpoint.name) : naming.memberName(endpoint.name)
    }
    /// `prefetchDiscover`: fills the cache for a cached GET.
    public func prefetchMethod(_ endpoint: Endpoint, in service: String) -> String {
        "pre" + method(endpoint, in: service)
    }

    /// Whether `endpoint` is the GET named like its service, without path parameters, query items or headers.
    static func isServiceFetch(_ endpoint: Endpoint, in service: String) -> Bool {
        endpoint.method == .get && endpoint.name == service && endpoint.params.isEmpty && endpoint.query.isEmpty
            && endpoint.headers.isEmpty
    }
    /// `discoverPages`: a paged endpoint's pages, one typed response each.
    public func pagesMethod(_ endpoint: Endpoint) -> String { naming.memberName(endpoint.name) + "Pages" }
    /// `discoverItems`: the items of a paged endpoint's pages, when its response is a list.
    public func itemsMethod(_ endpoint: Endpoint) -> String { naming.memberName(endpoint.name) + "Items" }
    /// `readMovie`: a stored read of the endpoint's entities, from the store, the network or both by a policy.
    public func readMethod(_ endpoint: Endpoint) -> String { "read" + naming.typeName(endpoint.name) }
    /// `enqueueRate`: puts a queued endpoint's request on the queue.
    public func enqueueMethod(_ endpoint: Endpoint) -> String { "enqueue" + naming.typeName(endpoint.name) }
    /// `fetchDiscoverResource` for a GET, `rateResource` otherwise: the service's function (`fetchCitiesResource`
    /// also for the service's plain `fetch`, so the resource's name still says what it fetches).
    public func resourceFunction(_ endpoint: Endpoint) -> String {
        (endpoint.method == .get ? "fetch" + naming.typeName(endpoint.name) : naming.memberName(endpoint.name))
            + "Resource"
    }
    /// `movies.rate`: the resource's name, which its errors, logs and queued requests carry (not a Swift name).
    public func resourceName(service: String, endpoint: String) -> String { "\(service).\(endpoint)" }
    /// `didFinishMoviesRate`: the response handler's method for a queued endpoint.
    public func handlerMethod(service: String, endpoint: String) -> String {
        "didFinish" + naming.typeName(service) + naming.typeName(endpoint)
    }

    // MARK: - Members

    /// The case `unknown: true` adds to an enum or tagged union for a value the spec does not list: `unknown`,
    /// or `unrecognized` when one of `caseNames` (spec names) is `unknown` in Swift, so that an API's own
    /// `unknown` value (Mastodon's media types) keeps its name. Specs without such a case keep `.unknown`.
    public func unknownFallbackCase(caseNames: [String]) -> String {
        caseNames.contains { naming.memberName($0) == Self.unknownFallback }
            ? Self.unrecognizedFallback
            : Self.unknownFallback
    }
    /// The fallback case's usual name, and the one it takes when a declared case is named `unknown`.
    public static let unknownFallback = "unknown"
    public static let unrecognizedFallback = "unrecognized"

    /// `name` in backticks when it is a Swift keyword, so it can be declared and referred to.
    public func escaped(_ name: String) -> String { SwiftNaming.escaped(name) }

    // MARK: - The table

    /// A type the generator declares at the top level of the module, and the file it goes to.
    public struct Declaration: Sendable, Hashable {
        /// What it is, for messages: `entity`, `metadata of entity`, `client of service`, ….
        public var kind: String
        /// The spec name it comes from (`movies.discover` for an endpoint's payload; the module for module-wide
        /// types).
        public var specName: String
        /// Where that name is written.
        public var location: SourceLocation
        /// The Swift type name.
        public var typeName: String
        /// The file, relative to the output folder: `Entities/Movie.swift`.
        public var path: String
        /// Whether the spec declares the type itself (an entity or a subtype), rather than the generator deriving
        /// it from another name.
        public var isDeclaredBySpec: Bool
    }

    /// Every top-level type the code generated from `spec` declares, in a stable order: entities and subtypes
    /// first, then what the generator derives from them, the services and the module. `moduleLocation` is where
    /// module-wide types are reported (the spec's `module:`).
    public func declarations(of spec: Spec, moduleLocation: SourceLocation) -> [Declaration] {
        var table: [Declaration] = []
        func add(
            _ kind: String, _ name: String, _ location: SourceLocation, _ type: String, folder: String?,
            declared: Bool = false, file: String? = nil
        ) {
            let path = (folder.map { $0 + "/" } ?? "") + (file ?? type) + ".swift"
            table.append(
                Declaration(
                    kind: kind, specName: name, location: location, typeName: type, path: path,
                    isDeclaredBySpec: declared))
        }
        // An instance of a generic (`page<track>`) is the generic's type with arguments: it declares nothing.
        for subtype in spec.subtypes where subtype.instance == nil {
            add(
                "subtype", subtype.name, subtype.location, self.subtype(subtype.name), folder: "Subtypes",
                declared: true)
        }
        for entity in spec.entities {
            add("entity", entity.name, entity.location, self.entity(entity.name), folder: "Entities", declared: true)
        }
        for entity in spec.entities where !entity.metadata.isEmpty {
            add("metadata of entity", entity.name, entity.location, entityMetadata(entity.name), folder: "Entities")
        }
        for scheme in spec.authSchemes {
            add("auth scheme", scheme.name, scheme.location, auth(scheme.name), folder: "Auth")
        }
        // An endpoint answering an entity or struct subtype directly has no payload type: its name stays free.
        let direct = spec.directTypes()
        for service in spec.services {
            add("service", service.name, service.location, self.service(service.name), folder: "Services")
            add(
                "business controller of service", service.name, service.location, businessController(service.name),
                folder: "BusinessControllers")
            add(
                "business controller protocol of service", service.name, service.location,
                businessControllerProtocol(service.name), folder: "BusinessControllers",
                file: businessController(service.name))
            add("client of service", service.name, service.location, client(service.name), folder: "Clients")
            for endpoint in service.endpoints {
                guard case .named? = endpoint.stream?.items else { continue }
                add(
                    "events of endpoint", "\(service.name).\(endpoint.name)", endpoint.location,
                    streamEvent(service: service.name, endpoint: endpoint.name), folder: "Payloads")
            }
            for endpoint in service.endpoints where endpoint.hasPayload && direct(endpoint.response) == nil {
                let name = "\(service.name).\(endpoint.name)"
                add(
                    "response of endpoint", name, endpoint.location,
                    payload(service: service.name, endpoint: endpoint.name), folder: "Payloads")
                if !endpoint.response.metadata.isEmpty {
                    add(
                        "response metadata of endpoint", name, endpoint.location,
                        payloadMetadata(service: service.name, endpoint: endpoint.name), folder: "Payloads")
                }
            }
        }
        if !spec.servers.isEmpty { add("servers of module", module, moduleLocation, servers, folder: nil) }
        for server in spec.servers where !server.variables.isEmpty {
            add(
                "variables of server", server.name, server.location, serverVariables(server.name), folder: nil,
                file: servers)
        }
        if spec.errorPayload != nil {
            add("error payload of module", module, moduleLocation, errorPayload, folder: nil)
        }
        if spec.services.contains(where: { $0.endpoints.contains { $0.queue != nil } }) {
            add("response handling of module", module, moduleLocation, responseHandling, folder: "ResponseHandling")
            add(
                "response router of module", module, moduleLocation, responseRouter, folder: "ResponseHandling",
                file: responseHandling)
        }
        return table
    }
}

extension Endpoint {
    /// Whether the endpoint answers something: a body, metadata or headers. It gets a payload type of its own
    /// unless it answers an entity or struct subtype directly (`ResponseDescription.directType`).
    public var hasPayload: Bool {
        response.body != .none || !response.metadata.isEmpty || !response.headers.isEmpty
    }
}

/// The names of a payload's members that hold what it reads from the body (see
/// `GeneratedNames.payloadBodyMembers(of:in:)`), unescaped.
public struct PayloadBodyMembers: Sendable, Hashable {
    /// `value`, `movie` or `movies`; nil for a response without a body.
    public var content: String?
    /// `movieMetadata`, when the entity has metadata.
    public var entityMetadata: String?
    /// `metadata` or `responseMetadata`, when the response has metadata.
    public var metadata: String?

    /// Every name, in declaration order.
    public var all: [String] { [content, entityMetadata, metadata].compactMap { $0 } }
}
