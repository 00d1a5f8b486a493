import Foundation
import LucidSpec
import LucidSupport

/// Request bodies → `body:`: JSON, form (`application/x-www-form-urlencoded`, with its `encoding` styles),
/// multipart (`format: binary` parts → file uploads) and raw bytes (any other media type).
extension OperationTranslator {
    /// A request body, and, when lint may refuse it, what replaces it (a tentative).
    struct BodyLines {
        var body: DraftBody?
        var tentative:
            (fallback: DraftBody?, subtype: String?, location: SourceLocation, what: String, outcome: String)?
    }

    enum BodyMedia: Int, Comparable {
        case json, form, multipart, raw

        static func < (lhs: BodyMedia, rhs: BodyMedia) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The kind of a media type (`application/json; charset=utf-8`, `application/vnd.api+json`, `image/png`).
        init(_ media: String) {
            let type =
                media.lowercased().split(separator: ";").first.map {
                    $0.trimmingCharacters(in: .whitespaces)
                } ?? ""
            if type == "application/json" || type.hasSuffix("+json") {
                self = .json
            } else if type == "application/x-www-form-urlencoded" {
                self = .form
            } else if type == "multipart/form-data" {
                self = .multipart
            } else {
                self = .raw
            }
        }
    }

    /// The body's lines: the media type the spec maps best (JSON, then form, then multipart, then raw bytes), the
    /// others warned, saying which was chosen.
    func convertRequestBody(
        _ body: LocatedValue, method: String, endpoint: String, members: inout OpenAPINames
    ) -> BodyLines? {
        guard let body = resolved(body) else { return nil }
        noteUnmapped(body, handled: ["content", "description", "required"], context: "a request body")
        if method == "get" || method == "head" {
            // A body that says nothing is nothing to leave out.
            guard !isEmptyBody(body) else { return nil }
            report(.leftOut("a \(method.uppercased()) request cannot send a body; it is left out", at: body.location))
            return nil
        }
        guard let content = body["content"].flatMap(resolved), let medias = content.members, !medias.isEmpty else {
            report(.leftOut("the request body has no media type; it is left out", at: body.location))
            return nil
        }
        let candidates = medias.filter { !$0.key.hasPrefix("x-") }
        guard
            let chosen = candidates.enumerated().min(by: {
                (BodyMedia($0.element.key), $0.offset) < (BodyMedia($1.element.key), $1.offset)
            })?.element
        else { return nil }
        for other in candidates where other.key != chosen.key {
            report(
                .leftOut(
                    "request body media type '\(other.key)' is left out: the body is imported as '\(chosen.key)' (JSON"
                        + " first, then form, multipart and raw bytes)", at: other.keyLocation),
                group: "body-media:\(other.key)>\(chosen.key)")
        }
        guard let media = resolved(chosen.value) else { return nil }
        _ = members.take("body")
        switch BodyMedia(chosen.key) {
        case .json: return jsonBody(media, endpoint: endpoint, at: chosen.keyLocation)
        case .form: return formBody(media, endpoint: endpoint, multipart: false, at: chosen.keyLocation)
        case .multipart: return formBody(media, endpoint: endpoint, multipart: true, at: chosen.keyLocation)
        case .raw: return rawBody(media, type: chosen.key, at: chosen.keyLocation)
        }
    }

