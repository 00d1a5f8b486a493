import LucidSupport

extension ExampleChecker {
    /// The entities of an entity payload, read from `source` (at the current path) below `prefix`: the `base_key`
    /// when the decoder did not reach the payload first, else nothing. Mirrors `PayloadViewModel.readExpression`:
    /// `single` and `array` read at `prefix + key` (with `IfPresent` readers when nullable), `nested_array` reads the
    /// source as a list of items that each hold an entity at `key`, `flattened_arrays` as a list of groups that each
    /// hold a list at `key`.
    func checkEntities(_ payload: EntityPayload, in source: JSONNode, below prefix: [String]) {
        guard let entity = types.entities[payload.entity] else { return }
        let key = payload.keyPath ?? []
        switch payload.structure {
        case .single:
            let what = "entity '\(entity.name)'"
            guard let (value, keys) = reach(key, below: prefix, in: source, reading: what, ifPresent: payload.nullable)
            else { return }
            at(keys: keys) { _ = checkEntity(value, entity, withMetadata: true) }
        case .array:
            let what = "the list of entity '\(entity.name)'"
            guard let (value, keys) = reach(key, below: prefix, in: source, reading: what, ifPresent: payload.nullable)
            else { return }
            at(keys: keys) { checkPayloadList(value, of: entity, failable: payload.failableItems) }
        case .nestedArray:
            checkNestedItems(source, key: key, of: entity, payload)
        case .flattenedArrays:
            checkGroups(source, innerKey: key, of: entity, payload)
        }
    }

    /// The value at `prefix` and then `key` below `source`, and its keys from `source`; nil when it is absent (a
    /// nullable payload) or cannot be reached (reported). The two parts are followed separately so that a missing
    /// step names what the decoder was looking for: the payload, or the entities in it.
    private func reach(
        _ key: [String], below prefix: [String], in source: JSONNode, reading what: String, ifPresent: Bool
    ) -> (value: JSONNode, keys: [String])? {
        var payload = source
        if !prefix.isEmpty {
            let found = navigate(from: source, through: prefix, reading: basePayloadDescription, ifPresent: ifPresent)
            guard case .found(let value) = found else { return nil }
            payload = value
        }
        let found = at(keys: prefix) { navigate(from: payload, through: key, reading: what, ifPresent: ifPresent) }
        guard case .found(let value) = found else { return nil }
        return (value, prefix + key)
    }

    /// A list of entities of a payload, each read with its metadata (`EntityWithMetadata`); failable items are
    /// dropped when they do not decode.
    private func checkPayloadList(_ value: JSONNode, of entity: Entity, failable: Bool) {
        guard case .array(let items) = value.content else {
            mismatch(value, expected: "a list (entity '\(entity.name)')")
            return
        }
        for (index, item) in items.enumerated() {
            at(.index(index)) {
                if failable {
                    _ = droppingOnFailure { checkEntity(item, entity, withMetadata: true) }
                } else {
                    _ = checkEntity(item, entity, withMetadata: true)
                }
            }
        }
    }

    /// `nested_array`: the source is a list of items, each an object holding one entity at `key`
    /// (`decodeNestedItems`). An item that is not an object or lacks its entity fails the payload, unless the
    /// payload's items are failable: then it is dropped.
    private func checkNestedItems(_ source: JSONNode, key: [String], of entity: Entity, _ payload: EntityPayload) {
        if payload.nullable, source.isNull { return }
        guard case .array(let items) = source.content else {
            mismatch(source, expected: "a list of objects with '\(key.joined(separator: "."))'")
            return
        }
        for (index, item) in items.enumerated() {
            at(.index(index)) {
                let check = {
                    let what = "entity '\(entity.name)'"
                    guard case .found(let value) = self.navigate(from: item, through: key, reading: what) else {
                        return false
                    }
                    return self.at(keys: key) { self.checkEntity(value, entity, withMetadata: true) }
                }
                if payload.failableItems { _ = droppingOnFailure(check) } else { _ = check() }
            }
        }
    }

    /// `flattened_arrays`: the source is a list of groups, each an object holding a list of entities at `innerKey`
    /// (`decodeNestedArrays`); the lists are joined. A group that is not an object, or lacks its list, fails the
    /// whole payload; only the entities themselves can be failable.
    private func checkGroups(_ source: JSONNode, innerKey: [String], of entity: Entity, _ payload: EntityPayload) {
        if payload.nullable, source.isNull { return }
        guard case .array(let groups) = source.content else {
            mismatch(source, expected: "a list of objects with '\(innerKey.joined(separator: "."))'")
            return
        }
        for (index, group) in groups.enumerated() {
            at(.index(index)) {
                let what = "the inner list of entity '\(entity.name)'"
                guard case .found(let inner) = navigate(from: group, through: innerKey, reading: what) else { return }
                at(keys: innerKey) { checkPayloadList(inner, of: entity, failable: payload.failableItems) }
            }
        }
    }
}
