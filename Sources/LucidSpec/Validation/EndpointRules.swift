/// Checks each service and endpoint of the resolved model: server and auth names, path, parameters, body,
/// response and options. Reports only; `EndpointResolver` settled servers, auth and types.
struct EndpointRules {
    let context: DecodingContext
    let types: TypeResolution
    let properties: PropertyRules
    let spec: Spec

    func check(_ service: Service) {
        if let server = service.origin.server { checkServer(server, at: service.origin.locations["server="]) }
        if let auth = service.origin.auth { checkAuth(auth, of: "service '\(service.name)'") }
        for endpoint in service.endpoints { check(endpoint) }
    }

    private func check(_ endpoint: Endpoint) {
        let what = "endpoint '\(endpoint.name)'"
        if let server = endpoint.origin.server { checkServer(server, at: location("server=", endpoint)) }
        if let auth = endpoint.origin.auth { checkAuth(auth, of: what) }
        for parameters in [endpoint.params, endpoint.query, endpoint.headers] {
            for parameter in parameters { properties.check(parameter, owner: what) }
        }
        checkPath(endpoint, what)
        checkParameters(endpoint)
        checkAuthParameters(endpoint, what)
        checkFixedParameters(endpoint, what)
        if let body = endpoint.body { checkBody(body, of: endpoint, what) }
        checkResponse(endpoint.response, what)
        if let paging = endpoint.paging { checkPaging(paging, of: endpoint, what) }
        if endpoint.cache != nil, endpoint.method != .get {
            context.error(
                "'cache' applies only to GET endpoints; \(what) is \(endpoint.method.rawValue)",
                at: location("cache", endpoint))
        }
        checkTransfer(endpoint, what)
    }

    private func location(_ key: String, _ endpoint: Endpoint) -> SourceLocation {
        endpoint.origin.locations[key] ?? endpoint.location
    }

    // MARK: Streams, downloads and uploads

    /// A stream or a download reads no whole response, so none of what works on one applies; nor can the request
    /// queue hold one, or a file upload, whose body is a file and not bytes the queue can persist.
    private func checkTransfer(_ endpoint: Endpoint, _ what: String) {
        let kinds = ["stream", "download"].filter { endpoint.origin.locations[$0] != nil }
        if kinds.count == 2 {
            context.error("\(what) has both 'stream' and 'download'; use one", at: location("download", endpoint))
        }
        if case .file? = endpoint.body, endpoint.queue != nil {
            context.error(
                "\(what) uploads a file and cannot be queued: the queue persists bodies, not files on disk",
                at: location("queue", endpoint), hint: "remove 'queue', or send the bytes as a 'raw' body")
        }
        guard let kind = kinds.first else { return }
        let clashes: [(key: String, why: String)] = [
            ("response", "its \(kind == "stream" ? "items" : "file") are its response"),
            ("paging", "it is never read as pages"), ("cache", "nothing is kept in memory to cache"),
            ("queue", "the request queue sends and persists whole requests only"),
            ("timeout", "it has no deadline as a whole; 'idle_timeout' bounds the silence between pieces"),
        ]
        for clash in clashes where endpoint.origin.locations[clash.key] != nil {
            if clash.key == "response", endpoint.response.body == .none, endpoint.response.headers.isEmpty,
                endpoint.response.metadata.isEmpty
            {
                continue  // `response: none` says nothing
            }
            context.error(
                "\(what) is a \(kind) and cannot have '\(clash.key)': \(clash.why)", at: location(clash.key, endpoint),
                hint: clash.key == "timeout" ? "write 'idle_timeout' under '\(kind)'" : "remove '\(clash.key)'")
        }
        if endpoint.origin.deduplicate == true {
            context.error(
                "\(what) is a \(kind) and cannot be deduplicated: each caller reads its own",
                at: location("deduplicate", endpoint))
        }
        if endpoint.download != nil, endpoint.example != nil {
            context.error(
                "\(what) is a download and has no 'example': its preview throws `.noPreview`; stub the client's closure",
                at: location("example", endpoint))
        }
    }

