/// Decodes `subtypes:` entries: enums (`cases`), option sets (`options`), structs (`properties`) and unions
/// (`one_of`, read by `UnionDecoder`).
struct SubtypeDecoder {
    /// The keys of a subtype.
    enum Key: String, SpecKeys {
        case description, deprecated, cases, unknown, options, properties, patch, generic
        case oneOf = "one_of", discriminator
    }
    /// The keys of a case written as a mapping.
    enum CaseKey: String, SpecKeys {
        case name, value, description
    }
    /// The keys that say which kind a subtype is; exactly one is present.
    static let kindKeys: [Key] = [.cases, .options, .properties, .oneOf]

    let context: DecodingContext

    func decode(name: String, node: YAMLNode, at location: SourceLocation) -> Subtype? {
        let what = "subtype '\(name)'"
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        let kinds = reader.present(Self.kindKeys)
        guard kinds.count == 1, let kindKey = kinds.first, let kindNode = reader[kindKey] else {
            let message =
                kinds.isEmpty
                ? "\(what) needs one of 'cases' (an enum), 'options' (an option set), 'properties' (a struct) "
                    + "or 'one_of' (a union)"
                : "\(what) has both '\(kinds[0].rawValue)' and '\(kinds[1].rawValue)'; a subtype is exactly one kind"
            context.error(message, at: location)
            return nil
        }
        if reader.contains(Key.unknown), kindKey != .cases, kindKey != .oneOf {
            context.error(
                "'unknown' applies only to enums (subtypes with 'cases') and unions with a 'discriminator'",
                at: reader.keyLocation(Key.unknown) ?? location)
        }
        if reader.contains(Key.discriminator), kindKey != .oneOf {
            context.error(
                "'discriminator' applies only to unions (subtypes with 'one_of')",
                at: reader.keyLocation(Key.discriminator) ?? location)
        }
        if reader.contains(Key.patch), kindKey != .properties {
            context.error(
                "'patch' applies only to structs (subtypes with 'properties')",
                at: reader.keyLocation(Key.patch) ?? location)
        }
        if reader.contains(Key.generic), kindKey != .properties {
            context.error(
                "'generic' applies only to structs (subtypes with 'properties')",
                at: reader.keyLocation(Key.generic) ?? location)
        }
        guard let kind = decodeKind(kindKey, kindNode, reader: reader, name: name) else { return nil }
        var subtype = Subtype(
            name: name,
            description: reader[Key.description].flatMap { context.string($0, "the description of \(what)") },
            deprecated: reader[Key.deprecated].flatMap { deprecation($0, context: context, what) },
            kind: kind,
            location: location)
        if kindKey == .options { subtype.optionLocations = kindNode.sequence?.map(\.location) ?? [kindNode.location] }
        subtype.patch = kindKey == .properties && Flags(reader: reader, context: context, what: what)[Key.patch]
        if kindKey == .properties, let node = reader[Key.generic],
            let parameters = context.stringList(node, "'generic' of \(what)")
        {
            subtype.typeParameters = parameters.map(\.0)
            subtype.typeParameterLocations = parameters.map(\.1)
            if parameters.isEmpty, node.sequence != nil {
                context.error("'generic' of \(what) names no type parameter", at: node.location)
            }
            if subtype.patch {
                context.error(
                    "\(what) is a patch and generic; a patch struct is sent alone, so it cannot be generic",
                    at: reader.keyLocation(Key.generic) ?? location)
            }
        }
        return subtype
    }

    private func decodeKind(_ key: Key, _ node: YAMLNode, reader: MappingReader, name: String) -> Subtype.Kind? {
        let what = "subtype '\(name)'"
        switch key {
        case .cases:
            let unknown = Flags(reader: reader, context: context, what: what)[Key.unknown]
            return decodeCases(node, what).map { .enumeration(cases: $0, unknownFallback: unknown) }
        case .options:
            return context.stringList(node, "the options of \(what)").map { .optionSet(options: $0.map(\.0)) }
        case .oneOf:
            let unknown = reader[Key.unknown].map { (reader.keyLocation(Key.unknown) ?? node.location, $0) }
            return UnionDecoder(context: context)
                .decode(
                    cases: node, discriminator: reader[Key.discriminator], unknown: unknown,
                    what: "union '\(name)'"
                )
                .map(Subtype.Kind.union)
        default:
            let properties = PropertyDecoder(context: context, role: .property, unionOwner: name)
            return .structure(
                properties: properties.decodeAll(node, section: "properties", noun: "property", owner: what))
        }
    }

    /// `[a, b, { name: c, value: x, description: ... }]`.
    private func decodeCases(_ node: YAMLNode, _ what: String) -> [EnumCase]? {
        guard let items = node.sequence else {
            context.expected("a list of cases", for: what, found: node)
            return nil
        }
        return items.compactMap { item in
            if item.scalar != nil {
                return context.string(item, "a case of \(what)").map {
                    EnumCase(name: $0, value: $0, description: nil, location: item.location)
                }
            }
            guard
                let reader = MappingReader(
                    item, "a case of \(what)", keys: CaseKey.names, context: context)
            else { return nil }
            guard let nameNode = reader[CaseKey.name], let name = context.string(nameNode, "a case name of \(what)")
            else {
                if !reader.contains(CaseKey.name) {
                    context.error("a case of \(what) has no 'name'", at: item.location)
                }
                return nil
            }
            return EnumCase(
                name: name,
                value: reader[CaseKey.value].flatMap { context.text($0, "the value of case '\(name)'") } ?? name,
                description: reader[CaseKey.description].flatMap {
                    context.string($0, "the description of case '\(name)'")
                },
                location: nameNode.location)
        }
    }
}
