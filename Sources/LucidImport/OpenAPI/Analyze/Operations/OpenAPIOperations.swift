import Foundation
import LucidSpec
import LucidSupport

/// Paths and operations → services and endpoints.
extension OperationTranslator {
    static let methods = ["get", "put", "post", "delete", "patch", "head"]

    func convertPaths() {
        let operationIds = operationIdNames()
        let paired = listedAndFetched()
        operationTags = firstTags()
        for pathMember in root["paths"]?.members ?? [] {
            if pathMember.key.hasPrefix("x-") {
                report(
                    .ignoredKeyword("extension '\(pathMember.key)' is ignored", at: pathMember.keyLocation),
                    group: "x:" + pathMember.key)
                continue
            }
            guard let item = resolved(pathMember.value) else { continue }
            // `/responses?beta=true`: the operation on `/responses`, sending `beta=true` always; a fragment
            // (`/files/{id}#get_shared_link`) is never sent, and the operation is the path's without it.
            let (bare, fixedQuery, fragment) = Self.pathParts(pathMember.key)
            if let problem = Self.pathProblem(bare) {
                report(
                    .leftOut(
                        "path '\(pathMember.key)' is no valid path (\(problem)); its operations are left out",
                        at: pathMember.keyLocation))
                continue
            }
            if fragment != nil {
                report(
                    .approximated(
                        "a path's fragment ('#…') is never sent; the operations are imported on the path without it",
                        at: pathMember.keyLocation), group: "path-fragment")
            }
            var path = bare
            if !path.hasPrefix("/") {
                report(
                    .approximated("a path must start with '/'; it is read as if it did", at: pathMember.keyLocation),
                    group: "path-without-slash")
                path = "/" + path
            }
            noteUnmapped(
                item, handled: Set(Self.methods + ["parameters", "summary", "description", "$ref"]),
                context: "a path item")
            for method in Self.methods {
                // An operation written as a `$ref` to another file (DigitalOcean's way) is read where it points.
                guard let written = item[method], let operation = resolved(written) else { continue }
                convertOperation(
                    method, path: path, fixedQuery: fixedQuery,
                    pathKey: pathMember.key.hasPrefix("/") ? pathMember.key : "/" + pathMember.key, operation,
                    pathParameters: item["parameters"]?.items ?? [], operationIds: operationIds, paired: paired,
                    at: item.location(of: method))
            }
        }
    }

    /// The first tag of each operation, once each, in document order.
    private func firstTags() -> [String] {
        var tags: [String] = []
        for pathMember in root["paths"]?.members ?? [] {
            guard let item = resolved(pathMember.value) else { continue }
            for method in Self.methods {
                guard let written = item[method], let operation = resolved(written),
                    let tag = operation["tags"]?.items?.first?.string, !tags.contains(tag)
                else { continue }
                tags.append(tag)
            }
        }
        return tags
    }

    /// The service an operation goes in: its first tag, else its path's first segment (the tag it is, ignoring case:
    /// OpenAI's untagged `/responses/compact` joins the tag `Responses`), else `api`.
    private func serviceIndex(_ operation: LocatedValue, path: String) -> Int {
        let tag = operation["tags"]?.items?.first?.string
        let segment = path.split(separator: "/").first { !$0.hasPrefix("{") }.map { segment in
            operationTags.contains(String(segment))
                ? String(segment) : operationTags.first { $0.lowercased() == segment.lowercased() } ?? String(segment)
        }
        let key = tag ?? segment ?? "api"
        if let index = services.firstIndex(where: { $0.key == key }) { return index }
        // A service's generated types (`LogClient`, `LogService`, …) must not be a subtype's name (Okta's `Log`
        // service and `LogClient` schema), whatever the case.
        let suffixes = ["Service", "Client", "BusinessController", "BusinessControllerProtocol"]
        let name = serviceNames.take(
            key, limit: OpenAPINames.maxServiceLength,
            clashes: { [schemas, naming] name in
                suffixes.contains { schemas.typeNames.isTaken(ignoringCase: naming.typeName(name) + $0) }
            })
        let description = (root["tags"]?.items ?? []).first { $0["name"]?.string == key }?["description"]?.string
        services.append(
            DraftService(
                name: name, key: key, description: description?.trimmingCharacters(in: .whitespacesAndNewlines)))
        endpointNames.append(OpenAPINames(naming: naming, asType: false))
        return services.count - 1
    }

