/// A whole spec after includes are merged, names resolved and defaults applied.
public struct Spec: Sendable, Hashable, Encodable {
    /// The one `lucid:` format version this lucid-gen reads.
    public static let formatVersion = 1

    /// The `lucid:` format version.
    public var version: Int
    /// Prefix for module-wide generated names (`MoviesResponseHandling`, ...).
    public var module: String
    /// The access level of generated declarations (`access`, `internal` by default).
    public var access: AccessLevel
    /// The default output folder, relative to the root spec file.
    public var output: String
    /// Words kept as written when converting snake_case names (`ID`, `URL`).
    public var lexicon: [String]
    /// Appended to every entity's type name (`movie` → `MovieEntity` with `Entity`).
    public var entitySuffix: String
    /// Every file the spec was read from: the root first, then includes in the order they were read, then
    /// example files. A build system that regenerates when any of them changes needs exactly these.
    public var files: [String]
    /// The text of every example file (an endpoint's `example:`) that is UTF-8, by the path endpoints name it with,
    /// as the loader read and checked it. The generator embeds this text rather than reading the file again: the
    /// generated code holds what lint checked, and a spec loaded from memory (`SpecFileSource.memory`) needs no disk.
    public var exampleBodies: [String: String] = [:]
    /// The declared `servers`.
    public var servers: [Server]
    /// The declared auth schemes (the top-level `auth`).
    public var authSchemes: [AuthScheme]
    /// The subtype or entity decoded from non-2xx bodies.
    public var errorPayload: String?
    /// The top-level `fixed_headers` and `fixed_query`, which every endpoint sends (endpoints carry them merged,
    /// and the dump shows them there).
    var fixed = FixedParameters()
    /// The top-level `form_lists`, which services and bodies inherit (endpoints carry the effective one).
    var formLists: FormLists?

    private enum CodingKeys: String, CodingKey {
        case version, module, access, output, lexicon, entitySuffix, files, servers, authSchemes, errorPayload
        case subtypes, entities, services
    }
    /// Every subtype, from the root spec and its includes.
    public var subtypes: [Subtype]
    /// Every entity, from the root spec and its includes.
    public var entities: [Entity]
    /// Every service, from the root spec and its includes.
    public var services: [Service]

    /// Whether every type reference — of properties, metadata, parameters, bodies, responses and union cases — is
    /// resolved, as in every spec `SpecLoader` loads without errors. Walks the spec in place: the generator asks
    /// before every run, and gathering the properties into arrays first copied each of them.
    public var isResolved: Bool {
        func resolved(_ properties: [Property]) -> Bool { properties.allSatisfy(\.type.isResolved) }
        let subtypesResolved = subtypes.allSatisfy { subtype in
            switch subtype.kind {
            case .structure(let properties): return resolved(properties)
            case .union(let union): return union.cases.allSatisfy(\.type.isResolved)
            case .enumeration, .optionSet: return true
            }
        }
        let entitiesResolved = entities.allSatisfy { resolved($0.properties) && resolved($0.metadata) }
        let endpointsResolved = services.allSatisfy { service in
            service.endpoints.allSatisfy { endpoint in
                if case .json(let type)? = endpoint.body, !type.isResolved { return false }
                if case .type(let type) = endpoint.response.body, !type.isResolved { return false }
                return resolved(endpoint.params) && resolved(endpoint.query) && resolved(endpoint.headers)
                    && resolved(endpoint.response.metadata)
            }
        }
        return subtypesResolved && entitiesResolved && endpointsResolved
    }

    /// The subtype called `name`, if the spec declares one.
    public func subtype(named name: String) -> Subtype? { subtypes.first { $0.name == name } }
    /// The entity called `name`, if the spec declares one. It scans the entities: a caller looking up one
    /// entity per endpoint or property builds `entitiesByName()` once instead.
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }
    /// Every entity by name; of several with one name (an invalid spec), the first, as `entity(named:)` finds.
    public func entitiesByName() -> [String: Entity] {
        Dictionary(entities.map { ($0.name, $0) }) { first, _ in first }
    }
}

/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, Hashable, Encodable, CaseIterable {
    case `public`, package, `internal`
}