    // MARK: Paging

    /// What decoding cannot check of `paging`: the query items it names are the endpoint's `int` query items,
    /// the pages are typed responses without a request body, and the response has the list its style reads.
    private func checkPaging(_ paging: EndpointPaging, of endpoint: Endpoint, _ what: String) {
        let style = paging.style.specName
        if endpoint.body != nil {
            context.error(
                "\(what) sends a body and cannot be paged: every page repeats the first request's values",
                at: paging.location, hint: "remove 'paging', or the body")
        }
        if endpoint.response.optional {
            context.error("\(what) has an optional response and cannot be paged", at: paging.location)
        }
        var keys: [(key: String, name: String)] = []
        switch paging.style {
        case .offset(let query, let limit, _): keys = [("offset", query)] + (limit.map { [("limit", $0)] } ?? [])
        case .page(let query, _): keys = [("page", query)]
        default: break
        }
        for (key, name) in keys {
            let at = paging.locations[key] ?? paging.location
            guard let item = endpoint.query.first(where: { $0.name == name }) else {
                context.error(
                    "'\(key)' of the paging of \(what) names '\(name)', which is not a query item of the endpoint",
                    at: at,
                    hint: Suggestions.hint(for: name, in: endpoint.query.map(\.name))
                        ?? "declare it under 'query' as an int")
                continue
            }
            if item.type != .scalar(.int) {
                context.error(
                    "'\(key)' of the paging of \(what) names query item '\(name)' of type '\(item.type)'; it must be an int",
                    at: at)
            }
        }
        guard paging.style.needsItems else { return }
        guard let list = spec.pageList(of: endpoint.response) else {
            context.error(
                "'\(style)' paging reads each page's items, but the response of \(what) is not a list",
                at: paging.location,
                hint: "answer a list ('entity: { structure: array }' or 'type: \"[T]\"'), or a struct with one list"
                    + (paging.style.needsItems && style == "page" ? ", or give 'total_pages'" : ""))
            return
        }
        guard case .lastItem = paging.style else { return }
        guard let name = list.entityName, let entity = spec.entities.first(where: { $0.name == name }),
            hasSendableIdentifier(entity)
        else {
            context.error(
                "'last_item' paging sends the last item's identifier, but the items of \(what) have none",
                at: paging.location, hint: "answer a list of entities with an identifier")
            return
        }
    }

    /// Whether an entity's identifier can be sent as a query item: a dedicated one, or a non-null property of a type
    /// that may identify an entity (string, int, int64, uuid).
    private func hasSendableIdentifier(_ entity: Entity) -> Bool {
        switch entity.identifier {
        case .none: return false
        case .scalar: return true
        case .property(let name):
            guard let property = entity.properties.first(where: { $0.name == name }) else { return false }
            if case .scalar(let scalar) = property.type {
                return !property.nullable && ScalarType.identifierTypes.contains(scalar)
            }
            return false
        }
    }

    // MARK: Servers and auth

    private func checkServer(_ name: String, at location: SourceLocation?) {
        guard !spec.servers.contains(where: { $0.name == name }) else { return }
        context.error(
            "unknown server '\(name)'", at: location ?? .start(of: ""),
            hint: Suggestions.hint(for: name, in: spec.servers.map(\.name)))
    }

