/// Resolves type names against the spec's subtypes and entities.
struct TypeResolution {
    let context: DecodingContext
    let subtypes: [String: Subtype]
    let entities: [String: Entity]

    init(context: DecodingContext, spec: Spec) {
        self.context = context
        // The first definition wins; duplicates are reported by NameRules.
        self.subtypes = Dictionary(spec.subtypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.entities = Dictionary(spec.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The type with every name resolved, or nil after reporting an unknown name.
    func resolve(_ type: TypeReference, at location: SourceLocation) -> TypeReference? {
        switch type {
        case .scalar, .subtype, .entity: return type
        case .array(let element): return resolve(element, at: location).map(TypeReference.array)
        case .map(let value): return resolve(value, at: location).map(TypeReference.map)
        case .named(let name):
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            if entities[name] != nil { return .entity(name) }
            if subtypes[name] != nil { return .subtype(name) }
            let candidates = ScalarType.allCases.map(\.rawValue) + subtypes.keys.sorted() + entities.keys.sorted()
            context.error("unknown type '\(name)'", at: location, hint: Suggestions.hint(for: name, in: candidates))
            return nil
        }
    }

    func isEnum(_ type: TypeReference) -> Bool {
        guard case .subtype(let name) = type, case .enumeration? = subtypes[name]?.kind else { return false }
        return true
    }

    func isStructure(_ type: TypeReference) -> Bool {
        guard case .subtype(let name) = type else { return false }
        return subtypes[name]?.isStructure == true
    }

    /// What a path segment, query item or header can carry: a simple value, or an entity with an identifier,
    /// which goes as its identifier (`params: { id: movie }` is a `Movie.ID`).
    func isParameterValue(_ type: TypeReference) -> Bool {
        if case .entity(let name) = type { return entities[name].map { $0.identifier != .none } ?? false }
        return isSimpleValue(type)
    }

    /// Scalars and enums: what fits in a path segment, a query item or a header.
    func isSimpleValue(_ type: TypeReference) -> Bool {
        if case .scalar(let scalar) = type { return scalar != .fileUpload }
        return isEnum(type)
    }
}
