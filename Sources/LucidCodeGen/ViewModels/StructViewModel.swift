import LucidSpec

/// A generated struct — an entity, a struct subtype or an entity's metadata — as template values.
struct StructViewModel {
    let typeName: String
    let description: String?
    let deprecated: String?
    let identifier: Identifier
    let properties: [Property]
    let context: GenerationContext
    /// A patch struct (`patch: true`): tri-state properties, only `Encodable`.
    var patch = false
    /// Some endpoint answers this entity or struct subtype directly (`ResponseDescription.directType`), so it
    /// conforms to `ResponsePayload` and decodes from a response itself.
    var isResponsePayload = false
    /// An entity's metadata: its type and properties. The entity decodes both from one container
    /// (`DecodableWithMetadata`), so the object is opened once for both.
    var metadata: (typeName: String, properties: [Property])?
    /// For an entity's metadata: the type of the entity it is read with (`Movie`), from the same container.
    var ownerTypeName: String?
    /// The spec's name of the entity or struct subtype, where `ValueCycles` looks up which properties are stored
    /// out of line. Nil for metadata, which no type holds.
    var cycleOwner: String?
    /// A generic struct's type parameters in Swift (`Item`): the struct is `Page<Item: Sendable>`, and equatable,
    /// hashable and codable where they are.
    var typeParameters: [String] = []
    /// `identifier: { type: T, nullable: true }`: `id` is `ID?`, read with `decodeIfPresent`, and the type is not
    /// `Identifiable` (whose `id` cannot be optional).
    var identifierNullable = false
    /// The entity itself, when the struct is one (not its metadata): a stored entity conforms to `StorableEntity`.
    var entity: Entity?
    /// The spec's name of a struct subtype (or generic), whose conformance to `EntityContaining` the spec's
    /// `StoreContainment` decides.
    var subtypeName: String?

    init(entity: Entity, context: GenerationContext) {
        self.init(
            typeName: context.types.typeName(ofEntity: entity.name), description: entity.description,
            deprecated: entity.deprecated, identifier: entity.identifier, properties: entity.properties,
            context: context)
        cycleOwner = entity.name
        if !entity.metadata.isEmpty {
            metadata = (context.names.entityMetadata(entity.name), entity.metadata)
        }
        identifierNullable = entity.identifierNullable
        self.entity = entity
    }

    /// The metadata of `entity`, read from the entity's object.
    init(metadataOf entity: Entity, context: GenerationContext) {
        let owner = context.types.typeName(ofEntity: entity.name)
        self.init(
            typeName: context.names.entityMetadata(entity.name),
            description: "Values read beside each \(owner), not part of its identity.",
            deprecated: entity.deprecated, properties: entity.metadata, context: context)
        ownerTypeName = owner
    }

    init(
        typeName: String, description: String?, deprecated: String?, identifier: Identifier = .none,
        properties: [Property], context: GenerationContext
    ) {
        self.typeName = typeName
        self.description = description
        self.deprecated = deprecated
        self.identifier = identifier
        self.properties = properties
        self.context = context
    }

    private var identifierKey: String? {
        if case .scalar(_, let key) = identifier { return key }
        return nil
    }

    /// The identifying property when it is itself named `id`: it is stored as the typed `ID`, as a computed
    /// `id` beside it would be a second declaration of the same name.
    private var storedIdentifierProperty: String? {
        guard case .property(let name) = identifier, context.naming.memberName(name) == "id" else { return nil }
        return name
    }

    private var members: [PropertyViewModel] {
        properties.map {
            PropertyViewModel(
                $0, context: context, isIdentifier: $0.name == storedIdentifierProperty,
                inDeprecatedOwner: deprecated != nil, patch: patch, indirect: isIndirect($0))
        }
    }

    private func isIndirect(_ property: Property) -> Bool {
        guard let cycleOwner else { return false }
        return context.cycles.isIndirect(property.name, of: cycleOwner)
    }

