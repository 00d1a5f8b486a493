/// Decodes `entities:` entries.
struct EntityDecoder {
    /// The keys of an entity.
    enum Key: String, SpecKeys {
        case description, deprecated, identifier, properties, metadata, store
    }
    /// The keys of `identifier:` written as a mapping.
    enum IdentifierKey: String, SpecKeys {
        case type, key, property, nullable
    }

    let context: DecodingContext

    func decode(name: String, node: YAMLNode, at location: SourceLocation) -> Entity? {
        let what = "entity '\(name)'"
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        if !reader.contains(Key.properties), !reader.reportedUnknownKeys {  // a misspelled key was reported already
            context.error("\(what) has no 'properties'", at: location)
        }
        var entity = Entity(
            name: name,
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            deprecated: reader[Key.deprecated].flatMap { deprecation($0, context: context, what) },
            identifier: reader[Key.identifier].map { identifier($0, what) } ?? .none,
            properties: reader[Key.properties].map {
                PropertyDecoder(context: context, role: .property, unionOwner: name).decodeAll(
                    $0, section: "properties", noun: "property", owner: what)
            } ?? [],
            metadata: reader[Key.metadata].map {
                PropertyDecoder(context: context, role: .entityMetadata, unionOwner: name).decodeAll(
                    $0, section: "metadata", noun: "metadata", owner: what)
            } ?? [],
            location: location)
        entity.identifierLocation =
            reader[Key.identifier]?.mapping?.first { $0.key.scalar?.text == "property" }?.value.location
        entity.identifierNullable =
            reader[Key.identifier].map { identifierNullable($0, entity.identifier, what) } ?? false
        entity.store = reader[Key.store].flatMap { StoreDecoder(context: context).entity($0, what) }
        entity.identifierUnread = reader.reportedUnknownKeys && !reader.contains(Key.identifier)
        return entity
    }

    /// `none`, `int` (key `id`), `{ type: int, key: movie_id }` or `{ property: email }`.
    private func identifier(_ node: YAMLNode, _ what: String) -> Identifier {
        if node.scalar != nil {
            guard let text = context.string(node, "the identifier of \(what)") else { return .none }
            if text == "none" { return .none }
            return scalarType(text, at: node.location).map { .scalar(type: $0, key: "id") } ?? .none
        }
        guard
            let reader = MappingReader(
                node, "the identifier of \(what)", keys: IdentifierKey.names, context: context)
        else { return .none }
        if let propertyNode = reader[IdentifierKey.property] {
            if reader.contains(IdentifierKey.type) || reader.contains(IdentifierKey.key) {
                context.error(
                    "an identifier is either '{ property: name }' or '{ type: T, key: k }', not both",
                    at: node.location)
            }
            return context.string(propertyNode, "the identifier property of \(what)").map(Identifier.property) ?? .none
        }
        guard let typeNode = reader[IdentifierKey.type] else {
            context.error("the identifier of \(what) needs 'type' or 'property'", at: node.location)
            return .none
        }
        let key = reader[IdentifierKey.key].flatMap { context.text($0, "the identifier key of \(what)") } ?? "id"
        if key.isEmpty, let keyNode = reader[IdentifierKey.key] {
            context.error("the identifier key of \(what) is empty", at: keyNode.location)
        }
        guard let text = context.string(typeNode, "the identifier type of \(what)") else { return .none }
        return scalarType(text, at: typeNode.location).map { .scalar(type: $0, key: key) } ?? .none
    }

    /// `nullable: true` in `{ type: T, key: k, nullable: true }`; with `{ property: name }` the property's own
    /// `nullable` says it, so there it is an error.
    private func identifierNullable(_ node: YAMLNode, _ identifier: Identifier, _ what: String) -> Bool {
        guard let pairs = node.mapping, let pair = pairs.first(where: { $0.key.scalar?.text == "nullable" }) else {
            return false
        }
        guard let nullable = context.bool(pair.value, "'nullable' of the identifier of \(what)") else { return false }
        if nullable, case .property(let name) = identifier {
            context.error(
                "'nullable' applies to an identifier '{ type: T, key: k }', not to '{ property: \(name) }'",
                at: pair.key.location, hint: "an identifying property cannot be null; use '{ type: T, nullable: true }'"
            )
            return false
        }
        return nullable
    }

    private func scalarType(_ text: String, at location: SourceLocation) -> ScalarType? {
        let allowed = ScalarType.identifierTypes.map(\.rawValue)
        guard let type = ScalarType(rawValue: text), ScalarType.identifierTypes.contains(type) else {
            context.error(
                "'\(text)' cannot identify an entity", at: location,
                hint: Suggestions.hint(for: text, in: allowed + ["none"])
                    ?? "use \(allowed.joined(separator: ", ")), '{ property: name }' or 'none'")
            return nil
        }
        return type
    }
}
