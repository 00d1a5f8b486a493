/// Decodes `store:` of entities (`true` or `{ newer: property }`) and of endpoints (a read policy, or
/// `{ read: policy }`, `{ updates: entity }`, `{ deletes: entity }`).
struct StoreDecoder {
    /// The keys of an entity's `store:` written as a mapping.
    enum EntityKey: String, SpecKeys {
        case newer
    }
    /// The keys of an endpoint's `store:` written as a mapping.
    enum EndpointKey: String, SpecKeys {
        case read, updates, deletes
    }

    let context: DecodingContext

    /// `store: true` (arrival order), `store: false` (not stored: nil) or `store: { newer: updated_at }`.
    func entity(_ node: YAMLNode, _ what: String) -> EntityStorage? {
        if node.scalar != nil {
            guard let flag = context.bool(node, "'store' of \(what)") else { return nil }
            return flag ? EntityStorage(location: node.location) : nil
        }
        guard let reader = MappingReader(node, "the store of \(what)", keys: EntityKey.names, context: context) else {
            return nil
        }
        var storage = EntityStorage(location: node.location)
        if let newer = reader[EntityKey.newer] {
            storage.newer = context.string(newer, "'newer' of the store of \(what)")
            storage.newerLocation = newer.location
        }
        return storage
    }

    /// `store: store_first` (a read policy) or a mapping of `read`, `updates` and `deletes`.
    func endpoint(_ node: YAMLNode, _ what: String) -> EndpointStorage? {
        var storage = EndpointStorage()
        storage.locations[""] = node.location
        if node.scalar != nil {
            storage.read = policy(node, what)
            storage.locations["read"] = node.location
            return storage.read == nil ? nil : storage
        }
        guard let reader = MappingReader(node, "the store of \(what)", keys: EndpointKey.names, context: context)
        else { return nil }
        if let read = reader[EndpointKey.read] {
            storage.read = policy(read, what)
            storage.locations["read"] = read.location
        }
        for key in [EndpointKey.updates, .deletes] {
            guard let value = reader[key] else { continue }
            let name = context.string(value, "'\(key.rawValue)' of the store of \(what)")
            if key == .updates { storage.updates = name } else { storage.deletes = name }
            storage.locations[key.rawValue] = value.location
        }
        if storage.updates != nil, storage.deletes != nil, let location = storage.locations["deletes"] {
            context.error(
                "the store of \(what) has both 'updates' and 'deletes'; an endpoint changes or deletes, not both",
                at: location)
        }
        return storage
    }

    private func policy(_ node: YAMLNode, _ what: String) -> StoreReadPolicy? {
        guard let text = context.string(node, "the read policy of \(what)") else { return nil }
        if let policy = StoreReadPolicy(rawValue: text) { return policy }
        let names = StoreReadPolicy.allCases.map(\.rawValue)
        context.error(
            "'\(text)' is not a read policy", at: node.location,
            hint: Suggestions.hint(for: text, in: names + ["updates", "deletes"])
                ?? "use \(names.joined(separator: ", ")), or '{ updates: entity }' / '{ deletes: entity }'")
        return nil
    }
}