    var template: MustacheValue {
        let members = members
        var values: [String: MustacheValue] = [
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docComment": .list(SwiftLiteral.docComment(description).map(MustacheValue.string)),
            "deprecation": SwiftLiteral.deprecation(deprecated).map(MustacheValue.string) ?? .null,
            "conformances": .string(conformances),
            "genericClause": .optional(genericClause),
            "conditionalConformances": .list(conditionalConformances.map(MustacheValue.string)),
            "codableWhere": .optional(constraint("Codable")),
            "properties": .list(members.map(\.template)),
            "initParameters": .items(initParameters(members)),
            "decodeStatements": .list(decodeStatements(members).map(MustacheValue.string)),
            "decodingKeys": decodingKeys,
            "pairedMetadata": pairedMetadata(members),
            "encodeStatements": .list(encodeStatements(members).map(MustacheValue.string)),
            "hasMembers": .bool(!members.isEmpty || identifierKey != nil),
            "codable": .string(patch ? "Encodable" : "Codable"),
            "patch": .bool(patch),
            "memberDeprecation": deprecation(for: members),
            "store": storeConformance(members),
            "storable": storable(members),
        ]
        values["identifier"] = identifierTemplate(members)
        // A patch struct's properties are all variables that start unchanged: a copy helper would add nothing.
        values["updated"] = patch ? .null : updatedTemplate(members)
        return .object(values)
    }

    /// The extension to `StorableEntity` of a stored entity and to `EntityContaining` of a type that holds stored
    /// entities (`StoreConformanceViewModel`); null for any other.
    private func storeConformance(_ members: [PropertyViewModel]) -> MustacheValue {
        let containment = context.containment
        let holds =
            if let entity { containment.entities.contains(entity.name) } else if let subtypeName {
                containment.subtypes.contains(subtypeName)
            } else { false }
        guard holds, !patch else { return .null }
        var model = StoreConformanceViewModel(context: context, typeName: typeName)
        model.entity = entity?.store == nil ? nil : entity
        model.deprecation = SwiftLiteral.deprecation(deprecated)
        model.memberDeprecation = deprecation(for: members)
        model.typeParameters = typeParameters
        return model.structure(members, conditional: subtypeName.map(containment.conditional.contains) ?? false)
    }

    /// A stored entity's `StorableEntity` extension (`StoreConformanceViewModel.storable`).
    private func storable(_ members: [PropertyViewModel]) -> MustacheValue {
        guard let entity, entity.store != nil else { return .null }
        var model = StoreConformanceViewModel(context: context, typeName: typeName)
        model.entity = entity
        return model.storable(members)
    }

    /// `Sendable, Hashable`, then `Identifiable` for an entity with an identifier and `ResponsePayload` for a type
    /// an endpoint answers directly. A generic struct is `Sendable` (its parameters are); the rest holds where its
    /// arguments conform (`conditionalConformances`).
    private var conformances: String {
        if !typeParameters.isEmpty { return "Sendable" }
        return "Sendable, Hashable" + (identifier == .none || identifierNullable ? "" : ", Identifiable")
            + (isResponsePayload ? ", ResponsePayload" : "")
    }

    /// `<Item: Sendable>`: a generic struct's parameters, each `Sendable` so that the struct is, whatever else it
    /// is (every type a spec can name is).
    private var genericClause: String? {
        typeParameters.isEmpty ? nil : "<" + typeParameters.map { "\($0): Sendable" }.joined(separator: ", ") + ">"
    }

    /// `Item: Codable`, `Left: Hashable, Right: Hashable`: the where clause of a conditional conformance.
    private func constraint(_ conformance: String) -> String? {
        typeParameters.isEmpty ? nil : typeParameters.map { "\($0): \(conformance)" }.joined(separator: ", ")
    }

    /// A generic struct's conformances that hold where its arguments conform: `Equatable`, `Hashable`, and
    /// `ResponsePayload` (a decodable argument) when an endpoint answers an instance directly. Swift synthesizes
    /// the members of each in its extension, as it does for a plain struct.
    private var conditionalConformances: [String] {
        guard !typeParameters.isEmpty else { return [] }
        var lines = ["Equatable", "Hashable"].compactMap { conformance in
            constraint(conformance).map { "extension \(typeName): \(conformance) where \($0) {}" }
        }
        if isResponsePayload, let codable = constraint("Codable") {
            lines.append("extension \(typeName): ResponsePayload where \(codable) {}")
        }
        return lines
    }

    /// `@available(*, deprecated, message: "Uses deprecated types A, B.")` for a generated method that
    /// touches properties of deprecated types, or null.
    private func deprecation(for members: [PropertyViewModel]) -> MustacheValue {
        var names: [String] = []
        for type in members.flatMap(\.deprecatedTypes) where !names.contains(type.name) { names.append(type.name) }
        guard !names.isEmpty else { return .null }
        let message = "Uses deprecated type\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))."
        return SwiftLiteral.deprecation(message).map(MustacheValue.string) ?? .null
    }