    /// `auth` as written on a service or an endpoint: every name declared, and alternatives and sets that can be
    /// sent: no scheme twice in a set, no two schemes of a set writing one header or query item, no alternative
    /// repeated or never chosen, `none` last.
    private func checkAuth(_ auth: WrittenAuth, of what: String) {
        for alternative in auth.alternatives {
            for name in alternative.names where name.text != "none" || alternative.isList {
                guard !spec.authSchemes.contains(where: { $0.name == name.text }) else { continue }
                context.error(
                    "unknown auth scheme '\(name.text)'", at: name.location,
                    hint: Suggestions.hint(for: name.text, in: spec.authSchemes.map(\.name) + ["none"]))
            }
            checkTogether(alternative, of: what)
        }
        guard auth.isAnyOf else { return }
        let anyOf = "'any_of' of the auth of \(what)"
        if auth.alternatives.count == 1 {
            context.warning(
                "\(anyOf) has one alternative", at: auth.location,
                hint: "write 'auth: \(auth.alternatives[0].spelled)'")
        }
        for (index, alternative) in auth.alternatives.enumerated() {
            if alternative.isNone, index != auth.alternatives.count - 1 {
                context.error(
                    "'none' must be the last alternative of \(anyOf): alternatives are tried in order, and 'none', "
                        + "which needs no credential, would always be chosen",
                    at: alternative.location, hint: "move it to the end")
                continue
            }
            let names = Set(alternative.names.map(\.text))
            for earlier in auth.alternatives[..<index] where !earlier.isNone {
                let earlierNames = Set(earlier.names.map(\.text))
                if earlierNames == names {
                    context.error(
                        "alternative '\(alternative.spelled)' of \(anyOf) repeats '\(earlier.spelled)'",
                        at: alternative.location, hint: "keep one of them")
                    break
                }
                if earlierNames.isSubset(of: names), !alternative.isNone {
                    context.error(
                        "alternative '\(alternative.spelled)' of \(anyOf) would never be chosen: the earlier "
                            + "'\(earlier.spelled)' is covered whenever it is",
                        at: alternative.location,
                        hint: "put it before '\(earlier.spelled)' to prefer it, or remove it")
                    break
                }
            }
        }
    }

    /// The schemes of one alternative go on one request: each once, and each in a header or query item of its own.
    private func checkTogether(_ alternative: WrittenAuth.Alternative, of what: String) {
        var seen: [String: WrittenAuth.Name] = [:]
        var written: [String: AuthScheme] = [:]
        for name in alternative.names where !alternative.isNone {
            if seen[name.text] != nil {
                context.error(
                    "auth scheme '\(name.text)' is named twice in '\(alternative.spelled)' of the auth of \(what)",
                    at: name.location, hint: "name it once")
                continue
            }
            seen[name.text] = name
            guard let scheme = spec.authSchemes.first(where: { $0.name == name.text }) else { continue }
            let place = Self.place(of: scheme)
            if let other = written[place.key] {
                context.error(
                    "auth schemes '\(other.name)' and '\(scheme.name)' of \(what) both set \(place.spelled), so "
                        + "they cannot be sent together",
                    at: name.location,
                    hint: "make them alternatives ('auth: { any_of: [\(other.name), \(scheme.name)] }'), or give "
                        + "one of them a header or query item of its own")
                continue
            }
            written[place.key] = scheme
        }
    }

    /// Where `scheme` writes its credential: a key that compares as HTTP does (header names ignoring case), and the
    /// place as a message says it.
    private static func place(of scheme: AuthScheme) -> (key: String, spelled: String) {
        switch scheme.placement {
        case .header, .basic:
            ("header:" + scheme.parameterName.lowercased(), "header '\(scheme.parameterName)'")
        case .query: ("query:" + scheme.parameterName, "query item '\(scheme.parameterName)'")
        }
    }

    // MARK: Path and parameters

    private func checkPath(_ endpoint: Endpoint, _ what: String) {
        let at = location(endpoint.method.specKey + "=", endpoint)
        guard endpoint.path.hasPrefix("/") else {
            context.error("path '\(endpoint.path)' of \(what) must start with '/'", at: at)
            return
        }
        guard Self.hasBalancedBraces(endpoint.path) else {
            context.error("path '\(endpoint.path)' of \(what) has unbalanced or empty braces", at: at)
            return
        }
        var seen = Set<String>()
        for name in endpoint.pathPlaceholders {
            if !seen.insert(name).inserted {
                context.error("path '\(endpoint.path)' of \(what) names '{\(name)}' twice", at: at)
            } else if !endpoint.params.contains(where: { $0.name == name }) {
                context.error(
                    "path parameter '{\(name)}' of \(what) is not declared in 'params'", at: at,
                    hint: Suggestions.hint(for: name, in: endpoint.params.map(\.name))
                        ?? "add 'params: { \(name): string }'")
            }
        }
        for param in endpoint.params where !seen.contains(param.name) {
            context.error(
                "param '\(param.name)' does not appear in the path '\(endpoint.path)'", at: param.location,
                hint: "write '{\(param.name)}' in the path, or move it to 'query'")
        }
    }

