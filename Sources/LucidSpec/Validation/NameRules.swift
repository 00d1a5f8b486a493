/// Names must be usable in Swift, and distinct once converted to Swift names. Generated type and method names
/// come from `GeneratedNames`, the table the generator uses too.
struct NameRules {
    let context: DecodingContext
    let names: GeneratedNames
    /// Where module-wide generated types are reported.
    let moduleLocation: SourceLocation
    /// Where a name was already reported as too long: one spec name becomes several Swift names, one error is
    /// enough.
    private let tooLong = LocationSet()

    init(context: DecodingContext, names: GeneratedNames, moduleLocation: SourceLocation) {
        self.context = context
        self.names = names
        self.moduleLocation = moduleLocation
    }

    private var naming: SwiftNaming { names.naming }

    static let validNameHint = "use letters and digits separated by single underscores, starting with a letter"

    /// A name as the spec wrote it and where.
    private struct Entry {
        var kind: String
        var name: String
        var location: SourceLocation
        /// The Swift name it becomes, which must be unique among its neighbours.
        var swiftName: String
        /// The hint for an invalid name, when not the usual one.
        var invalidNameHint: String?
    }

    func check(_ spec: Spec) {
        checkTypeNames(spec)
        unique(spec.servers.map { member("server", $0.name, $0.location) })
        for server in spec.servers {
            unique(server.environments.map { member("environment", $0.name, $0.location) })
            unique(server.variables.map { member("variable", $0.name, $0.location) })
        }
        unique(spec.authSchemes.map { type("auth scheme", $0.name, $0.location) })
        unique(spec.services.map { type("service", $0.name, $0.location) })
        for subtype in spec.subtypes { checkMembers(of: subtype) }
        checkTypeParameters(spec)
        for entity in spec.entities { checkMembers(of: entity) }
        for service in spec.services {
            unique(service.endpoints.map { member("endpoint", $0.name, $0.location) })
            checkMethods(of: service, in: spec)
            for endpoint in service.endpoints {
                checkParameters(of: endpoint)
                let metadata = endpoint.response.metadata.map { member("metadata", $0.name, $0.location) }
                unique(metadata)
                checkStoredProperties(metadata, of: "the response of endpoint '\(endpoint.name)'")
                checkHeaderMembers(of: endpoint, in: spec)
            }
        }
        checkHandlerMethods(spec)
    }

    /// Response headers become members of the payload beside what it reads from the body (the entity or its
    /// list, `value`, `metadata`), so their Swift names must differ from those and from each other.
    private func checkHeaderMembers(of endpoint: Endpoint, in spec: Spec) {
        let response = endpoint.response
        guard !response.headers.isEmpty else { return }
        let body = names.payloadBodyMembers(of: response, in: spec).all
        let headers = response.headers.map { member("header", $0.name, $0.location) }
        for header in headers where body.contains(header.swiftName) {
            context.error(
                "header '\(header.name)' of the response of endpoint '\(endpoint.name)' would become "
                    + "'\(header.swiftName)', which the payload already has for what it reads from the body",
                at: header.location, hint: "choose another name; 'key' keeps the header's name on the wire")
        }
        unique(headers)
        checkStoredProperties(headers, of: "the response of endpoint '\(endpoint.name)'")
    }

    private func member(_ kind: String, _ name: String, _ location: SourceLocation) -> Entry {
        Entry(kind: kind, name: name, location: location, swiftName: naming.memberName(name))
    }

    private func type(_ kind: String, _ name: String, _ location: SourceLocation) -> Entry {
        Entry(kind: kind, name: name, location: location, swiftName: naming.typeName(name))
    }

