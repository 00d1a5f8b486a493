/// Names must be usable in Swift, and distinct once converted to Swift names.
struct NameRules {
    let context: DecodingContext
    let naming: SwiftNaming
    let entitySuffix: String

    static let validNameHint = "use letters and digits separated by single underscores, starting with a letter"

    /// A name as the spec wrote it and where.
    private struct Entry {
        var kind: String
        var name: String
        var location: SourceLocation
        /// The Swift name it becomes, which must be unique among its neighbours.
        var swiftName: String
    }

    func check(_ spec: Spec) {
        checkTypeNames(spec)
        unique(spec.servers.map { member("server", $0.name, $0.location) })
        for server in spec.servers {
            unique(server.environments.map { member("environment", $0.name, $0.location) })
        }
        unique(spec.authSchemes.map { type("auth scheme", $0.name, $0.location) })
        unique(spec.services.map { type("service", $0.name, $0.location) })
        for subtype in spec.subtypes { checkMembers(of: subtype) }
        for entity in spec.entities { checkMembers(of: entity) }
        for service in spec.services {
            unique(service.endpoints.map { member("endpoint", $0.name, $0.location) })
            for endpoint in service.endpoints {
                checkParameters(of: endpoint)
                unique(endpoint.response.metadata.map { member("metadata", $0.name, $0.location) })
            }
        }
    }

    private func member(_ kind: String, _ name: String, _ location: SourceLocation) -> Entry {
        Entry(kind: kind, name: name, location: location, swiftName: naming.memberName(name))
    }

    private func type(_ kind: String, _ name: String, _ location: SourceLocation, suffix: String = "") -> Entry {
        Entry(kind: kind, name: name, location: location, swiftName: naming.typeName(name) + suffix)
    }