    /// `pathKey` (the key as written, with a `/` first) is the fallback name's source: an operation on
    /// `/token#refresh` is `post_token_refresh`, apart from the one on `/token`.
    private func convertOperation(
        _ method: String, path: String, fixedQuery: [(name: String, value: String)], pathKey: String,
        _ operation: LocatedValue, pathParameters: [LocatedValue], operationIds: Set<String>, paired: Set<String>,
        at location: SourceLocation
    ) {
        operationCount += 1
        noteUnmapped(
            operation,
            handled: [
                "operationId", "tags", "summary", "description", "parameters", "requestBody", "responses",
                "deprecated", "security",
            ], context: "an operation")
        let serviceIndex = serviceIndex(operation, path: path)
        // Without an `operationId`: the method and the path's segments (`delete_items_item_id`); a GET's method is
        // `fetch<Endpoint>` already, so its path alone (`items_item_id`, `fetchItemsItemId`).
        let segments = pathKey.split(separator: "/").map(String.init).joined(separator: "_")
        let fallback = method == "get" && !segments.isEmpty ? segments : method + "_" + segments
        // The endpoint's name is cut so that names made of both (`<Service><Endpoint>Response`) fit.
        let room = OpenAPINames.maxServiceAndEndpointLength - naming.typeName(services[serviceIndex].name).count
        // …and so that its payload type (`<Service><Endpoint>Response`) is no subtype's name, whatever the case.
        let service = naming.typeName(services[serviceIndex].name)
        let clashes = { [schemas, naming] (name: String) in
            schemas.typeNames.isTaken(ignoringCase: service + naming.typeName(name) + "Response")
        }
        // A GET endpoint's method is `fetch<Endpoint>`: `getPetById` is named `petById` (OpenAPIEndpointNames).
        let endpointSource = operation["operationId"]?.string.map {
            endpointText(
                $0, method: method, service: serviceIndex, otherIds: operationIds, paired: paired, clashes: clashes)
        }
        let source = fitted(endpointSource ?? fallback, room: room, service: services[serviceIndex].name)
        let name = endpointNames[serviceIndex].take(source, limit: room, clashes: clashes)
        var members = OpenAPINames(naming: naming, asType: false)
        var endpoint = DraftEndpoint(name: name, method: method, path: path, origin: location)
        var description = operation["description"]?.string ?? operation["summary"]?.string
        if let summary = operation["summary"]?.string, let text = operation["description"]?.string,
            !text.hasPrefix(summary)
        {
            description = summary + "\n\n" + text
        }

        // Parameters: path-level ones first, replaced by the operation's of the same name and place.
        var parameters: [LocatedValue] = []
        for parameter in pathParameters + (operation["parameters"]?.items ?? []) {
            guard let parameter = resolved(parameter) else { continue }
            parameters.removeAll {
                $0["name"]?.string == parameter["name"]?.string && $0["in"]?.string == parameter["in"]?.string
            }
            parameters.append(parameter)
        }
        let auth = security.auth(of: operation, sink: sink)
        var pathText = path
        var declared: Set<String> = []
        var queryItems: [QueryItem] = []
        endpoint.fixedQuery = fixedQuery
        for parameter in parameters {
            if let key = parameter["name"]?.string, let place = parameter["in"]?.string,
                let scheme = auth?.scheme(sending: place, key)
            {
                report(
                    .leftOut(
                        "\(place) parameter '\(key)' is what auth scheme '\(scheme.name)' sends; it is left out (the"
                            + " credential provider supplies it)", at: parameter.location(of: "name")))
                continue
            }
            if parameter["in"]?.string == "query", let key = parameter["name"]?.string,
                fixedQuery.contains(where: { $0.name == key })
            {
                report(
                    .leftOut(
                        "query parameter '\(key)' is sent with the value its path gives it; it is left out",
                        at: parameter.location(of: "name")))
                continue
            }
            if let items = deepObjectItems(parameter, endpoint: name, members: &members) {
                for item in items {
                    endpoint.query.append(item)
                    if case .wire(let key)? = item.key {
                        queryItems.append(
                            QueryItem(name: item.name, key: key, type: item.type, location: parameter.location))
                    }
                }
                continue
            }
            guard let converted = convertParameter(parameter, endpoint: name, members: &members) else { continue }
            if converted.place == "params" {
                if converted.name != converted.key {
                    pathText = pathText.replacingOccurrences(of: "{\(converted.key)}", with: "{\(converted.name)}")
                }
                guard path.contains("{\(converted.key)}") else {
                    report(
                        .leftOut(
                            "path parameter '\(converted.key)' is not in the path '\(path)'; it is left out",
                            at: parameter.location))
                    continue
                }
                declared.insert(converted.key)
            }
            switch converted.place {
            case "params": endpoint.params.append(converted.property)
            case "query":
                endpoint.query.append(converted.property)
                queryItems.append(
                    QueryItem(
                        name: converted.name, key: converted.key, type: converted.type, location: parameter.location))
            default: endpoint.headers.append(converted.property)
            }
        }
        // Placeholders no parameter declares: strings, so the endpoint can still be called.
        for placeholder in placeholders(path) where !declared.contains(placeholder) {
            let parameterName = members.take(placeholder)
            pathText = pathText.replacingOccurrences(of: "{\(placeholder)}", with: "{\(parameterName)}")
            report(
                .approximated(
                    "path placeholder '{\(placeholder)}' has no parameter; the spec reads it as a string", at: location)
            )
            endpoint.params.append(DraftProperty(name: parameterName, type: "string"))
        }
        endpoint.path = pathText
        endpoint.description = description
        endpoint.deprecated = operation["deprecated"]?.bool == true
        endpoint.auth = auth?.alternatives
        let place = (service: serviceIndex, endpoint: services[serviceIndex].endpoints.count)
        if let body = operation["requestBody"],
            let converted = convertRequestBody(body, method: method, endpoint: name, members: &members)
        {
            endpoint.body = converted.body
            if let tentative = converted.tentative {
                operationState.tentatives.append(
                    Tentative(
                        service: place.service, endpoint: place.endpoint, part: .body(fallback: tentative.fallback),
                        subtype: tentative.subtype, location: tentative.location, what: tentative.what,
                        outcome: tentative.outcome))
            }
        }
        var response = ResponseLines()
        if let responses = operation["responses"] {
            // An inline response is `<endpoint>_response`, unless a schema has that name, whatever the case (SendGrid's
            // `verifiedSender_response` beside `VerifiedSenderResponse`): then the operation's (`ListVerifiedSender`),
            // or the service's and the endpoint's, rather than a number.
            let hints = [name, operation["operationId"]?.string, services[serviceIndex].name + "_" + name]
            let free = hints.compactMap { $0 }.first { hint in
                !schemas.typeNames.isTaken(
                    ignoringCase: naming.typeName(SpecNameText.sanitized(hint + "_response", prefix: "n")))
            }
            response = convertResponses(responses, endpoint: free ?? name)
            endpoint.response = response.response
        }
        if method == "get", endpoint.body == nil, !response.optional,
            let paging = guessPaging(query: queryItems, response: response)
        {
            endpoint.paging = paging.paging
            operationState.tentatives.append(
                Tentative(
                    service: place.service, endpoint: place.endpoint, part: .paging, location: paging.location,
                    what: "the paging guessed from \(paging.paging.source)", outcome: "it is left out",
                    noteKind: "paging-unfit"))
        }
        endpoint.example = examplePath(
            service: services[serviceIndex].name, endpoint: name, media: response.media)
        services[serviceIndex].endpoints.append(endpoint)
    }