    private func checkParameters(_ endpoint: Endpoint) {
        for param in endpoint.params {
            if !types.isParameterValue(param.type) {
                context.error(
                    "path parameter '\(param.name)' must be a scalar, an enum or an entity with an identifier, not '\(param.type)'",
                    at: param.location)
            } else if param.nullable {
                context.error(
                    "path parameter '\(param.name)' cannot be nullable: a path needs every segment", at: param.location)
            } else if param.reserved, param.type != .scalar(.string) {
                context.error(
                    "path parameter '\(param.name)' is reserved but '\(param.type)': only a string can hold '/'",
                    at: properties.location(of: "reserved", in: param),
                    hint: "make it 'string', or leave 'reserved' out")
            }
        }
        for item in endpoint.query {
            if case .map(let value) = item.type {
                checkMapQueryItem(item, values: value)
                continue
            }
            var isSimpleList = false
            if case .array(let element) = item.type { isSimpleList = types.isParameterValue(element) }
            if !types.isParameterValue(item.type), !isSimpleList {
                context.error(
                    "query item '\(item.name)' must be a scalar, an enum, an entity with an identifier or a list of them, not '\(item.type)'",
                    at: item.location)
            } else if item.queryStyle == .deepObject {
                context.error(
                    "query item '\(item.name)' has style 'deep_object', which applies to maps; it is '\(item.type)'",
                    at: properties.location(of: "style", in: item),
                    hint: "leave 'style' out, or make it a map ('{string: \(item.type.elementType)}')")
            } else if let style = item.queryStyle, !isSimpleList {
                context.error(
                    "query item '\(item.name)' has style '\(style.rawValue)', which applies to lists; it is '\(item.type)'",
                    at: properties.location(of: "style", in: item), hint: "leave 'style' out, or make it a list")
            }
        }
        for header in endpoint.headers where !types.isParameterValue(header.type) {
            context.error(
                "header '\(header.name)' must be a scalar, an enum or an entity with an identifier, not '\(header.type)'",
                at: header.location)
        }
        checkWireNames(endpoint.query, kind: "query item", endpoint: endpoint) { $0 }
        // HTTP header names ignore case.
        checkWireNames(endpoint.headers, kind: "header", endpoint: endpoint) { $0.lowercased() }
    }

    /// A map query item is sent only as `deep_object` (`metadata[order]=42`, one item per entry), and only a map of
    /// single values: scalars and enums (dates and durations are reported by `PropertyRules`, which finds them in
    /// any map).
    private func checkMapQueryItem(_ item: Property, values: TypeReference) {
        if item.queryStyle != .deepObject {
            context.error(
                "query item '\(item.name)' is a map, which a query sends only with 'style: deep_object'",
                at: properties.location(of: "style", in: item),
                hint: "write 'style: deep_object' to send one '\(item.key)[key]=value' per entry")
        } else if !types.isSimpleValue(values) {
            context.error(
                "query item '\(item.name)' is a map of '\(values)'; 'deep_object' sends a map of scalars or enums",
                at: item.origin.typeLocation ?? item.location,
                hint: "make its values single values ('{string: string}')")
        }
    }

