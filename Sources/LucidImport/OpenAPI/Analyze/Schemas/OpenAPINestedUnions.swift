import LucidSpec
import LucidSupport

/// A tagged union whose members are unions themselves (Figma's `Effect`: `oneOf: [DropShadowEffect, BlurEffect, …]`
/// with a discriminator `type`, `BlurEffect` being `oneOf: [NormalBlurEffect, ProgressiveBlurEffect]`). Read as
/// written, that is a union of unions, decoded by trying each case (`.blurEffect(.normalBlurEffect(…))`); the
/// discriminator says more:
/// - when it names every leaf (each leaf object holds discriminator values of its own, no two the same), the union is
///   one tagged union with a case per leaf;
/// - when several leaves share a value (Figma maps `LAYER_BLUR` and `BACKGROUND_BLUR` to `BlurEffect`, both of whose
///   members say `type: [LAYER_BLUR, BACKGROUND_BLUR]`), a tagged case can hold only one struct: the leaves become one
///   struct of all their properties (those not in every leaf optional, an enum property's values joined), so that
///   the union stays tagged, and open to kinds the document does not list;
/// - when the leaves cannot be joined either (a property of different types), the union is an untagged one of the
///   leaves, without the nesting.
extension SchemaTranslator {
    /// One member of a tagged union: the member (a leaf, or the union whose leaves were joined) and its
    /// discriminator values; `joined` holds the leaves to join into one struct.
    struct TaggedStep {
        var member: LocatedValue
        var values: [String]
        var joined: [LocatedValue]? = nil
    }

    /// The leaf objects of a member that is a union of objects (at any depth), each as written in its union; nil
    /// when the member is no such union (or one that may be null).
    func nestedLeaves(_ target: LocatedValue, visiting: Set<SourceLocation> = []) -> [LocatedValue]? {
        guard !isObject(target), !isStringEnum(target), let inner = choice(of: target), !inner.nullable,
            !visiting.contains(target.location), scalarAlternatives(target).isEmpty
        else { return nil }
        var leaves: [LocatedValue] = []
        for member in inner.members {
            guard let resolvedMember = resolved(member) else { return nil }
            if isObject(resolvedMember) {
                leaves.append(member)
            } else if let deeper = nestedLeaves(resolvedMember, visiting: visiting.union([target.location])) {
                leaves += deeper
            } else {
                return nil
            }
        }
        return leaves.isEmpty ? nil : leaves
    }

    /// The steps a member that is a union of `leaves` gives a tagged union on `property`: a case per leaf when each
    /// leaf's values are its own, else one case per value of a struct joining the leaves; nil when neither works.
    /// `values` are the values the mapping gives the member (the union) itself.
    func nestedSteps(
        member: LocatedValue, leaves: [LocatedValue], values: [String], property: String, mapped: [String: [String]]
    ) -> [TaggedStep]? {
        let leafValues = leaves.map { leaf -> [String] in
            if let reference = leaf["$ref"]?.string,
                let given = mapped[document.canonical(reference, from: leaf["$ref"]!.location.file)]
            {
                return given
            }
            return resolved(leaf).map { discriminatorValues($0, property: property) } ?? []
        }
        var seen: [String] = []
        var distinct = true
        for value in leafValues.joined() {
            if seen.contains(value) { distinct = false } else { seen.append(value) }
        }
        if distinct, leafValues.allSatisfy({ !$0.isEmpty }), Set(values).isSubset(of: seen) {
            return zip(leaves, leafValues).compactMap { leaf, own in
                let kept = values.isEmpty ? own : own.filter(values.contains)
                return kept.isEmpty ? nil : TaggedStep(member: leaf, values: kept, joined: nil)
            }
        }
        let shared = values.isEmpty ? seen : values
        guard !shared.isEmpty, joinedProperties(leaves) != nil else { return nil }
        return [TaggedStep(member: member, values: shared, joined: leaves)]
    }

    /// The strings an object's `property` may hold: its `const`, or its enum's values.
    func discriminatorValues(_ object: LocatedValue, property: String) -> [String] {
        guard let node = objectParts(object, quiet: true).properties.first(where: { $0.key == property })?.value,
            let schema = resolved(node)
        else { return [] }
        if let value = constString(schema) { return [value] }
        guard isStringEnum(schema), schema["enum"] != nil else { return [] }
        return (schema["enum"]?.items ?? []).compactMap(\.string)
    }

    /// The properties of `leaves` joined, in the order first met, each with its schema in every leaf that has it, and
    /// the names every leaf requires; nil when a property cannot be one: its schemas differ and are not all inline
    /// string enums (joined into one enum) or scalars of one type and format.
    func joinedProperties(
        _ leaves: [LocatedValue]
    ) -> (properties: [(key: String, members: [LocatedValue.Member])], required: Set<String>)? {
        var order: [String] = []
        var members: [String: [LocatedValue.Member]] = [:]
        var required: Set<String>?
        for leaf in leaves {
            guard let object = resolved(leaf) else { return nil }
            let parts = objectParts(object, quiet: true)
            for property in parts.properties {
                if members[property.key] == nil { order.append(property.key) }
                members[property.key, default: []].append(property)
            }
            let present = Set(parts.properties.map(\.key))
            required = (required ?? parts.required.intersection(present)).intersection(parts.required)
        }
        var properties: [(key: String, members: [LocatedValue.Member])] = []
        for key in order {
            let schemas = members[key]!.map(\.value)
            guard
                schemas.count == 1 || Set(schemas.map(\.location)).count == 1 || joinedEnum(schemas)
                    || sameScalar(schemas) || sameReference(schemas)
            else { return nil }
            properties.append((key, members[key]!))
        }
        let every = Set(order.filter { members[$0]!.count == leaves.count })
        return (properties, (required ?? []).intersection(every))
    }

