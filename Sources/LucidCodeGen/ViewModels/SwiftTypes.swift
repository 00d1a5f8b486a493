import LucidSpec

/// How spec types are spelled in generated Swift.
struct SwiftTypes {
    let names: GeneratedNames
    /// Deprecation messages of the spec's deprecated entities and subtypes, by spec name: asked once per
    /// property and payload, so looked up in a dictionary rather than by scanning the spec.
    let deprecatedEntities: [String: String]
    let deprecatedSubtypes: [String: String]
    /// The instances of generic structs (`page<track>`) by name: each is spelled as its generic with arguments.
    let instances: [String: GenericInstance]

    init(names: GeneratedNames, spec: Spec) {
        self.names = names
        instances = Dictionary(spec.subtypes.compactMap { subtype in subtype.instance.map { (subtype.name, $0) } }) {
            first, _ in first
        }
        deprecatedEntities = Dictionary(
            spec.entities.compactMap { entity in entity.deprecated.map { (entity.name, $0) } }
        ) { first, _ in first }
        deprecatedSubtypes = Dictionary(
            spec.subtypes.compactMap { subtype in subtype.deprecated.map { (subtype.name, $0) } }
        ) { first, _ in first }
    }

    /// `FilmInfo`; for an instance of a generic, the generic with its arguments: `Page<Track>`.
    func typeName(ofSubtype name: String) -> String {
        guard let instance = instances[name] else { return names.subtype(name) }
        return names.subtype(instance.generic) + "<" + instance.arguments.map { valueType($0) }.joined(separator: ", ")
            + ">"
    }

    /// `item` → `Item`: a generic's type parameter in Swift.
    func typeName(ofParameter name: String) -> String { names.typeParameter(name) }

    func typeName(ofEntity name: String) -> String { names.entity(name) }

    /// The Swift type of a property's value, before nullable and lazy wrapping.
    func valueType(_ type: TypeReference, idOnly: Bool = false) -> String {
        switch type {
        case .scalar(let scalar): return Self.scalarType(scalar)
        case .array(let element): return "[\(valueType(element, idOnly: idOnly))]"
        case .map(let value): return "[String: \(valueType(value, idOnly: idOnly))]"
        case .subtype(let name): return typeName(ofSubtype: name)
        case .parameter(let name): return typeName(ofParameter: name)
        case .named, .generic: preconditionFailure(Generator.resolvedOnly)
        case .entity(let name): return typeName(ofEntity: name) + (idOnly ? ".ID" : "")
        }
    }

    /// The deprecated subtypes and entities a type names (through lists and maps), as Swift type names with
    /// their deprecation messages, in order of appearance.
    func deprecatedTypes(in type: TypeReference) -> [(name: String, message: String)] {
        switch type {
        case .scalar, .parameter: return []
        case .array(let element), .map(let element): return deprecatedTypes(in: element)
        case .named, .generic: preconditionFailure(Generator.resolvedOnly)
        case .subtype(let name):
            if let instance = instances[name] {
                let generic = deprecatedSubtypes[instance.generic].map { [(names.subtype(instance.generic), $0)] }
                return (generic ?? []) + instance.arguments.flatMap(deprecatedTypes)
            }
            return deprecatedSubtypes[name].map { [(typeName(ofSubtype: name), $0)] } ?? []
        case .entity(let name):
            return deprecatedEntities[name].map { [(typeName(ofEntity: name), $0)] } ?? []
        }
    }

    /// The declared type of a property: nullable adds `?`, lazy wraps in `Lazy`.
    func declaredType(_ property: Property) -> String {
        let value = valueType(property.type, idOnly: property.idOnly) + (property.nullable ? "?" : "")
        return property.lazy ? "Lazy<\(value)>" : value
    }

    /// The Swift type of a scalar, from the scalar table (`ScalarType.facts`).
    static func scalarType(_ scalar: ScalarType) -> String { scalar.facts.swiftType }
}