    /// Each of the endpoint's auth schemes (in any alternative) puts its credential in a header or query item; a
    /// parameter of that name would be overwritten by it (header names compared as HTTP does, ignoring case).
    private func checkAuthParameters(_ endpoint: Endpoint, _ what: String) {
        let schemes = schemes(of: endpoint)
        for (kind, parameters) in [("header", endpoint.headers), ("query item", endpoint.query)] {
            for parameter in parameters {
                guard let scheme = schemes.first(where: { Self.sets($0, kind: kind, parameter.key) }) else { continue }
                context.error(
                    "\(kind) '\(parameter.name)' of \(what) sends '\(parameter.key)', which its auth scheme '\(scheme.name)' sets",
                    at: properties.location(of: "key=", in: parameter),
                    hint: "leave it out: the scheme's credential replaces it on every request")
            }
        }
    }

    /// The auth schemes `endpoint` may send, in any alternative, each once.
    private func schemes(of endpoint: Endpoint) -> [AuthScheme] {
        (endpoint.auth?.schemes ?? []).compactMap { name in spec.authSchemes.first { $0.name == name } }
    }

    /// A fixed header or query item is sent as written on every request: one the auth scheme sets would be
    /// replaced by the credential, one a parameter also sends would be sent twice, and two of the same name clash.
    private func checkFixedParameters(_ endpoint: Endpoint, _ what: String) {
        let schemes = schemes(of: endpoint)
        let checks: [(kind: String, fixed: [FixedParameter], parameters: [Property], key: (String) -> String)] = [
            ("header", endpoint.fixedHeaders, endpoint.headers, { $0.lowercased() }),
            ("query item", endpoint.fixedQuery, endpoint.query, { $0 }),
        ]
        for (kind, fixed, parameters, key) in checks {
            var seen: [String: FixedParameter] = [:]
            for item in fixed {
                if let first = seen[key(item.name)] {
                    context.error(
                        "fixed \(kind) '\(item.name)' repeats '\(first.name)'", at: item.location,
                        hint: "keep one of them")
                    continue
                }
                seen[key(item.name)] = item
                if let scheme = schemes.first(where: { Self.sets($0, kind: kind, item.name) }) {
                    context.error(
                        "fixed \(kind) '\(item.name)' of \(what) is set by its auth scheme '\(scheme.name)'",
                        at: item.location, hint: "leave it out: the scheme's credential replaces it on every request")
                }
                if let parameter = parameters.first(where: { key($0.key) == key(item.name) }) {
                    context.error(
                        "fixed \(kind) '\(item.name)' and \(kind) '\(parameter.name)' of \(what) send the same name",
                        at: item.location, hint: "keep the fixed value or the parameter, not both")
                }
            }
        }
    }

    /// Whether `scheme` puts its credential in the `kind` (header or query item) named `name`.
    private static func sets(_ scheme: AuthScheme, kind: String, _ name: String) -> Bool {
        switch scheme.placement {
        // HTTP header names ignore case.
        case .header, .basic: return kind == "header" && name.lowercased() == scheme.parameterName.lowercased()
        case .query: return kind == "query item" && name == scheme.parameterName
        }
    }

    /// Two parameters sending the same name would overwrite each other on the wire.
    private func checkWireNames(
        _ parameters: [Property], kind: String, endpoint: Endpoint, normalize: (String) -> String
    ) {
        var seen: [String: Property] = [:]
        for parameter in parameters {
            let name = normalize(parameter.key)
            if let first = seen[name] {
                context.error(
                    "\(kind) '\(parameter.name)' of endpoint '\(endpoint.name)' and \(kind) '\(first.name)' read the same key '\(parameter.key)'",
                    at: properties.location(of: "key=", in: parameter))
            } else {
                seen[name] = parameter
            }
        }
    }

    // MARK: Body and response