    /// `body: T` for a struct subtype (or a list of one); other types are sent as raw JSON the caller encodes.
    private func jsonBody(_ media: LocatedValue, endpoint: String, at location: SourceLocation) -> BodyLines {
        noteUnmapped(media, handled: ["schema", "example", "examples"], context: "a media type")
        let raw = DraftBody.raw(contentType: "application/json")
        guard let schema = media["schema"] else {
            report(
                .approximated(
                    "a JSON body without a schema is sent as raw bytes the caller encodes (body: { raw: true,"
                        + " content_type: application/json })", at: location))
            return BodyLines(body: raw)
        }
        guard let type = schemas.type(of: schema, hint: endpoint + "_body", at: media.location(of: "schema")) else {
            report(
                .approximated(
                    "a JSON body whose schema is not mapped (see the warning at the schema) is sent as raw bytes the"
                        + " caller encodes (body: { raw: true, content_type: application/json })",
                    at: media.location(of: "schema")), group: "json-body-unmapped")
            return BodyLines(body: raw)
        }
        let expression = type.expression
        let item = expression.hasPrefix("[") ? String(expression.dropFirst().dropLast()) : expression
        let body = DraftBody.json(expression)
        if schemas.structNames.contains(item) { return BodyLines(body: body) }
        let isName =
            !item.hasPrefix("[") && !item.hasPrefix("{") && !ScalarType.allCases.contains { $0.rawValue == item }
            && schemas.enumCases[item] == nil
        guard isName else {
            report(
                .approximated(
                    "a JSON body of type '\(expression)' has no equivalent (a JSON body is a struct subtype or a list of"
                        + " one); it is sent as raw bytes the caller encodes (body: { raw: true, content_type:"
                        + " application/json })", at: media.location(of: "schema")))
            return BodyLines(body: raw)
        }
        // Another kind of type (an entity, a union): lint decides.
        return BodyLines(
            body: body,
            tentative: (
                raw, nil, media.location(of: "schema"), "the JSON body of type '\(expression)'",
                "it is sent as raw bytes the caller encodes (body: { raw: true, content_type: application/json })"
            ))
    }

    /// `body: { form: T }` or `body: { multipart: T }` for an object schema; its `encoding` gives the list
    /// convention; a multipart body's `format: binary` properties become `file_upload`.
    private func formBody(
        _ media: LocatedValue, endpoint: String, multipart: Bool, at location: SourceLocation
    ) -> BodyLines? {
        noteUnmapped(media, handled: ["schema", "example", "examples", "encoding"], context: "a media type")
        let kind = multipart ? "multipart" : "form"
        let contentType = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        // A multipart body cannot be sent raw: its boundary is chosen per request.
        let fallback = multipart ? nil : DraftBody.raw(contentType: contentType)
        let outcome =
            multipart
            ? "it is left out"
            : "it is sent as raw bytes the caller encodes (body: { raw: true, content_type: \(contentType) })"
        guard let written = media["schema"], case let schema = withoutClearingValues(written),
            let resolvedSchema = resolved(schema), schemas.isObject(resolvedSchema)
        else {
            let message = "a \(kind) body whose schema is no object with properties has no equivalent; \(outcome)"
            report(multipart ? .leftOut(message, at: location) : .approximated(message, at: location))
            return fallback.map { BodyLines(body: $0) }
        }
        var dedicated: String?
        let name: String
        if multipart, hasBinaryProperty(resolvedSchema) {
            let made = makeMultipartStruct(resolvedSchema, hint: endpoint + "_body")
            name = made
            dedicated = made
        } else {
            guard let type = schemas.type(of: schema, hint: endpoint + "_body", at: media.location(of: "schema")) else {
                return fallback.map { BodyLines(body: $0) }
            }
            name = type.expression
        }
        let lists = formLists(media, schema: resolvedSchema, multipart: multipart)
        return BodyLines(
            body: .form(name, multipart: multipart, lists: lists),
            tentative: (fallback, dedicated, location, "the \(kind) body of type '\(name)'", outcome))
    }

    /// The properties of an object schema, `allOf` parts merged, `$ref`s followed; and its required names.
    func objectProperties(
        _ schema: LocatedValue, visiting: Set<SourceLocation> = []
    ) -> (properties: [LocatedValue.Member], required: Set<String>) {
        guard !visiting.contains(schema.location) else { return ([], []) }
        let visiting = visiting.union([schema.location])
        var properties = schema["properties"]?.members ?? []
        var required = Set((schema["required"]?.items ?? []).compactMap(\.string))
        for part in schema["allOf"]?.items ?? [] {
            guard let part = resolved(part) else { continue }
            let merged = objectProperties(part, visiting: visiting)
            for property in merged.properties {
                properties.removeAll { $0.key == property.key }
                properties.append(property)
            }
            required.formUnion(merged.required)
        }
        return (properties, required)
    }

