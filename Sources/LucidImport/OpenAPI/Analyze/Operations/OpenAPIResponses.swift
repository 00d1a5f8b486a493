import Foundation
import LucidSpec
import LucidSupport

/// Responses → `response:`: the success schema, an empty success beside it (`optional: true`), response headers;
/// error responses' schemas, gathered for the spec's `error_payload`.
extension OperationTranslator {
    /// What an operation's responses became, and what paging guesses from.
    struct ResponseLines {
        var response: DraftResponse?
        /// The success response's JSON schema, resolved, when it has one.
        var schema: LocatedValue?
        /// The success response's JSON media type, whose example is the endpoint's (`OpenAPIExamples`).
        var media: LocatedValue?
        /// The wire names of the success response's headers, as written, and where.
        var headers: [(name: String, location: SourceLocation)] = []
        var optional = false
        /// How the endpoint reads a success response that has no JSON media type: a stream or a download.
        var transfer: (transfer: DraftTransfer, location: SourceLocation)?
        /// The other ways the same response may come, each read by an endpoint of its own beside this one: a
        /// stream beside JSON (OpenAI's chat completions, with the request's `stream: true`), a download beside it.
        var alternates: [(transfer: DraftTransfer, location: SourceLocation)] = []
        /// The success response the endpoint reads, for the terminator's guess.
        var chosen: LocatedValue?
    }

    /// The JSON media type of a `content` object: `application/json`, or a `+json` type; else a range that holds
    /// JSON (`*/*`, `application/*`) with a schema, read as JSON with a warning (DocuSign's responses are all
    /// `*/*`); nil without one.
    func jsonMediaType(_ content: LocatedValue?) -> (key: String, media: LocatedValue)? {
        guard let content, let members = resolved(content)?.members else { return nil }
        if let json = members.first(where: { BodyMedia($0.key) == .json }) {
            return resolved(json.value).map { (json.key, $0) }
        }
        let ranges: Set<String> = ["*/*", "application/*"]
        // A range whose schema is a file's bytes is a download (`OpenAPITransfers`).
        guard
            let range = members.first(where: {
                ranges.contains($0.key.lowercased().split(separator: ";").first.map(String.init) ?? "")
            }), let media = resolved(range.value), let schema = media["schema"],
            !(quietlyResolved(schema).map(isBinarySchema) ?? false)
        else { return nil }
        report(
            .approximated(
                "media type '\(range.key)' with a schema is read as JSON (the spec's responses are JSON)",
                at: range.keyLocation), group: "json-range:" + range.key)
        return (range.key, media)
    }

