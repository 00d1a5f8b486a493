/// Names must be usable in Swift, and distinct once converted to Swift names.
struct NameRules {
    let context: DecodingContext
    let naming: SwiftNaming
    let entitySuffix: String

    static let validNameHint = "use letters and digits separated by single underscores, starting with a letter"

    func check(_ spec: Spec) {
        checkTypeNames(spec)
        unique(spec.servers.map { ("server", $0.name, $0.location) }, naming.memberName)
        for server in spec.servers {
            unique(server.environments.map { ("environment", $0.name, server.location) }, naming.memberName)
        }
        unique(spec.authSchemes.map { ("auth scheme", $0.name, $0.location) }, naming.typeName)
        unique(spec.services.map { ("service", $0.name, $0.location) }, naming.typeName)
        for subtype in spec.subtypes { checkMembers(of: subtype) }
        for entity in spec.entities { checkMembers(of: entity) }
        for service in spec.services {
            unique(service.endpoints.map { ("endpoint", $0.name, $0.location) }, naming.memberName)
            for endpoint in service.endpoints { checkParameters(of: endpoint) }
        }
    }

    /// Entities and subtypes share Swift's type namespace.
    private func checkTypeNames(_ spec: Spec) {
        let types = spec.subtypes.map { ("subtype", $0.name, $0.location, naming.typeName($0.name)) }
            + spec.entities.map { ("entity", $0.name, $0.location, naming.typeName($0.name) + entitySuffix) }
        for (kind, name, location, swiftName) in types where SwiftNaming.reservedTypeNames.contains(swiftName) {
            context.error("\(kind) '\(name)' would become '\(swiftName)', which is a Swift, Foundation or LucidRuntime type",
                          at: location, hint: "choose another name")
        }
        unique(types.map { ($0.0, $0.1, $0.2) }) { name in
            types.first { $0.1 == name }.map(\.3) ?? name
        }
    }

    private func checkMembers(of subtype: Subtype) {
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback):
            unique(cases.map { ("case", $0.name, $0.location) }, naming.memberName)
            uniqueValues(cases, of: subtype)
            if unknownFallback, let clash = cases.first(where: { naming.memberName($0.name) == "unknown" }) {
                context.error("case '\(clash.name)' clashes with the '.unknown' fallback that 'unknown: true' adds",
                              at: clash.location)
            }
            if cases.isEmpty { context.error("enum '\(subtype.name)' has no cases", at: subtype.location) }
        case .optionSet(let options):
            unique(options.map { ("option", $0, subtype.location) }, naming.memberName)
            if options.isEmpty { context.error("option set '\(subtype.name)' has no options", at: subtype.location) }
            if options.count > 64 {
                context.error("option set '\(subtype.name)' has \(options.count) options; at most 64 fit its raw value",
                              at: subtype.location)
            }
        case .structure(let properties):
            unique(properties.map { ("property", $0.name, $0.location) }, naming.memberName)
        }
    }

    private func uniqueValues(_ cases: [EnumCase], of subtype: Subtype) {
        var seen: [String: EnumCase] = [:]
        for enumCase in cases {
            if let first = seen[enumCase.value] {
                context.error("cases '\(first.name)' and '\(enumCase.name)' of enum '\(subtype.name)' have the same value '\(enumCase.value)'",
                              at: enumCase.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            } else {
                seen[enumCase.value] = enumCase
            }
        }
    }

    private func checkMembers(of entity: Entity) {
        var members = entity.properties.map { ("property", $0.name, $0.location) }
        if case .scalar = entity.identifier {
            if let clash = entity.properties.first(where: { naming.memberName($0.name) == "id" }) {
                context.error("property '\(clash.name)' of entity '\(entity.name)' clashes with its identifier 'id'",
                              at: clash.location, hint: "use 'identifier: { property: \(clash.name) }' to make it the identifier")
                members.removeAll { $0.1 == clash.name }
            }
        }
        unique(members, naming.memberName)
        unique(entity.metadata.map { ("metadata", $0.name, $0.location) }, naming.memberName)
    }

    /// Path params, query items, headers and the body all become parameters of one function.
    private func checkParameters(of endpoint: Endpoint) {
        var parameters = (endpoint.params + endpoint.query + endpoint.headers).map { ("parameter", $0.name, $0.location) }
        if endpoint.body != nil, let location = endpoint.origin.locations["body"] {
            parameters.insert(("parameter", "body", location), at: 0)
        }
        unique(parameters, naming.memberName)
    }

    /// Reports invalid names, and names that are the same once converted, each once, at the later one.
    private func unique(_ names: [(kind: String, name: String, location: SourceLocation)], _ convert: (String) -> String) {
        var seen: [String: (kind: String, name: String, location: SourceLocation)] = [:]
        for entry in names {
            guard SwiftNaming.isValidName(entry.name) else {
                context.error("\(entry.kind) name '\(entry.name)' is not a valid name", at: entry.location, hint: Self.validNameHint)
                continue
            }
            let swiftName = convert(entry.name)
            guard let first = seen[swiftName] else {
                seen[swiftName] = entry
                continue
            }
            let message = first.name == entry.name
                ? "\(entry.kind) '\(entry.name)' is defined twice"
                : "\(entry.kind) '\(entry.name)' and \(first.kind) '\(first.name)' both become '\(swiftName)' in Swift"
            context.error(message, at: entry.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }
}
