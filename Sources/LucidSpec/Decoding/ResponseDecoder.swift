/// Decodes an endpoint's `response:`: `none`, or where the payload is and what it holds.
struct ResponseDecoder {
    /// The keys of `response:`.
    enum Key: String, SpecKeys {
        case baseKey = "base_key", entity, type, metadata, excludedPaths = "excluded_paths", headers, optional, format
    }
    /// The keys of a response's `entity:` written as a mapping.
    enum EntityKey: String, SpecKeys {
        case name, key, structure, nullable, failableItems = "failable_items"
    }

    let context: DecodingContext

    func decode(_ node: YAMLNode, _ endpoint: String) -> ResponseDescription? {
        let what = "the response of \(endpoint)"
        if node.scalar != nil {
            if node.scalar?.text == "none" { return .none(at: node.location) }
            context.error("\(what) is 'none' or a mapping with 'entity' or 'type'", at: node.location)
            return nil
        }
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        var response = ResponseDescription.none(at: node.location)
        response.baseKey =
            reader[Key.baseKey].flatMap { keyPath($0, "'base_key' of the response of \(endpoint)") } ?? []
        response.metadata =
            reader[Key.metadata].map {
                PropertyDecoder(context: context, role: .metadata).decodeAll(
                    $0, section: "metadata", noun: "metadata", owner: what)
            } ?? []
        response.excludedPaths = reader[Key.excludedPaths].flatMap { excludedPaths($0, endpoint) } ?? []
        response.headers =
            reader[Key.headers].map { ResponseHeaderDecoder(context: context).decodeAll($0, owner: what) } ?? []
        response.optional = Flags(reader: reader, context: context, what: what)[Key.optional]
        response.optionalLocation = reader.keyLocation(Key.optional)
        if let formatNode = reader[Key.format] {
            response.dateFormat = PropertyDecoder(context: context, role: .header).dateFormat(formatNode, what)
            response.formatLocation = reader.keyLocation(Key.format)
        }
        switch (reader[Key.entity], reader[Key.type]) {
        case (let entity?, nil):
            response.nameLocation = entity.mapping == nil ? entity.location : nil
            guard let payload = entityPayload(entity, endpoint, response: &response) else { return nil }
            response.body = .entity(payload)
        case (nil, let type?):
            response.nameLocation = type.location
            guard let text = context.string(type, "the type of \(what)") else { return nil }
            guard let parsed = TypeExpression.parse(text), !parsed.nullable else {
                context.error(
                    "'\(text)' is not a response type", at: type.location,
                    hint:
                        "write a name, [T] or {string: T}; for a payload that may be null, use 'entity' with 'nullable: true'"
                )
                return nil
            }
            response.body = .type(parsed.type)
        case (.some, .some):
            context.error(
                "\(what) has both 'entity' and 'type'; use one", at: reader.keyLocation(Key.type) ?? node.location)
            return nil
        case (nil, nil) where reader.contains(Key.headers):
            break  // only headers: a HEAD request's answer, say
        case (nil, nil):
            context.error(
                "\(what) needs 'entity', 'type' or 'headers' (or write 'response: none')", at: node.location)
            return nil
        }
        return response
    }

    /// `movie` or `{ name: movie, key: results, structure: array, nullable: false, failable_items: true }`.
    private func entityPayload(
        _ node: YAMLNode, _ endpoint: String, response: inout ResponseDescription
    ) -> EntityPayload? {
        if node.scalar != nil {
            return context.string(node, "the entity of the response of \(endpoint)").map {
                EntityPayload(entity: $0, keyPath: nil, structure: .single, nullable: false, failableItems: true)
            }
        }
        let what = "the response entity of \(endpoint)"
        guard let reader = MappingReader(node, what, keys: EntityKey.names, context: context) else { return nil }
        guard let nameNode = reader[EntityKey.name], let name = context.string(nameNode, "the name of \(what)") else {
            if !reader.contains(EntityKey.name) { context.error("\(what) has no 'name'", at: node.location) }
            return nil
        }
        response.nameLocation = nameNode.location
        var structure = EntityPayload.Structure.single
        if let structureNode = reader[EntityKey.structure],
            let text = context.string(structureNode, "the structure of \(what)")
        {
            let names = EntityPayload.Structure.allCases.map(\.rawValue)
            if let value = EntityPayload.Structure(rawValue: text) {
                structure = value
            } else {
                context.error(
                    "'\(text)' is not a payload structure", at: structureNode.location,
                    hint: Suggestions.hint(for: text, in: names) ?? "use \(names.joined(separator: ", "))")
            }
        }
        let entityKey = reader[EntityKey.key].flatMap { keyPath($0, "'key' of \(what)") }
        if structure.readsKeyInsideItems, entityKey == nil {
            let what = structure == .nestedArray ? "entity" : "array"
            context.error(
                "a '\(structure.rawValue)' payload needs 'key': the key of the \(what) inside each item",
                at: reader.keyLocation(EntityKey.structure) ?? node.location)
        }
        let flags = Flags(reader: reader, context: context, what: what)
        return EntityPayload(
            entity: name, keyPath: entityKey, structure: structure, nullable: flags[EntityKey.nullable],
            failableItems: flags[EntityKey.failableItems, default: true])
    }

    /// A dotted string (`data.result`) or a list of literal keys (`[data, result]`).
    private func keyPath(_ node: YAMLNode, _ what: String) -> [String]? {
        let path: [String]
        if let items = node.sequence {
            path = items.compactMap { context.text($0, what) }
            guard path.count == items.count else { return nil }
        } else {
            guard let text = context.text(node, what) else { return nil }
            path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
        guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
            context.error("\(what) has an empty segment", at: node.location)
            return nil
        }
        return path
    }

    private func excludedPaths(_ node: YAMLNode, _ endpoint: String) -> [[String]]? {
        context.stringList(node, "'excluded_paths' of \(endpoint)")?.compactMap { text, location in
            let path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !path.contains(where: \.isEmpty) else {
                context.error("excluded path '\(text)' has an empty segment", at: location)
                return nil
            }
            return path
        }
    }
}