    private func checkBody(_ body: RequestBody, of endpoint: Endpoint, _ what: String) {
        let at = location("body.type", endpoint)
        guard endpoint.method.allowsBody else {
            context.error(
                "a \(endpoint.method.rawValue) request cannot have a body", at: location("body", endpoint),
                hint: "send the values as 'query' items instead")
            return
        }
        switch body {
        case .json(let type):
            var element = type
            if case .array(let item) = type { element = item }
            // A union encodes as its case's value (an object for a tagged union): Lob's `address_editable` is a
            // US or an international address.
            let isObject: Bool
            if case .entity = element {
                isObject = true
            } else {
                isObject = types.isStructure(element) || types.isUnion(element)
            }
            if !isObject {
                context.error(
                    "the JSON body of \(what) must be a struct subtype, a union or an entity (or a list of one), not"
                        + " '\(type)'",
                    at: at)
            }
        case .form(let name), .multipart(let name):
            checkFormBody(name, multipart: body.isMultipart, lists: endpoint.formLists ?? .mixed, what, at: at)
        case .raw, .file:
            break
        }
    }

    /// A form or multipart body is a struct subtype whose values are scalars, enums, option sets, struct subtypes
    /// of the same, lists and string maps of them (`address[city]`, `tags[0]`, `metadata[order]`); only a
    /// multipart body may hold a `file`. The error names the first value that is none of these, by its path.
    private func checkFormBody(
        _ name: String, multipart: Bool, lists: FormLists, _ what: String, at: SourceLocation
    ) {
        // An unknown name is reported by the resolver.
        let isKnown = types.subtypes[name] != nil || types.entities[name] != nil || ScalarType(rawValue: name) != nil
        guard isKnown else { return }
        let kind = multipart ? "multipart" : "form"
        guard types.isStructure(.subtype(name)) else {
            context.error("the \(kind) body of \(what) must be a struct subtype; '\(name)' is not", at: at)
            return
        }
        var visited: Set<String> = []
        if let (path, type) = formProblem(in: .subtype(name), path: "", multipart: multipart, visited: &visited) {
            let allowed = multipart ? "scalars (file uploads too)" : "scalars"
            context.error(
                "the \(kind) body of \(what) cannot send '\(path)', which is '\(type)'", at: at,
                hint:
                    "a \(kind) body holds \(allowed), enums, option sets, struct subtypes, lists and string maps of them"
            )
            return
        }
        var seen: Set<String> = []
        checkFormLists(in: .subtype(name), path: "", lists: lists, kind: kind, what, at: at, visited: &seen)
    }

    /// What a value of a form is, for the lists a convention can send.
    private enum FormShape { case single, list, object }

    private func formShape(_ type: TypeReference) -> FormShape {
        switch type {
        case .array: return .list
        case .map: return .object
        case .subtype(let name):
            switch types.subtypes[name]?.kind {
            case .optionSet?: return .list
            case .structure?: return .object
            default: return .single
            }
        default: return .single
        }
    }

    /// The lists under `type` that `lists` cannot send: lists of structs or lists with `repeat` and `comma`,
    /// lists of lists with `brackets`, files joined by `comma`. A `brackets` list of structs with no property that
    /// is always sent is a warning: Rack tells its items apart by a field that repeats, and two items without one
    /// in common cannot be sent.
    private func checkFormLists(
        in type: TypeReference, path: String, lists: FormLists, kind: String, _ what: String, at: SourceLocation,
        visited: inout Set<String>
    ) {
        switch type {
        case .array(let element):
            let problem: (String, String)?
            switch (formShape(element), lists) {
            case (.object, .repeat), (.object, .comma), (.list, .repeat), (.list, .comma):
                problem = (
                    "a list of '\(element)'",
                    "'\(lists.rawValue)' sends lists of single values only; use 'indexed', 'brackets' or 'mixed'"
                )
            case (.list, .brackets):
                problem = (
                    "a list of '\(element)'", "'brackets' cannot tell inner lists apart; use 'indexed' or 'mixed'"
                )
            case (.single, .comma) where element == .scalar(.fileUpload):
                problem = ("a list of files", "files cannot be joined by commas; use 'repeat' or another convention")
            default:
                problem = nil
            }
            if let (description, hint) = problem {
                context.error(
                    "the \(kind) body of \(what) cannot send '\(path)', \(description), with 'form_lists: \(lists.rawValue)'",
                    at: at, hint: hint)
                return
            }
            if lists == .brackets, case .subtype(let name) = element, !hasAlwaysSentValue(name) {
                context.warning(
                    "'form_lists: brackets' sends '\(path)' item by item, and Rails starts a new item when a field "
                        + "repeats; '\(name)' has no property that is always sent, so two items with no field in "
                        + "common cannot be sent",
                    at: at, hint: "make one of its single-value properties required, or use 'indexed'")
            }
            checkFormLists(in: element, path: path, lists: lists, kind: kind, what, at: at, visited: &visited)
        case .map(let value):
            checkFormLists(in: value, path: path, lists: lists, kind: kind, what, at: at, visited: &visited)
        case .subtype(let name):
            guard case .structure(let properties)? = types.subtypes[name]?.kind, visited.insert(name).inserted else {
                return
            }
            for property in properties {
                let inner = path.isEmpty ? property.name : "\(path).\(property.name)"
                checkFormLists(
                    in: property.type, path: inner, lists: lists, kind: kind, what, at: at, visited: &visited)
            }
        default:
            break
        }
    }

