import LucidSpec

/// One stored property of a generated struct: its declaration, init parameter, and coding statements.
struct PropertyViewModel {
    let property: Property
    /// The Swift name users see (`releaseDate`, or `` `default` `` for a keyword).
    let name: String
    /// The stored name: `_originalTitle` for a deprecated property, whose public accessor is computed so
    /// the type's own code can use it without deprecation warnings.
    let storedName: String
    let declaredType: String
    let coding: PropertyCoding
    let context: GenerationContext

    init(_ property: Property, keys: CodingKeyNames, context: GenerationContext) {
        self.property = property
        self.context = context
        name = context.naming.escapedMemberName(property.name)
        storedName = property.deprecated == nil ? name : "_" + context.naming.memberName(property.name)
        declaredType = context.types.declaredType(property)
        coding = PropertyCoding(property: property, types: context.types, defaults: context.defaults, keys: keys, storedName: storedName)
    }

    /// `public let title: String`, or the private stored half of a deprecated property.
    var declaration: String {
        let binding = property.mutable ? "var" : "let"
        return property.deprecated == nil
            ? "\(context.access)\(binding) \(name): \(declaredType)"
            : "private \(binding) \(storedName): \(declaredType)"
    }

    /// The deprecated public accessor, when the property is deprecated.
    var deprecatedAccessor: [String] {
        guard let attribute = SwiftLiteral.deprecation(property.deprecated) else { return [] }
        let body = property.mutable
            ? "{\n        get { \(storedName) }\n        set { \(storedName) = newValue }\n    }"
            : "{ \(storedName) }"
        return [attribute, "\(context.access)var \(name): \(declaredType) \(body)"]
    }

    /// The default an init parameter takes: the spec default, nil for nullable values, unrequested for lazy.
    var parameterDefault: String? {
        if property.lazy { return ".unrequested" }
        if let value = property.defaultValue { return context.defaults.expression(value, for: property.type) }
        return property.nullable ? "nil" : nil
    }

    var initParameter: String { "\(name): \(declaredType)" + (parameterDefault.map { " = \($0)" } ?? "") }

    var initAssignment: String { "self.\(storedName) = \(name)" }

    var template: MustacheValue {
        .object([
            "docLines": .list(SwiftLiteral.docLines(property.description).map(MustacheValue.string)),
            "declaration": .string(declaration),
            "deprecatedAccessor": .list(deprecatedAccessor.map(MustacheValue.string)),
        ])
    }
}
