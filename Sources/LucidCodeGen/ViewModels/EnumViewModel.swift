import LucidSpec

/// An enum subtype: cases with raw values, and the optional `.unknown(String)` fallback (`.unrecognized` when a
/// case is named `unknown`).
struct EnumViewModel {
    let subtype: Subtype
    let cases: [EnumCase]
    let unknownFallback: Bool
    let context: GenerationContext

    var template: MustacheValue {
        let caseValues: [[String: MustacheValue]] = cases.map { enumCase in
            let bareName = context.naming.memberName(enumCase.name)
            return [
                "name": .string(context.naming.escapedMemberName(enumCase.name)),
                "dottedName": .string(context.naming.dottedMemberName(enumCase.name)),
                "rawLiteral": .string(SwiftLiteral.string(enumCase.value)),
                // A raw-value enum spells the value only when it differs from the case name.
                "explicitRawValue": bareName == enumCase.value ? .null : .string(SwiftLiteral.string(enumCase.value)),
                "docComment": .list(SwiftLiteral.docComment(enumCase.description).map(MustacheValue.string)),
            ]
        }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(context.types.typeName(ofSubtype: subtype.name)),
            "docComment": .list(SwiftLiteral.docComment(subtype.description).map(MustacheValue.string)),
            "deprecation": SwiftLiteral.deprecation(subtype.deprecated).map(MustacheValue.string) ?? .null,
            "cases": .items(caseValues),
            "unknownFallback": .bool(unknownFallback),
            "fallback": .string(context.names.unknownFallbackCase(caseNames: cases.map(\.name))),
        ])
    }
}

/// An option set subtype: one bit per option, read from JSON as a list of names (or the raw bits).
struct OptionSetViewModel {
    let subtype: Subtype
    let options: [String]
    let context: GenerationContext

    var template: MustacheValue {
        let typeName = context.types.typeName(ofSubtype: subtype.name)
        let optionValues: [MustacheValue] = options.enumerated().map { index, option in
            .object([
                "name": .string(context.naming.escapedMemberName(option)),
                "dottedName": .string(context.naming.dottedMemberName(option)),
                "bit": .string(String(index)),
                "jsonName": .string(SwiftLiteral.string(option)),
            ])
        }
        return .object([
            "header": .string(context.header),
            "access": .string(context.access),
            "typeName": .string(typeName),
            "docComment": .list(SwiftLiteral.docComment(subtype.description).map(MustacheValue.string)),
            "deprecation": SwiftLiteral.deprecation(subtype.deprecated).map(MustacheValue.string) ?? .null,
            "options": .list(optionValues),
        ])
    }
}

extension SwiftNaming {
    /// A member reached after a dot, as in `.drama` or `case .default:`: Swift accepts every keyword there
    /// except `self` and `init`, so only those keep their backticks (`.\`self\``).
    func dottedMemberName(_ name: String) -> String {
        let member = memberName(name)
        return "." + (member == "self" || member == "init" ? "`\(member)`" : member)
    }
}
