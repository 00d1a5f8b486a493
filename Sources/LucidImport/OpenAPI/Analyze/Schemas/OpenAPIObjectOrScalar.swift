import LucidSpec
import LucidSupport

/// An object schema whose `oneOf`/`anyOf` beside its `properties` offers scalars too (Lob's `returned`: `oneOf:
/// [{type: boolean}, {type: object}]` with `properties: {id, url, …}`): JSON Schema applies `properties` to the
/// value only when it is an object, so the value is `false` or an object with those properties — an untagged union
/// of the scalars and the struct of the properties, not a struct that fails on `false`.
extension SchemaTranslator {
    /// The scalar members of such a schema's `oneOf`/`anyOf`; empty when it is an object only (no scalar member,
    /// or a member that is neither a scalar nor an object, which the properties cannot describe).
    func scalarAlternatives(_ schema: LocatedValue) -> [LocatedValue] {
        guard schema["properties"] != nil, typeNamesOf(schema).isSubset(of: ["object"]) else { return [] }
        for kind in ["oneOf", "anyOf"] {
            guard let members = schema[kind]?.items else { continue }
            var scalars: [LocatedValue] = []
            for member in members where !isNullSchema(member) {
                guard let target = resolved(member) else { return [] }
                let types = typeNamesOf(target)
                if !types.isEmpty, types.isSubset(of: Self.scalarTypeNames), target["properties"] == nil {
                    scalars.append(member)
                } else if !(types == ["object"] || (types.isEmpty && target["properties"] != nil)) {
                    return []
                }
            }
            return scalars
        }
        return []
    }

    /// JSON Schema's scalar `type` names.
    static let scalarTypeNames: Set<String> = ["boolean", "string", "integer", "number"]

    /// The union of `alternatives` (scalar members) and a struct of `schema`'s own properties (`<name>_object`),
    /// named `name` when given (a named schema's, taken already), else after `hint`.
    func objectOrScalars(
        _ schema: LocatedValue, alternatives: [LocatedValue], key: String?, name: String?, hint: String
    ) -> ConvertedType {
        let structName = inlineTypeName((name ?? hint) + "_object")
        structNames.insert(structName)
        makeStruct(structName, schema)
        var types: [ConvertedType] = []
        for (index, member) in alternatives.enumerated() {
            guard var type = type(of: member, hint: hint + "_" + String(index + 1), at: member.location) else {
                continue
            }
            type.nullable = false
            types.append(type)
        }
        let cases =
            narrowestFirst(types).map { UnionCase(name: caseName(of: $0.expression), type: $0, value: nil) }
            + [UnionCase(name: "object", type: ConvertedType(expression: structName), value: nil)]
        return writeUnion(
            cases, discriminator: nil, schema: schema, key: key, name: name, hint: hint, nullable: allowsNull(schema))
    }
}
