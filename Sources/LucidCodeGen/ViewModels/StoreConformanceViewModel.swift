import LucidSpec

/// The extension that lets a generated type go into an `EntityStore` (`StoreConformance.mustache`, a partial of
/// the struct, union and payload templates): `StorableEntity` for a stored entity, with its name and merge rule,
/// and `EntityContaining` for every type that holds stored entities (`StoreContainment`), adding them to a batch.
struct StoreConformanceViewModel {
    let context: GenerationContext
    /// The type's name as an extension names it (`Page`, without its arguments).
    let typeName: String
    /// Adds `self` (and conforms to `StorableEntity`): the type is a stored entity.
    var entity: Entity?
    /// The `@available(*, deprecated…)` line of a deprecated type, whose extension must be deprecated too.
    var deprecation: String?
    /// The line that deprecates `collectEntities`, when it reads members of deprecated types.
    var memberDeprecation: MustacheValue = .null
    /// A generic struct's type parameters, each of which must hold entities for the struct to.
    var typeParameters: [String] = []

    /// What a struct (an entity or a struct subtype) collects: itself when stored, then each property that holds
    /// stored entities; null when it holds none. A stored entity's `StorableEntity` extension is `storable`.
    func structure(_ members: [PropertyViewModel], conditional: Bool) -> MustacheValue {
        // Through the stored name: a deprecated property's is undeprecated, for the type's own code.
        let collected = members.filter { context.containment.collects($0.property) }.map(\.storedName)
        guard entity != nil || !collected.isEmpty else { return .null }
        let statements = (entity == nil ? [] : ["batch.add(self)"]) + collected.map(Self.collect)
        return template(statements, conditional: conditional)
    }

    /// What a union collects: the value of each case that holds stored entities.
    func union(_ union: Union) -> MustacheValue {
        let cases = union.cases.filter { context.containment.contains($0.type) }
        guard !cases.isEmpty else { return .null }
        var statements = ["switch self {"]
        for unionCase in cases {
            statements.append("case \(context.naming.dottedMemberName(unionCase.name))(let value):")
            statements.append("    value.collectEntities(into: &batch)")
        }
        if cases.count < union.cases.count || union.unknownFallback { statements += ["default:", "    break"] }
        statements.append("}")
        return template(statements, conditional: false)
    }

    /// What a payload collects: its members that hold stored entities.
    func payload(_ members: [String]) -> MustacheValue {
        members.isEmpty ? .null : template(members.map(Self.collect), conditional: false)
    }

    /// `studio.collectEntities(into: &batch)`; a member named `batch` or `self` through `self.`.
    private static func collect(_ member: String) -> String {
        (member == "batch" || member == "`self`" ? "self." + member : member) + ".collectEntities(into: &batch)"
    }

    private func template(_ statements: [String], conditional: Bool) -> MustacheValue {
        let constraint =
            conditional ? typeParameters.map { "\($0): EntityContaining" }.joined(separator: ", ") : nil
        return .object([
            "access": .string(context.access),
            "typeName": .string(typeName),
            "deprecation": .optional(deprecation),
            "memberDeprecation": memberDeprecation,
            "where": .optional(constraint),
            "statements": .list(statements.map(MustacheValue.string)),
        ])
    }

    /// A stored entity's `StorableEntity` extension: its name in the store and, when the spec names a `newer`
    /// property, its merge rule (read through the property's stored name in `members`). Null for any other type.
    func storable(_ members: [PropertyViewModel]) -> MustacheValue {
        guard let entity else { return .null }
        return .object([
            "storeName": .string(SwiftLiteral.string(entity.name)),
            "supersedes": supersedes(members),
        ])
    }

    /// A stored entity's merge rule when the spec names a `newer` property: its doc comment and body lines.
    private func supersedes(_ members: [PropertyViewModel]) -> MustacheValue {
        guard let newer = entity?.store?.newer, let member = members.first(where: { $0.property.name == newer })
        else { return .null }
        let name = context.naming.memberName(newer)
        let stored = member.storedName
        let lines =
            member.property.nullable
            ? [
                "guard let mine = self.\(stored), let theirs = stored.\(stored) else { return true }",
                "return mine >= theirs",
            ]
            : ["self.\(stored) >= stored.\(stored)"]
        return .object([
            "docComment": .list(
                SwiftLiteral.docComment(
                    "Replaces the stored value unless its `\(name.unescaped)` is older"
                        + (member.property.nullable ? " (a value without one replaces it)." : ".")
                ).map { .string("    " + $0) }),
            "lines": .list(lines.map(MustacheValue.string)),
        ])
    }
}
