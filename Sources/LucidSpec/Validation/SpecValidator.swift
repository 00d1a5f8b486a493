/// Turns decoded fragments into a resolved `Spec`, reporting every rule a spec breaks.
///
/// Three steps: `NameRules` checks the names on the spec as written; `SpecResolver` (Resolution/) makes the
/// resolved model from it — types, servers, auth, typed defaults; then the other rules check that model without
/// changing it, each concern in its own file: properties (`PropertyRules`), endpoints (`EndpointRules`), files
/// (`FileRule`), patches (`PatchRule`), servers (`ServerRules`), recursion (`RecursionRule`) and the entity store
/// (`StoreRules`).
struct SpecValidator {
    let context: DecodingContext
    let settings: RootSettings
    let naming: SwiftNaming

    init(context: DecodingContext, settings: RootSettings) {
        self.context = context
        self.settings = settings
        self.naming = SwiftNaming(lexicon: settings.lexicon, module: settings.module)
    }

    func validate(_ fragments: [SpecFragment], files: [String]) -> Spec {
        var spec = Spec(
            version: settings.version, module: settings.module, access: settings.access, output: settings.output,
            lexicon: settings.lexicon, entitySuffix: settings.entitySuffix, files: files,
            servers: settings.servers, authSchemes: settings.authSchemes,
            errorPayload: settings.errorPayload?.name,
            subtypes: fragments.flatMap(\.subtypes), entities: fragments.flatMap(\.entities),
            services: fragments.flatMap(\.services))
        spec.fixed = settings.fixed
        spec.formLists = settings.formLists
        let names = GeneratedNames(naming: naming, entitySuffix: settings.entitySuffix, module: settings.module)
        NameRules(context: context, names: names, moduleLocation: settings.moduleLocation).check(spec)
        spec = SpecResolver(context: context, spec: spec).resolve()
        // Lookups into the resolved subtypes and entities: a form's enum property is an enum here.
        let types = TypeResolution(context: context, spec: spec)
        let properties = PropertyRules(context: context, types: types)
        for subtype in spec.subtypes { properties.check(subtype) }
        for entity in spec.entities { properties.check(entity) }
        let endpoints = EndpointRules(context: context, types: types, properties: properties, spec: spec)
        for service in spec.services { endpoints.check(service) }
        endpoints.checkRepeatedRoutes(spec.services)
        FileRule(context: context, types: types, spec: spec).check()
        PatchRule(context: context, spec: spec).check()
        checkErrorPayload(types)
        checkServerEnvironments()
        ServerRules(context: context, naming: naming).check(spec.servers)
        RecursionRule(context: context, spec: spec).check()
        StoreRules(context: context, spec: spec).check()
        return spec
    }

    private func checkErrorPayload(_ types: TypeResolution) {
        guard let (name, location) = settings.errorPayload else { return }
        switch types.resolve(.named(name), at: location) {
        case .entity?: break
        case .subtype(let subtype)? where types.subtypes[subtype]?.patch == true:
            context.error(
                "error payload '\(name)' is a patch subtype, which is never decoded", at: location,
                hint: "use a struct subtype without 'patch' or an entity")
        case .subtype(let subtype)? where types.subtypes[subtype]?.isStructure == true: break
        case nil: break  // already reported as unknown
        default:
            context.error("error payload '\(name)' must be a struct subtype or an entity", at: location)
        }
    }

    /// Environments switch for every server at once, so a server that lacks one falls back to its first.
    private func checkServerEnvironments() {
        let all = settings.servers.flatMap { $0.environments.map(\.name) }
        var seen = Set<String>()
        let names = all.filter { seen.insert($0).inserted }
        for server in settings.servers {
            let missing = names.filter { name in !server.environments.contains { $0.name == name } }
            guard !missing.isEmpty, let fallback = server.environments.first?.name else { continue }
            context.warning(
                "server '\(server.name)' has no \(missing.map { "'\($0)'" }.joined(separator: " or ")) environment; it uses '\(fallback)' there",
                at: server.location)
        }
    }
}
