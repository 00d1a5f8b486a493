/// Checks `store:` of entities and endpoints on the resolved model: a stored entity has a non-nullable identifier
/// and a comparable `newer` property; an endpoint's read policy has a stored read to apply to; an endpoint that
/// updates or deletes a stored entity says which one by a path parameter of its type (or, for an update, its body).
struct StoreRules {
    let context: DecodingContext
    let spec: Spec

    /// The scalar types a `newer` property may have: those whose values order versions or times.
    static let versionTypes: [ScalarType] = [.int, .int64, .double, .float, .decimal, .date]

    func check() {
        for entity in spec.entities { check(entity) }
        for service in spec.services {
            for endpoint in service.endpoints { check(endpoint) }
        }
    }

    private func check(_ entity: Entity) {
        guard let store = entity.store else { return }
        let what = "entity '\(entity.name)'"
        if !entity.hasIdentifierOrUnread {
            context.error(
                "\(what) has no identifier, so it cannot be stored: the store keeps entities by identifier",
                at: store.location, hint: "give it an 'identifier', or remove 'store'")
        } else if entity.identifierNullable {
            context.error(
                "\(what) has a nullable identifier, so it cannot be stored: a value without one has no place",
                at: store.location, hint: "remove 'nullable' from its identifier, or remove 'store'")
        }
        guard let newer = store.newer else { return }
        let location = store.newerLocation ?? store.location
        guard let property = entity.property(named: newer) else {
            context.error(
                "\(what) has no property '\(newer)' to compare in 'newer'", at: location,
                hint: Suggestions.hint(for: newer, in: entity.properties.map(\.name))
                    ?? "name a property holding a version or a date (updated_at)")
            return
        }
        let names = Self.versionTypes.map(\.rawValue).joined(separator: ", ")
        guard case .scalar(let scalar) = property.type, Self.versionTypes.contains(scalar), !property.lazy else {
            context.error(
                "'newer' property '\(newer)' of \(what) is \(property.lazy ? "lazy" : "a \(property.type)"); "
                    + "a version compares \(names)",
                at: location, hint: "name a property holding a version number or a date")
            return
        }
    }

    private func check(_ endpoint: Endpoint) {
        guard let store = endpoint.store else { return }
        let what = "endpoint '\(endpoint.name)'"
        if store.read != nil, spec.storedRead(of: endpoint) == nil {
            context.error(
                "\(what) has no stored read for its read policy: its response holds no stored entity, "
                    + "or may be null",
                at: store.locations["read"] ?? endpoint.location,
                hint: "answer a stored entity (response: { entity: name }), or remove the policy")
        }
        guard let name = store.changedEntity else { return }
        let key = store.updates != nil ? "updates" : "deletes"
        let location = store.locations[key] ?? endpoint.location
        guard let entity = spec.entity(named: name), entity.store != nil else {
            let exists = spec.entity(named: name) != nil
            context.error(
                "'\(key)' of \(what) names '\(name)', which is not a stored entity", at: location,
                hint: exists
                    ? "add 'store: true' to entity '\(name)'"
                    : Suggestions.hint(for: name, in: spec.entities.filter { $0.store != nil }.map(\.name))
                        ?? "name an entity that has 'store'")
            return
        }
        let verb = key == "updates" ? "update" : "delete"
        if endpoint.method == .get || endpoint.method == .head {
            context.error(
                "\(what) is a \(endpoint.method.rawValue), which changes nothing, so it cannot \(verb) a stored entity",
                at: location, hint: "remove '\(key)', or mark the endpoint that changes it")
            return
        }
        if endpoint.isTransfer {
            context.error(
                "\(what) is a \(endpoint.stream != nil ? "stream" : "download") and cannot \(verb) a stored entity",
                at: location, hint: "remove '\(key)'")
            return
        }
        let identifies = endpoint.params.contains { $0.type == .entity(name) && !$0.nullable }
        let sendsEntity = endpoint.body == .json(.entity(name))
        guard identifies || (key == "updates" && sendsEntity) else {
            context.error(
                "\(what) \(key) '\(name)' but has no path parameter of type '\(name)' to say which one"
                    + (key == "updates" ? ", nor sends one as its body" : ""),
                at: location, hint: "add a path parameter of type '\(name)' (params: { id: \(name) })")
            return
        }
    }
}