    /// Whether struct `name` has a single-value property that every value sends (not nullable).
    private func hasAlwaysSentValue(_ name: String) -> Bool {
        guard case .structure(let properties)? = types.subtypes[name]?.kind else { return true }
        return properties.contains { !$0.nullable && formShape($0.type) == .single }
    }

    /// The first value under `type` a form cannot send, with its path (`address.owner`) and type.
    private func formProblem(
        in type: TypeReference, path: String, multipart: Bool, visited: inout Set<String>
    ) -> (String, TypeReference)? {
        switch type {
        case .scalar(.fileUpload): return multipart ? nil : (path, type)
        case .scalar: return nil
        case .array(let element), .map(let element):
            return formProblem(in: element, path: path, multipart: multipart, visited: &visited)
        case .subtype(let name):
            guard let subtype = types.subtypes[name] else { return nil }
            if subtype.union != nil { return (path, type) }  // a form has no way to say which case it sends
            guard case .structure(let properties) = subtype.kind, visited.insert(name).inserted else { return nil }
            for property in properties {
                let inner = path.isEmpty ? property.name : "\(path).\(property.name)"
                if let problem = formProblem(in: property.type, path: inner, multipart: multipart, visited: &visited) {
                    return problem
                }
            }
            return nil
        case .entity, .named, .generic, .parameter: return (path, type)
        }
    }

    private func checkResponse(_ response: ResponseDescription, _ what: String) {
        checkPlainResponse(response, what)
        for property in response.metadata { properties.check(property, owner: "the response of \(what)") }
        if let first = response.metadata.first(where: { !$0.root }), !Self.payloadIsObject(response.body) {
            context.error(
                "the response of \(what) has 'metadata', but its payload is a list, which has no keys to read it from",
                at: first.location,
                hint: "give the entity a 'key' inside the payload object, or read the value with 'root: true'")
        }
        for property in response.metadata where property.root && response.baseKey.isEmpty {
            context.warning(
                "metadata '\(property.name)' of the response of \(what) is read from the root, which is the payload "
                    + "itself without a 'base_key'; 'root: true' changes nothing",
                at: properties.location(of: "root", in: property))
        }
        if response.optional, case .none = response.body {
            context.error(
                "'optional' applies to a response with 'entity' or 'type'; the response of \(what) reads no body",
                at: response.optionalLocation ?? response.location)
        }
        checkHeaders(response.headers, what)
    }

    /// A plain `type` may be a date, a list of dates or a duration, with `format` only for dates.
    private func checkPlainResponse(_ response: ResponseDescription, _ what: String) {
        guard case .type(let type) = response.body else {
            if response.dateFormat != nil {
                context.error(
                    "'format' applies only to a plain date response; the response of \(what) has no 'type'",
                    at: response.formatLocation ?? response.location)
            }
            return
        }
        let plainFormatted: [TypeReference] = [
            .scalar(.date), .array(.scalar(.date)), .scalar(.seconds), .scalar(.milliseconds),
        ]
        if type.containsFormattedScalar, !plainFormatted.contains(type) {
            context.error(
                "the response of \(what) is '\(type)'; a plain response can be a date, a list of dates or a duration, "
                    + "but cannot hold them deeper",
                at: response.nameLocation ?? response.location,
                hint: "describe it with a struct subtype that has the date property")
        }
        if response.dateFormat != nil, type.elementType != .scalar(.date) {
            context.error(
                "'format' applies only to a plain date response; the response of \(what) is '\(type)'",
                at: response.formatLocation ?? response.location)
        }
    }

