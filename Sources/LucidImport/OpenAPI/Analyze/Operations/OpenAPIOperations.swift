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
        let name = endpointName(
            of: operation, method: method, pathKey: pathKey, service: serviceIndex, operationIds: operationIds,
            paired: paired)
        var members = OpenAPINames(naming: naming, asType: false)
        var endpoint = DraftEndpoint(name: name, method: method, path: path, origin: location)
        endpoint.fixedQuery = fixedQuery
        let parameters = mergedParameters(pathParameters + (operation["parameters"]?.items ?? []))
        let auth = security.auth(of: operation, sink: sink)
        let queryItems = convertParameters(
            parameters, auth: auth, endpoint: &endpoint, members: &members, at: location)
        endpoint.description = Self.description(of: operation)
        endpoint.deprecated = operation["deprecated"]?.bool == true
        endpoint.auth = auth?.alternatives
        let place = (service: serviceIndex, endpoint: services[serviceIndex].endpoints.count)
        if let body = operation["requestBody"] {
            convertBody(body, of: &endpoint, at: place, members: &members)
        }
        var response = ResponseLines()
        if let responses = operation["responses"] {
            response = convertResponses(responses, endpoint: responseName(of: operation, endpoint: name, serviceIndex))
            endpoint.response = response.response
        }
        if let transfer = response.transfer {
            read(transfer, by: &endpoint, of: operation, response: response, at: place)
        }
        if method == "get", endpoint.body == nil, !response.optional, endpoint.stream == nil, endpoint.download == nil,
            let paging = guessPaging(query: queryItems, response: response)
        {
            endpoint.paging = paging.paging
            operationState.tentatives.append(
                Tentative(
                    service: place.service, endpoint: place.endpoint, part: .paging, location: paging.location,
                    what: "the paging guessed from \(paging.paging.source)", outcome: "it is left out",
                    noteKind: "paging-unfit"))
        }
        endpoint.example = examplePath(service: services[serviceIndex].name, endpoint: name, media: response.media)
        services[serviceIndex].endpoints.append(endpoint)
        for alternate in response.alternates {
            addAlternate(alternate, to: endpoint, of: operation, response: response, at: place)
        }
    }

    /// `endpoint` reads its success response as `transfer`, a stream or a download, rather than as a whole value:
    /// it has no `response`. A download's file comes with the response's headers (`DownloadedFile.headers`, as
    /// sent, untyped); a stream has none, so its response headers are warned. A stream of events whose document
    /// says no terminator gets one guessed from its prose, when it has one. Lint decides.
    private func read(
        _ transfer: (transfer: DraftTransfer, location: SourceLocation), by endpoint: inout DraftEndpoint,
        of operation: LocatedValue, response: ResponseLines, at place: (service: Int, endpoint: Int),
        alternate: Bool = false
    ) {
        if let headers = endpoint.response?.headers, !headers.isEmpty, !alternate, case .stream = transfer.transfer {
            report(
                .leftOut(
                    "the response headers of a stream are not read (the spec has no place for them)",
                    at: response.headers.first?.location ?? transfer.location), group: "transfer-headers")
        }
        endpoint.response = nil
        let what: String
        var fallback: DraftStream?
        switch transfer.transfer {
        case .stream(var stream):
            if stream.stream.format == .events, !stream.statesOptions, stream.stream.terminator == nil,
                let guess = guessedTerminator(operation, response: response.chosen)
            {
                stream.stream.terminator = guess.terminator
                stream.stream.terminatorSource = guess.source
                report(
                    .guessed(
                        "the stream's terminator '\(guess.terminator)' is guessed from \(guess.source); check it",
                        at: transfer.location))
            }
            endpoint.stream = stream.stream
            what = "the stream"
            if case .some(let named) = stream.namedFallback { fallback = named }
        case .download(let download):
            endpoint.download = download
            what = "the download"
        }
        // Without a fallback, an endpoint beside the JSON one goes; the endpoint itself reads nothing.
        operationState.tentatives.append(
            Tentative(
                service: place.service, endpoint: place.endpoint,
                part: .transfer(fallback: fallback, dropsEndpoint: alternate), location: transfer.location,
                what: what,
                outcome: fallback != nil
                    ? "each item is read as the schema's type, whatever its event's name"
                    : alternate ? "the endpoint reading it is left out" : "its body is ignored"))
    }

    /// An endpoint beside `endpoint`, `<name>_stream` or `<name>_download`, that sends the same request and reads
    /// the response as `alternate`: an operation answering JSON or a stream as its request asks (OpenAI's `stream:
    /// true`) is two calls. Tentative parts of the body are tentative on it too.
    private func addAlternate(
        _ alternate: (transfer: DraftTransfer, location: SourceLocation), to endpoint: DraftEndpoint,
        of operation: LocatedValue, response: ResponseLines, at place: (service: Int, endpoint: Int)
    ) {
        var copy = endpoint
        copy.name = alternateName(endpoint.name, suffix: alternate.transfer.suffix, service: place.service)
        copy.paging = nil
        copy.example = nil
        copy.stream = nil
        copy.download = nil
        copy.response = nil
        let kind = alternate.transfer.suffix == "stream" ? "a stream" : "a file"
        let other = endpoint.stream != nil ? "a stream" : endpoint.download != nil ? "a file" : "JSON"
        let note =
            "Reads the response as \(kind) (the request asks for one); endpoint '\(endpoint.name)' reads it as"
            + " \(other)."
        copy.description = DraftType.said(endpoint.description).map { $0 + "\n\n" + note } ?? note
        let index = services[place.service].endpoints.count
        for tentative in operationState.tentatives
        where tentative.service == place.service && tentative.endpoint == place.endpoint {
            guard case .body = tentative.part else { continue }
            var again = tentative
            again.endpoint = index
            again.quiet = true
            operationState.tentatives.append(again)
        }
        read(alternate, by: &copy, of: operation, response: response, at: (place.service, index), alternate: true)
        services[place.service].endpoints.append(copy)
    }

    /// `<name>_stream`, cut to fit beside the service's name, and taken in the service (`_2` on a clash).
    private func alternateName(_ name: String, suffix: String, service serviceIndex: Int) -> String {
        let service = naming.typeName(services[serviceIndex].name)
        let room = OpenAPINames.maxServiceAndEndpointLength - service.count
        let clashes = { [schemas, naming] (name: String) in
            schemas.typeNames.isTaken(ignoringCase: service + naming.typeName(name) + "Response")
        }
        let source = fitted(name + "_" + suffix, room: room, service: services[serviceIndex].name)
        return endpointNames[serviceIndex].take(source, limit: room, clashes: clashes)
    }

    /// An endpoint's name in its service: from its `operationId` (OpenAPIEndpointNames), else the method and the
    /// path's segments (`delete_items_item_id`; a GET's method is `fetch<Endpoint>` already, so its path alone:
    /// `items_item_id`, `fetchItemsItemId`). It is cut so that names made of the service's and its
    /// (`<Service><Endpoint>Response`) fit, and so that its payload type is no subtype's name, whatever the case.
    private func endpointName(
        of operation: LocatedValue, method: String, pathKey: String, service serviceIndex: Int,
        operationIds: Set<String>, paired: Set<String>
    ) -> String {
        let segments = pathKey.split(separator: "/").map(String.init).joined(separator: "_")
        let fallback = method == "get" && !segments.isEmpty ? segments : method + "_" + segments
        let service = naming.typeName(services[serviceIndex].name)
        let room = OpenAPINames.maxServiceAndEndpointLength - service.count
        let clashes = { [schemas, naming] (name: String) in
            schemas.typeNames.isTaken(ignoringCase: service + naming.typeName(name) + "Response")
        }
        // A GET endpoint's method is `fetch<Endpoint>`: `getPetById` is named `petById` (OpenAPIEndpointNames).
        let endpointSource = operation["operationId"]?.string.map {
            endpointText(
                $0, method: method, service: serviceIndex, otherIds: operationIds, paired: paired, clashes: clashes)
        }
        let source = fitted(endpointSource ?? fallback, room: room, service: services[serviceIndex].name)
        return endpointNames[serviceIndex].take(source, limit: room, clashes: clashes)
    }

    /// An operation's summary and description, the summary first unless the description starts with it.
    private static func description(of operation: LocatedValue) -> String? {
        let summary = operation["summary"]?.string
        guard let text = operation["description"]?.string else { return summary }
        guard let summary, !text.hasPrefix(summary) else { return text }
        return summary + "\n\n" + text
    }

    /// Path-level parameters first, each replaced by the operation's of the same name and place.
    private func mergedParameters(_ written: [LocatedValue]) -> [LocatedValue] {
        var parameters: [LocatedValue] = []
        for parameter in written {
            guard let parameter = resolved(parameter) else { continue }
            parameters.removeAll {
                $0["name"]?.string == parameter["name"]?.string && $0["in"]?.string == parameter["in"]?.string
            }
            parameters.append(parameter)
        }
        return parameters
    }

    /// `parameters` as `endpoint`'s path parameters, query items and headers, and its path's placeholders named as
    /// they are; the query items, for guessing the paging. A parameter that an auth scheme or the path's fixed query
    /// sends is left out.
    private func convertParameters(
        _ parameters: [LocatedValue], auth: EndpointAuth?, endpoint: inout DraftEndpoint,
        members: inout OpenAPINames, at location: SourceLocation
    ) -> [QueryItem] {
        let path = endpoint.path
        var pathText = path
        var declared: Set<String> = []
        var queryItems: [QueryItem] = []
        for parameter in parameters where !isSentAlready(parameter, auth: auth, fixedQuery: endpoint.fixedQuery) {
            if let items = deepObjectItems(parameter, endpoint: endpoint.name, members: &members) {
                endpoint.query += items
                queryItems += items.compactMap { item in
                    guard case .wire(let key)? = item.key else { return nil }
                    return QueryItem(name: item.name, key: key, type: item.type, location: parameter.location)
                }
                continue
            }
            guard let converted = convertParameter(parameter, endpoint: endpoint.name, members: &members) else {
                continue
            }
            switch converted.section {
            case "params":
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
                endpoint.params.append(converted.property)
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
        return queryItems
    }

    /// Whether a parameter is what an auth scheme sends (the credential provider supplies it) or what the path's
    /// fixed query sends; either is left out, with a warning.
    private func isSentAlready(
        _ parameter: LocatedValue, auth: EndpointAuth?, fixedQuery: [(name: String, value: String)]
    ) -> Bool {
        guard let key = parameter["name"]?.string, let place = parameter["in"]?.string else { return false }
        if let scheme = auth?.scheme(sending: place, key) {
            report(
                .leftOut(
                    "\(place) parameter '\(key)' is what auth scheme '\(scheme.name)' sends; it is left out (the"
                        + " credential provider supplies it)", at: parameter.location(of: "name")))
            return true
        }
        if place == "query", fixedQuery.contains(where: { $0.name == key }) {
            report(
                .leftOut(
                    "query parameter '\(key)' is sent with the value its path gives it; it is left out",
                    at: parameter.location(of: "name")))
            return true
        }
        return false
    }

    /// `body` as `endpoint`'s request body; a body the check may find does not fit (a guessed form) is tentative.
    private func convertBody(
        _ body: LocatedValue, of endpoint: inout DraftEndpoint, at place: (service: Int, endpoint: Int),
        members: inout OpenAPINames
    ) {
        guard
            let converted = convertRequestBody(
                body, method: endpoint.method, endpoint: endpoint.name, members: &members)
        else { return }
        endpoint.body = converted.body
        guard let tentative = converted.tentative else { return }
        operationState.tentatives.append(
            Tentative(
                service: place.service, endpoint: place.endpoint, part: .body(fallback: tentative.fallback),
                subtype: tentative.subtype, location: tentative.location, what: tentative.what,
                outcome: tentative.outcome))
    }

    /// The name an inline response type is made from: `<endpoint>_response`, unless a schema has that name, whatever
    /// the case (SendGrid's `verifiedSender_response` beside `VerifiedSenderResponse`): then the operation's
    /// (`ListVerifiedSender`), or the service's and the endpoint's, rather than a number.
    private func responseName(of operation: LocatedValue, endpoint name: String, _ serviceIndex: Int) -> String {
        let hints = [name, operation["operationId"]?.string, services[serviceIndex].name + "_" + name]
        let free = hints.compactMap { $0 }.first { hint in
            !schemas.typeNames.isTaken(
                ignoringCase: naming.typeName(SpecNameText.sanitized(hint + "_response", prefix: "n")))
        }
        return free ?? name
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
}
