import LucidSpec

/// The typed response of one endpoint: walks `base_key`, reads entities (single, list or nested lists,
/// failable or not, nullable or not) or a plain value, and the response metadata beside them. Not generated for an
/// endpoint that answers an entity or struct subtype directly (`ResponseDescription.directType`).
struct PayloadViewModel {
    let service: Service
    let endpoint: Endpoint
    let context: GenerationContext

    /// `MoviesDiscoverResponse`.
    var typeName: String {
        context.names.payload(service: service.name, endpoint: endpoint.name)
    }

    /// `MoviesDiscoverResponseMetadata`, when the response declares metadata.
    var metadataTypeName: String? {
        endpoint.response.metadata.isEmpty
            ? nil : context.names.payloadMetadata(service: service.name, endpoint: endpoint.name)
    }

    /// Whether the endpoint declares no payload at all (`response: none`): it gets no payload type.
    var isEmpty: Bool {
        if case .none = endpoint.response.body {
            return endpoint.response.metadata.isEmpty && endpoint.response.headers.isEmpty
        }
        return false
    }

    /// Whether the metadata type decodes from the body's root rather than from the payload at `base_key`: when
    /// some of it is read at the root (`root: true`).
    var metadataReadsRoot: Bool {
        endpoint.response.metadata.contains(where: \.root)
    }

    /// The response metadata as its type reads it: relative to the payload, or, when it decodes from the body's
    /// root, a value beside the payload with `base_key` in front of its key path and a `root: true` value as is.
    var metadataProperties: [Property] {
        guard metadataReadsRoot else { return endpoint.response.metadata }
        return endpoint.response.metadata.map { property in
            var rooted = property
            if !property.root { rooted.keyPath = endpoint.response.baseKey + property.keyPath }
            return rooted
        }
    }

    /// The `@available(*, deprecated…)` message of the payload: that of a deprecated entity or subtype the payload
    /// holds directly (so naming it in the payload is no warning). Not the endpoint's: its calls warn, and a payload
    /// type of a deprecated endpoint that warned too would deprecate the client whose closures name it, and so
    /// every preview call (issue 42).
    var deprecated: String? {
        switch endpoint.response.body {
        case .none: return nil
        case .entity(let payload): return context.types.deprecatedEntities[payload.entity]
        case .type(let type): return deprecation(of: type)
        }
    }

    /// The `@available(*, deprecated…)` message of every function generated for the endpoint (resource,
    /// controller and client methods, response handlers, example tests): deprecated with its endpoint, and when it
    /// returns or sends a deprecated type — so using that type inside it warns nobody but the caller.
    var endpointDeprecation: String? { endpoint.deprecated ?? typeDeprecation }

    /// The deprecation of the types the endpoint sends or returns, not counting its own: why a closure of its
    /// type in a client must be declared deprecated, not merely read through a deprecated accessor.
    var typeDeprecation: String? {
        if let message = deprecated { return message }
        switch endpoint.body {
        case .json(let type)?: return deprecation(of: type)
        case .form(let name)?, .multipart(let name)?: return context.types.deprecatedSubtypes[name]
        default: return nil
        }
    }

    func deprecation(of type: TypeReference) -> String? {
        switch type {
        case .scalar: return nil
        case .array(let element), .map(let element): return deprecation(of: element)
        case .subtype(let name):
            if let message = context.types.deprecatedTypes(in: type).first?.message { return message }
            return codingDeprecation(ofSubtype: name)
        case .parameter: return nil
        case .named, .generic: preconditionFailure(Generator.resolvedOnly)
        case .entity(let name): return context.types.deprecatedEntities[name]
        }
    }

    /// `Uses deprecated type Kernel.`: the message of a struct's or union's coding methods when they touch
    /// deprecated types (StructViewModel, UnionViewModel). The payload decodes through them, and its pages and
    /// items read the deprecated members, so they are deprecated too: generated code compiles without warnings.
    private func codingDeprecation(ofSubtype name: String) -> String? {
        guard let subtype = context.spec.subtypes.first(where: { $0.name == name }), subtype.deprecated == nil,
            subtype.instance == nil
        else { return nil }
        let types = subtype.properties.map(\.type) + (subtype.union?.cases.map(\.type) ?? [])
        var names: [String] = []
        for type in types.flatMap(context.types.deprecatedTypes) where !names.contains(type.name) {
            names.append(type.name)
        }
        guard !names.isEmpty else { return nil }
        return "Uses deprecated type\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))."
    }

    /// The names of the members read from the body, which lint checks header members against.
    private var bodyMembers: PayloadBodyMembers {
        context.names.payloadBodyMembers(of: endpoint.response) { context.entities[$0]?.metadata.isEmpty == false }
    }

    private struct Member {
        var name: String
        var type: String
        var description: String?
    }

