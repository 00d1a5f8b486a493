import LucidSpec

/// One stored property of a generated struct: its declaration, init parameter, and coding statements.
///
/// A class: the struct's view model reads its members in several passes (declarations, init parameters,
/// coding statements), and a struct copy for each would retain and release every string of the property and
/// its coding.
final class PropertyViewModel {
    let property: Property
    /// The Swift name users see (`releaseDate`, or `` `default` `` for a keyword).
    let name: String
    /// The stored name: `_originalTitle` for a deprecated property, whose public accessor is computed so
    /// the type's own code can use it without deprecation warnings.
    let storedName: String
    /// How generated code reads the stored property: `self.` is added when a local of the generated methods
    /// (`container`, `encoder`, `hasher`, …) or `self` itself would otherwise be meant.
    let reference: String
    let declaredType: String
    let coding: PropertyCoding
    let context: GenerationContext
    /// The property belongs to a patch struct: a nullable one is a `Patch<Value>` (unchanged, null or set), another
    /// an optional (unchanged or set); both start unchanged and are only encoded.
    let patch: Bool
    /// The property closes a cycle of values (`ValueCycles`): it is stored out of line, `@Indirect`.
    let indirect: Bool

    /// Locals and parameters of the generated `init(from:)`, `encode(to:)` and `hash(into:)`, which an
    /// unqualified property name would mean instead of the property.
    static let shadowingNames: Set<String> = ["container", "decoder", "encoder", "hasher", "`self`"]

    /// The deprecated types the property's type names, when its owner is not deprecated itself. Such a
    /// property is declared deprecated (with the first type's message), and so is every generated method that
    /// touches it: only from a deprecated declaration can Swift use a deprecated type without a warning.
    let deprecatedTypes: [(name: String, message: String)]

    /// - Parameters:
    ///   - isIdentifier: the property is the entity's identifier and is itself named `id`, so it is stored as
    ///     the typed `ID` rather than shadowed by a computed `id`.
    ///   - inDeprecatedOwner: the generated type is deprecated, so using deprecated types in it is no warning.
    ///   - indirect: the property closes a cycle of values, so it is stored out of line.
    init(
        _ property: Property, context: GenerationContext, isIdentifier: Bool = false,
        inDeprecatedOwner: Bool = false, patch: Bool = false, indirect: Bool = false
    ) {
        self.property = property
        self.context = context
        self.patch = patch
        self.indirect = indirect
        deprecatedTypes = inDeprecatedOwner ? [] : context.types.deprecatedTypes(in: property.type)
        name = context.naming.escapedMemberName(property.name)
        // A deprecated property keeps a private, undeprecated storage for the type's own code, unless its type
        // is deprecated too: then that code is deprecated anyway and the property is declared deprecated directly.
        storedName =
            property.deprecated == nil || !deprecatedTypes.isEmpty
            ? name : "_" + context.naming.memberName(property.name)
        reference = Self.shadowingNames.contains(storedName) ? "self." + storedName : storedName
        if patch {
            let value = context.types.valueType(property.type, idOnly: property.idOnly)
            declaredType = property.nullable ? "Patch<\(value)>" : value + "?"
        } else {
            declaredType = isIdentifier ? "ID" : context.types.declaredType(property)
        }
        let defaultValue = property.defaultValue.flatMap {
            $0 == .null ? nil : context.defaults.expression($0, for: property.type)
        }
        coding = PropertyCoding(
            property: property, valueType: isIdentifier ? "ID" : nil, types: context.types,
            reference: reference, defaultValue: defaultValue)
    }

    /// The declaration as data: `binding`, `name`, `type`, `wrappers` (property wrappers with a trailing space, or
    /// empty); `attribute` when it is declared deprecated; `storage` (the private stored half, whose public accessor
    /// is deprecated) for a deprecated property whose type is not.
    var declaration: [String: MustacheValue] {
        // A property left out of equality is wrapped, so the struct keeps Swift's synthesized Hashable; so is one
        // stored out of line. Wrapped properties are `var`s, read-only outside the type unless the spec makes them
        // mutable.
        let ignored = !property.useForEquality
        let wrappers = (ignored ? ["@EqualityIgnored"] : []) + (indirect ? ["@Indirect"] : [])
        var values: [String: MustacheValue] = [
            "binding": .string(property.mutable || patch ? "var" : wrappers.isEmpty ? "let" : "private(set) var"),
            "wrappers": .string(wrappers.map { $0 + " " }.joined()),
            "wrapped": .bool(!wrappers.isEmpty),
            "name": .string(name),
            "type": .string(declaredType),
            "mutable": .bool(property.mutable),
        ]
        if let first = deprecatedTypes.first {
            values["attribute"] = .optional(SwiftLiteral.deprecation(property.deprecated ?? first.message))
        } else if property.deprecated != nil {
            values["attribute"] = .optional(SwiftLiteral.deprecation(property.deprecated))
            values["storage"] = .string(storedName)
        }
        return values
    }

    /// The default an init parameter takes: the spec default, nil for nullable values, unrequested for lazy.
    var parameterDefault: String? {
        if patch { return property.nullable ? ".unchanged" : "nil" }
        if property.lazy { return ".unrequested" }
        if let value = property.defaultValue { return context.defaults.expression(value, for: property.type) }
        return property.nullable ? "nil" : nil
    }

    /// The name a parameter for this property has inside the function: its label, except that a parameter
    /// called `self` would hide `self`, so it gets a second name (member names never start with `_`, so
    /// `_self` cannot clash with another parameter).
    var parameterName: String { name == "`self`" ? "_self" : name }

    /// A parameter for this property as data: `label`, `local` (a second name, only for `self`), `type`.
    func parameter(type: String, defaultValue: String? = nil) -> [String: MustacheValue] {
        [
            "label": .string(name), "local": parameterName == name ? .null : .string(parameterName),
            "type": .string(type), "defaultValue": .optional(defaultValue),
            "storedName": .string(storedName), "parameterName": .string(parameterName),
        ]
    }

    /// The init's parameter: the declared type, with the default the property has.
    var initParameter: [String: MustacheValue] { parameter(type: declaredType, defaultValue: parameterDefault) }

    var template: MustacheValue {
        var values = declaration
        values["docComment"] = .list(SwiftLiteral.docComment(property.description).map(MustacheValue.string))
        return .object(values)
    }
}