    /// Whether a schema is `type: string, format: binary` (a file), or a list of such.
    private func binaryKind(_ schema: LocatedValue) -> (isFile: Bool, isList: Bool) {
        guard let schema = resolved(schema) else { return (false, false) }
        if OpenAPIScalarFormats.format(of: schema) == "binary"
            && schemas.typeNamesOf(schema).subtracting(["string"]).isEmpty
        {
            return (true, false)
        }
        if schemas.typeNamesOf(schema) == ["array"], let items = schema["items"], binaryKind(items) == (true, false) {
            return (true, true)
        }
        return (false, false)
    }

    private func hasBinaryProperty(_ schema: LocatedValue) -> Bool {
        objectProperties(schema).properties.contains { binaryKind($0.value).isFile }
    }

    /// A struct subtype for a multipart body with files: its `format: binary` properties `file_upload` (lists of
    /// them `[file_upload]`), the others as any struct's.
    private func makeMultipartStruct(_ schema: LocatedValue, hint: String) -> String {
        let name = schemas.typeNames.take(hint, avoiding: { SwiftNaming.reservedTypeNames.contains($0) })
        schemas.structNames.insert(name)
        let (properties, required) = objectProperties(schema)
        var structure = DraftStruct(multipartBody: true)
        var names = OpenAPINames(naming: naming, asType: false, reserved: ["hashValue"])
        for property in properties where schemas.hasUsableName(property) {
            let binary = binaryKind(property.value)
            let converted: ConvertedType?
            if binary.isFile {
                converted = ConvertedType(expression: binary.isList ? "[file_upload]" : "file_upload")
            } else {
                converted = schemas.type(of: property.value, hint: name + "_" + property.key, at: property.keyLocation)
            }
            guard let type = converted else { continue }
            let propertyName = names.take(property.key)
            structure.properties.append(
                DraftProperty(
                    name: propertyName, type: type.expression,
                    key: propertyName != property.key ? .path(property.key) : nil,
                    nullable: type.nullable || !required.contains(property.key), format: type.format,
                    description: resolved(property.value)?["description"]?.string, origin: property.keyLocation))
        }
        schemas.types.append(
            DraftType(
                name: name, kind: .structure(structure), description: schema["description"]?.string,
                origin: schema.location))
        return name
    }