    /// Whether `schemas` are all string enums written in place (joined into one enum).
    private func joinedEnum(_ schemas: [LocatedValue]) -> Bool {
        schemas.allSatisfy { $0["$ref"] == nil && $0["enum"] != nil && isStringEnum($0) }
    }

    /// Whether `schemas` are all the same scalar, written in place: one type, one format, no values listed.
    private func sameScalar(_ schemas: [LocatedValue]) -> Bool {
        let first = schemas[0]
        let types = typeNamesOf(first)
        guard types.count == 1, types.isSubset(of: Self.scalarTypeNames) else { return false }
        return schemas.allSatisfy {
            $0["$ref"] == nil && $0["enum"] == nil && $0["const"] == nil && typeNamesOf($0) == types
                && OpenAPIScalarFormats.format(of: $0) == OpenAPIScalarFormats.format(of: first)
        }
    }

    /// Whether `schemas` all refer to one schema.
    private func sameReference(_ schemas: [LocatedValue]) -> Bool {
        let keys = schemas.map { schema in
            schema["$ref"]?.string.map { document.canonical($0, from: schema["$ref"]!.location.file) }
        }
        return keys.allSatisfy { $0 != nil && $0 == keys[0] }
    }

    /// The struct that joins `leaves` (the members of the union `member`), named after the union that holds it and
    /// `member`; made once, and reported.
    func joinedStruct(
        _ leaves: [LocatedValue], member: LocatedValue, property: String, values: [String], hint: String
    ) -> ConvertedType? {
        guard let target = resolved(member), let (properties, required) = joinedProperties(leaves) else { return nil }
        if let name = schemaState.joinedNames[target.location] { return ConvertedType(expression: name) }
        let memberName =
            member["$ref"]?.string.map {
                document.referenceName(document.canonical($0, from: member["$ref"]!.location.file))
            } ?? values[0]
        let name = inlineTypeName(hint + "_" + memberName)
        schemaState.joinedNames[target.location] = name
        structNames.insert(name)
        schemaState.shapes[name] = (required.count, properties.count)
        let leafNames = leaves.map { leaf in
            leaf["$ref"]?.string.map {
                document.referenceName(document.canonical($0, from: leaf["$ref"]!.location.file))
            }
                ?? "a member"
        }
        report(
            .approximated(
                "the members of '\(memberName)' (\(leafNames.joined(separator: ", "))) share the discriminator"
                    + " '\(property)' values \(values.joined(separator: ", ")), and a tagged case holds one struct:"
                    + " they are read as one, '\(name)', with the properties of all (those not in every member"
                    + " optional)", at: member.location))
        var structure = DraftStruct()
        var names = OpenAPINames(naming: naming, asType: false, reserved: ["hashValue"])
        for (key, members) in properties where hasUsableName(members[0]) {
            let schemas = members.map(\.value)
            let type: ConvertedType?
            if schemas.count > 1, Set(schemas.map(\.location)).count > 1, joinedEnum(schemas) {
                type = joinedEnumType(schemas, name: name + "_" + key)
            } else {
                type = self.type(of: schemas[0], hint: name + "_" + key, at: members[0].keyLocation)
            }
            guard let type else { continue }
            var draft = draftProperty(members[0], type: type, required: required.contains(key), names: &names)
            // A description one leaf gives says nothing of the others (`The string literal 'NORMAL'…`).
            let descriptions = Set(
                members.map { resolved($0.value)?["description"]?.string ?? $0.value["description"]?.string })
            if descriptions.count > 1 { draft.description = nil }
            structure.properties.append(draft)
        }
        types.append(
            DraftType(
                name: name, kind: .structure(structure), description: target["description"]?.string,
                origin: target.location))
        return ConvertedType(expression: name)
    }

    /// One enum subtype of the values of several string enums, each value once, in the order met.
    private func joinedEnumType(_ schemas: [LocatedValue], name hint: String) -> ConvertedType {
        var names = OpenAPINames(naming: naming, asType: false)
        var seen: Set<String> = []
        var enumeration = DraftEnum(cases: [])
        for value in schemas.flatMap({ $0["enum"]?.items ?? [] }).compactMap(\.string) where seen.insert(value).inserted
        {
            enumeration.cases.append(
                DraftEnum.Case(value: value, name: names.take(value.isEmpty ? "empty" : value), description: nil))
        }
        let name = inlineTypeName(hint)
        types.append(
            DraftType(name: name, kind: .enumeration(enumeration), origin: schemas[0].location))
        enumCases[name] = Dictionary(enumeration.cases.map { ($0.value, $0.name) }, uniquingKeysWith: { a, _ in a })
        let nullable = schemas.contains { allowsNull($0) || ($0["enum"]?.items ?? []).contains(where: \.isNull) }
        return ConvertedType(expression: name, nullable: nullable)
    }

    /// `choice` with each member that is an untagged union of objects replaced by its leaves: an untagged union of
    /// them all, when a discriminator cannot tag them (no `.blurEffect(.normalBlurEffect(…))`). A member that is a
    /// tagged union stays one case: its own discriminator tells its cases apart, and keeps kinds it does not list.
    func flattened(_ choice: Choice) -> Choice {
        var flat = choice
        flat.members = choice.members.flatMap { member in
            resolved(member).flatMap { $0["discriminator"] == nil ? nestedLeaves($0) : nil } ?? [member]
        }
        return flat
    }
}
