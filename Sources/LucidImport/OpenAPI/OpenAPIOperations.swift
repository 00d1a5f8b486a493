import Foundation
import LucidSpec

/// Paths and operations → services and endpoints.
extension OpenAPIConverter {
    static let methods = ["get", "put", "post", "delete", "patch", "head"]

    func convertPaths() {
        for pathMember in root["paths"]?.members ?? [] {
            if pathMember.key.hasPrefix("x-") {
                note("x:" + pathMember.key, at: pathMember.keyLocation, "extension '\(pathMember.key)' is ignored")
                continue
            }
            guard let item = resolved(pathMember.value) else { continue }
            noteUnmapped(
                item, handled: Set(Self.methods + ["parameters", "summary", "description", "$ref"]),
                context: "a path item")
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                convertOperation(
                    method, path: pathMember.key, operation, pathParameters: item["parameters"]?.items ?? [],
                    at: item.location(of: method))
            }
        }
    }

    /// The service an operation goes in: its first tag, else its path's first segment, else `api`.
    private func serviceIndex(_ operation: OpenAPINode, path: String) -> Int {
        let tag = operation["tags"]?.items?.first?.string
        let segment = path.split(separator: "/").first { !$0.hasPrefix("{") }.map(String.init)
        let key = tag ?? segment ?? "api"
        if let index = services.firstIndex(where: { $0.key == key }) { return index }
        let name = serviceNames.take(key)
        let description = (root["tags"]?.items ?? []).first { $0["name"]?.string == key }?["description"]?.string
        services.append(
            (
                name, key, description?.trimmingCharacters(in: .whitespacesAndNewlines), [],
                OpenAPINames(naming: naming, asType: false)
            ))
        return services.count - 1
    }

    private func convertOperation(
        _ method: String, path: String, _ operation: OpenAPINode, pathParameters: [OpenAPINode],
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
        let fallback = method + "_" + path.split(separator: "/").map(String.init).joined(separator: "_")
        let name = services[serviceIndex].names.take(operation["operationId"]?.string ?? fallback)
        var members = OpenAPINames(naming: naming, asType: false)
        var lines = ["\(name):"]
        var description = operation["description"]?.string ?? operation["summary"]?.string
        if let summary = operation["summary"]?.string, let text = operation["description"]?.string,
            !text.hasPrefix(summary)
        {
            description = summary + "\n\n" + text
        }

        // Parameters: path-level ones first, replaced by the operation's of the same name and place.
        var parameters: [OpenAPINode] = []
        for parameter in pathParameters + (operation["parameters"]?.items ?? []) {
            guard let parameter = resolved(parameter) else { continue }
            parameters.removeAll {
                $0["name"]?.string == parameter["name"]?.string && $0["in"]?.string == parameter["in"]?.string
            }
            parameters.append(parameter)
        }
        let auth = authScheme(of: operation)
        var pathText = path
        var sections: [String: [String]] = [:]
        var declared: Set<String> = []
        for parameter in parameters {
            if let auth, let key = parameter["name"]?.string, let place = parameter["in"]?.string,
                auth.sends == (place == "header" ? "header:" + key.lowercased() : place + ":" + key)
            {
                warn(
                    "\(place) parameter '\(key)' is what auth scheme '\(auth.name)' sends; it is left out (the"
                        + " credential provider supplies it)",
                    at: parameter.location(of: "name"))
                continue
            }
            guard let converted = convertParameter(parameter, endpoint: name, members: &members) else { continue }
            if converted.place == "params" {
                if converted.name != converted.key {
                    pathText = pathText.replacingOccurrences(of: "{\(converted.key)}", with: "{\(converted.name)}")
                }
                guard path.contains("{\(converted.key)}") else {
                    warn(
                        "path parameter '\(converted.key)' is not in the path '\(path)'; it is left out",
                        at: parameter.location)
                    continue
                }
                declared.insert(converted.key)
            }
            sections[converted.place, default: []] += converted.lines
        }
        // Placeholders no parameter declares: strings, so the endpoint can still be called.
        for placeholder in placeholders(path) where !declared.contains(placeholder) {
            let parameterName = members.take(placeholder)
            pathText = pathText.replacingOccurrences(of: "{\(placeholder)}", with: "{\(parameterName)}")
            warn("path placeholder '{\(placeholder)}' has no parameter; the spec reads it as a string", at: location)
            sections["params", default: []].append("\(parameterName): string")
        }
        lines.append("  \(method): \(SpecText.scalar(pathText))")
        if let description { lines.append("  description: \(text(description))") }
        if operation["deprecated"]?.bool == true { lines.append("  deprecated: true") }
        if let auth { lines.append("  auth: \(auth.name)") }
        for place in ["params", "query", "headers"] {
            guard let entries = sections[place] else { continue }
            lines.append("  \(place):")
            lines += entries.map { "    " + $0 }
        }
        if let body = operation["requestBody"] {
            if let bodyLine = convertBody(body, method: method, endpoint: name, members: &members) {
                lines.append("  " + bodyLine)
            }
        }
        if let responses = operation["responses"],
            let responseLine = convertResponses(responses, method: method, endpoint: name)
        {
            lines.append("  " + responseLine)
        }
        services[serviceIndex].endpoints.append(lines)
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
        _ parameter: OpenAPINode, endpoint: String, members: inout OpenAPINames
    ) -> (place: String, name: String, key: String, lines: [String])? {
        noteUnmapped(
            parameter,
            handled: [
                "name", "in", "required", "schema", "description", "style", "explode", "deprecated", "example",
                "examples",
            ],
            context: "a parameter")
        guard let key = parameter["name"]?.string, let place = parameter["in"]?.string else {
            warn("a parameter without 'name' and 'in' is left out", at: parameter.location)
            return nil
        }
        let sectionByPlace = ["path": "params", "query": "query", "header": "headers"]
        guard let section = sectionByPlace[place] else {
            warn(
                "\(place) parameter '\(key)' has no equivalent in the spec yet; it is left out",
                at: parameter.location(of: "in"))
            return nil
        }
        if place == "header", ["accept", "content-type", "authorization"].contains(key.lowercased()) {
            warn(
                "header parameter '\(key)' is set by the client, as OpenAPI says; it is left out",
                at: parameter.location(of: "name"))
            return nil
        }
        guard let schema = parameter["schema"] else {
            warn(
                "parameter '\(key)' has no 'schema' ('content' is not mapped yet); it is left out",
                at: parameter.location)
            return nil
        }
        guard var type = type(of: schema, hint: endpoint + "_" + key, at: parameter.location(of: "schema")) else {
            return nil
        }
        if type.expression.hasPrefix("{") || (section != "query" && type.expression.hasPrefix("["))
            || isComposite(type.expression)
        {
            warn(
                "\(place) parameter '\(key)' of type '\(type.expression)' is not a simple value; it is left out",
                at: parameter.location(of: "schema"))
            return nil
        }
        var pairs: [(String, String)] = []
        let name = members.take(key)
        if name != key, section != "params" { pairs.append(("key", SpecText.quoted(key))) }
        let required = parameter["required"]?.bool == true || place == "path"
        if place == "path" {
            if type.nullable {
                note("nullable-path", at: parameter.location, "a path parameter cannot be null; it is read as required")
            }
            type.nullable = false
        } else if type.nullable || !required {
            pairs.append(("nullable", "true"))
        }
        if let format = type.format { pairs.append(("format", SpecText.scalar(format))) }
        if let schema = resolved(schema), let value = defaultValue(schema, type: type) {
            pairs.append(("default", value))
        }
        if type.expression.hasPrefix("[") {
            let style = parameter["style"]?.string ?? "form"
            let explode = parameter["explode"]?.bool ?? (style == "form")
            switch (style, explode) {
            case ("form", true): break
            case ("form", false): pairs.append(("style", "comma"))
            default:
                note(
                    "style:" + style, at: parameter.location(of: "style"),
                    "parameter style '\(style)' is not mapped yet; the list is sent repeated (name=a&name=b)")
            }
        } else if let style = parameter["style"]?.string, style != (place == "query" ? "form" : "simple") {
            note(
                "style:" + style, at: parameter.location(of: "style"),
                "parameter style '\(style)' is not mapped yet; the value is sent as is")
        }
        let description = parameter["description"]?.string
        return (section, name, key, entry(name, type: type.expression, pairs: pairs, description: description))
    }

    // MARK: Bodies and responses

    /// The JSON media type of a `content` object: `application/json`, or a `+json` type.
    private func jsonMedia(_ content: OpenAPINode?) -> OpenAPINode? {
        guard let content, let members = resolved(content)?.members else { return nil }
        let json =
            members.first { $0.key.lowercased().hasPrefix("application/json") }
            ?? members.first { $0.key.lowercased().split(separator: ";").first?.hasSuffix("+json") == true }
        for member in members where member.key != json?.key {
            note(
                "media:" + member.key, at: member.keyLocation,
                "media type '\(member.key)' is not mapped yet; only JSON bodies are imported")
        }
        return json.flatMap { resolved($0.value) }
    }

    private func convertBody(
        _ body: OpenAPINode, method: String, endpoint: String, members: inout OpenAPINames
    ) -> String? {
        guard let body = resolved(body) else { return nil }
        noteUnmapped(body, handled: ["content", "description", "required"], context: "a request body")
        guard let media = jsonMedia(body["content"]) else {
            warn("the request body has no JSON media type; it is left out", at: body.location)
            return nil
        }
        if method == "get" || method == "head" {
            warn("a \(method.uppercased()) request cannot send a body; it is left out", at: body.location)
            return nil
        }
        guard let type = schemaType(of: media, hint: endpoint + "_body") else { return nil }
        let item = type.expression.hasPrefix("[") ? String(type.expression.dropFirst().dropLast()) : type.expression
        guard structNames.contains(item), !item.hasPrefix("[") else {
            warn(
                "a JSON body of type '\(type.expression)' is not mapped yet (a body is a struct or a list of one);"
                    + " it is left out",
                at: media.location(of: "schema"))
            return nil
        }
        _ = members.take("body")
        return "body: \(SpecText.scalar(type.expression))"
    }

    /// The type of a JSON media type's schema (`hint` names an inline one), after warning of what else it holds;
    /// nil when it has no schema, or one that does not map.
    private func schemaType(of media: OpenAPINode, hint: String) -> ConvertedType? {
        noteUnmapped(media, handled: ["schema", "example", "examples"], context: "a media type")
        guard let schema = media["schema"] else { return nil }
        return type(of: schema, hint: hint, at: media.location(of: "schema"))
    }

    /// The response of the first 2xx response with a JSON schema (or none); error responses are warned.
    private func convertResponses(_ responses: OpenAPINode, method: String, endpoint: String) -> String? {
        let all = (responses.members ?? []).filter { !$0.key.hasPrefix("x-") }
        let successes = all.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        for failure in all where !failure.key.hasPrefix("2") {
            note(
                "error-responses", at: failure.keyLocation,
                "error responses (\(failure.key == "default" ? "default" : "non-2xx")) are not mapped yet; lucid-gen"
                    + " reports them as APIError with the status code")
        }
        guard let success = successes.first else { return nil }
        for other in successes.dropFirst() {
            note(
                "more-successes", at: other.keyLocation,
                "only the first success response is imported; others (\(other.key)) are decoded like it")
        }
        guard let response = resolved(success.value) else { return nil }
        noteUnmapped(response, handled: ["description", "content"], context: "a response")
        guard let content = response["content"] else { return nil }
        guard let media = jsonMedia(content) else {
            warn("the \(success.key) response has no JSON media type; its body is ignored", at: content.location)
            return nil
        }
        guard var type = schemaType(of: media, hint: endpoint + "_response") else { return nil }
        if type.nullable {
            note(
                "nullable-response", at: media.location(of: "schema"),
                "a response that may be null is read as non-null")
            type.nullable = false
        }
        var pairs = [("type", SpecText.scalar(type.expression))]
        if let format = type.format { pairs.append(("format", SpecText.scalar(format))) }
        return "response: " + SpecText.mapping(pairs)
    }
}