    /// The body's `form_lists`, from the `encoding` of its list properties: OpenAPI's default (`style: form`,
    /// exploded: `tags=a&tags=b`) is the spec's default too; `explode: false` is `comma` (`tags=a,b`). Other
    /// styles, and lists that disagree, are warned.
    private func formLists(_ media: LocatedValue, schema: LocatedValue, multipart: Bool) -> String? {
        let encodings = media["encoding"]?.members ?? []
        let (properties, _) = objectProperties(schema)
        var styles: [(property: String, lists: String)] = []
        for encoding in encodings {
            guard let value = resolved(encoding.value) else { continue }
            noteUnmapped(
                value, handled: ["style", "explode", "contentType", "allowReserved", "headers"],
                context: "an encoding")
            if let partType = value["contentType"] {
                report(
                    .approximated(
                        "a part's 'contentType' is not mapped; a file part sends its FileUpload's content type, a text"
                            + " part text/plain", at: partType.location), group: "encoding-contentType")
            }
            if value["headers"] != nil {
                report(
                    .leftOut(
                        "a part's 'headers' have no equivalent in the spec; they are not sent",
                        at: value.location(of: "headers")), group: "encoding-headers")
            }
            guard let property = properties.first(where: { $0.key == encoding.key }),
                let propertySchema = resolved(property.value)
            else { continue }
            let style = value["style"]?.string ?? "form"
            let explode = value["explode"]?.bool ?? (style == "form")
            if schemas.typeNamesOf(propertySchema) == ["array"] {
                switch (style, explode) {
                case ("form", true): styles.append((encoding.key, "mixed"))
                case ("form", false): styles.append((encoding.key, "comma"))
                default:
                    report(
                        .approximated(
                            "list style '\(style)' of a \(multipart ? "multipart" : "form") body has no equivalent; the"
                                + " list is sent repeated (name=a&name=b)", at: value.location(of: "style")),
                        group: "encoding-style:" + style)
                }
            } else if style != "form" && style != "deepObject" {
                report(
                    .approximated(
                        "style '\(style)' of a body value has no equivalent; the value is sent as is",
                        at: value.location(of: "style")), group: "encoding-style:" + style)
            }
        }
        let conventions = Set(styles.map(\.lists))
        if conventions.count > 1 {
            report(
                .approximated(
                    "the lists of this body use different styles, and a spec sends one convention per body; they are"
                        + " sent repeated (name=a&name=b)", at: media.location(of: "encoding")))
            return nil
        }
        // `comma` needs every list of the body to be of single values, and each to say so.
        guard conventions == ["comma"] else { return nil }
        let lists = properties.compactMap { resolved($0.value) }.filter { schemas.typeNamesOf($0) == ["array"] }
        let singleValues = lists.allSatisfy { list in
            guard let items = list["items"].flatMap(resolved) else { return false }
            return !schemas.isObject(items) && schemas.typeNamesOf(items).isDisjoint(with: ["array", "object"])
                && items["additionalProperties"] == nil
        }
        guard lists.count == styles.count, singleValues else {
            report(
                .approximated(
                    "'explode: false' applies to some lists of this body only, or to lists of objects, and a spec sends"
                        + " one convention per body, single values only comma-separated; the lists are sent repeated"
                        + " (name=a&name=b), those of objects indexed (name[0][key]=v)",
                    at: media.location(of: "encoding")))
            return nil
        }
        return "comma"
    }

    /// `body: { raw: true, content_type: T }`: the bytes the caller passes, sent as they are; or, when the schema
    /// says they are a file's (`type: string, format: binary`, or what `lucid-gen openapi` marks `x-lucid-file`),
    /// `body: { file: T }`: an upload read from disk as it goes out. A body without a schema, or of text or base64
    /// (Spotify's `image/jpeg` body is `format: base64`), stays raw: the document does not say it is a file.
    private func rawBody(_ media: LocatedValue, type: String, at location: SourceLocation) -> BodyLines {
        noteUnmapped(
            media, handled: ["schema", "example", "examples", "encoding", "x-lucid-file"], context: "a media type")
        let lowered = type.lowercased()
        let raw: DraftBody
        if lowered == "application/octet-stream" {
            raw = .raw(contentType: nil)
        } else if type.contains("*") || lowered.hasPrefix("multipart/") {
            report(
                .approximated(
                    "a body of media type '\(type)' is sent as raw bytes of type application/octet-stream; set"
                        + " 'content_type' to what the server reads", at: location), group: "raw-range:" + type)
            raw = .raw(contentType: nil)
        } else {
            raw = .raw(contentType: type)
        }
        let binary = quietlyResolved(media["schema"]).map(isBinarySchema) ?? false
        guard media["x-lucid-file"]?.bool == true || (binary && !lowered.hasPrefix("multipart/")) else {
            return BodyLines(body: raw)
        }
        guard case .raw(let contentType) = raw else { return BodyLines(body: raw) }
        return BodyLines(
            body: .file(contentType: contentType ?? "application/octet-stream"),
            tentative: (
                raw, nil, location, "the file body",
                "it is sent as raw bytes the caller passes (body: { raw: true })"
            ))
    }
}
