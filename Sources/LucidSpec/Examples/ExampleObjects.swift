extension ExampleChecker {
    /// Whether `value` decodes as `entity`: its identifier and properties, and with `withMetadata` (an entity of a
    /// response payload, read as `EntityWithMetadata`) its metadata, from the same object.
    func checkEntity(_ value: JSONNode, _ entity: Entity, withMetadata: Bool) -> Bool {
        let owner = "entity '\(entity.name)'"
        var members = entity.properties.map { ($0, "property '\($0.name)' of \(owner)") }
        if withMetadata { members += entity.metadata.map { ($0, "metadata '\($0.name)' of \(owner)") } }
        var identifier: (key: String, type: ScalarType, nullable: Bool)?
        if case .scalar(let type, let key) = entity.identifier { identifier = (key, type, entity.identifierNullable) }
        return checkObject(value, of: owner, identifier: identifier, members: members)
    }

    /// Whether `value` decodes as the struct subtype with these properties.
    func checkStruct(_ value: JSONNode, _ subtype: Subtype, _ properties: [Property]) -> Bool {
        let owner = "subtype '\(subtype.name)'"
        return checkObject(
            value, of: owner, identifier: nil, members: properties.map { ($0, "property '\($0.name)' of \(owner)") })
    }

    /// A generated struct's `init(from:)`: a keyed container, then each member. Every member is checked, so every
    /// mismatch is reported, not only the first that would stop the decoder.
    private func checkObject(
        _ value: JSONNode, of owner: String, identifier: (key: String, type: ScalarType, nullable: Bool)?,
        members: [(property: Property, description: String)]
    ) -> Bool {
        // A type without members gets an empty `init(from:)`, which does not look at its value.
        guard identifier != nil || !members.isEmpty else { return true }
        guard value.object != nil else {
            mismatch(value, expected: "an object (\(owner))")
            return false
        }
        var decodes = true
        if let identifier {
            decodes =
                checkIdentifier(identifier.key, identifier.type, nullable: identifier.nullable, of: owner, in: value)
                && decodes
        }
        for member in members {
            decodes = checkProperty(member.property, member.description, in: value) && decodes
        }
        return decodes
    }

    /// A dedicated identifier: one key (never split on dots), required and not null unless `nullable`.
    private func checkIdentifier(
        _ key: String, _ type: ScalarType, nullable: Bool, of owner: String, in holder: JSONNode
    ) -> Bool {
        guard let value = holder.object?[key] else {
            if nullable { return true }
            missing(key, reading: "the identifier of \(owner)", in: holder)
            return false
        }
        if nullable, value.isNull { return true }
        return at(.key(key)) { checkValue(value, as: .scalar(type), ValueOptions()) }
    }

    /// Whether the property decodes from `holder` (an object, at the current path), as `PropertyCoding` reads it:
    ///
    /// | Property | missing (or a missing or null step of a dotted key) | null | bad value |
    /// |---|---|---|---|
    /// | required | error | error | error |
    /// | nullable, or with a default | fine | fine | error |
    /// | lazy | fine | fine when nullable | error |
    /// | lenient | fine | fine | fine (it falls back) |
    ///
    /// A step of a dotted key that is present but not an object is an error unless the property is lenient.
    func checkProperty(_ property: Property, _ description: String, in holder: JSONNode) -> Bool {
        guard property.lenient else { return readProperty(property, description, in: holder) }
        return fallingBackOnFailure { readProperty(property, description, in: holder) }
    }

    private func readProperty(_ property: Property, _ description: String, in start: JSONNode) -> Bool {
        let hasDefault = property.defaultValue != nil && property.defaultValue != .null
        let mayBeNull = property.nullable || property.lenient || hasDefault
        let mayBeAbsent = mayBeNull || property.lazy
        var holder = start
        var steps = 0
        defer { path.removeLast(steps) }
        for (offset, key) in property.keyPath.enumerated() {
            guard let object = holder.object else {
                mismatch(holder, expected: "an object with '\(key)'")
                return false
            }
            guard let value = object[key] else {
                if mayBeAbsent { return true }
                missing(key, reading: description, in: holder)
                return false
            }
            path.append(.key(key))
            steps += 1
            if value.isNull, mayBeAbsent, offset < property.keyPath.count - 1 { return true }  // a null step
            if offset == property.keyPath.count - 1 {
                // Null is a value of a nullable property (or one with a default); otherwise the reader says why not.
                if value.isNull, mayBeNull { return true }
                return checkValue(value, as: property.type, ValueOptions(property))
            }
            holder = value
        }
        return true
    }
}
