import LucidSupport

/// What a `$ref` reads as (`type(of:)` hands it each reference): the name of a schema named already, an alias's type,
/// or what its target becomes — a subtype or union named after the reference when it lies outside
/// components.schemas, or the type of the target itself.
extension SchemaTranslator {
    /// What a `$ref` reads as: the name of a schema named already (nullable when the union or the schema it names
    /// allows null), an alias's type, or what its target becomes (`referredType`). Nil after a warning when the
    /// reference comes back to itself through lists or aliases, or its target is not found.
    func referenceType(
        _ schema: LocatedValue, reference: String, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        var type: ConvertedType?
        let referenceLocation = schema["$ref"]!.location
        let key = document.canonical(reference, from: referenceLocation.file)
        if let name = schemaNames[key] {
            let nullable =
                schemaState.nullableUnions.contains(key)
                || document.quietTarget(key).map(referredAllowsNull) == true
            type = ConvertedType(expression: name, nullable: nullable)
        } else if let alias = schemaState.aliases[key] {
            type = alias
        } else if expanding.contains(key) {
            report(
                .leftOut(
                    "schema '\(reference)' refers to itself through lists or aliases; it is left out", at: location)
            )
        } else if let target = document.target(of: reference, at: referenceLocation) {
            type = referredType(target, key: key, hint: hint, at: location)
        }
        // A null allowed beside the reference (`{$ref: Pet, nullable: true}`, 3.1's sibling keywords) counts too.
        if allowsNull(schema) { type?.nullable = true }
        return type
    }

    /// What the target of a `$ref` that has no name yet becomes: the subtype made where it is written in place, a
    /// union or a subtype named after the reference, or (an alias of a list, a map, a scalar) the target's type.
    private func referredType(
        _ target: LocatedValue, key: String, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        let alternatives = scalarAlternatives(target)
        let referenceName = document.referenceName(key, title: target["title"]?.string)
        if let name = schemaState.inlineNames[target.location] {
            // Written in place too (a member of another schema's `oneOf`), and converted there: one subtype.
            schemaNames[key] = name
            return ConvertedType(expression: name, nullable: referredAllowsNull(target))
        }
        if !alternatives.isEmpty {
            // An object or a scalar, outside components.schemas: a union named after it.
            let name = typeNames.take(referenceName, avoiding: isReserved)
            schemaNames[key] = name
            schemaState.inlineNames[target.location] = name
            schemaState.unionNames.insert(name)
            return objectOrScalars(target, alternatives: alternatives, key: key, name: name, hint: referenceName)
        }
        if isObject(target) || isStringEnum(target) { return referredSubtype(target, key: key, name: referenceName) }
        if let choice = choice(of: target), choice.members.count > 1 {
            // A union outside components.schemas, or one referred to before its place: named after it.
            return choiceType(target, choice, key: key, hint: referenceName, at: location)
        }
        // Read through; `expanding` stops an alias that comes back to itself (`referenceType`).
        expanding.insert(key)
        defer { expanding.remove(key) }
        return self.type(of: target, hint: hint, at: location)
    }

    /// The subtype a referred object or string enum outside components.schemas becomes (another file's, or a part
    /// of a component's): one subtype, named after the reference, which the place that writes it uses too.
    private func referredSubtype(_ target: LocatedValue, key: String, name referenceName: String) -> ConvertedType {
        let name = typeNames.take(referenceName, avoiding: isReserved)
        schemaNames[key] = name
        schemaState.inlineNames[target.location] = name
        schemaCount += 1
        if isObject(target) {
            structNames.insert(name)
            makeStruct(name, target, key: key)
        } else {
            makeEnum(name, target)
        }
        return ConvertedType(expression: name, nullable: referredAllowsNull(target))
    }
}