    /// Entities and subtypes share Swift's type namespace, and type references name either; every type the
    /// generator declares (`GeneratedNames.declarations`) must be unique, not a type the generated code uses,
    /// and of a readable length.
    private func checkTypeNames(_ spec: Spec) {
        let declarations = names.declarations(of: spec, moduleLocation: moduleLocation)
        var declared = declarations.filter(\.isDeclaredBySpec).map { declaration in
            Entry(
                kind: declaration.kind, name: declaration.specName, location: declaration.location,
                swiftName: declaration.typeName)
        }
        for entry in declared where ScalarType(rawValue: entry.name) != nil {
            context.error(
                "\(entry.kind) '\(entry.name)' has the name of a scalar type, so no type could refer to it",
                at: entry.location, hint: "choose another name")
        }
        declared = checkInlineUnionNames(declared, spec)
        unique(declared)
        checkGeneratedTypeNames(declarations)
        // With an entity suffix the Swift names differ, but a type reference `genre` would be ambiguous.
        var seen: [String: Entry] = [:]
        seen.reserveCapacity(declared.count)
        for entry in declared {
            if let first = seen[entry.name], first.kind != entry.kind, first.swiftName != entry.swiftName {
                context.error(
                    "\(entry.kind) '\(entry.name)' has the name of \(first.kind) '\(first.name)'; type references would be ambiguous",
                    at: entry.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            }
            seen[entry.name] = seen[entry.name] ?? entry
        }
    }

    /// A union written as a property's type is named after its owner and the property (`charge_customer`); when
    /// another type has that name, the error is at the property, which the writer can see, rather than at a name
    /// the spec never spells. Returns `entries` without the inline unions, which are checked here.
    private func checkInlineUnionNames(_ entries: [Entry], _ spec: Spec) -> [Entry] {
        var owners: [SourceLocation: String] = [:]
        for subtype in spec.subtypes {
            if let owner = subtype.inlineOwner { owners[subtype.location] = owner }
        }
        guard !owners.isEmpty else { return entries }
        func isInline(_ entry: Entry) -> Bool { entry.kind == "subtype" && owners[entry.location] != nil }
        // Each name and Swift name of a type declared by name, then of each inline union as it is reached.
        var taken: [String: Entry] = [:]
        for entry in entries.reversed() where !isInline(entry) {
            (taken["name " + entry.name], taken["swift " + entry.swiftName]) = (entry, entry)
        }
        for entry in entries where isInline(entry) && SwiftNaming.isValidName(entry.name) {
            guard let first = taken["name " + entry.name] ?? taken["swift " + entry.swiftName] else {
                (taken["name " + entry.name], taken["swift " + entry.swiftName]) = (entry, entry)
                continue
            }
            let firstKind = owners[first.location].map { "the union of \($0)" } ?? "\(first.kind) '\(first.name)'"
            let becomes = first.name == entry.name ? "" : ", which becomes '\(entry.swiftName)' in Swift"
            context.error(
                "the union of \(owners[entry.location] ?? "") is named '\(entry.name)'\(becomes), like \(firstKind)",
                at: entry.location,
                hint: "declare the union under 'subtypes' with a name of its own, and write that name as the type",
                notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
        return entries.filter { !isInline($0) }
    }

    /// Two declarations of one type name would not compile, nor would a type that shadows one the generated code
    /// uses. Clashes among entities and subtypes themselves are reported by `unique` already.
    private func checkGeneratedTypeNames(_ declarations: [GeneratedNames.Declaration]) {
        // Sized for every declaration up front: growing rehashes every key, and a large spec has thousands.
        var seen: [String: GeneratedNames.Declaration] = [:]
        seen.reserveCapacity(declarations.count)
        var entries: [Entry] = []
        entries.reserveCapacity(declarations.count)
        for declaration in declarations where Self.partsAreValidNames(declaration.specName) {
            let entry = Entry(
                kind: declaration.kind, name: declaration.specName, location: declaration.location,
                swiftName: declaration.typeName)
            entries.append(entry)
            let isScalarName = declaration.isDeclaredBySpec && ScalarType(rawValue: declaration.specName) != nil
            if SwiftNaming.reservedTypeNames.contains(declaration.typeName), !isScalarName {
                let subject =
                    declaration.isDeclaredBySpec
                    ? "\(declaration.kind) '\(declaration.specName)' would become"
                    : "the \(declaration.kind) '\(declaration.specName)' would be generated as"
                context.error(
                    "\(subject) '\(declaration.typeName)', which is a Swift, Foundation or LucidRuntime type",
                    at: declaration.location, hint: "choose another name")
                continue
            }
            if !checkLength(entry) { continue }
            guard let first = seen[declaration.typeName] else {
                seen[declaration.typeName] = declaration
                continue
            }
            guard !(first.isDeclaredBySpec && declaration.isDeclaredBySpec) else { continue }  // reported by `unique`
            context.error(
                "the \(declaration.kind) '\(declaration.specName)' and the \(first.kind) '\(first.specName)' would both be generated as '\(declaration.typeName)'",
                at: declaration.location, hint: "rename one of them",
                notes: [.note("'\(first.specName)' is defined here", at: first.location)])
        }
        checkCaseOnlyDifferences(entries)
    }

    /// Whether each dot-separated part of `name` is a valid name: `movies.discover`, an endpoint's payload. Reads
    /// the bytes, not Characters: a valid name is ASCII, and any other byte makes its part invalid either way.
    private static func partsAreValidNames(_ name: String) -> Bool {
        name.utf8.split(separator: UInt8(ascii: ".")).allSatisfy { SwiftNaming.isValidName(utf8: $0) }
    }

    /// A Swift name longer than `GeneratedNames.maxSwiftNameLength` is an error at its spec name; true when
    /// the name is short enough.
    @discardableResult
    private func checkLength(_ entry: Entry) -> Bool {
        guard entry.swiftName.utf8.count > GeneratedNames.maxSwiftNameLength else { return true }
        guard tooLong.insert(entry.location) else { return false }
        context.error(
            "\(entry.kind) '\(entry.name)' would become the Swift name '\(entry.swiftName)', "
                + "\(entry.swiftName.utf8.count) characters; at most \(GeneratedNames.maxSwiftNameLength) keep the generated "
                + "code readable, its lines within 120 columns and its file names within file-system limits",
            at: entry.location, hint: "choose a shorter name")
        return false
    }

    /// The methods of a service's controller and client (each endpoint's call, and its prefetch or enqueue)
    /// share one namespace: GET `discover` and POST `fetch_discover` would both be `fetchDiscover`.
    private func checkMethods(of service: Service, in spec: Spec) {
        var entries: [Entry] = []
        var members = Set<String>()
        // Endpoints whose own names clash are reported by `unique` already.
        for endpoint in service.endpoints
        where SwiftNaming.isValidName(endpoint.name)
            && members.insert(naming.memberName(endpoint.name)).inserted
        {
            let method = names.method(endpoint, in: service.name)
            entries.append(Entry(kind: "endpoint", name: endpoint.name, location: endpoint.location, swiftName: method))
            if endpoint.cache != nil {
                entries.append(
                    Entry(
                        kind: "prefetch of endpoint", name: endpoint.name, location: endpoint.location,
                        swiftName: names.prefetchMethod(endpoint, in: service.name)))
            }
            if endpoint.queue != nil {
                entries.append(
                    Entry(
                        kind: "enqueue of endpoint", name: endpoint.name, location: endpoint.location,
                        swiftName: names.enqueueMethod(endpoint)))
            }
            if spec.storedRead(of: endpoint) != nil {
                entries.append(
                    Entry(
                        kind: "stored read of endpoint", name: endpoint.name, location: endpoint.location,
                        swiftName: names.readMethod(endpoint)))
            }
            checkValuesNamedLikeAddedParameters(of: endpoint, in: spec)
            if case .named(let events)? = endpoint.stream?.items { checkEventCases(events, of: endpoint) }
            if endpoint.paging != nil {
                for value in endpoint.params + endpoint.query + endpoint.headers
                where naming.memberName(value.name) == "maxPages" {
                    context.error(
                        "endpoint '\(endpoint.name)' is paged, so its value '\(value.name)' cannot be named like the "
                            + "pages' bound 'maxPages'",
                        at: value.location, hint: "rename the value and give it the wire name with 'key'")
                }
                entries.append(
                    Entry(
                        kind: "pages of endpoint", name: endpoint.name, location: endpoint.location,
                        swiftName: names.pagesMethod(endpoint)))
                if spec.pageList(of: endpoint.response) != nil {
                    entries.append(
                        Entry(
                            kind: "items of endpoint", name: endpoint.name, location: endpoint.location,
                            swiftName: names.itemsMethod(endpoint)))
                }
            }
        }
        generatedMembersAreUnique(entries, in: "the methods of service '\(service.name)'")
    }

    /// A download's method takes `destination` and `progress` after the values, an upload's `file` and `progress`,
    /// a multipart body's call `progress`, a stored read `policy`, an update's call `optimistic`: no value may be
    /// named like them.
    private func checkValuesNamedLikeAddedParameters(of endpoint: Endpoint, in spec: Spec) {
        var added: [(name: String, why: String)] = []
        if endpoint.download != nil { added += [("destination", "downloads"), ("progress", "downloads")] }
        if case .file? = endpoint.body { added += [("file", "uploads a file"), ("progress", "uploads a file")] }
        if endpoint.body?.isMultipart == true { added += [("progress", "sends a multipart body")] }
        if spec.storedRead(of: endpoint) != nil { added += [("policy", "has a stored read")] }
        if endpoint.store?.updates != nil { added += [("optimistic", "updates a stored entity")] }
        guard !added.isEmpty else { return }
        for value in endpoint.params + endpoint.query + endpoint.headers {
            let name = naming.memberName(value.name)
            guard let clash = added.first(where: { $0.name == name }) else { continue }
            context.error(
                "endpoint '\(endpoint.name)' \(clash.why), so its value '\(value.name)' cannot be named like the method's "
                    + "'\(name)'",
                at: value.location, hint: "rename the value and give it the wire name with 'key'")
        }
    }

    /// Event names become the cases of the stream's event enum: each a distinct Swift name, none `other` (the case
    /// of events the spec does not list).
    private func checkEventCases(_ events: [StreamDescription.NamedEvent], of endpoint: Endpoint) {
        var taken: [String: String] = [:]
        for event in events {
            let name = names.streamEventCase(event.name)
            guard SwiftNaming.isValidName(GeneratedNames.eventWords(event.name)), name != GeneratedNames.otherEventCase
            else {
                context.error(
                    "event '\(event.name)' of endpoint '\(endpoint.name)' cannot be a case of its event enum",
                    at: event.location,
                    hint: name == GeneratedNames.otherEventCase
                        ? "'other' holds the events of names the spec does not list"
                        : "an event name becomes a Swift case name: its words must start with a letter")
                continue
            }
            if let earlier = taken[name] {
                context.error(
                    "events '\(earlier)' and '\(event.name)' of endpoint '\(endpoint.name)' are both case '\(name)'",
                    at: event.location)
            }
            taken[name] = event.name
        }
    }

    /// Queued endpoints of every service share the module's response-handling protocol.
    private func checkHandlerMethods(_ spec: Spec) {
        var entries: [Entry] = []
        for service in spec.services {
            for endpoint in service.endpoints where endpoint.queue != nil && SwiftNaming.isValidName(endpoint.name) {
                entries.append(
                    Entry(
                        kind: "queued endpoint", name: "\(service.name).\(endpoint.name)", location: endpoint.location,
                        swiftName: names.handlerMethod(service: service.name, endpoint: endpoint.name)))
            }
        }
        generatedMembersAreUnique(entries, in: "the response handling of module '\(spec.module)'")
    }

    private func generatedMembersAreUnique(_ entries: [Entry], in owner: String) {
        var seen: [String: Entry] = [:]
        for entry in entries where checkLength(entry) {
            guard let first = seen[entry.swiftName] else {
                seen[entry.swiftName] = entry
                continue
            }
            context.error(
                "the \(entry.kind) '\(entry.name)' and the \(first.kind) '\(first.name)' would both be generated as "
                    + "'\(entry.swiftName)' in \(owner)",
                at: entry.location, hint: "rename one of them",
                notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }

    /// Each type is written to a file named after it, and macOS's (and Windows') file systems ignore case by
    /// default: `UrlInfo.swift` and `Urlinfo.swift` would be one file there, one type overwriting the other, though
    /// Linux keeps both. So type names that differ only in case are an error everywhere.
    private func checkCaseOnlyDifferences(_ entries: [Entry]) {
        var seen: [String: Entry] = [:]
        seen.reserveCapacity(entries.count)
        for entry in entries {
            let key = entry.swiftName.lowercased()
            guard let first = seen[key] else {
                seen[key] = entry
                continue
            }
            guard first.swiftName != entry.swiftName else { continue }  // the same name: reported above
            context.error(
                "the \(entry.kind) '\(entry.name)' would be generated as '\(entry.swiftName)', which differs from "
                    + "'\(first.swiftName)' (the \(first.kind) '\(first.name)') only in case; their files would be one "
                    + "on case-insensitive file systems such as macOS's",
                at: entry.location, hint: "rename one of them",
                notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }

    /// A generic's type parameters become Swift generic parameters (`item` → `Item` in `Page<Item>`), which hide any
    /// type of that name inside the generic: so each is a valid name, distinct, and named like no type the spec
    /// declares, no scalar and no type the generated code uses.
    private func checkTypeParameters(_ spec: Spec) {
        let generics = spec.subtypes.filter(\.isGeneric)
        guard !generics.isEmpty else { return }
        var declared: [String: (kind: String, name: String)] = [:]
        for declaration in names.declarations(of: spec, moduleLocation: moduleLocation) {
            declared["name " + declaration.specName] = (declaration.kind, declaration.specName)
            declared["swift " + declaration.typeName] = (declaration.kind, declaration.specName)
        }
        for generic in generics {
            let entries = generic.typeParameters.enumerated().map { index, name in
                let location =
                    index < generic.typeParameterLocations.count
                    ? generic.typeParameterLocations[index] : generic.location
                return Entry(
                    kind: "type parameter", name: name, location: location, swiftName: names.typeParameter(name))
            }
            unique(entries)
            for entry in entries where SwiftNaming.isValidName(entry.name) {
                let owner = "type parameter '\(entry.name)' of subtype '\(generic.name)'"
                if ScalarType(rawValue: entry.name) != nil {
                    context.error(
                        "\(owner) has the name of a scalar type", at: entry.location, hint: "choose another name")
                } else if let type = declared["name " + entry.name] ?? declared["swift " + entry.swiftName] {
                    context.error(
                        "\(owner) would become '\(entry.swiftName)', like \(type.kind) '\(type.name)', which it "
                            + "would hide inside '\(generic.name)'", at: entry.location,
                        hint: "choose another name, such as 'item' or 'element'")
                } else if SwiftNaming.reservedTypeNames.contains(entry.swiftName) {
                    context.error(
                        "\(owner) would become '\(entry.swiftName)', which is a Swift, Foundation or LucidRuntime type",
                        at: entry.location, hint: "choose another name, such as 'item' or 'element'")
                }
            }
        }
    }

    /// Members a struct's conformances declare already: a stored `hashValue` is Hashable's deprecated requirement.
    static let reservedStoredProperties: Set<String> = ["hashValue"]

    /// `entries` are the properties' member entries (already converted for `unique`).
    private func checkStoredProperties(_ entries: [Entry], of owner: String) {
        for entry in entries where Self.reservedStoredProperties.contains(entry.swiftName) {
            context.error(
                "property '\(entry.name)' of \(owner) would become '\(entry.swiftName)', which Swift's Hashable declares",
                at: entry.location, hint: "choose another name, and keep the JSON key with 'key: \(entry.name)'")
        }
    }

    private func checkMembers(of subtype: Subtype) {
        switch subtype.kind {
        case .enumeration(let cases, let unknownFallback):
            unique(cases.map { member("case", $0.name, $0.location) })
            uniqueValues(cases, of: subtype)
            if unknownFallback {
                for clash in cases where ["knownCases", "rawValue"].contains(naming.memberName(clash.name)) {
                    context.error(
                        "case '\(clash.name)' clashes with '\(naming.memberName(clash.name))' that 'unknown: true' adds",
                        at: clash.location)
                }
                checkFallbackName(cases.map { ($0.name, $0.location) })
            }
            if cases.isEmpty { context.error("enum '\(subtype.name)' has no cases", at: subtype.location) }
        case .optionSet(let options):
            let entries = options.enumerated().map { index, option in
                member(
                    "option", option,
                    index < subtype.optionLocations.count ? subtype.optionLocations[index] : subtype.location)
            }
            unique(entries)
            for clash in entries where ["rawValue", "jsonNames"].contains(clash.swiftName) {
                context.error(
                    "option '\(clash.name)' clashes with the option set's own '\(clash.swiftName)'", at: clash.location)
            }
            if options.isEmpty { context.error("option set '\(subtype.name)' has no options", at: subtype.location) }
            if options.count > 64 {
                context.error(
                    "option set '\(subtype.name)' has \(options.count) options; at most 64 fit its raw value",
                    at: subtype.location)
            }
        case .structure(let properties):
            let members = properties.map { member("property", $0.name, $0.location) }
            unique(members)
            checkStoredProperties(members, of: "subtype '\(subtype.name)'")
        case .union(let union):
            unique(
                union.cases.map { unionCase in
                    var entry = member("case", unionCase.name, unionCase.location)
                    // A tagged case keeps its spelling as the discriminator value; an untagged one needs no spelling.
                    entry.invalidNameHint =
                        unionCase.value.map {
                            "write '\(Self.suggestedName($0)): { type: \(unionCase.type), value: \($0) }' to keep the value"
                        } ?? Self.validNameHint
                    return entry
                })
            checkUnionCases(union, of: subtype)
        }
    }

    /// The fallback `unknown: true` adds is `.unknown`, or `.unrecognized` when a case is named `unknown`
    /// (`GeneratedNames.unknownFallbackCase`); only a case named `unrecognized` beside it then clashes.
    private func checkFallbackName(_ cases: [(name: String, location: SourceLocation)]) {
        let fallback = names.unknownFallbackCase(caseNames: cases.map(\.name))
        guard fallback != GeneratedNames.unknownFallback else { return }
        guard let known = cases.first(where: { naming.memberName($0.name) == GeneratedNames.unknownFallback }) else {
            return
        }
        for clash in cases where naming.memberName(clash.name) == fallback {
            context.error(
                "case '\(clash.name)' clashes with the '.\(fallback)' fallback that 'unknown: true' adds "
                    + "(not '.unknown', as case '\(known.name)' is named so)",
                at: clash.location, hint: "rename one of the two cases; a case keeps its JSON value with 'value:'",
                notes: [.note("'\(known.name)' is defined here", at: known.location)])
        }
    }

    /// A tagged union's cases need distinct discriminator values; the fallback's name is `checkFallbackName`'s.
    private func checkUnionCases(_ union: Union, of subtype: Subtype) {
        var seen: [String: UnionCase] = [:]
        var names = Set<String>()
        if union.unknownFallback, union.discriminator != nil {
            checkFallbackName(union.cases.map { ($0.name, $0.location) })
        }
        for unionCase in union.cases where names.insert(unionCase.name).inserted {
            guard let value = unionCase.value else { continue }
            if let first = seen[value] {
                context.error(
                    "cases '\(first.name)' and '\(unionCase.name)' of \(subtype.unionDescription) have the same value '\(value)'",
                    at: unionCase.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            } else {
                seen[value] = unionCase
            }
        }
    }

    /// Cases named twice are reported once, as names; their values are then not compared again.
    private func uniqueValues(_ cases: [EnumCase], of subtype: Subtype) {
        var seen: [String: EnumCase] = [:]
        var names = Set<String>()
        for enumCase in cases where names.insert(enumCase.name).inserted {
            if let first = seen[enumCase.value] {
                context.error(
                    "cases '\(first.name)' and '\(enumCase.name)' of enum '\(subtype.name)' have the same value '\(enumCase.value)'",
                    at: enumCase.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
            } else {
                seen[enumCase.value] = enumCase
            }
        }
    }

    private func checkMembers(of entity: Entity) {
        var members = entity.properties.map { member("property", $0.name, $0.location) }
        let metadata = entity.metadata.map { member("metadata", $0.name, $0.location) }
        checkStoredProperties(members + metadata, of: "entity '\(entity.name)'")
        if case .scalar = entity.identifier, let clash = members.first(where: { $0.swiftName == "id" }) {
            context.error(
                "property '\(clash.name)' of entity '\(entity.name)' clashes with its identifier 'id'",
                at: clash.location, hint: "use 'identifier: { property: \(clash.name) }' to make it the identifier")
            members.removeAll { $0.name == clash.name }
        }
        // An identifying property not named `id` is read through a computed `id`, which another `id` would clash with.
        if case .property(let identifying) = entity.identifier, naming.memberName(identifying) != "id",
            let clash = members.first(where: { $0.swiftName == "id" })
        {
            context.error(
                "property '\(clash.name)' of entity '\(entity.name)' clashes with the 'id' that "
                    + "'identifier: { property: \(identifying) }' gives the entity",
                at: clash.location,
                hint: "rename it and keep its JSON key with 'key: \(clash.name)', or make it the identifier")
            members.removeAll { $0.name == clash.name }
        }
        unique(members)
        unique(metadata)
    }

    /// Path params, query items, headers and the body all become parameters of one function.
    private func checkParameters(of endpoint: Endpoint) {
        var parameters =
            endpoint.params.map { member("path parameter", $0.name, $0.location) }
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
        seen.reserveCapacity(entries.count)
        for entry in entries {
            guard SwiftNaming.isValidName(entry.name) else {
                context.error(
                    "\(entry.kind) name '\(entry.name)' is not a valid name", at: entry.location,
                    hint: invalidNameHint(entry))
                continue
            }
            guard checkLength(entry) else { continue }
            guard let first = seen[entry.swiftName] else {
                seen[entry.swiftName] = entry
                continue
            }
            let message =
                first.name == entry.name && first.kind == entry.kind
                ? "\(entry.kind) '\(entry.name)' is defined twice"
                : "\(entry.kind) '\(entry.name)' and \(first.kind) '\(first.name)' both become '\(entry.swiftName)' in Swift"
            context.error(
                message, at: entry.location, notes: [.note("'\(first.name)' is defined here", at: first.location)])
        }
    }

    /// For enum cases the raw value can keep any spelling, so suggest moving it to `value`.
    private func invalidNameHint(_ entry: Entry) -> String {
        if let hint = entry.invalidNameHint { return hint }
        guard entry.kind == "case" else { return Self.validNameHint }
        return "write '{ name: \(Self.suggestedName(entry.name)), value: \(entry.name) }' to keep the raw value"
    }

    /// A valid name spelled like `name`: `sci-fi` → `sci_fi`, `4k` → `case_4k`.
    private static func suggestedName(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let suggestion = words.joined(separator: "_")
        // A raw value with no letter or digit ('_', '-') leaves no word: 'case_' would not be a valid name either.
        if suggestion.isEmpty { return "unnamed" }
        return suggestion.first?.isNumber == true ? "case_" + suggestion : suggestion
    }
}

/// Source locations collected while a `NameRules` check runs.
private final class LocationSet {
    private var locations = Set<SourceLocation>()

    /// True when `location` was not in the set.
    func insert(_ location: SourceLocation) -> Bool { locations.insert(location).inserted }
}
