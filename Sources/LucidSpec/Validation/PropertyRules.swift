/// Checks properties of the resolved model against their types and each other: options that need a certain
/// type, identifiers, JSON keys read twice; and, through `UnionRules`, the cases of unions. Reports only;
/// `SpecResolver` made the model.
struct PropertyRules {
    let context: DecodingContext
    let types: TypeResolution

    func check(_ subtype: Subtype) {
        // An instance's properties are its generic's, checked there; its arguments are checked where written.
        guard subtype.instance == nil else { return }
        if subtype.union != nil { UnionRules(context: context, types: types).check(subtype) }
        guard case .structure(let properties) = subtype.kind else { return }
        let owner = "subtype '\(subtype.name)'"
        for property in properties { check(property, owner: owner) }
        checkDuplicateKeys(properties, owner: owner, identifier: nil)
    }

    func check(_ entity: Entity) {
        let owner = "entity '\(entity.name)'"
        // Two loops rather than one over `properties + metadata`, which would copy every property first.
        for property in entity.properties { check(property, owner: owner) }
        for property in entity.metadata { check(property, owner: owner) }
        checkIdentifier(entity)
        var identifierKey: (key: String, location: SourceLocation)?
        if case .scalar(_, let key) = entity.identifier { identifierKey = (key, entity.location) }
        checkDuplicateKeys(entity.properties, owner: owner, identifier: identifierKey)
    }

    /// One property's options against its resolved type; nothing for one whose type could not be resolved
    /// (already reported).
    func check(_ property: Property, owner: String) {
        let type = property.type
        guard type.isResolved else { return }
        let what =
            property.origin.description.isEmpty
            ? "property '\(property.name)' of \(owner)" : property.origin.description
        checkFormattedValues(type, what, at: property.origin.typeLocation ?? property.location)
        if property.dateFormat != nil, type.elementType != .scalar(.date) {
            context.error(
                "'format' applies only to dates; \(what) is '\(type)'", at: location(of: "format", in: property))
        }
        checkRelationship(property, what)
        if property.failableItems, type == .array(.scalar(.date)) || type == .map(.scalar(.date)) {
            context.error(
                "'failable_items' is not supported for lists or maps of dates; a bad date fails the whole value",
                at: location(of: "failable_items", in: property))
        }
        if property.failableItems, property.origin.optionLocations["failable_items"] != nil, !type.isArray,
            !type.isMap
        {
            context.error(
                "'failable_items' applies only to lists and maps; \(what) is '\(type)'",
                at: location(of: "failable_items", in: property))
        }
        if property.lazy, property.defaultValue != nil {
            context.error(
                "\(what) is lazy and has a default; a lazy value is 'unrequested' until its key is present",
                at: location(of: "lazy", in: property))
        }
        if property.lenient, property.defaultValue == nil, !property.nullable {
            context.error(
                "lenient \(what) needs a default or 'nullable: true' to fall back to",
                at: location(of: "lenient", in: property))
        }
    }

    func location(of option: String, in property: Property) -> SourceLocation {
        property.origin.optionLocations[option] ?? property.location
    }

    /// Dates and durations are read with their format by the property's own coding, which reaches a value,
    /// or a list of dates, but not values inside maps or nested lists.
    func checkFormattedValues(_ type: TypeReference, _ what: String, at location: SourceLocation) {
        switch type {
        case .scalar, .array(.scalar(.date)): return
        case .array(.scalar(.seconds)), .array(.scalar(.milliseconds)):
            context.error(
                "\(what) is a list of durations, which cannot keep their unit", at: location,
                hint: "use a list of 'double' or 'int'")
        default:
            guard type.containsFormattedScalar else { return }
            context.error(
                "\(what) holds dates or durations inside '\(type)', where their format cannot be applied", at: location,
                hint: "use a struct subtype with a date property, or 'string'")
        }
    }

    /// `id_only` needs a relationship to an entity with an identifier (`SpecResolver` gives its key `_id`).
    private func checkRelationship(_ property: Property, _ what: String) {
        if property.matchExactKey, !property.idOnly {
            context.error(
                "'match_exact_key' applies only with 'id_only: true'", at: location(of: "match_exact_key", in: property)
            )
        }
        guard property.idOnly else { return }
        guard let entityName = property.type.relationshipEntity else {
            context.error(
                "'id_only' applies only to relationships (an entity or a list of one); \(what) is '\(property.type)'",
                at: location(of: "id_only", in: property))
            return
        }
        if let entity = types.entities[entityName], !entity.hasIdentifierOrUnread {
            context.error(
                "\(what) is 'id_only', but entity '\(entityName)' has no identifier",
                at: location(of: "id_only", in: property))
        }
    }

    private func checkIdentifier(_ entity: Entity) {
        guard case .property(let name) = entity.identifier else { return }
        guard let property = entity.property(named: name) else {
            context.error(
                "entity '\(entity.name)' is identified by '\(name)', which is not one of its properties",
                at: entity.identifierLocation ?? entity.location,
                hint: Suggestions.hint(for: name, in: entity.properties.map(\.name)))
            return
        }
        guard case .scalar(let scalar) = property.type, ScalarType.identifierTypes.contains(scalar), !property.nullable
        else {
            context.error(
                "property '\(name)' cannot identify entity '\(entity.name)': an identifier is a non-nullable string, int, int64 or uuid",
                at: property.location)
            return
        }
    }

    /// Two properties reading the same JSON key is almost always a copy-paste slip. Keys compare as paths, so
    /// `key: [a.b]` (one key with a dot) and `key: a.b` (a path) are different keys.
    private func checkDuplicateKeys(
        _ properties: [Property], owner: String, identifier: (key: String, location: SourceLocation)?
    ) {
        // The first reader of each key path: a property's name, or nil for the identifier. Messages are spelled
        // out only for a clash, and the table is sized once.
        var seen: [[String]: (property: String?, location: SourceLocation)] = [:]
        seen.reserveCapacity(properties.count + 1)
        if let identifier { seen[[identifier.key]] = (nil, identifier.location) }
        // A property spelled like the identifier is reported by NameRules; one report is enough.
        for property in properties where !(identifier != nil && property.name.lowercased() == "id") {
            if let first = seen[property.keyPath] {
                let what = first.property.map { "property '\($0)'" } ?? "the identifier"
                context.error(
                    "property '\(property.name)' of \(owner) reads JSON key '\(property.key)', like \(what)",
                    at: property.location, hint: "set 'key' to the JSON key it should read",
                    notes: first.property != nil ? [.note("\(what) is defined here", at: first.location)] : [])
            } else {
                seen[property.keyPath] = (property.name, property.location)
            }
        }
    }
}
