/// Decodes properties (of entities, struct subtypes, metadata) and parameters (path, query, headers).
struct PropertyDecoder {
    /// Every key a property may have; `Role.keys` says which each kind of property allows.
    enum Key: String, SpecKeys {
        case type, key, nullable, `default`, lazy, mutable, useForEquality = "use_for_equality", lenient
        case description, deprecated, format, idOnly = "id_only", failableItems = "failable_items"
        case matchExactKey = "match_exact_key"
        /// Only on query items: how a list is sent.
        case style
        /// Only on path parameters: keep `/` in the value.
        case reserved
        /// Only on response metadata: read from the body's root.
        case root
    }

    enum Role {
        /// `metadata` holds the response metadata, read beside the payload or (`root`) at the body's root;
        /// `entityMetadata` that of an entity, read from each entity's object.
        case property, metadata, entityMetadata, pathParameter, queryItem, header

        var keys: [Key] {
            let parameter: [Key] = [.type, .key, .nullable, .default, .description, .format]
            switch self {
            case .property: return Key.allCases.filter { ![.style, .reserved, .root].contains($0) }
            case .entityMetadata:
                return [.type, .key, .nullable, .default, .lenient, .description, .format, .failableItems]
            case .metadata:
                return [.type, .key, .nullable, .default, .lenient, .description, .format, .failableItems, .root]
            case .pathParameter: return parameter + [.reserved]
            case .queryItem: return parameter + [.style]
            case .header: return parameter
            }
        }

        /// A path parameter, query item or header: its key is one wire name, dots and all.
        var isParameter: Bool { ![.property, .metadata, .entityMetadata].contains(self) }
    }

    let context: DecodingContext
    let role: Role
    /// The entity or struct subtype whose properties these are, which names the subtype a property's inline
    /// union becomes (`charge` + `customer` → `charge_customer`); nil where an inline union is not allowed.
    var unionOwner: String? = nil

    /// Every entry of a `properties:`-style mapping, in document order.
    /// - Parameters:
    ///   - section: the key that holds the mapping (`properties`, `query`, ...).
    ///   - noun: what one entry is called in messages (`property`, `query item`, ...).
    ///   - owner: what holds them (`entity 'movie'`).
    func decodeAll(_ node: YAMLNode, section: String, noun: String, owner: String) -> [Property] {
        context.namedEntries(node, "'\(section)' of \(owner)").compactMap { entry in
            decode(
                name: entry.name, node: entry.value, at: entry.key.location,
                description: "\(noun) '\(entry.name)' of \(owner)")
        }
    }

    /// `name: type` or `name: { type: ..., ... }`.
    func decode(name: String, node: YAMLNode, at location: SourceLocation, description what: String) -> Property? {
        if node.scalar != nil {
            guard let text = context.string(node, "the type of \(what)"),
                let parsed = parseType(text, at: node.location)
            else { return nil }
            var property = Property(
                name: name, keyPath: [name], type: parsed.type, nullable: parsed.nullable,
                defaultValue: nil, lazy: false, mutable: false, useForEquality: true, lenient: false,
                description: nil, deprecated: nil, dateFormat: nil, idOnly: false,
                failableItems: false,
                matchExactKey: false, location: location)
            property.origin.typeLocation = node.location
            property.origin.description = what
            return property
        }
        guard let reader = MappingReader(node, what, keys: role.keys.map(\.rawValue), context: context) else {
            return nil
        }
        guard let typeNode = reader[Key.type] else {
            context.error("\(what) has no 'type'", at: location)
            return nil
        }
        guard let parsed = typeNode.mapping != nil ? inlineUnion(typeNode, name: name, what) : type(of: typeNode, what)
        else { return nil }
        let flags = Flags(reader: reader, context: context, what: what)
        var property = Property(
            name: name,
            keyPath: reader[Key.key].flatMap { keyPath($0, what) } ?? [name],
            type: parsed.type,
            nullable: parsed.nullable || flags[Key.nullable],
            defaultValue: reader[Key.`default`].flatMap(decodeDefault),
            lazy: flags[Key.lazy],
            mutable: flags[Key.mutable],
            useForEquality: flags[Key.useForEquality, default: true],
            lenient: flags[Key.lenient],
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            deprecated: reader[Key.deprecated].flatMap { deprecation($0, context: context, what) },
            dateFormat: reader[Key.format].flatMap { dateFormat($0, what) },
            idOnly: flags[Key.idOnly],
            failableItems: flags[Key.failableItems],
            matchExactKey: flags[Key.matchExactKey],
            location: location
        )
        property.queryStyle = reader[Key.style].flatMap { queryStyle($0, what) }
        property.reserved = flags[Key.reserved]
        property.root = flags[Key.root]
        property.origin.explicitKey = reader.contains(Key.key)
        property.origin.typeLocation = typeNode.location
        property.origin.description = what
        property.origin.defaultItemLocations = reader[Key.`default`]?.sequence?.map(\.location) ?? []
        for key in reader.present(role.keys) {
            property.origin.optionLocations[key.rawValue] = reader.keyLocation(key)
            property.origin.optionLocations[key.rawValue + "="] = reader[key]?.location
        }
        return property
    }