    /// Header names are matched case-insensitively, so two entries may not read the same header; `format` only
    /// on dates.
    private func checkHeaders(_ headers: [ResponseHeader], _ what: String) {
        var seen: [String: ResponseHeader] = [:]
        for header in headers {
            if let first = seen[header.key.lowercased()] {
                context.error(
                    "header '\(header.name)' of the response of \(what) reads '\(header.key)', which header "
                        + "'\(first.name)' already reads (header names are case-insensitive)",
                    at: header.location)
            } else {
                seen[header.key.lowercased()] = header
            }
            if header.dateFormat != nil, header.type != .scalar(.date) {
                context.error(
                    "'format' applies only to dates; header '\(header.name)' of the response of \(what) is "
                        + "'\(header.type)'",
                    at: header.formatLocation ?? header.location)
            }
            if !URLSyntax.isToken(header.key) {
                context.error(
                    "'\(header.key)' is not an HTTP header name (header '\(header.name)' of the response of \(what))",
                    at: header.location)
            }
        }
    }

    /// Each `{` closed by a `}` before the next `{`, and no empty `{}`.
    static func hasBalancedBraces(_ path: String) -> Bool {
        var open = false, empty = false
        for character in path {
            switch character {
            case "{":
                if open { return false }
                (open, empty) = (true, true)
            case "}":
                if !open || empty { return false }
                open = false
            default:
                empty = false
            }
        }
        return !open
    }

    /// Whether the payload (after `base_key`) is a JSON object that metadata can be read from.
    static func payloadIsObject(_ body: ResponseDescription.Body) -> Bool {
        switch body {
        case .none: return true
        case .type(let type): return !type.isArray
        case .entity(let payload):
            return payload.structure == .single || (payload.structure == .array && payload.keyPath != nil)
        }
    }

    /// Two endpoints with the same method and path are almost always a mistake; not when their fixed query items
    /// differ (`/responses` and `/responses?beta=true` are two requests), nor when one reads the response whole and
    /// the other as a stream or a download (OpenAI's chat completions answer JSON, or events when asked).
    func checkRepeatedRoutes(_ services: [Service]) {
        // The first endpoint's name by route: keeping whole endpoints (or gathering them with `flatMap`) would copy
        // each of them.
        var seen: [String: String] = [:]
        seen.reserveCapacity(services.reduce(0) { $0 + $1.endpoints.count })
        for service in services {
            for endpoint in service.endpoints {
                let fixed = endpoint.fixedQuery.map { $0.name + "=" + $0.value }.sorted().joined(separator: "&")
                let reading = endpoint.stream != nil ? " stream" : endpoint.download != nil ? " download" : ""
                let route =
                    "\(endpoint.method.rawValue) \(endpoint.server) \(Self.routeShape(endpoint.path))?\(fixed)\(reading)"
                if let first = seen[route] {
                    context.warning(
                        "endpoint '\(endpoint.name)' repeats \(endpoint.method.rawValue) \(endpoint.path) of endpoint '\(first)'",
                        at: endpoint.location)
                } else {
                    seen[route] = endpoint.name
                }
            }
        }
    }

    /// The path with placeholder names erased, so `/movie/{id}` and `/movie/{movie_id}` are the same route.
    static func routeShape(_ path: String) -> String {
        var shape = "", inPlaceholder = false
        for character in path {
            if character == "{" {
                inPlaceholder = true
                shape += "{}"
            } else if character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                shape.append(character)
            }
        }
        return shape
    }
}
