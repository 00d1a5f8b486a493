import LucidSpec

/// An operation's `responses`: any 2xx with the payload the endpoint reads (wrapped in the objects its `base_key`
/// walks through) and its response headers, `204` for an optional payload, `304` for a cached GET, and the
/// module's error payload for every other status.
extension OpenAPISchemas {
    func responses(of endpoint: Endpoint) -> OpenAPIJSON {
        let response = endpoint.response
        var success = OpenAPIJSON.object(["description": .string(successDescription(response))])
        if !response.headers.isEmpty {
            success = success.setting("headers", .object(response.headers.map { ($0.key, header($0)) }))
        }
        if let stream = endpoint.stream {
            success = success.setting("description", .string(Self.streamDescription(stream)))
            success = success.setting("content", .object([(stream.format.mediaType, streamMedia(stream))]))
        } else if let download = endpoint.download {
            success = success.setting("description", "Success: the file's bytes, written to disk as they arrive.")
            let type = download.contentType ?? "application/octet-stream"
            success = success.setting("content", .object([(type, Self.downloadMedia(download))]))
        } else if let schema = bodySchema(of: response) {
            var media = mediaType(schema, response)
            if let example = example(of: endpoint) { media = media.setting("example", example) }
            success = success.setting("content", .object([("application/json", media)]))
        }
        var result: [(String, OpenAPIJSON)] = [("2XX", success)]
        if response.optional {
            result.append(("204", .object(["description": "No content: the payload is absent (nil)."])))
        }
        if endpoint.cache != nil {
            result.append(("304", .object(["description": "Not modified: the cached answer is still current."])))
        }
        result.append(("default", errorResponse()))
        return .object(result)
    }

    /// `Success: a stream of chat_chunk, each item read as it arrives.`
    private static func streamDescription(_ stream: StreamDescription) -> String {
        switch stream.items {
        case .type(let type): "Success: a stream of \(type), each item read as it arrives."
        case .named(let events):
            "Success: a stream of events named " + events.map { "'\($0.name)'" }.joined(separator: ", ")
                + ", each read as it arrives."
        }
    }

    /// A stream's media type: the items' schema (named events: a `oneOf` of their types, and `x-lucid-events`
    /// mapping each name to its schema, which OpenAPI has no field for), and `x-lucid-stream` for the options.
    private func streamMedia(_ stream: StreamDescription) -> OpenAPIJSON {
        var media: OpenAPIJSON
        switch stream.items {
        case .type(let type): media = .object(["schema": schema(type)])
        case .named(let events):
            var types: [TypeReference] = []
            for event in events where !types.contains(event.type) { types.append(event.type) }
            let oneOf: OpenAPIJSON = .object(["oneOf": .array(types.map { schema($0) })])
            media = .object([
                "schema": oneOf, "x-lucid-events": .object(events.map { ($0.name, schema($0.type)) }),
            ])
        }
        var options: [(String, OpenAPIJSON)] = []
        if let terminator = stream.terminator { options.append(("terminator", .string(terminator))) }
        if stream.maxReconnections > 0 { options.append(("resume", .int(Int64(stream.maxReconnections)))) }
        if let idle = stream.idleTimeout { options.append(("idle_timeout", .double(idle))) }
        if let limit = stream.maxItemBytes { options.append(("max_item_bytes", .int(Int64(limit)))) }
        return options.isEmpty ? media : media.setting("x-lucid-stream", .object(options))
    }

    /// A download's media type: a file's bytes, and `x-lucid-download` for the options OpenAPI has no field for.
    private static func downloadMedia(_ download: DownloadDescription) -> OpenAPIJSON {
        let media: OpenAPIJSON = .object(["schema": .object(["type": "string", "format": "binary"])])
        var options: [(String, OpenAPIJSON)] = []
        if let limit = download.maxBytes { options.append(("max_bytes", .int(limit))) }
        if let idle = download.idleTimeout { options.append(("idle_timeout", .double(idle))) }
        if let resume = download.maxResumptions { options.append(("resume", .int(Int64(resume)))) }
        return options.isEmpty ? media : media.setting("x-lucid-download", .object(options))
    }

    private func successDescription(_ response: ResponseDescription) -> String {
        switch response.body {
        case .none: return response.headers.isEmpty ? "Success; the body is not read." : "Success (headers only)."
        case .type(let type): return "Success: \(type)."
        case .entity(let payload):
            let shape = payload.structure == .single ? payload.entity : "[\(payload.entity)]"
            return "Success: \(shape)."
        }
    }

