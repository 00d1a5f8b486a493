import LucidSupport

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
        // The same kind of object comes many times in a large example: its keys are worked out once.
        let shape = "\(owner)\u{0}\(members.count)\u{0}\(readByEnclosing ?? "")"
        let keys =
            types.readKeys[shape]
            ?? ReadKeys(identifier: identifier?.key, members.map(\.property), besides: readByEnclosing)
        types.readKeys[shape] = keys
        readByEnclosing = nil
        var decodes = true
        if let identifier {
            decodes =
                checkIdentifier(identifier.key, identifier.type, nullable: identifier.nullable, of: owner, in: value)
                && decodes
        }
        for member in members {
            decodes = checkProperty(member.property, member.description, in: value, keys: keys) && decodes
        }
        if types.reportsUnreadKeys { reportUnread(value, keys: keys, below: []) }
        return decodes
    }

    /// `--unread-keys`: every key of `object` (at the current path, `prefix` below the object being decoded) that
    /// no member reads, as a warning at the key; objects that members read below a dotted key are looked into.
    private func reportUnread(_ object: JSONNode, keys: ReadKeys, below prefix: [String]) {
        guard let members = object.object?.members else { return }
        let read = keys.read(below: prefix)
        for member in members {
            guard read.contains(member.key) else {
                at(.key(member.key)) { warning(at: member.keyPosition) { "\(here) is read by no property" } }
                continue
            }
            if keys.isStep(prefix + [member.key]) {
                at(.key(member.key)) { reportUnread(member.value, keys: keys, below: prefix + [member.key]) }
            }
        }
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
    ///
    /// `keys` are the keys the object's members read: a missing key beside one that nothing reads and that looks
    /// like the one meant (`reblog` for an `id_only` property reading `reblog_id`) is a warning there.
    func checkProperty(
        _ property: Property, _ description: String, in holder: JSONNode, keys: ReadKeys? = nil
    ) -> Bool {
        guard property.lenient else { return readProperty(property, description, in: holder, keys: keys) }
        return fallingBackOnFailure { readProperty(property, description, in: holder, keys: keys) }
    }

    /// What makes a property (or metadata) that an example lacks read as absent.
    static let nullableFix = "if the server may leave it out, make it 'nullable: true'"

    private func readProperty(
        _ property: Property, _ description: String, in start: JSONNode, keys: ReadKeys?
    ) -> Bool {
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
                if let keys { warnOfMisreadKey(property, description, missing: offset, in: object, keys: keys) }
                if mayBeAbsent { return true }
                // A real body without a key the spec requires is common: a document's `required` lists what its
                // authors saw, and servers leave keys out (older records, other kinds of item).
                missing(key, reading: description, in: holder, fix: Self.nullableFix)
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

    /// When `property` misses its key (the one at `offset` of its key path) in `object`, a key of `object` that no
    /// member reads and that looks like the one meant: the property's own name, the key with or without `_id` or
    /// `_ids`, in another case or with other separators, or a likely typo. A warning at that key says what the
    /// property reads, and why (`id_only`, `key:`).
    private func warnOfMisreadKey(
        _ property: Property, _ description: String, missing offset: Int, in object: JSONObject, keys: ReadKeys
    ) {
        let key = property.keyPath[offset]
        let read = keys.read(below: Array(property.keyPath.prefix(offset)))
        let unread = object.members.filter { !read.contains($0.key) }
        guard !unread.isEmpty else { return }
        let isLast = offset == property.keyPath.count - 1
        // Real bodies repeat their keys: each question is answered once per spec.
        func looksMeant(_ candidate: String) -> Bool {
            let question = MisreadQuestion(name: isLast ? property.name : nil, key: key, candidate: candidate)
            if let answer = types.looksMeant[question] { return answer }
            let answer =
                candidate == question.name || ReadKeys.stem(candidate) == ReadKeys.stem(key)
                || (key.count >= 4 && abs(key.count - candidate.count) <= key.count / 3
                    && Suggestions.closest(to: key, in: [candidate]) != nil)
            types.looksMeant[question] = answer
            return answer
        }
        // The property's own name, when the object has it, wins over a near miss before it: Mastodon's status sends
        // `reblogged` (a boolean) before `reblog` (the status boosted).
        let exact = isLast ? unread.first { $0.key == property.name } : nil
        guard let found = exact ?? unread.first(where: { looksMeant($0.key) }) else { return }
        let reason: String
        if property.idOnly, !property.origin.explicitKey, !property.matchExactKey {
            reason =
                property.type.isArray
                ? "key '\(property.key)' (id_only reads the identifiers alone, at the singular name with '_ids')"
                : "key '\(property.key)' (id_only reads the identifier alone, at the name with '_id')"
        } else if property.origin.explicitKey {
            reason = "key '\(property.key)' (set by 'key:')"
        } else {
            reason = "key '\(property.key)'"
        }
        let fix =
            property.idOnly && isLast && found.key == property.name
            ? "if '\(found.key)' holds the whole object, drop 'id_only'"
            : "if '\(found.key)' is the key meant, set 'key: \(found.key)'"
        at(.key(found.key)) {
            warning(at: found.keyPosition, hint: fix) {
                "\(description) reads \(reason), which the object lacks; it has \(here), which no property reads"
            }
        }
    }
}

/// Whether `candidate` looks like the `key` a property (`name`, when the key is its last) meant to read.
struct MisreadQuestion: Hashable {
    var name: String?
    var key: String
    var candidate: String
}

/// The keys an object's members read, by where they stand: at the object itself (`[]`) or below a dotted key's
/// steps (`["credits"]`); with the key a tagged union's discriminator, which the union reads from the same object.
struct ReadKeys {
    private var keys: [[String]: Set<String>] = [:]

    init(identifier: String?, _ properties: [Property], besides extra: String?) {
        for key in [identifier, extra].compactMap({ $0 }) { keys[[], default: []].insert(key) }
        for property in properties {
            for offset in property.keyPath.indices {
                keys[Array(property.keyPath.prefix(offset)), default: []].insert(property.keyPath[offset])
            }
        }
    }

    /// The keys read in the object at `prefix`.
    func read(below prefix: [String]) -> Set<String> { keys[prefix] ?? [] }

    /// Whether some member reads keys inside the object at `path` (a step of a dotted key).
    func isStep(_ path: [String]) -> Bool { keys[path] != nil }

    /// `reblog_id`, `reblogId`, `Reblog`, `reblog` → `reblog`: the key in lower case, without separators and
    /// without an `_id` or `_ids` suffix.
    static func stem(_ key: String) -> String {
        var text = key
        for suffix in ["_ids", "_id", "Ids", "IDs", "Id", "ID"]
        where text.hasSuffix(suffix) && text.count > suffix.count {
            text.removeLast(suffix.count)
            break
        }
        return text.lowercased().filter { $0 != "_" && $0 != "-" }
    }
}
