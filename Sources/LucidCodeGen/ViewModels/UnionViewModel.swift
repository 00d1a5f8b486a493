import LucidSpec

/// A `one_of` subtype: an enum with one case per type. Tagged, it reads the discriminator and decodes the named
/// case's type from the same object; untagged, it takes the first case whose type decodes.
struct UnionViewModel {
    let subtype: Subtype
    let union: Union
    let context: GenerationContext

    private var typeName: String { context.types.typeName(ofSubtype: subtype.name) }

    var template: MustacheValue {
        let cases = union.cases.enumerated().map { index, unionCase in
            // An untagged union tries its cases in turn: `if let value = …`, then `} else if let value = …`.
            caseTemplate(unionCase).merging(["attempt": index == 0 ? "if" : "} else if"]) { _, new in new }
        }
        var values: [String: MustacheValue] = [
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docComment": .list(docComment.map(MustacheValue.string)),
            "deprecation": .optional(SwiftLiteral.deprecation(subtype.deprecated)),
            "memberDeprecation": memberDeprecation,
            "cases": .items(cases),
            // Some endpoint answers the union itself (`ResponseDescription.directType`).
            "responsePayload": .bool(context.directlyAnswered.contains(.subtype(subtype.name))),
            // A union with a case on a cycle of values holds itself: it refuses to nest deeper than the runtime's
            // limit, so that a hostile body cannot exhaust the stack.
            "checksNesting": .bool(context.cycles.holdsItself(subtype.name)),
        ]
        values["tagged"] = union.discriminator.map { taggedTemplate($0) } ?? .null
        values["store"] = storeConformance
        values["untagged"] =
            union.isTagged
            ? .null
            : .object([
                "expected": .string(expectedTypes),
                // Two cases read one part of the value and both lead back to the union (`UnionRedecoding`).
                "remembering": .bool(context.redecoding.remembering.contains(subtype.name)),
            ])
        return .object(values)
    }

    /// The union's `EntityContaining` extension when a case holds stored entities (`StoreConformanceViewModel`).
    private var storeConformance: MustacheValue {
        guard context.containment.subtypes.contains(subtype.name) else { return .null }
        var model = StoreConformanceViewModel(context: context, typeName: typeName)
        model.deprecation = SwiftLiteral.deprecation(subtype.deprecated)
        model.memberDeprecation = memberDeprecation
        return model.union(union)
    }

    /// The subtype's description; for a union written as a property's type, where it comes from.
    private var docComment: [String] {
        if let description = subtype.description { return SwiftLiteral.docComment(description) }
        return subtype.inlineOwner.map { SwiftLiteral.docComment("The type of \($0).") } ?? []
    }

    /// The deprecated types the cases hold, when the union is not deprecated itself: each such case is declared
    /// deprecated, and so are the coding methods, which touch every case (only a deprecated declaration uses a
    /// deprecated one without a warning).
    private var deprecatedCaseTypes: [String] {
        guard subtype.deprecated == nil else { return [] }
        var names: [String] = []
        for type in union.cases.flatMap({ context.types.deprecatedTypes(in: $0.type) }) where !names.contains(type.name)
        {
            names.append(type.name)
        }
        return names
    }

    /// `@available(*, deprecated, message: "Uses deprecated type LegacyBox.")` for the coding methods, or null.
    private var memberDeprecation: MustacheValue {
        let names = deprecatedCaseTypes
        guard !names.isEmpty else { return .null }
        let message = "Uses deprecated type\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))."
        return .optional(SwiftLiteral.deprecation(message))
    }

    private func caseTemplate(_ unionCase: UnionCase) -> [String: MustacheValue] {
        let deprecated = subtype.deprecated == nil ? context.types.deprecatedTypes(in: unionCase.type).first : nil
        return [
            "name": .string(context.naming.escapedMemberName(unionCase.name)),
            "dottedName": .string(context.naming.dottedMemberName(unionCase.name)),
            "type": .string(context.types.valueType(unionCase.type)),
            "wireLiteral": .optional(unionCase.value.map(SwiftLiteral.string)),
            "docComment": .list(SwiftLiteral.docComment(unionCase.description).map(MustacheValue.string)),
            "attribute": .optional(deprecated.flatMap { SwiftLiteral.deprecation($0.message) }),
            // A case on a cycle of values (`ValueCycles`) is boxed, so the enum has a fixed size.
            "indirect": .bool(context.cycles.isIndirect(unionCase.name, of: subtype.name)),
        ]
    }

    /// `String or Customer`, for the error of a value no case decodes from.
    private var expectedTypes: String {
        Self.literalText("Expected \(Self.orList(union.cases.map { context.types.valueType($0.type) })).")
    }

    // MARK: Tagged

    private func taggedTemplate(_ discriminator: String) -> MustacheValue {
        let key = CodingKeyNames(keys: [discriminator], naming: context.naming)
        let keyName = key[discriminator]
        let tag = tagName(discriminator)
        let expected = Self.orList(union.cases.compactMap(\.value).map { "'\($0)'" })
        return .object([
            "keyName": .string(keyName),
            "keyRaw": keyName.unescaped == discriminator ? .null : .string(SwiftLiteral.string(discriminator)),
            "keyText": .string(Self.literalText(discriminator)),
            "tag": .string(tag),
            "unknownFallback": .bool(union.unknownFallback),
            "fallback": .string(context.names.unknownFallbackCase(caseNames: union.cases.map(\.name))),
            "expected": .string(Self.literalText(expected)),
        ])
    }

    /// The name of the discriminator's value in the generated code: the local `init(from:)` reads it into and the
    /// label of `.unknown` (`event`); `tag` when the discriminator makes no plain Swift name, or one taken there.
    private func tagName(_ discriminator: String) -> String {
        let name = context.naming.memberName(discriminator)
        let taken: Set<String> = ["container", "decoder", "encoder", "json", "value", "self"]
        guard SwiftNaming.isValidName(discriminator), !SwiftNaming.keywords.contains(name), !taken.contains(name)
        else { return "tag" }
        return name
    }

    /// `a, b or c`.
    private static func orList(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `text` escaped for the inside of a Swift string literal (no quotes around it).
    private static func literalText(_ text: String) -> String {
        String(SwiftLiteral.string(text).dropFirst().dropLast())
    }
}
