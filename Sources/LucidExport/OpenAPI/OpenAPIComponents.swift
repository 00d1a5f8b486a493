import LucidSpec

/// `components.schemas`: one schema per subtype (enum, option set, struct, union) and per entity, keyed by the
/// generated Swift type name and sorted by it.
extension OpenAPISchemas {
    /// Every subtype's and entity's schema, sorted by component name. A generic struct has none of its own: each
    /// instance (`page<track>`) is a schema (`PageOfTrack`) with the arguments in place.
    func componentSchemas() -> OpenAPIJSON {
        let subtypeSchemas = spec.subtypes.filter { !$0.isGeneric }.map {
            (componentName(ofSubtype: $0.name), schema(of: $0))
        }
        let entitySchemas = spec.entities.map { (names.entity($0.name), schema(of: $0)) }
        var seen = Set<String>()
        let unique = (subtypeSchemas + entitySchemas).filter { seen.insert($0.0).inserted }
        return .object(unique.sorted { $0.0 < $1.0 })
    }

    /// An entity: an object of its dedicated identifier, its properties and, beside them in the same JSON object,
    /// its metadata (`x-lucid-metadata` names those keys).
    func schema(of entity: Entity) -> OpenAPIJSON {
        var members: [Member] = []
        if case .scalar(let type, let key) = entity.identifier {
            // A nullable identifier (`nullable: true`) may be null or missing.
            let nullable = entity.identifierNullable
            members.append(
                Member(
                    keyPath: [key], schema: nullable ? Self.nullable(Self.scalar(type)) : Self.scalar(type),
                    required: !nullable))
        }
        members += self.members(entity.properties) + self.members(entity.metadata)
        var result = Self.object(members)
        if !entity.metadata.isEmpty {
            result = result.setting("x-lucid-metadata", .array(entity.metadata.map { .string($0.key) }))
        }
        return documented(result, entity.description, entity.deprecated)
    }

    /// `{"name": "page", "arguments": ["track"]}`: the generic struct an instance's schema instantiates, with its
    /// type arguments in the spec's spelling (the generated Swift type is `Page<Track>`).
    static func generic(_ instance: GenericInstance) -> OpenAPIJSON {
        .object([
            "name": .string(instance.generic), "arguments": .array(instance.arguments.map { .string($0.description) }),
        ])
    }

    /// A subtype by its kind.
    func schema(of subtype: Subtype) -> OpenAPIJSON {
        let result: OpenAPIJSON
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback): result = Self.enumeration(cases, open: unknownFallback)
        case .optionSet(let options): result = Self.optionSet(options)
        case .structure(let properties):
            result = Self.object(members(properties, patch: subtype.patch))
                .setting("x-lucid-patch", subtype.patch ? true : .null)
                .setting("x-lucid-generic", subtype.instance.map(Self.generic) ?? .null)
        case .union(let union): result = schema(of: union)
        }
        return documented(result.removingNulls(), subtype.description, subtype.deprecated)
    }

    private func documented(_ schema: OpenAPIJSON, _ description: String?, _ deprecated: String?) -> OpenAPIJSON {
        var result = schema
        if let description { result = result.setting("description", .string(description)) }
        if deprecated != nil { result = result.setting("deprecated", true) }
        return result
    }

    /// A string of the cases' raw values; with `unknown: true` any other string too (it decodes as `.unknown`).
    /// The cases' descriptions, by raw value, are `x-lucid-case-descriptions`.
    static func enumeration(_ cases: [EnumCase], open: Bool) -> OpenAPIJSON {
        let known = OpenAPIJSON.object(["type": "string", "enum": .array(cases.map { .string($0.value) })])
        var result =
            open
            ? .object(["anyOf": .array([known, .object(["type": "string"])]), "x-lucid-unknown-fallback": true])
            : known
        let described = cases.compactMap { enumCase in
            enumCase.description.map { (enumCase.value, OpenAPIJSON.string($0)) }
        }
        if !described.isEmpty { result = result.setting("x-lucid-case-descriptions", .object(described)) }
        return result
    }

    /// A list of option names, or the options' bits as an integer (both decode).
    static func optionSet(_ options: [String]) -> OpenAPIJSON {
        let names = OpenAPIJSON.object(["type": "string", "enum": .array(options.map { .string($0) })])
        return .object([
            "anyOf": .array([
                .object(["type": "array", "items": names]),
                .object(["type": "integer", "description": "The options' bits, in the order listed."]),
            ]),
            "x-lucid-option-set": true,
        ])
    }

    /// Tagged: `oneOf` the cases, each with its discriminator value as a `const`, and a `discriminator` mapping
    /// the values to the cases' schemas (with `unknown: true`, one more case for any other value). Untagged:
    /// `anyOf` the cases, tried in order.
    func schema(of union: Union) -> OpenAPIJSON {
        guard let discriminator = union.discriminator else {
            let cases = union.cases.map { described(schema($0.type), $0) }
            return .object(["anyOf": .array(cases), "x-lucid-union": "untagged"])
        }
        let values = union.cases.map { OpenAPIJSON.string($0.value ?? $0.name) }
        var cases = union.cases.map { unionCase in
            let tag = Self.tag(discriminator, .object(["const": .string(unionCase.value ?? unionCase.name)]))
            return described(.object(["allOf": .array([schema(unionCase.type), tag])]), unionCase)
        }
        if union.unknownFallback {
            cases.append(
                Self.tag(discriminator, .object(["type": "string", "not": .object(["enum": .array(values)])])))
        }
        let mapping = union.cases.map { unionCase in
            (
                unionCase.value ?? unionCase.name,
                OpenAPIJSON.string(Self.referencePath(componentName(of: unionCase.type) ?? ""))
            )
        }
        return .object([
            "oneOf": .array(cases),
            "discriminator": .object(["propertyName": .string(discriminator), "mapping": .object(mapping)]),
        ])
    }

    /// A case's schema, titled with the case's name and carrying its description.
    private func described(_ schema: OpenAPIJSON, _ unionCase: UnionCase) -> OpenAPIJSON {
        let titled = schema.setting("title", .string(unionCase.name))
        return unionCase.description.map { titled.setting("description", .string($0)) } ?? titled
    }

    /// An object whose `key` holds a string matching `schema`.
    private static func tag(_ key: String, _ schema: OpenAPIJSON) -> OpenAPIJSON {
        .object(["type": "object", "required": .array([.string(key)]), "properties": .object([(key, schema)])])
    }
}

extension OpenAPIJSON {
    /// This object without its keys whose value is `null` (one level).
    func removingNulls() -> OpenAPIJSON {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs.filter { $0.1 != .null })
    }
}