    /// The response: the first 2xx response (in code order) with JSON content; other 2xx responses with content
    /// that differs are warned; a 2xx without content beside it makes it `optional`. Error responses' schemas are
    /// recorded for the error payload.
    func convertResponses(_ responses: LocatedValue, endpoint: String) -> ResponseLines {
        var result = ResponseLines()
        let all = (responses.members ?? []).filter { !$0.key.hasPrefix("x-") }
        let successes = all.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        for failure in all where !failure.key.hasPrefix("2") {
            let first = failure.key.first
            if first == "4" || first == "5" || failure.key == "default" {
                recordErrorSchema(failure)
            } else {
                report(
                    .leftOut(
                        "responses other than 2xx and errors (\(failure.key)) are not mapped; URLSession follows"
                            + " redirects, and any other status is an APIError", at: failure.keyLocation),
                    group: "other-responses")
            }
        }
        var resolvedSuccesses: [(key: String, location: SourceLocation, response: LocatedValue)] = []
        for success in successes {
            guard let response = resolved(success.value) else { continue }
            noteUnmapped(response, handled: ["description", "content", "headers"], context: "a response")
            resolvedSuccesses.append((success.key, success.keyLocation, response))
        }
        let chosen =
            resolvedSuccesses.first { jsonMediaType($0.response["content"]) != nil }
            ?? resolvedSuccesses.first { hasTransfer($0.response) }
        result.chosen = chosen?.response
        var type: ConvertedType?
        if let chosen, let (mediaKey, media) = jsonMediaType(chosen.response["content"]).map({ ($0.key, $0.media) }) {
            warnUnread(chosen.response, besides: mediaKey, reading: "JSON")
            result.alternates = transfers(of: chosen.response, endpoint: endpoint, downloadFirst: false)
            noteUnmapped(media, handled: ["schema", "example", "examples"], context: "a media type")
            if let schema = media["schema"] {
                type = schemas.type(of: schema, hint: endpoint + "_response", at: media.location(of: "schema"))
                if type != nil {
                    result.schema = resolved(schema)
                    result.media = media
                }
            }
            let identity = media["schema"].map(schemaIdentity)
            for other in resolvedSuccesses where other.key != chosen.key {
                guard let content = other.response["content"], resolved(content)?.members?.isEmpty == false else {
                    result.optional = type != nil
                    continue
                }
                let otherIdentity = jsonMediaType(content)?.media["schema"].map(schemaIdentity)
                if otherIdentity != identity {
                    report(
                        .approximated(
                            "the \(other.key) response's body differs from the \(chosen.key) one's, which is imported; it"
                                + " is decoded like it", at: other.location),
                        group: "more-successes:\(other.key)>\(chosen.key)")
                }
            }
        } else if let chosen {
            var found = transfers(of: chosen.response, endpoint: endpoint, downloadFirst: true)
            if !found.isEmpty {
                result.transfer = found.removeFirst()
                result.alternates = found
            }
            warnUnread(chosen.response, besides: nil, reading: "a stream or a file")
        } else if let first = resolvedSuccesses.first(where: { $0.response["content"]?.members?.isEmpty == false }) {
            report(
                .leftOut(
                    "the \(first.key) response has no JSON media type; its body is ignored",
                    at: first.response.location(of: "content")))
        }
        var response = DraftResponse()
        if let type {
            if type.nullable {
                report(
                    .approximated("a response that may be null is read as non-null", at: chosen!.response.location),
                    group: "nullable-response")
            }
            response.type = type.expression
            response.format = type.format
            response.optional = result.optional
        }
        let source = chosen ?? resolvedSuccesses.first
        response.headers = source.map { responseHeaders($0.response, result: &result) } ?? []
        if response.type != nil || !response.headers.isEmpty { result.response = response }
        return result
    }

    /// Warns of each media type of `response` that is neither `besides` (the JSON one read) nor a stream or a
    /// download (read by the endpoint or one beside it).
    private func warnUnread(_ response: LocatedValue, besides read: String?, reading: String) {
        for other in response["content"].flatMap(resolved)?.members ?? [] where other.key != read {
            let kind = responseMediaKind(other.key, quietlyResolved(other.value))
            guard !other.key.hasPrefix("x-"), kind == .other || kind == .json else { continue }
            report(
                .leftOut(
                    "response media type '\(other.key)' is not read where the response is also \(reading)",
                    at: other.keyLocation), group: "response-media:" + other.key)
        }
    }

