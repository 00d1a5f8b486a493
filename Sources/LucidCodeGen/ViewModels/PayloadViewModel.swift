import LucidSpec

/// The typed response of one endpoint: walks `base_key`, reads entities (single, list or nested lists,
/// failable or not, nullable or not) or a plain value, and the response metadata beside them.
struct PayloadViewModel {
    let service: Service
    let endpoint: Endpoint
    let context: GenerationContext

    /// `MoviesDiscoverResponse`.
    var typeName: String {
        context.naming.typeName(service.name) + context.naming.typeName(endpoint.name) + "Response"
    }

    /// `MoviesDiscoverResponseMetadata`, when the response declares metadata.
    var metadataTypeName: String? { endpoint.response.metadata.isEmpty ? nil : typeName + "Metadata" }

    /// Members as (name, type, decode statements).
    private struct Member {
        var name: String
        var type: String
    }

    var template: MustacheValue {
        var members: [Member] = []
        var statements = ["let payload = try decoder.payload(at: \(Self.pathLiteral(endpoint.response.baseKey)))"]
        switch endpoint.response.body {
        case .none:
            break
        case .type(let type):
            let swiftType = context.types.valueType(type)
            members.append(Member(name: "value", type: swiftType))
            statements.append("value = try \(swiftType)(from: payload)")
        case .entity(let payload):
            entityStatements(payload, members: &members, statements: &statements)
        }
        if let metadataTypeName {
            members.append(Member(name: "metadata", type: metadataTypeName))
            statements.append("metadata = try \(metadataTypeName)(from: payload)")
        }
        let excluded = endpoint.response.excludedPaths.map { endpoint.response.baseKey + $0 }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docLines": .list(SwiftLiteral.docLines("The response of `\(endpoint.method.rawValue) \(endpoint.path)` (\(service.name).\(endpoint.name)).").map(MustacheValue.string)),
            "members": .list(members.map { .string("\(context.access)let \($0.name): \($0.type)") }),
            "initParameters": .list(members.enumerated().map { index, member in
                .string("\(member.name): \(member.type)" + (index < members.count - 1 ? "," : ""))
            }),
            "initAssignments": .list(members.map { .string("self.\($0.name) = \($0.name)") }),
            "decodeStatements": .list(statements.map(MustacheValue.string)),
            "excludedPaths": excluded.isEmpty ? .null : .string("[" + excluded.map(Self.pathLiteral).joined(separator: ", ") + "]"),
        ])
    }

    /// Reads the entities; with entity metadata, entity and metadata are read as pairs so they stay aligned
    /// even when a failable item is dropped.
    private func entityStatements(_ payload: EntityPayload, members: inout [Member], statements: inout [String]) {
        guard let entity = context.spec.entity(named: payload.entity) else { return }
        let entityType = context.types.typeName(ofEntity: entity.name)
        let hasMetadata = !entity.metadata.isEmpty
        let metadataType = entityType + "Metadata"
        let itemType = hasMetadata ? "EntityWithMetadata<\(entityType), \(metadataType)>" : entityType
        let isList = payload.structure != .single
        let optional = payload.nullable ? "?" : ""
        let name = isList ? Self.plural(context.naming.memberName(entity.name)) : context.naming.memberName(entity.name)
        let read = readExpression(payload, itemType: itemType)
        members.append(Member(name: name, type: (isList ? "[\(entityType)]" : entityType) + optional))
        guard hasMetadata else {
            statements.append("\(name) = \(read)")
            return
        }
        let metadataName = context.naming.memberName(entity.name) + "Metadata"
        members.append(Member(name: metadataName, type: (isList ? "[\(metadataType)]" : metadataType) + optional))
        statements.append("let items = \(read)")
        if isList {
            statements.append("\(name) = items\(optional).map(\\.entity)")
            statements.append("\(metadataName) = items\(optional).map(\\.metadata)")
        } else {
            statements.append("\(name) = items\(optional).entity")
            statements.append("\(metadataName) = items\(optional).metadata")
        }
    }

    /// The expression that reads the entity (or pairs) from `payload`, a decoder positioned at the payload.
    private func readExpression(_ payload: EntityPayload, itemType: String) -> String {
        let key = payload.keyPath.map(Self.pathLiteral) ?? "[]"
        let ifPresent = payload.nullable ? "IfPresent" : ""
        switch payload.structure {
        case .single:
            return "try payload.decode\(ifPresent)(\(itemType).self, at: \(key))"
        case .array:
            let method = payload.failableItems ? "decodeFailableArray" : "decodeArray"
            return "try payload.\(method)\(ifPresent)(\(itemType).self, at: \(key))"
        case .nestedArray:
            return "try payload.decodeNestedArrays\(ifPresent)(\(itemType).self, innerKey: \(key), failable: \(payload.failableItems))"
        }
    }

    static func pathLiteral(_ path: [String]) -> String {
        "[" + path.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// `movie` → `movies`, `category` → `categories`, `box` → `boxes`: enough English for member names.
    static func plural(_ name: String) -> String {
        if name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) { return name.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh"].contains(where: name.hasSuffix) { return name + "es" }
        return name + "s"
    }
}