    // MARK: Entity metadata

    /// The keys `init(from:)` opens its object with when the type also decodes from a given container
    /// (`init(from container:)`): an entity with metadata, and its metadata.
    private var decodingKeys: MustacheValue {
        if let owner = ownerTypeName {
            return .object(["doc": .string("/// Reads the metadata from its \(owner)'s object, opened once for both.")])
        }
        guard metadata != nil else { return .null }
        let doc =
            "/// Reads the \(typeName) from its object; `decodeWithMetadata` reads the metadata from the same container."
        return .object(["doc": .string(doc)])
    }

    /// `decodeWithMetadata(from:)` of an entity with metadata, deprecated when the properties it reads use
    /// deprecated types.
    private func pairedMetadata(_ members: [PropertyViewModel]) -> MustacheValue {
        guard let metadata else { return .null }
        let metadataMembers = metadata.properties.map {
            PropertyViewModel($0, context: context, inDeprecatedOwner: deprecated != nil)
        }
        return .object([
            "metadataType": .string(metadata.typeName),
            "attribute": deprecation(for: members + metadataMembers),
        ])
    }

    // MARK: Identifier

    private func identifierTemplate(_ members: [PropertyViewModel]) -> MustacheValue {
        switch identifier {
        case .none: return .null
        case .scalar(let type, _):
            // Every key is set: Mustache would otherwise look a missing one up in the enclosing objects.
            return .object([
                "rawType": .string(SwiftTypes.scalarType(type)), "stored": .string(identifierNullable ? "ID?" : "ID"),
                "computed": .null,
            ])
        case .property(let name):
            let member = members.first { $0.property.name == name }
            return .object([
                "rawType": .string(member.map { context.types.valueType($0.property.type) } ?? "String"),
                "computed": name == storedIdentifierProperty ? .null : .string(member?.reference ?? name),
                "stored": .bool(false),
            ])
        }
    }

    // MARK: Init

    /// The init's parameters (`id` first for an entity with a dedicated identifier); the template assigns each
    /// to its stored property.
    private func initParameters(_ members: [PropertyViewModel]) -> [[String: MustacheValue]] {
        let id: [[String: MustacheValue]] =
            identifierKey == nil
            ? []
            : [
                [
                    "label": .string("id"), "type": .string(identifierNullable ? "ID?" : "ID"),
                    "storedName": .string("id"),
                    "parameterName": .string("id"),
                ]
            ]
        return id + members.map(\.initParameter)
    }

    // MARK: Coding

    private func decodeStatements(_ members: [PropertyViewModel]) -> [String] {
        // A type that holds itself (through a property stored out of line) refuses to nest deeper than the
        // runtime's limit, so that a hostile body cannot exhaust the stack.
        let depth = members.contains(where: \.indirect) ? ["try container.checkNestingDepth(of: \(typeName).self)"] : []
        let read = identifierNullable ? "decodeIfPresent" : "decode"
        let id = identifierKey.map { ["id = try container.\(read)(ID.self, at: \(SwiftLiteral.string($0)))"] } ?? []
        return depth + id + members.map(\.coding.decodeStatement)
    }

    private func encodeStatements(_ members: [PropertyViewModel]) -> [String] {
        let id = identifierKey.map { ["try container.encode(id, at: \(SwiftLiteral.string($0)))"] } ?? []
        return id + members.map { patch ? $0.coding.patchEncodeStatement : $0.coding.encodeStatement }
    }

    // MARK: Helpers

    /// `updated(rating:watched:)`: a copy with some mutable properties changed; absent arguments keep values.
    private func updatedTemplate(_ members: [PropertyViewModel]) -> MustacheValue {
        let mutable = members.filter(\.property.mutable)
        guard !mutable.isEmpty else { return .null }
        // The copy is a local beside the parameters, so it must not take a parameter's name.
        let copy = "copy".freshLocal(avoiding: Set(mutable.map(\.parameterName.unescaped)), alternative: "updatedCopy")
        return .object([
            "attribute": deprecation(for: mutable),
            "parameters": .items(mutable.map { $0.parameter(type: $0.declaredType + "?", defaultValue: "nil") }),
            "copy": .string(copy),
        ])
    }
}
