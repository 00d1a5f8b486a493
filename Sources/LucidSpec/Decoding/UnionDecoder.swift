/// Decodes `one_of` unions: a subtype's `one_of` (beside `discriminator` and `unknown`), or a property's type
/// written as a mapping (`type: { one_of: [string, customer] }`), which `PropertyDecoder` makes a subtype of its own.
///
/// `one_of` is a list of type names, each case named like its type (`[string, customer]`), or a mapping of case
/// names to types (`{ id: string, customer: customer }`), a type written alone or as `{ type, value, description }`.
struct UnionDecoder {
    /// The keys of a case written as a mapping.
    enum CaseKey: String, SpecKeys {
        case type, value, description
    }
    /// The keys of a property's type written as a mapping: an inline union.
    enum InlineKey: String, SpecKeys {
        case oneOf = "one_of", discriminator, unknown
    }

    let context: DecodingContext

    /// A union from its parts; nil when `one_of` cannot be read.
    /// - Parameters:
    ///   - cases: the `one_of` value.
    ///   - discriminator: the `discriminator` value, nil when there is none (an untagged union).
    ///   - unknown: the `unknown` entry (key and value), when written.
    ///   - what: the union in messages (`union 'timeline_event'`).
    func decode(
        cases: YAMLNode, discriminator: YAMLNode?, unknown: (key: SourceLocation, value: YAMLNode)?, what: String
    ) -> Union? {
        let tagged = discriminator != nil
        var unknownFallback = false
        if let unknown, context.bool(unknown.value, "'unknown' of \(what)") == true {
            if tagged {
                unknownFallback = true
            } else {
                context.error(
                    "'unknown' applies only to a union with a 'discriminator'", at: unknown.key,
                    hint: "an untagged union has no value that names an unknown case; leave 'unknown' out")
            }
        }
        // A discriminator that cannot be read is reported, and the union stays tagged: no follow-up errors.
        let key = discriminator.map { discriminatorKey($0, what) ?? "" }
        guard let (decoded, written) = decodeCases(cases, tagged: tagged, what) else { return nil }
        var union = Union(discriminator: key, cases: decoded, unknownFallback: unknownFallback)
        union.discriminatorLocation = discriminator?.location
        union.hasUnreadCases = decoded.count < written
        return union
    }

    /// A property's type written as a mapping, `{ one_of: …, discriminator: …, unknown: … }`.
    /// - Parameter what: the property in messages (`property 'customer' of entity 'charge'`).
    func decodeInline(_ node: YAMLNode, what: String) -> Union? {
        guard let reader = MappingReader(node, "the type of \(what)", keys: InlineKey.names, context: context) else {
            return nil
        }
        guard let cases = reader[InlineKey.oneOf] else {
            if !reader.reportedUnknownKeys {
                context.error(
                    "the type of \(what) is a mapping without 'one_of'", at: node.location,
                    hint: "write a type name, or '{ one_of: [a, b] }' for a value of one of several types")
            }
            return nil
        }
        let unknown = reader[InlineKey.unknown].map { (reader.keyLocation(InlineKey.unknown) ?? node.location, $0) }
        return decode(
            cases: cases, discriminator: reader[InlineKey.discriminator], unknown: unknown,
            what: "the union of \(what)")
    }

    /// The discriminator's JSON key, taken as written; nil after reporting an empty one.
    private func discriminatorKey(_ node: YAMLNode, _ what: String) -> String? {
        guard let key = context.text(node, "the discriminator of \(what)") else { return nil }
        guard !key.isEmpty else {
            context.error(
                "the discriminator of \(what) is empty", at: node.location,
                hint: "name the JSON key whose string value says which case the object is, such as 'type'")
            return nil
        }
        return key
    }

    /// The cases that could be read, and how many were written.
    private func decodeCases(_ node: YAMLNode, tagged: Bool, _ what: String) -> ([UnionCase], written: Int)? {
        if let items = node.sequence {
            return (items.compactMap { listCase($0, tagged: tagged, what) }, items.count)
        }
        guard let pairs = node.mapping else {
            context.expected("a list of type names or a mapping of cases", for: "'one_of' of \(what)", found: node)
            return nil
        }
        let cases = context.namedEntries(node, "'one_of' of \(what)").compactMap { name, key, value in
            namedCase(name, key: key, value: value, tagged: tagged, what)
        }
        return (cases, pairs.count)
    }

    /// `customer` in `[string, customer]`: a case named like its type.
    private func listCase(_ item: YAMLNode, tagged: Bool, _ what: String) -> UnionCase? {
        guard let text = context.string(item, "a case of \(what)"),
            let type = caseType(text, at: item.location, "a case of \(what)")
        else { return nil }
        let name: String
        switch type {
        case .scalar(let scalar): name = scalar.rawValue
        case .named(let typeName): name = typeName
        default:
            context.error(
                "case '\(text)' of \(what) needs a name", at: item.location,
                hint: "write 'one_of' as a mapping of case names to types, such as '{ names: \"\(text)\" }'")
            return nil
        }
        return UnionCase(name: name, value: tagged ? name : nil, type: type, location: item.location)
    }

    /// `id: string` or `cross_referenced: { type: cross_reference, value: cross-referenced, description: … }`.
    private func namedCase(
        _ name: String, key: YAMLNode, value node: YAMLNode, tagged: Bool, _ what: String
    ) -> UnionCase? {
        let caseWhat = "case '\(name)' of \(what)"
        if node.scalar != nil {
            guard let text = context.string(node, "the type of \(caseWhat)"),
                let type = caseType(text, at: node.location, caseWhat)
            else { return nil }
            var unionCase = UnionCase(name: name, value: tagged ? name : nil, type: type, location: key.location)
            unionCase.typeLocation = node.location
            return unionCase
        }
        guard let reader = MappingReader(node, caseWhat, keys: CaseKey.names, context: context) else { return nil }
        guard let typeNode = reader[CaseKey.type] else {
            if !reader.reportedUnknownKeys { context.error("\(caseWhat) has no 'type'", at: key.location) }
            return nil
        }
        if reader.contains(CaseKey.value), !tagged {
            context.error(
                "'value' applies only to a union with a 'discriminator'",
                at: reader.keyLocation(CaseKey.value) ?? key.location,
                hint: "an untagged union tells its cases apart by their types; leave 'value' out")
        }
        guard let text = context.string(typeNode, "the type of \(caseWhat)"),
            let type = caseType(text, at: typeNode.location, caseWhat)
        else { return nil }
        var unionCase = UnionCase(
            name: name,
            value: tagged
                ? reader[CaseKey.value].flatMap { context.text($0, "the value of \(caseWhat)") } ?? name : nil,
            type: type,
            description: reader[CaseKey.description].flatMap { context.string($0, "the description of \(caseWhat)") },
            location: key.location)
        unionCase.typeLocation = typeNode.location
        return unionCase
    }

    /// A case's type expression; not nullable, since a case is a value (the property holding the union can be).
    private func caseType(_ text: String, at location: SourceLocation, _ what: String) -> TypeReference? {
        guard let parsed = TypeExpression.parse(text) else {
            context.error(
                "'\(text)' is not a type", at: location,
                hint: "write a name, [T] for a list, {string: T} for a map or name<T> for a generic")
            return nil
        }
        guard !parsed.nullable else {
            context.error(
                "\(what) cannot be nullable ('\(text)')", at: location,
                hint: "make the property that holds the union nullable instead")
            return nil
        }
        return parsed.type
    }
}