    /// The type expression written as `type:`.
    private func type(of node: YAMLNode, _ what: String) -> TypeExpression.Parsed? {
        guard let text = context.string(node, "the type of \(what)") else { return nil }
        return parseType(text, at: node.location)
    }

    /// `type: { one_of: [string, customer] }`: the union becomes a subtype of its own, named after the owner and
    /// the property (`charge_customer`), and the property's type is that subtype.
    private func inlineUnion(_ node: YAMLNode, name: String, _ what: String) -> TypeExpression.Parsed? {
        guard !role.isParameter else {
            context.error(
                "\(what) cannot be a union ('one_of')", at: node.location,
                hint: "a parameter is sent as text: use a scalar, an enum or an entity with an identifier")
            return nil
        }
        guard let owner = unionOwner else {
            context.error(
                "\(what) cannot declare a union inline", at: node.location,
                hint: "declare it under 'subtypes' with 'one_of', and write its name as the type")
            return nil
        }
        guard let union = UnionDecoder(context: context).decodeInline(node, what: what) else { return nil }
        var subtype = Subtype(
            name: owner + "_" + name, description: nil, deprecated: nil, kind: .union(union), location: node.location)
        subtype.inlineOwner = what
        context.addInlineSubtype(subtype)
        return TypeExpression.Parsed(type: .subtype(subtype.name), nullable: false)
    }

    /// `repeat`, `comma`, `brackets` or `deep_object`.
    private func queryStyle(_ node: YAMLNode, _ what: String) -> QueryStyle? {
        guard let text = context.string(node, "'style' of \(what)") else { return nil }
        guard let style = QueryStyle(rawValue: text) else {
            let names = QueryStyle.allCases.map(\.rawValue)
            context.error(
                "'\(text)' is not a query style", at: node.location,
                hint: Suggestions.hint(for: text, in: names) ?? "use \(names.joined(separator: ", "))")
            return nil
        }
        return style
    }

    private func parseType(_ text: String, at location: SourceLocation) -> TypeExpression.Parsed? {
        guard let parsed = TypeExpression.parse(text) else {
            context.error(
                "'\(text)' is not a type", at: location,
                hint: "write a name, [T] for a list, {string: T} for a map or name<T> for a generic")
            return nil
        }
        return parsed
    }

    /// A dotted path (`credits.director.name`), or a list of literal keys (`[credits, first.name]`) for JSON keys
    /// that contain dots.
    private func keyPath(_ node: YAMLNode, _ what: String) -> [String]? {
        if let items = node.sequence {
            let path = items.compactMap { context.text($0, "the key of \(what)") }
            guard path.count == items.count else { return nil }
            guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
                context.error("the key of \(what) has an empty segment", at: node.location)
                return nil
            }
            return path
        }
        guard let key = context.text(node, "the key of \(what)") else { return nil }
        if role.isParameter {  // a query item or header name is one wire name, dots and all
            guard !key.isEmpty else {
                context.error("the key of \(what) is empty", at: node.location)
                return nil
            }
            return [key]
        }
        let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else {
            context.error(
                "key '\(key)' has an empty segment", at: node.location,
                hint: "a dotted key is a path of non-empty JSON keys, such as 'credits.director.name'")
            return nil
        }
        return path
    }

    /// A named `format` or a Unicode date pattern; nil (reported) otherwise.
    func dateFormat(_ node: YAMLNode, _ what: String) -> DateFormat? {
        guard let text = context.string(node, "the date format of \(what)") else { return nil }
        if let named = DateFormat.namedFormats[text] { return named }
        guard DateFormat.isPattern(text) else {
            context.error(
                "'\(text)' is not a date format", at: node.location,
                hint: Suggestions.hint(for: text, in: DateFormat.namedFormats.keys.sorted())
                    ?? "use iso8601, iso8601_fractional, epoch_seconds, epoch_milliseconds or a pattern such as yyyy-MM-dd"
            )
            return nil
        }
        return .pattern(text)
    }

    /// A default as written; validation checks it against the property's type and refines it.
    private func decodeDefault(_ node: YAMLNode) -> DefaultValue? {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value): return .double(value)
            case .string(let value): return .string(value)
            }
        case .sequence(let items):
            let values = items.compactMap(decodeDefault)
            return values.count == items.count ? .array(values) : nil
        case .mapping(let pairs):
            guard pairs.isEmpty else {
                context.error("a default map must be empty ({})", at: node.location)
                return nil
            }
            return .emptyMap
        }
    }
}