    /// Locals of the generated `init(from:)`; a member with one of these names is assigned through `self.`.
    private static let locals: Set<String> = ["decoder", "payload", "pair", "pairs"]

    /// Where the values are read from: `decoder` with the base key in front of every path, or, when several
    /// values sit below a base key (entities and metadata, or nested arrays), a `payload` decoder there.
    private struct Source {
        var name: String
        var prefix: [String]
    }

    var template: MustacheValue {
        let response = endpoint.response
        var nested = false
        if case .entity(let payload) = response.body, payload.structure.readsKeyInsideItems { nested = true }
        let metadataBesidePayload = metadataTypeName != nil && !metadataReadsRoot
        let needsPayload = !response.baseKey.isEmpty && (metadataBesidePayload || nested)
        // A nullable list of lists may be missing altogether: then the payload itself is optional.
        var optionalPayload = false
        if case .entity(let payload) = response.body, payload.structure.readsKeyInsideItems, payload.nullable {
            optionalPayload = true
        }
        let source =
            needsPayload
            ? Source(name: optionalPayload ? "payload?" : "payload", prefix: [])
            : Source(name: "decoder", prefix: response.baseKey)
        var members: [Member] = []
        let payloadCall = optionalPayload ? "payloadIfPresent" : "payload"
        var statements =
            needsPayload ? ["let payload = try decoder.\(payloadCall)(at: \(Self.pathLiteral(response.baseKey)))"] : []
        switch response.body {
        case .none:
            break
        case .type(let type):
            let swiftType = context.types.valueType(type)
            members.append(Member(name: bodyMembers.content ?? "value", type: swiftType))
            statements.append("value = " + plainRead(type, swiftType, from: source))
        case .entity(let payload):
            entityStatements(payload, source: source, members: &members, statements: &statements)
        }
        if let metadataTypeName {
            let name = bodyMembers.metadata ?? "metadata"
            members.append(Member(name: name, type: metadataTypeName))
            let metadataSource = metadataReadsRoot ? "decoder" : source.name  // see `metadataProperties`
            statements.append("\(name) = try \(metadataTypeName)(from: \(metadataSource))")
        }
        for header in response.headers {
            let name = SwiftNaming.escaped(context.naming.memberName(header.name))
            let (type, read) = Self.headerRead(header)
            let description = header.description ?? "The `\(header.key)` header."
            members.append(Member(name: name, type: type + (header.nullable ? "?" : ""), description: description))
            statements.append("\(Self.assignee(name)) = try decoder.\(read)")
        }
        let excluded = response.excludedPaths.map { response.baseKey + $0 }
        var store = StoreConformanceViewModel(context: context, typeName: typeName)
        store.deprecation = SwiftLiteral.deprecation(deprecated)
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docComment": .list(
                SwiftLiteral.docComment(
                    "The response of `\(endpoint.method.rawValue) \(endpoint.path)` (\(service.name).\(endpoint.name))."
                ).map(MustacheValue.string)),
            "deprecation": SwiftLiteral.deprecation(deprecated).map(MustacheValue.string) ?? .null,
            "hasMembers": .bool(!members.isEmpty),
            "members": .items(
                members.map {
                    [
                        "name": .string($0.name), "type": .string($0.type),
                        "docComment": .list(SwiftLiteral.docComment($0.description).map(MustacheValue.string)),
                    ]
                }),
            "decodeStatements": .list(statements.map(MustacheValue.string)),
            "store": store.payload(storedMembers),
            "excludedPaths": excluded.isEmpty
                ? .null : .string("[" + excluded.map(Self.pathLiteral).joined(separator: ", ") + "]"),
        ])
    }

    /// The members that hold stored entities: the payload's entities or value, when they do.
    var storedMembers: [String] {
        switch endpoint.response.body {
        case .none: return []
        case .type(let type):
            return context.containment.contains(type) ? [bodyMembers.content ?? "value"] : []
        case .entity(let payload):
            guard context.containment.entities.contains(payload.entity) else { return [] }
            return [SwiftNaming.escaped(bodyMembers.content ?? context.naming.memberName(payload.entity))]
        }
    }

    /// Reads the entities; with entity metadata, entity and metadata are read as pairs so they stay aligned
    /// even when a failable item is dropped.
    private func entityStatements(
        _ payload: EntityPayload, source: Source, members: inout [Member], statements: inout [String]
    ) {
        guard let entity = context.entities[payload.entity] else { return }
        let entityType = context.types.typeName(ofEntity: entity.name)
        let hasMetadata = !entity.metadata.isEmpty
        let metadataType = context.names.entityMetadata(entity.name)
        let itemType = hasMetadata ? "EntityWithMetadata<\(entityType), \(metadataType)>" : entityType
        let isList = payload.structure != .single
        let optional = payload.nullable ? "?" : ""
        let name = SwiftNaming.escaped(bodyMembers.content ?? context.naming.memberName(entity.name))
        let read = readExpression(payload, itemType: itemType, source: source)
        members.append(Member(name: name, type: (isList ? "[\(entityType)]" : entityType) + optional))
        guard hasMetadata else {
            statements.append("\(Self.assignee(name)) = \(read)")
            return
        }
        let metadataName = SwiftNaming.escaped(
            bodyMembers.entityMetadata ?? context.names.payloadEntityMetadataMember(entity.name))
        members.append(Member(name: metadataName, type: (isList ? "[\(metadataType)]" : metadataType) + optional))
        if isList {
            statements.append("let pairs = \(read)")
            statements.append("\(Self.assignee(name)) = pairs\(optional).map(\\.entity)")
            statements.append("\(Self.assignee(metadataName)) = pairs\(optional).map(\\.metadata)")
        } else {
            statements.append("let pair = \(read)")
            statements.append("\(Self.assignee(name)) = pair\(optional).entity")
            statements.append("\(Self.assignee(metadataName)) = pair\(optional).metadata")
        }
    }

    /// The expression that reads the entity (or pairs) from the source.
    private func readExpression(_ payload: EntityPayload, itemType: String, source: Source) -> String {
        let key = payload.keyPath ?? []
        let path = Self.pathLiteral(source.prefix + key)
        let ifPresent = payload.nullable ? "IfPresent" : ""
        switch payload.structure {
        case .single:
            return payload.nullable
                ? "try \(source.name).decodeIfPresent(\(itemType).self, at: \(path))"
                : Self.read(itemType, from: source.name, at: source.prefix + key)
        case .array where payload.failableItems:
            return "try \(source.name).decode\(ifPresent)(.failable(\(itemType).self), at: \(path))"
        case .array:
            return "try \(source.name).decodeArray\(ifPresent)(\(itemType).self, at: \(path))"
        case .nestedArray:
            // The source is positioned at the list of items: nested items always read below `payload`.
            let arguments = "key: \(Self.pathLiteral(key)), failable: \(payload.failableItems)"
            return "try \(source.name).decodeNestedItems\(ifPresent)(\(itemType).self, \(arguments))"
        case .flattenedArrays:
            // The source is positioned at the list of groups: nested arrays always read below `payload`.
            return
                "try \(source.name).decodeNestedArrays\(ifPresent)(\(itemType).self, innerKey: \(Self.pathLiteral(key)), failable: \(payload.failableItems))"
        }
    }

    /// A plain value: dates and durations through their format or unit, anything else as `Decodable`.
    private func plainRead(_ type: TypeReference, _ swiftType: String, from source: Source) -> String {
        let path = Self.pathLiteral(source.prefix)
        let format = PropertyCoding.dateFormatLiteral(endpoint.response.dateFormat)
        switch type {
        case .scalar(.date): return "try \(source.name).decode(.date(\(format)), at: \(path))"
        case .array(.scalar(.date)): return "try \(source.name).decode(.dates(\(format)), at: \(path))"
        case .scalar(.seconds): return "try \(source.name).decode(.duration(.seconds), at: \(path))"
        case .scalar(.milliseconds): return "try \(source.name).decode(.duration(.milliseconds), at: \(path))"
        default: return Self.read(swiftType, from: source.name, at: source.prefix)
        }
    }

    /// The Swift type of a header's value and the call on the root decoder that reads it.
    private static func headerRead(_ header: ResponseHeader) -> (type: String, call: String) {
        let ifPresent = header.nullable ? "IfPresent" : ""
        let name = SwiftLiteral.string(header.key)
        switch header.type {
        case .links:
            return ("Links", "responseHeader\(ifPresent)(Links.self, named: \(name))")
        case .scalar(.date):
            let format = PropertyCoding.dateFormatLiteral(header.dateFormat)
            return ("Date", "responseHeaderDate\(ifPresent)(named: \(name), format: \(format))")
        case .scalar(let unit) where unit == .seconds || unit == .milliseconds:
            return ("Duration", "responseHeaderDuration\(ifPresent)(named: \(name), unit: .\(unit.rawValue))")
        case .scalar(let scalar):
            let type = SwiftTypes.scalarType(scalar)
            return (type, "responseHeader\(ifPresent)(\(type).self, named: \(name))")
        }
    }

    /// `try Movie(from: decoder)` at the source itself, `try decoder.decode(Movie.self, at: ["data"])` below it.
    private static func read(_ type: String, from source: String, at path: [String]) -> String {
        path.isEmpty ? "try \(type)(from: \(source))" : "try \(source).decode(\(type).self, at: \(pathLiteral(path)))"
    }

    private static func assignee(_ name: String) -> String {
        locals.contains(name) ? "self.\(name)" : name
    }

    static func pathLiteral(_ path: [String]) -> String {
        "[" + path.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }
}