    /// The entries of a response's `headers`: `name: { type: T, key: Wire-Name, nullable: true }`; a `Link`
    /// header is `links`, parsed.
    private func responseHeaders(_ response: LocatedValue, result: inout ResponseLines) -> [DraftProperty] {
        var names = OpenAPINames(naming: naming, asType: false, reserved: ["value", "metadata"])
        var headers: [DraftProperty] = []
        for member in response["headers"]?.members ?? [] {
            let key = member.key
            guard let header = resolved(member.value) else { continue }
            noteUnmapped(
                header,
                handled: [
                    "schema", "description", "required", "deprecated", "example", "examples", "style",
                    "explode",
                ],
                context: "a response header")
            if key.lowercased() == "content-type" {
                report(
                    .ignoredKeyword(
                        "a response header 'Content-Type' is ignored, as OpenAPI says", at: member.keyLocation),
                    group: "header-content-type")
                continue
            }
            let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
            guard !key.isEmpty, key.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
                report(
                    .leftOut("response header '\(key)' is no HTTP header name; it is left out", at: member.keyLocation))
                continue
            }
            result.headers.append((key, member.keyLocation))
            let spelled: String
            if key.lowercased() == "link" {
                spelled = "links"
            } else if let schema = header["schema"].flatMap(resolved), let type = headerTypeName(of: schema) {
                spelled = type
            } else {
                report(
                    .leftOut(
                        "a response header that is not a single string, number, boolean, date, URL or UUID (or has"
                            + " 'content') is left out", at: member.keyLocation), group: "header-type")
                continue
            }
            headers.append(
                DraftProperty(
                    name: names.take(key), type: spelled, key: .wire(key), nullable: header["required"]?.bool != true,
                    deprecated: header["deprecated"]?.bool == true, description: header["description"]?.string,
                    origin: member.keyLocation))
        }
        return headers
    }

    /// The spec type of a response header's schema; nil for lists, objects and others.
    private func headerTypeName(of schema: LocatedValue) -> String? {
        let types = schemas.typeNamesOf(schema)
        guard types.count == 1, let type = types.first else { return nil }
        let format = OpenAPIScalarFormats.format(of: schema)
        guard let scalar = OpenAPIScalarFormats.scalar(type: type, format: format) else { return nil }
        // A day (`format: date`) has no header format here, and bytes no header type: both are read as text.
        return scalar.facts.inHeaders && format != "date" ? scalar.rawValue : ScalarType.string.rawValue
    }

    // MARK: Error payload

    /// What identifies a schema for comparing two: the target of its `$ref`, else its text.
    func schemaIdentity(_ schema: LocatedValue) -> String {
        if let reference = schema["$ref"]?.string, let location = schema["$ref"]?.location {
            return document.canonical(reference, from: location.file)
        }
        return fingerprint(schema)
    }

    private func fingerprint(_ node: LocatedValue) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return JSONStringLiteral.quoted(text)
        case .array(let items): return "[" + items.map(fingerprint).joined(separator: ",") + "]"
        case .object(let object):
            let members = object.members
            return "{"
                + members.map { JSONStringLiteral.quoted($0.key) + ":" + fingerprint($0.value) }.joined(separator: ",")
                + "}"
        }
    }

    /// Records the JSON schema of an error response (`default`, 4xx, 5xx), if it has one.
    private func recordErrorSchema(_ member: LocatedValue.Member) {
        guard let response = resolved(member.value) else { return }
        guard let media = jsonMediaType(response["content"])?.media, let schema = media["schema"] else { return }
        operationState.errorSchemas.append(
            .init(
                identity: schemaIdentity(schema), schema: schema, location: media.location(of: "schema"),
                status: member.key))
    }

    /// `error_payload: T` when every error response with a JSON body has the same schema, a struct; a warning
    /// at the first that differs otherwise.
    func convertErrorPayload() {
        let errorSchemas = operationState.errorSchemas
        guard let first = errorSchemas.first else { return }
        if let other = errorSchemas.first(where: { $0.identity != first.identity }) {
            report(
                .leftOut(
                    "error responses have different schemas (\(describe(other.schema)) here, \(describe(first.schema))"
                        + " at line \(first.location.line)\(inFile(first.location, from: other.location))), and a spec has"
                        + " one error_payload; none is imported:"
                        + " lucid-gen reports errors as APIError with the status code and the body", at: other.location)
            )
            return
        }
        guard let type = schemas.type(of: first.schema, hint: "error_response", at: first.location) else { return }
        let name = type.expression
        // A struct; or another named type (an entity, which error_payload takes too; a union, which it does not):
        // lint decides, after every operation.
        let isName =
            !name.hasPrefix("[") && !name.hasPrefix("{") && schemas.enumCases[name] == nil
            && !ScalarType.allCases.contains { $0.rawValue == name }
        guard schemas.structNames.contains(name) || isName else {
            report(
                .leftOut(
                    "the error responses' schema is '\(name)', and an error_payload is a struct; none is imported",
                    at: first.location))
            return
        }
        errorPayload = name
        if !schemas.structNames.contains(name) { operationState.unsureErrorPayload = first.location }
    }

    /// ` of common.yaml` when `location` is in another file than `base`, for a message located at `base`.
    private func inFile(_ location: SourceLocation, from base: SourceLocation) -> String {
        location.file == base.file ? "" : " of " + (location.file as NSString).lastPathComponent
    }

    private func describe(_ schema: LocatedValue) -> String {
        if let reference = schema["$ref"]?.string { return "'\(reference)'" }
        return "an inline schema"
    }
}
