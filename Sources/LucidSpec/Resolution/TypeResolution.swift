/// Resolves type names against the spec's subtypes and entities.
struct TypeResolution {
    let context: DecodingContext
    let subtypes: [String: Subtype]
    let entities: [String: Entity]
    /// The instances of generic structs that resolved types name (`page<track>`), in the order first met.
    let instances = GenericInstances()

    init(context: DecodingContext, spec: Spec) {
        self.context = context
        // The first definition wins; duplicates are reported by NameRules.
        self.subtypes = Dictionary(spec.subtypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.entities = Dictionary(spec.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The type with every name resolved, or nil after reporting an unknown name.
    ///
    /// - Parameter parameters: the type parameters of the generic struct whose property this is, which its names
    ///   mean before any subtype's.
    func resolve(
        _ type: TypeReference, at location: SourceLocation, parameters: [String] = []
    ) -> TypeReference? {
        switch type {
        case .scalar, .subtype, .entity, .parameter: return type
        case .array(let element):
            return resolve(element, at: location, parameters: parameters).map(TypeReference.array)
        case .map(let value): return resolve(value, at: location, parameters: parameters).map(TypeReference.map)
        case .named(let name):
            if parameters.contains(name) { return .parameter(name) }
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            if entities[name] != nil { return .entity(name) }
            if let subtype = subtypes[name] {
                guard subtype.isGeneric else { return .subtype(name) }
                let arguments = subtype.typeParameters.joined(separator: ", ")
                context.error(
                    "subtype '\(name)' is generic, so it needs its type \(Self.arguments(subtype)): '\(name)<\(arguments)>'",
                    at: location, hint: "write the type of each, such as '\(name)<string>'")
                return nil
            }
            let candidates =
                parameters + ScalarType.allCases.map(\.rawValue) + subtypes.keys.sorted() + entities.keys.sorted()
            // Another language's name for a scalar (OpenAPI's `integer`) is nearer in meaning than in spelling.
            let hint =
                Self.scalarSynonyms[name.lowercased()].map { "did you mean '\($0.rawValue)'?" }
                ?? Suggestions.hint(for: name, in: candidates)
            context.error("unknown type '\(name)'", at: location, hint: hint)
            return nil
        case .generic(let name, let arguments):
            return resolveGeneric(name, arguments, at: location, parameters: parameters)
        }
    }

    /// What OpenAPI, JSON Schema and other languages call the spec's scalar types.
    static let scalarSynonyms: [String: ScalarType] = [
        "integer": .int, "int32": .int, "long": .int64, "number": .double, "float64": .double, "boolean": .bool,
        "datetime": .date, "date-time": .date, "uri": .url, "binary": .data, "bytes": .data,
    ]

    /// `argument` or `2 arguments`, with the parameters' names: what a generic takes.
    private static func arguments(_ generic: Subtype) -> String {
        generic.typeParameters.count == 1 ? "argument" : "\(generic.typeParameters.count) arguments"
    }

    /// `page<track>`: the instance subtype, registered on first use, after checking the generic and its arguments.
    private func resolveGeneric(
        _ name: String, _ arguments: [TypeReference], at location: SourceLocation, parameters: [String]
    ) -> TypeReference? {
        let written = TypeReference.generic(name, arguments).description
        guard let generic = subtypes[name], generic.isGeneric else {
            if subtypes[name] != nil || entities[name] != nil || ScalarType(rawValue: name) != nil {
                context.error(
                    "'\(name)' is not generic, so '\(written)' is not a type", at: location,
                    hint: "write '\(name)', or declare a struct subtype with 'generic:'")
            } else {
                let generics = subtypes.values.filter(\.isGeneric).map(\.name).sorted()
                context.error(
                    "unknown generic '\(name)' in '\(written)'", at: location,
                    hint: Suggestions.hint(for: name, in: generics))
            }
            return nil
        }
        guard arguments.count == generic.typeParameters.count else {
            let names = generic.typeParameters.map { "'\($0)'" }.joined(separator: ", ")
            context.error(
                "'\(written)' gives \(arguments.count) type argument\(arguments.count == 1 ? "" : "s"), but "
                    + "'\(name)' takes \(generic.typeParameters.count) (\(names))",
                at: location)
            return nil
        }
        var resolved: [TypeReference] = []
        for argument in arguments {
            guard let type = resolve(argument, at: location, parameters: parameters) else { return nil }
            guard argumentFits(type, of: written, at: location) else { return nil }
            resolved.append(type)
        }
        return .subtype(instances.register(GenericInstance(generic: name, arguments: resolved), at: location))
    }

    /// Whether a type argument is something the generic's code can decode on its own: not a type parameter (a
    /// generic's property passes none on), a date or duration (their format belongs to a property), a file upload
    /// or a patch struct; reported when it is not.
    private func argumentFits(_ type: TypeReference, of written: String, at location: SourceLocation) -> Bool {
        if type.containsParameter {
            context.error(
                "'\(written)' passes a type parameter on to another generic, which is not supported",
                at: location,
                hint: "a generic's property can use its type parameter as 'T', '[T]' or '{string: T}'")
            return false
        }
        if type.containsFormattedScalar {
            context.error(
                "the type argument '\(type)' of '\(written)' holds dates or durations, whose format belongs to a "
                    + "property", at: location, hint: "use a struct subtype with a date property, or 'string'")
            return false
        }
        if type.contains(.fileUpload) {
            context.error(
                "the type argument '\(type)' of '\(written)' is a file upload, which only goes in a multipart body",
                at: location)
            return false
        }
        if case .subtype(let subtype) = type.elementType, subtypes[subtype]?.patch == true {
            context.error(
                "the type argument '\(type)' of '\(written)' is a patch struct, which is only sent alone as a JSON "
                    + "body", at: location)
            return false
        }
        return true
    }

    func isEnum(_ type: TypeReference) -> Bool {
        guard case .subtype(let name) = type, case .enumeration? = subtypes[name]?.kind else { return false }
        return true
    }

    func isStructure(_ type: TypeReference) -> Bool {
        guard case .subtype(let name) = type else { return false }
        return subtypes[name]?.isStructure == true
    }

    func isUnion(_ type: TypeReference) -> Bool {
        guard case .subtype(let name) = type, case .union? = subtypes[name]?.kind else { return false }
        return true
    }

    /// What a path segment, query item or header can carry: a simple value, or an entity with an identifier,
    /// which goes as its identifier (`params: { id: movie }` is a `Movie.ID`).
    func isParameterValue(_ type: TypeReference) -> Bool {
        // An entity whose misspelled `identifier` was reported already is not reported again here.
        if case .entity(let name) = type { return entities[name]?.hasIdentifierOrUnread ?? false }
        return isSimpleValue(type)
    }

    /// Scalars and enums: what fits in a path segment, a query item or a header.
    func isSimpleValue(_ type: TypeReference) -> Bool {
        if case .scalar(let scalar) = type { return scalar.facts.isSimpleValue }
        return isEnum(type)
    }
}

/// The instances of generic structs met while resolving (`page<track>`, `page<artist>`), each once, in the order
/// first met: resolution adds a subtype for each to the spec (`Subtype.instance`). A class: every copy of the
/// `TypeResolution` that resolves one spec adds to the same list.
final class GenericInstances {
    private(set) var all: [(name: String, instance: GenericInstance, location: SourceLocation)] = []
    private var names: Set<String> = []

    /// The instance's name in the model (`page<track>`), registering it the first time.
    func register(_ instance: GenericInstance, at location: SourceLocation) -> String {
        let name = TypeReference.instanceName(instance.generic, instance.arguments)
        if names.insert(name).inserted { all.append((name, instance, location)) }
        return name
    }
}