    private func placeholders(_ path: String) -> [String] {
        var result: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    // MARK: Parameters

    private func convertParameter(
        _ parameter: LocatedValue, endpoint: String, members: inout OpenAPINames
    ) -> (place: String, name: String, key: String, type: String, property: DraftProperty)? {
        noteUnmapped(
            parameter,
            handled: [
                "name", "in", "required", "schema", "description", "style", "explode", "deprecated", "example",
                "examples",
            ],
            context: "a parameter")
        guard let key = parameter["name"]?.string, let place = parameter["in"]?.string else {
            report(.leftOut("a parameter without 'name' and 'in' is left out", at: parameter.location))
            return nil
        }
        let sectionByPlace = ["path": "params", "query": "query", "header": "headers"]
        guard let section = sectionByPlace[place] else {
            report(
                .leftOut(
                    "\(place) parameter '\(key)' has no equivalent in the spec yet; it is left out",
                    at: parameter.location(of: "in")))
            return nil
        }
        if place == "header", ["accept", "content-type", "authorization"].contains(key.lowercased()) {
            report(
                .leftOut(
                    "header parameter '\(key)' is set by the client, as OpenAPI says; it is left out",
                    at: parameter.location(of: "name")))
            return nil
        }
        guard let schema = parameter["schema"] else {
            report(
                .leftOut(
                    "parameter '\(key)' has no 'schema' ('content' is not mapped yet); it is left out",
                    at: parameter.location))
            return nil
        }
        // A path parameter of several single types (DigitalOcean's `image_id`: `oneOf: [integer, string]`) is the
        // text of either: a string, with one warning (it was left out, and its placeholder read as a string).
        var severalScalars = false
        if place == "path", let target = resolved(schema), let choice = schemas.choice(of: target),
            choice.members.count > 1,
            choice.members.allSatisfy({ resolved($0).map(isScalarSchema) ?? false }),
            Set(choice.members.compactMap { resolved($0).map(schemas.typeNamesOf) }).count > 1
        {
            severalScalars = true
            report(
                .approximated(
                    "a path parameter of several types ('\(choice.kind)' of single values) is read as a string, the"
                        + " text of any of them", at: parameter.location(of: "schema")), group: "path-several-types")
        }
        guard
            var type = severalScalars
                ? ConvertedType(expression: "string")
                : existingEnum(for: schema)
                    ?? schemas.type(of: schema, hint: endpoint + "_" + key, at: parameter.location(of: "schema"))
        else {
            return nil
        }
        // A query list holds single values: not structs, unions, maps or lists; a query map, sent as a deep object
        // (`metadata[key]=value`), single values too.
        let isList = type.expression.hasPrefix("[")
        let isDeepMap =
            section == "query" && parameter["style"]?.string == "deepObject" && type.expression.hasPrefix("{string: ")
            && isSimpleValue(String(type.expression.dropFirst("{string: ".count).dropLast()))
        if !isDeepMap && (type.expression.hasPrefix("{") || schemas.isComposite(type.expression))
            || (section != "query" && isList)
            || (isList && type.expression.dropFirst().hasPrefix("["))
        {
            let style = parameter["style"]?.string.map { " (style \($0))" } ?? ""
            report(
                .leftOut(
                    "\(place) parameter '\(key)'\(style) of type '\(type.expression)' is not a simple value (a spec's"
                        + " \(section == "query" ? "query items are single values and lists" : "parameters are single values"));"
                        + " it is left out", at: parameter.location(of: "schema")))
            return nil
        }
        let name = members.take(key)
        var property = DraftProperty(
            name: name, type: type.expression, key: name != key && section != "params" ? .wire(key) : nil,
            format: type.format, description: parameter["description"]?.string, origin: parameter.location)
        let required = parameter["required"]?.bool == true || place == "path"
        if place == "path" {
            if type.nullable {
                report(
                    .approximated("a path parameter cannot be null; it is read as required", at: parameter.location),
                    group: "nullable-path")
            }
            type.nullable = false
        } else if type.nullable || !required {
            property.nullable = true
        }
        if let schema = resolved(schema) {
            if place == "path" {
                property.defaultValue = schemas.defaultValue(schema, type: type)
            } else if let value = schema["default"], let text = Self.defaultText(value) {
                // What the server assumes when the item is absent: sent only when the caller sets it (nil by
                // default), and said in the description, never sent on every call.
                property.description = Self.describing(property.description, default: text)
            }
        }
        if type.expression.hasPrefix("[") {
            let style = parameter["style"]?.string ?? "form"
            let explode = parameter["explode"]?.bool ?? (style == "form")
            switch (style, explode) {
            case ("form", true): break
            case ("form", false): property.style = "comma"
            // A list in a deep object is what Rails and PHP (and Stripe) read as `expand[]=a&expand[]=b`.
            case ("deepObject", _) where section == "query": property.style = "brackets"
            default:
                report(
                    .approximated(
                        "parameter style '\(style)' has no equivalent in the spec (a list goes repeated, comma-separated"
                            + " or with brackets); the list is sent repeated (name=a&name=b)",
                        at: parameter.location(of: "style")), group: "style:" + style)
            }
        } else if isDeepMap {
            property.style = "deep_object"
        } else if let style = parameter["style"]?.string, style != (place == "query" ? "form" : "simple") {
            report(
                .leftOut(
                    "parameter style '\(style)' is not mapped yet; the value is sent as is",
                    at: parameter.location(of: "style")), group: "style:" + style)
        }
        return (section, name, key, type.expression, property)
    }

    /// An OpenAPI `default` as a description says it: `png`, `10`, `true`, `[a, b]`; nil for `null`.
    static func defaultText(_ value: LocatedValue) -> String? {
        switch value.value {
        case .null: return nil
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .array(let items): return "[" + items.map { defaultText($0) ?? "null" }.joined(separator: ", ") + "]"
        case .object(let object):
            return "{"
                + object.members.map { "\($0.key): " + (defaultText($0.value) ?? "null") }.joined(separator: ", ")
                + "}"
        }
    }

    /// `description` and a last paragraph `Default: `png`.`, unless it says that default already.
    static func describing(_ description: String?, default text: String) -> String {
        let written = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if written.lowercased().contains("default"), written.contains(text) { return written }
        return (written.isEmpty ? "" : written + "\n\n") + "Default: `\(text)`."
    }

    /// Whether a type expression is a single value a query map (or a deep object's entry) may send: a scalar
    /// other than a date, a duration, bytes or a color, or an enum.
    private func isSimpleValue(_ expression: String) -> Bool {
        let scalars: Set<ScalarType> = [.string, .int, .int64, .double, .float, .decimal, .bool, .url, .uuid]
        if let scalar = ScalarType(rawValue: expression) { return scalars.contains(scalar) }
        return schemas.enumCases[expression] != nil
    }

    /// Whether a schema is one scalar or a string enum: no object, list, choice or `allOf`.
    private func isScalarSchema(_ schema: LocatedValue) -> Bool {
        guard schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil else { return false }
        if schemas.isStringEnum(schema) { return true }
        let types = schemas.typeNamesOf(schema)
        return types.count == 1 && types.isSubset(of: ["string", "integer", "number", "boolean"])
    }

    /// A `deepObject` query parameter whose schema is an object of single values, or such an object or a single
    /// value (Stripe's `created`: `anyOf: [{properties: {gt, gte, lt, lte}}, integer]`), as one nullable query
    /// item per property, its wire name bracketed (`created_gt: { type: int, key: "created[gt]" }`), and the single
    /// value as the parameter itself (`created: int?`). Nil for any other parameter.
    private func deepObjectItems(
        _ parameter: LocatedValue, endpoint: String, members: inout OpenAPINames
    ) -> [DraftProperty]? {
        guard parameter["in"]?.string == "query", parameter["style"]?.string == "deepObject",
            let key = parameter["name"]?.string, let schema = parameter["schema"], let target = resolved(schema)
        else { return nil }
        var object: LocatedValue?
        var single: LocatedValue?
        if schemas.isObject(target) {
            object = target
        } else if target["oneOf"] != nil || target["anyOf"] != nil, let choice = schemas.choice(of: target) {
            for member in choice.members {
                guard let value = resolved(member) else { return nil }
                if schemas.isObject(value), object == nil {
                    object = value
                } else if isScalarSchema(value), single == nil {
                    single = member
                } else {
                    return nil
                }
            }
        }
        guard let object else { return nil }
        let properties = objectProperties(object).properties
        guard !properties.isEmpty, properties.allSatisfy({ resolved($0.value).map(isScalarSchema) ?? false }) else {
            return nil
        }
        var types: [(member: LocatedValue.Member?, type: ConvertedType)] = []
        if let single {
            guard let type = schemas.type(of: single, hint: endpoint + "_" + key, at: parameter.location(of: "schema")),
                isSimpleValue(type.expression)
            else { return nil }
            types.append((nil, type))
        }
        for property in properties {
            guard
                let type = schemas.type(
                    of: property.value, hint: endpoint + "_" + key + "_" + property.key, at: property.keyLocation),
                isSimpleValue(type.expression)
            else { return nil }
            types.append((property, type))
        }
        noteUnmapped(
            parameter,
            handled: [
                "name", "in", "required", "schema", "description", "style", "explode", "deprecated", "example",
                "examples",
            ],
            context: "a parameter")
        let description = parameter["description"]?.string
        return types.map { member, type in
            let wire = member.map { key + "[" + $0.key + "]" } ?? key
            let name = members.take(member.map { key + "_" + $0.key } ?? key)
            let own = member.flatMap { resolved($0.value)?["description"]?.string }
            return DraftProperty(
                name: name, type: type.expression, key: name != wire ? .wire(wire) : nil, nullable: true,
                format: type.format, deprecated: parameter["deprecated"]?.bool == true,
                description: own ?? description, origin: member?.keyLocation ?? parameter.location)
        }
    }

    /// An enum subtype made already with exactly the values of an inline string enum (or a list of one), so that
    /// a parameter repeating a schema's enum takes its type rather than a copy.
    private func existingEnum(for schema: LocatedValue) -> ConvertedType? {
        guard schema["$ref"] == nil else { return nil }
        var values = schema
        let isList = schemas.typeNamesOf(schema) == ["array"]
        if isList {
            guard let items = schema["items"], items["$ref"] == nil else { return nil }
            values = items
        }
        guard schemas.isStringEnum(values) else { return nil }
        let wanted = Set((values["enum"]?.items ?? []).compactMap(\.string))
        for type in schemas.types where !type.isEntity {
            let name = type.name
            guard let cases = schemas.enumCases[name], Set(cases.keys) == wanted else { continue }
            let nullable = schemas.allowsNull(schema) || (values["enum"]?.items ?? []).contains { $0.isNull }
            return ConvertedType(
                expression: isList ? "[\(name)]" : name, nullable: isList ? schemas.allowsNull(schema) : nullable)
        }
        return nil
    }
}