    /// The endpoint's `example:` body, as the loader read it.
    private func example(of endpoint: Endpoint) -> OpenAPIJSON? {
        endpoint.example.flatMap { spec.exampleBodies[$0] }.flatMap(OpenAPIJSON.parsing)
    }

    /// `{schema}`, with the payload's `excluded_paths` and failable lists as extensions.
    private func mediaType(_ schema: OpenAPIJSON, _ response: ResponseDescription) -> OpenAPIJSON {
        var result = OpenAPIJSON.object(["schema": schema])
        if !response.excludedPaths.isEmpty {
            let paths = response.excludedPaths.map { OpenAPIJSON.string($0.joined(separator: ".")) }
            result = result.setting("x-lucid-excluded-paths", .array(paths))
        }
        if case .entity(let payload) = response.body, payload.structure != .single, payload.failableItems {
            result = result.setting("x-lucid-failable-items", true)
        }
        return result
    }

    /// The whole body: the payload at `base_key` inside the objects leading to it, with `root: true` metadata
    /// beside the first of them; nil when the body is not read.
    func bodySchema(of response: ResponseDescription) -> OpenAPIJSON? {
        let atRoot = response.baseKey.isEmpty ? [] : response.metadata.filter(\.root)
        let inPayload = response.metadata.filter { !atRoot.contains($0) }
        let payload: OpenAPIJSON
        switch response.body {
        case .none: return nil
        case .type(let type):
            payload = besideMetadata(schema(type, format: response.dateFormat), inPayload)
        case .entity(let entityPayload):
            payload = schema(of: entityPayload, metadata: inPayload)
        }
        guard !response.baseKey.isEmpty else { return payload }
        return Self.object([Member(keyPath: response.baseKey, schema: payload, required: true)] + members(atRoot))
    }

    /// The entity, its list, or the list of items holding one entity (`nested_array`) or a list of them
    /// (`flattened_arrays`) at `key`; else at the payload's `key`, with the response metadata beside it.
    private func schema(of payload: EntityPayload, metadata: [Property]) -> OpenAPIJSON {
        let entity = Self.reference(names.entity(payload.entity))
        var value: OpenAPIJSON
        switch payload.structure {
        case .single: value = entity
        case .array: value = .object(["type": "array", "items": entity])
        case .nestedArray, .flattenedArrays:
            let held = payload.structure == .nestedArray ? entity : .object(["type": "array", "items": entity])
            let inner = Member(keyPath: payload.keyPath ?? [], schema: held, required: true)
            value = .object(["type": "array", "items": Self.object([inner])])
        }
        if payload.nullable { value = Self.nullable(value) }
        let itemsHoldTheKey = payload.structure == .nestedArray || payload.structure == .flattenedArrays
        guard let keyPath = payload.keyPath, !itemsHoldTheKey else {
            return besideMetadata(value, metadata)
        }
        return Self.object([Member(keyPath: keyPath, schema: value, required: !payload.nullable)] + members(metadata))
    }

    /// `schema` with the metadata's keys in the same object (`allOf`); `schema` itself without metadata.
    private func besideMetadata(_ schema: OpenAPIJSON, _ metadata: [Property]) -> OpenAPIJSON {
        guard !metadata.isEmpty else { return schema }
        return .object(["allOf": .array([schema, Self.object(members(metadata))])])
    }

    /// A response header: its schema (a `links` header is RFC 8288 text), and required unless nullable.
    private func header(_ header: ResponseHeader) -> OpenAPIJSON {
        let schema: OpenAPIJSON
        switch header.type {
        case .scalar(let scalar): schema = Self.scalar(scalar, format: header.dateFormat)
        case .links: schema = .object(["type": "string", "x-lucid-type": "links"])
        }
        var result = OpenAPIJSON.object(["schema": schema, "required": .bool(!header.nullable)])
        if let description = header.description { result = result.setting("description", .string(description)) }
        return result
    }

    /// Any status outside 2xx: the module's `error_payload` when it has one.
    private func errorResponse() -> OpenAPIJSON {
        guard let name = spec.errorPayload else { return .object(["description": "An error (a status outside 2xx)."]) }
        let type: TypeReference = entities[name] != nil ? .entity(name) : .subtype(name)
        return .object([
            "description": "An error (a status outside 2xx), with the module's error payload.",
            "content": .object(["application/json": .object(["schema": schema(type)])]),
        ])
    }
}
