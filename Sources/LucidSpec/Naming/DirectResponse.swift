extension ResponseDescription {
    /// The entity, struct subtype or union the response answers directly, with no `<Service><Endpoint>Response`
    /// wrapper around it: `.entity(name)` or `.subtype(name)`, or nil when the response needs a wrapper.
    ///
    /// A response answers its value directly when that value is all it reads, from the body's root: `entity: X`
    /// (structure `single`, no `key`, not `nullable`, X without entity metadata) or `type: T` where T is an entity,
    /// a struct subtype or a union (`one_of`) — with no `base_key`, `metadata`, `headers`, `excluded_paths` or
    /// `format`. A wrapper would then only hold that one value, and would cost its own decoding code, value
    /// witnesses and a `.movie` at every call site. `optional: true` is allowed: the call answers `X?`.
    ///
    /// - Parameters:
    ///   - entityHasMetadata: Whether the named entity declares `metadata` (its wrapper pairs them).
    ///   - isStructSubtype: Whether the named subtype is answered directly: a struct that decodes (not a patch
    ///     struct), or a union.
    ///   - isEntity: Whether the spec declares an entity of that name: validation asks before `type:` names are
    ///     resolved, and must reserve the same names the generator declares.
    public func directType(
        entityHasMetadata: (String) -> Bool, isStructSubtype: (String) -> Bool, isEntity: (String) -> Bool
    ) -> TypeReference? {
        guard baseKey.isEmpty, metadata.isEmpty, headers.isEmpty, excludedPaths.isEmpty, dateFormat == nil else {
            return nil
        }
        switch body {
        case .none:
            return nil
        case .entity(let payload):
            let readsRootAlone = payload.structure == .single && (payload.keyPath ?? []).isEmpty && !payload.nullable
            return readsRootAlone && !entityHasMetadata(payload.entity) ? .entity(payload.entity) : nil
        case .type(.entity(let name)):
            return .entity(name)
        case .type(.subtype(let name)):
            return isStructSubtype(name) ? .subtype(name) : nil
        case .type(.named(let name)):
            if isStructSubtype(name) { return .subtype(name) }
            return isEntity(name) ? .entity(name) : nil
        case .type(.generic(let name, let arguments)):
            // Not yet resolved: a generic struct's instance (`page<track>`), named as resolution will name it.
            return isStructSubtype(name) ? .subtype(TypeReference.instanceName(name, arguments)) : nil
        case .type:
            return nil
        }
    }
}

extension Subtype {
    /// A struct subtype that is decoded (any struct but a patch struct, which is only encoded).
    public var isDecodedStruct: Bool {
        if case .structure = kind { return !patch }
        return false
    }

    /// A subtype a response of `type: <name>` answers as itself: a decoded struct, or a union, which the call
    /// returns whole (`.labeled(…)`) rather than inside a payload's `value`.
    public var isAnsweredDirectly: Bool {
        if case .union = kind { return true }
        return isDecodedStruct
    }
}

extension Spec {
    /// `ResponseDescription.directType(entityHasMetadata:isStructSubtype:isEntity:)` with this spec's entities and
    /// subtypes, looked up by name once for all the responses it is asked about.
    public func directTypes() -> @Sendable (ResponseDescription) -> TypeReference? {
        let names = Set(entities.map(\.name))
        let withMetadata = Set(entities.filter { !$0.metadata.isEmpty }.map(\.name))
        let structs = Set(subtypes.filter(\.isAnsweredDirectly).map(\.name))
        return { response in
            response.directType(
                entityHasMetadata: withMetadata.contains, isStructSubtype: structs.contains, isEntity: names.contains)
        }
    }

    /// The entities, struct subtypes and unions some endpoint answers directly, as `direct` (this spec's `directTypes()`,
    /// built once by the caller) tells: their types conform to `ResponsePayload`.
    public func directlyAnsweredTypes(_ direct: (ResponseDescription) -> TypeReference?) -> Set<TypeReference> {
        Set(services.flatMap { $0.endpoints.compactMap { direct($0.response) } })
    }
}