    /// Entities and subtypes share Swift's type namespace, and type references name either.
    private func checkTypeNames(_ spec: Spec) {
        let types = spec.subtypes.map { type("subtype", $0.name, $0.location) }
            + spec.entities.map { type("entity", $0.name, $0.location, suffix: entitySuffix) }
        for entry in types where ScalarType(rawValue: entry.name) != nil {
            context.error("\(entry.kind) '\(entry.name)' has the name of a scalar type, so no type could refer to it",
                          at: entry.location, hint: "choose another name")
        }
        for entry in types where ScalarType(rawValue: entry.name) == nil && SwiftNaming.reservedTypeNames.contains(entry.swiftName) {
            context.error("\(entry.kind) '\(entry.name)' would become '\(entry.swiftName)', which is a Swift, Foundation or LucidRuntime type",
                          at: entry.location, hint: "choose another name")
        }
        unique(types)
        checkGeneratedTypeNames(spec, declared: types)
        // With an entity suffix the Swift names differ, but a type reference `genre` would be ambiguous.
        var seen: [String: Entry] = [:]
        for entry in types {
            if let first = seen[entry.name], first.kind != entry.kind, first.swiftName != entry.swiftName {
                context.error("\(entry.kind) '\(entry.name)' has the name of \(first.kind) '\(first.name)'; type references would be ambiguous",
                              at: entry.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            }
            seen[entry.name] = seen[entry.name] ?? entry
        }
    }

    /// Every type the generator declares — entities and their metadata, subtypes, response payloads and their
    /// metadata — must be unique, or the generated module would not compile. Clashes among entities and
    /// subtypes themselves are reported by `unique` already.
    private func checkGeneratedTypeNames(_ spec: Spec, declared: [Entry]) {
        var seen: [String: Entry] = [:]
        for entry in declared where seen[entry.swiftName] == nil { seen[entry.swiftName] = entry }
        var generated: [Entry] = []
        for entity in spec.entities where !entity.metadata.isEmpty {
            generated.append(type("metadata of entity", entity.name, entity.location, suffix: entitySuffix + "Metadata"))
        }
        for scheme in spec.authSchemes {
            generated.append(Entry(kind: "auth scheme", name: scheme.name, location: scheme.location, swiftName: naming.authTypeName(scheme.name)))
        }
        if let first = spec.servers.first {
            generated.append(Entry(kind: "servers of module", name: spec.module, location: first.location,
                                   swiftName: naming.serversTypeName(module: spec.module)))
        }
        for service in spec.services {
            generated.append(Entry(kind: "service", name: service.name, location: service.location, swiftName: naming.serviceTypeName(service.name)))
            for endpoint in service.endpoints where endpoint.response.body != .none || !endpoint.response.metadata.isEmpty {
                let payload = naming.payloadTypeName(service: service.name, endpoint: endpoint.name)
                let name = "\(service.name).\(endpoint.name)"
                generated.append(Entry(kind: "response of endpoint", name: name, location: endpoint.location, swiftName: payload))
                if !endpoint.response.metadata.isEmpty {
                    generated.append(Entry(kind: "response metadata of endpoint", name: name, location: endpoint.location,
                                           swiftName: payload + "Metadata"))
                }
            }
        }
        for entry in generated {
            guard let first = seen[entry.swiftName] else {
                seen[entry.swiftName] = entry
                continue
            }
            context.error("the \(entry.kind) '\(entry.name)' and the \(first.kind) '\(first.name)' would both be generated as '\(entry.swiftName)'",
                          at: entry.location, hint: "rename one of them",
                          notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
        checkCaseOnlyDifferences(declared + generated)
    }

    /// Each type is written to a file named after it, and macOS's (and Windows') file systems ignore case by
    /// default: `UrlInfo.swift` and `Urlinfo.swift` would be one file there, one type overwriting the other, though
    /// Linux keeps both. So type names that differ only in case are an error everywhere.
    private func checkCaseOnlyDifferences(_ entries: [Entry]) {
        var seen: [String: Entry] = [:]
        for entry in entries where SwiftNaming.isValidName(entry.name) {
            let key = entry.swiftName.lowercased()
            guard let first = seen[key] else {
                seen[key] = entry
                continue
            }
            guard first.swiftName != entry.swiftName else { continue }   // the same name: reported above
            context.error("the \(entry.kind) '\(entry.name)' would be generated as '\(entry.swiftName)', which differs from "
                          + "'\(first.swiftName)' (the \(first.kind) '\(first.name)') only in case; their files would be one "
                          + "on case-insensitive file systems such as macOS's",
                          at: entry.location, hint: "rename one of them",
                          notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }

    private func checkMembers(of subtype: Subtype) {
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback):
            unique(cases.map { member("case", $0.name, $0.location) })
            uniqueValues(cases, of: subtype)
            if unknownFallback {
                for clash in cases where ["unknown", "knownCases", "rawValue"].contains(naming.memberName(clash.name)) {
                    let member = naming.memberName(clash.name) == "unknown" ? "the '.unknown' fallback" : "'\(naming.memberName(clash.name))'"
                    context.error("case '\(clash.name)' clashes with \(member) that 'unknown: true' adds", at: clash.location)
                }
            }
            if cases.isEmpty { context.error("enum '\(subtype.name)' has no cases", at: subtype.location) }
        case .optionSet(let options):
            let entries = options.enumerated().map { index, option in
                member("option", option, index < subtype.optionLocations.count ? subtype.optionLocations[index] : subtype.location)
            }
            unique(entries)
            for clash in entries where ["rawValue", "jsonNames"].contains(clash.swiftName) {
                context.error("option '\(clash.name)' clashes with the option set's own '\(clash.swiftName)'", at: clash.location)
            }
            if options.isEmpty { context.error("option set '\(subtype.name)' has no options", at: subtype.location) }
            if options.count > 64 {
                context.error("option set '\(subtype.name)' has \(options.count) options; at most 64 fit its raw value",
                              at: subtype.location)
            }
        case .structure(let properties):
            unique(properties.map { member("property", $0.name, $0.location) })
        }
    }

    /// Cases named twice are reported once, as names; their values are then not compared again.
    private func uniqueValues(_ cases: [EnumCase], of subtype: Subtype) {
        var seen: [String: EnumCase] = [:]
        var names = Set<String>()
        for enumCase in cases where names.insert(enumCase.name).inserted {
            if let first = seen[enumCase.value] {
                context.error("cases '\(first.name)' and '\(enumCase.name)' of enum '\(subtype.name)' have the same value '\(enumCase.value)'",
                              at: enumCase.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            } else {
                seen[enumCase.value] = enumCase
            }
        }
    }

    private func checkMembers(of entity: Entity) {
        var members = entity.properties.map { member("property", $0.name, $0.location) }
        if case .scalar = entity.identifier, let clash = members.first(where: { $0.swiftName == "id" }) {
            context.error("property '\(clash.name)' of entity '\(entity.name)' clashes with its identifier 'id'",
                          at: clash.location, hint: "use 'identifier: { property: \(clash.name) }' to make it the identifier")
            members.removeAll { $0.name == clash.name }
        }
        unique(members)
        unique(entity.metadata.map { member("metadata", $0.name, $0.location) })
    }

    /// Path params, query items, headers and the body all become parameters of one function.
    private func checkParameters(of endpoint: Endpoint) {
        var parameters = endpoint.params.map { member("path parameter", $0.name, $0.location) }
            + endpoint.query.map { member("query item", $0.name, $0.location) }
            + endpoint.headers.map { member("header", $0.name, $0.location) }
        if endpoint.body != nil, let location = endpoint.origin.locations["body"] {
            parameters.insert(member("request body", "body", location), at: 0)
        }
        unique(parameters)
    }

    /// Reports invalid names, and names that are the same once converted, each once, at the later one.
    private func unique(_ entries: [Entry]) {
        var seen: [String: Entry] = [:]
        for entry in entries {
            guard SwiftNaming.isValidName(entry.name) else {
                context.error("\(entry.kind) name '\(entry.name)' is not a valid name", at: entry.location,
                              hint: invalidNameHint(entry))
                continue
            }
            guard let first = seen[entry.swiftName] else {
                seen[entry.swiftName] = entry
                continue
            }
            let message = first.name == entry.name && first.kind == entry.kind
                ? "\(entry.kind) '\(entry.name)' is defined twice"
                : "\(entry.kind) '\(entry.name)' and \(first.kind) '\(first.name)' both become '\(entry.swiftName)' in Swift"
            context.error(message, at: entry.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }

    /// For enum cases the raw value can keep any spelling, so suggest moving it to `value`.
    private func invalidNameHint(_ entry: Entry) -> String {
        guard entry.kind == "case" else { return Self.validNameHint }
        let words = entry.name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var suggestion = words.joined(separator: "_")
        if suggestion.first?.isNumber ?? true { suggestion = "case_" + suggestion }
        return "write '{ name: \(suggestion), value: \(entry.name) }' to keep the raw value"
    }
}
