/// Turns the spec as written (its files' fragments merged) into the resolved model that the rules check and the
/// generator reads:
///
/// - every type name resolved to a scalar, a subtype or an entity; each distinct use of a generic struct
///   (`page<track>`) becomes an instance subtype, added after the declared ones (`Subtype.instance`);
/// - each endpoint's server, auth and deduplication settled from the endpoint, its service and the spec
///   (`EndpointResolver`);
/// - what follows from a property's options filled in: the ISO 8601 format of a date without `format`, the
///   `_id` / `_ids` key of an `id_only` relationship, `failable_items` on a list of related entities, defaults
///   as typed values.
///
/// It reports only what keeps a value from being resolved: an unknown name, an endpoint without a server, a
/// default that does not fit its type. What is left unresolved stays as written (`TypeReference.named`) and the
/// spec does not load. Checking everything else is the rules' work (`Validation/`), which never change the model.
struct SpecResolver {
    let context: DecodingContext
    let types: TypeResolution
    let spec: Spec

    init(context: DecodingContext, spec: Spec) {
        self.context = context
        self.spec = spec
        types = TypeResolution(context: context, spec: spec)
    }

    func resolve() -> Spec {
        var resolved = spec
        resolved.subtypes = spec.subtypes.map(resolve)
        resolved.entities = spec.entities.map(resolve)
        let endpoints = EndpointResolver(context: context, types: types, spec: spec, properties: self)
        resolved.services = spec.services.map(endpoints.resolve)
        resolved.subtypes += instances(of: resolved.subtypes)
        return resolved
    }

    /// A struct subtype for each instance of a generic met (`page<track>`): the generic's resolved properties with
    /// the arguments in place of the type parameters. The generated code declares the generic once; the instances
    /// are what the rules, the example check and the export read where the spec names `page<track>`.
    private func instances(of subtypes: [Subtype]) -> [Subtype] {
        let generics = Dictionary(subtypes.filter(\.isGeneric).map { ($0.name, $0) }) { first, _ in first }
        return types.instances.all.compactMap { name, instance, location in
            guard let generic = generics[instance.generic] else { return nil }
            let arguments = instance.substitutions(of: generic)
            var subtype = generic
            subtype.name = name
            subtype.typeParameters = []
            subtype.typeParameterLocations = []
            subtype.instance = instance
            subtype.location = location
            subtype.kind = .structure(
                properties: generic.properties.map { property in
                    var substituted = property
                    substituted.type = property.type.substituting(arguments)
                    return substituted
                })
            return subtype
        }
    }

    private func resolve(_ subtype: Subtype) -> Subtype {
        var resolved = subtype
        switch subtype.kind {
        case .structure(let properties):
            resolved.kind = .structure(properties: properties.map { resolve($0, parameters: subtype.typeParameters) })
        case .union(var union):
            for index in union.cases.indices {
                let unionCase = union.cases[index]
                // An unknown name is reported, and the case keeps it as written: the spec does not load.
                union.cases[index].type = types.resolve(unionCase.type, at: unionCase.typeLocation) ?? unionCase.type
            }
            resolved.kind = .union(union)
        case .enumeration, .optionSet: break
        }
        return resolved
    }

    private func resolve(_ entity: Entity) -> Entity {
        var resolved = entity
        resolved.properties = entity.properties.map { resolve($0) }
        resolved.metadata = entity.metadata.map { resolve($0) }
        return resolved
    }

    /// One property (or parameter, or metadata) with its type resolved and what follows from its options filled
    /// in; as written when its type names something unknown.
    ///
    /// - Parameter parameters: the type parameters of the generic struct the property belongs to.
    func resolve(_ property: Property, parameters: [String] = []) -> Property {
        let location = property.origin.typeLocation ?? property.location
        guard let type = types.resolve(property.type, at: location, parameters: parameters) else {
            return property
        }
        var resolved = property
        resolved.type = type
        if property.origin.optionLocations["failable_items"] == nil, type.isArray, type.relationshipEntity != nil {
            resolved.failableItems = true  // one bad related object should not lose the whole parent
        }
        if type.elementType == .scalar(.date), property.dateFormat == nil {
            resolved.dateFormat = .iso8601
        }
        if property.idOnly, type.relationshipEntity != nil, !property.origin.explicitKey, !property.matchExactKey {
            resolved.keyPath = [type.isArray ? Self.singular(property.name) + "_ids" : "\(property.name)_id"]
        }
        if let value = property.defaultValue {
            resolved.defaultValue = DefaultValueResolver(context: context, types: types)
                .resolve(
                    value, for: type, nullable: property.nullable,
                    at: property.origin.optionLocations["default="] ?? property.location,
                    itemLocations: property.origin.defaultItemLocations)
        }
        return resolved
    }

    /// `genres` → `genre`, `categories` → `category`, `cast` → `cast`: enough English for JSON key names,
    /// and predictable; any other key is written with `key:`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return name.dropLast(3) + "y" }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
        return name
    }
}
