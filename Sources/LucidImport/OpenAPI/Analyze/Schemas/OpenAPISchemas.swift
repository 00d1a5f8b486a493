import Foundation
import LucidSpec
import LucidSupport

/// Component schemas → subtypes, and any schema → a type expression.
extension SchemaTranslator {
    static let schemaPrefix = "#/components/schemas/"

    /// Keys of a schema the conversion reads (or deliberately passes over: documentation and validation, which
    /// decoding does not check, are noted once each by `noteUnmapped` rather than per schema).
    static let schemaKeys: Set<String> = [
        "$ref", "type", "format", "nullable", "x-nullable", "properties", "required", "items", "enum", "default",
        "description", "additionalProperties", "allOf", "anyOf", "oneOf", "deprecated", "const",
        "x-lucid-case-descriptions",
        // OpenAPI 3.1's bytes (`OpenAPIScalarFormats.format(of:)`); `contentMediaType` beside an encoding says only
        // what the decoded bytes are, and is noted as ignored (`handledKeys(of:)`).
        "contentEncoding",
        // Containers of local definitions (JSON Schema's `$defs`, draft 7's `definitions`): what is in them is read
        // where a `$ref` reaches it, which resolves as any JSON pointer does.
        "$defs", "definitions",
    ]

    /// The keys of `schema` the conversion reads: `schemaKeys`, and `contentMediaType` when it says the value is a
    /// file's raw bytes (no `contentEncoding`).
    static func handledKeys(of schema: LocatedValue) -> Set<String> {
        schema["contentEncoding"] == nil ? schemaKeys.union(["contentMediaType"]) : schemaKeys
    }

    /// The name of a type written in place, after where it sits (`hint`), taken. A name too long is cut at its last
    /// words (`OpenAPINames.take`); when that name is taken already, it drops its middle words instead, so that its
    /// first and last words tell it apart: Discourse's `…_topics_item_posters_item` and
    /// `…_topics_item_participants_item`, both `…_topics_item` when cut, were `_2` and `_3`.
    func inlineTypeName(_ hint: String) -> String {
        var words = SpecNameText.sanitized(hint, prefix: "n").split(separator: "_").map(String.init)
        func fits(_ words: [String]) -> Bool {
            typeNames.swiftName(words.joined(separator: "_")).count <= OpenAPINames.maxSwiftLength
        }
        var cut = words
        while cut.count > 1, !fits(cut) { cut.removeLast() }
        guard words.count > 2, !fits(words), fits(cut),
            typeNames.isTaken(
                ignoringCase: typeNames.swiftName(
                    cut.joined(separator: "_")))
        else { return typeNames.take(hint, avoiding: isReserved) }
        while words.count > 2, !fits(words) { words.remove(at: (words.count - 1) / 2) }
        return typeNames.take(words.joined(separator: "_"), avoiding: isReserved)
    }

    /// Scalar names and Swift's reserved type names a schema name must not take as written.
    func isReserved(_ name: String) -> Bool {
        SwiftNaming.reservedTypeNames.contains(name)
            || ScalarType.allCases.contains { $0.rawValue == name.lowercased() }
            || name.lowercased() == "links"
    }

    /// Gives each component schema that becomes a subtype (objects, enums of strings) its spec name, before any is
    /// converted, so that references can name them.
    func register() {
        findKeptStructs()
        for member in root["components"]?["schemas"]?.members ?? [] {
            let schema = member.value
            guard schema["$ref"] == nil else { continue }
            if isObject(schema) || isStringEnum(schema) || optionSetNames(schema) != nil {
                let name = typeNames.take(member.key, avoiding: isReserved)
                schemaNames[document.componentKey(member.key)] = name
                if isObject(schema), scalarAlternatives(schema).isEmpty { structNames.insert(name) }
                if !isObject(schema), optionSetNames(schema) == nil { enumSchemas[name] = schema }
            }
        }
        findPages()
        // Every struct's shape, before any union is made: an untagged union ranks its cases by them (`caseRank`),
        // also those of structs the document defines after it.
        for member in root["components"]?["schemas"]?.members ?? [] {
            guard let name = schemaNames[document.componentKey(member.key)], structNames.contains(name) else {
                continue
            }
            let (properties, required) = objectParts(member.value, quiet: true)
            schemaState.shapes[name] = (properties.filter { required.contains($0.key) }.count, properties.count)
        }
    }

    func convertComponents() {
        for member in root["components"]?["schemas"]?.members ?? [] {
            let schema = member.value
            let key = document.componentKey(member.key)
            guard let name = schemaNames[key] else {
                if let choice = choice(of: schema), choice.members.count > 1, schemaState.aliases[key] == nil {
                    _ = choiceType(schema, choice, key: key, hint: member.key, at: member.keyLocation)
                    continue
                }
                if schema["allOf"] != nil, !isAllOfAlias(schema) {
                    let kind = "allOf"
                    report(
                        .leftOut(
                            "schema '\(member.key)' uses '\(kind)', which the import does not map yet; what refers to"
                                + " it is left out (each place warned)", at: member.keyLocation))
                }
                continue  // an alias (a list, a scalar): used inline where it is referred to
            }
            if schemaState.unionNames.contains(name) { continue }  // made where it was first referred to
            if schemaState.pages.contains(key) || schemaState.madeKeys.contains(key) { continue }
            let alternatives = scalarAlternatives(schema)
            if !alternatives.isEmpty {
                _ = objectOrScalars(schema, alternatives: alternatives, key: key, name: name, hint: member.key)
                continue
            }
            schemaCount += 1
            if isObject(schema) {
                makeStruct(name, schema, key: key, generic: schemaState.pageGenerics[key])
            } else if let options = optionSetNames(schema) {
                makeOptionSet(name, schema, names: options)
            } else {
                makeEnum(name, schema)
            }
        }
    }

    /// The parts of an `allOf` that say something about the type: a part with only a `description` (or other
    /// documentation) beside a `$ref` adds nothing to decode.
    func typedParts(_ parts: [LocatedValue]) -> [LocatedValue] {
        let typed: Set<String> = [
            "$ref", "type", "properties", "items", "enum", "allOf", "oneOf", "anyOf", "additionalProperties", "format",
            "required", "const",
        ]
        let parts = parts.filter { part in (part.members ?? []).contains { typed.contains($0.key) } }
        // A part that only lets the object hold other keys (`{type: object, additionalProperties: true}`, Plaid's
        // `…Nullable` schemas) adds no property beside the others.
        let freeForm = parts.filter(isFreeFormPart)
        return freeForm.isEmpty || freeForm.count == parts.count ? parts : parts.filter { !isFreeFormPart($0) }
    }

    /// Whether an `allOf` part (or what its `$ref` names) is an object of no properties that allows other keys:
    /// `{type: object, additionalProperties: true}`, `{additionalProperties: {…}}`.
    func isFreeFormPart(_ part: LocatedValue) -> Bool {
        guard let schema = resolved(part), let extra = schema["additionalProperties"], extra.bool != false else {
            return false
        }
        let typing: Set<String> = ["$ref", "properties", "items", "enum", "const", "allOf", "oneOf", "anyOf"]
        return typeNamesOf(schema).isSubset(of: ["object"])
            && !(schema.members ?? []).contains { typing.contains($0.key) }
    }

    /// Reports the `allOf` parts of `schema` that `typedParts` passes over as free-form, where the struct of the other
    /// parts reads only their properties, as `additionalProperties` beside `properties` is.
    func noteFreeFormParts(_ schema: LocatedValue) {
        guard let parts = schema["allOf"]?.items else { return }
        let kept = typedParts(parts).map(\.location)
        for part in parts where isFreeFormPart(part) && !kept.contains(part.location) {
            let place = resolved(part) ?? part
            report(
                .leftOut(
                    "'additionalProperties' beside 'properties' is ignored: the struct reads only its properties",
                    at: place.location(of: "additionalProperties")), group: "additionalProperties-beside")
        }
    }

    /// Whether an `allOf` part only makes properties of the other parts required (`- required: [name]`), or only
    /// constrains them (`- anyOf: [{required: [city]}, {required: [zip_code]}]`).
    func isRequiredOnly(_ part: LocatedValue) -> Bool {
        (part["required"] != nil || part["oneOf"] != nil || part["anyOf"] != nil) && choice(of: part) == nil
            && (part.members ?? []).allSatisfy {
                ["required", "description", "title", "oneOf", "anyOf"].contains($0.key)
            }
    }

    /// Whether `schema` is an object with properties: `type: object` (or no type) with `properties`, or an
    /// `allOf` whose every part is such an object (merged).
    func isObject(_ schema: LocatedValue, visiting: Set<SourceLocation> = []) -> Bool {
        if let parts = schema["allOf"]?.items.map(typedParts) {
            // Parts that include each other are no object: each schema is visited once on the way.
            guard !visiting.contains(schema.location) else { return false }
            let visiting = visiting.union([schema.location])
            let resolvedParts = parts.map(resolved)
            return resolvedParts.allSatisfy { part in
                part.map { isRequiredOnly($0) || isObject($0, visiting: visiting) } ?? false
            } && resolvedParts.contains { $0.map { !isRequiredOnly($0) } ?? false }
        }
        guard choice(of: schema) == nil, schema["enum"] == nil, schema["const"] == nil else { return false }
        let types = typeNamesOf(schema)
        if schema["properties"] != nil { return types.isEmpty || types == ["object"] }
        // An object without properties or additionalProperties: an empty struct.
        return types == ["object"]
            && (schema["additionalProperties"] == nil
                || schema["additionalProperties"]?.bool == false)
    }

    func isStringEnum(_ schema: LocatedValue) -> Bool {
        if schema["const"]?.string != nil, schema["enum"] == nil { return constString(schema) != nil }
        if constEnumValues(schema) != nil { return true }
        guard let values = schema["enum"]?.items, !values.isEmpty else { return false }
        let types = typeNamesOf(schema)
        return (types.isEmpty || types == ["string"]) && values.allSatisfy { $0.string != nil || $0.isNull }
            && values.contains { $0.string != nil }  // `enum: [null]` has no case
    }

    /// The schema's `type` as a set without `"null"` (3.1 lists it among the types).
    func typeNamesOf(_ schema: LocatedValue) -> Set<String> {
        if let text = schema["type"]?.string { return text == "null" ? [] : [text] }
        return Set((schema["type"]?.items ?? []).compactMap(\.string).filter { $0 != "null" })
    }

    /// Whether the schema allows null: 3.0's `nullable`, 3.1's `"null"` type, go-swagger's `x-nullable`.
    func allowsNull(_ schema: LocatedValue) -> Bool {
        schema["nullable"]?.bool == true || schema["x-nullable"]?.bool == true
            || (schema["type"]?.items ?? []).contains { $0.string == "null" } || hasNullMember(schema)
    }

    /// Whether a schema allows null wherever a `$ref` names it: its own `nullable` (`"null"` type, null member), or
    /// a null among an enum's values (`enum: [active, paused, null]`). A required property that refers to it is
    /// nullable too.
    func referredAllowsNull(_ target: LocatedValue) -> Bool {
        allowsNull(target) || (isStringEnum(target) && (target["enum"]?.items ?? []).contains { $0.isNull })
    }

    /// The properties and required names of an object schema, `allOf` parts merged in order, then the schema's own
    /// (`allOf: [$ref: Pet]` beside `properties: { bark: … }` is a Pet that barks: both are read).
    /// `quiet`: without reporting what is not read (the shapes of the components, known before any is made).
    func objectParts(
        _ schema: LocatedValue, visiting: Set<SourceLocation> = [], quiet: Bool = false
    ) -> (properties: [LocatedValue.Member], required: Set<String>) {
        guard let parts = schema["allOf"]?.items, !visiting.contains(schema.location) else {
            return ownParts(schema, quiet: quiet)
        }
        let visiting = visiting.union([schema.location])
        var properties: [LocatedValue.Member] = []
        var required: Set<String> = []
        if !quiet { noteFreeFormParts(schema) }
        let merged = typedParts(parts).compactMap(resolved).map {
            objectParts($0, visiting: visiting, quiet: quiet)
        }
        for part in merged + [ownParts(schema, quiet: quiet)] {
            for property in part.properties {
                properties.removeAll { $0.key == property.key }
                properties.append(property)
            }
            required.formUnion(part.required)
        }
        return (properties, required)
    }

    /// The properties and required names a schema writes itself, beside any `allOf`.
    private func ownParts(
        _ schema: LocatedValue, quiet: Bool
    ) -> (properties: [LocatedValue.Member], required: Set<String>) {
        let required = Set((schema["required"]?.items ?? []).compactMap(\.string))
        guard !quiet else { return (schema["properties"]?.members ?? [], required) }
        noteUnmapped(schema, handled: Self.handledKeys(of: schema), context: "a schema")
        if let kind = ["oneOf", "anyOf"].first(where: { schema[$0] != nil }), scalarAlternatives(schema).isEmpty {
            report(
                .ignoredKeyword(
                    "'\(kind)' in an object is not mapped: the object reads its own properties, without the alternatives'"
                        + " constraints", at: schema.location(of: kind)), group: "choice-beside-properties:" + kind)
        }
        if let extra = schema["additionalProperties"], extra.bool != false {
            report(
                .leftOut(
                    "'additionalProperties' beside 'properties' is ignored: the struct reads only its properties",
                    at: schema.location(of: "additionalProperties")), group: "additionalProperties-beside")
        }
        return (schema["properties"]?.members ?? [], required)
    }

    /// A struct subtype of an object schema's properties: required ones non-nullable, the others nullable.
    /// A named schema's (`key`) struct may become an entity instead, when it has an identifier (`entityChoice`).
    /// A page base (`generic`) becomes a generic struct, with the list of its type parameter last.
    func makeStruct(_ name: String, _ schema: LocatedValue, key: String? = nil, generic: PageGeneric? = nil) {
        let (properties, required) = objectParts(schema)
        // Before its properties are converted: a union among them that holds this struct ranks it by its shape.
        schemaState.shapes[name] = (properties.filter { required.contains($0.key) }.count, properties.count)
        let identifier =
            generic == nil
            ? key.flatMap { entityChoice(key: $0, schema: schema, properties: properties, required: required) } : nil
        var structure = DraftStruct(generic: generic?.parameter)
        var names = OpenAPINames(naming: naming, asType: false, reserved: ["hashValue"])
        for property in properties where hasUsableName(property) {
            guard let type = type(of: property.value, hint: name + "_" + property.key, at: property.keyLocation)
            else { continue }
            let draft = draftProperty(property, type: type, required: required.contains(property.key), names: &names)
            if property.key == identifier?.key { structure.identifier = draft.name }
            structure.properties.append(draft)
        }
        if let generic {
            let name = names.take(generic.listKey)
            structure.properties.append(
                DraftProperty(
                    name: name, type: "[\(generic.parameter)]",
                    key: name != generic.listKey ? .path(generic.listKey) : nil,
                    nullable: !generic.listRequired))
        }
        var type = DraftType(
            name: name, kind: .structure(structure), description: schema["description"]?.string,
            deprecated: schema["deprecated"]?.bool == true, origin: schema.location)
        if let identifier, structure.identifier != nil {
            type.reason = identifier.reason
            schemaState.entityNames.insert(name)
        } else {
            type.structure?.identifier = nil
        }
        types.append(type)
    }

    /// The property of a struct that `property` (of type `type`) is, named distinctly among `names`.
    func draftProperty(
        _ property: LocatedValue.Member, type: ConvertedType, required: Bool, names: inout OpenAPINames
    ) -> DraftProperty {
        let propertyName = names.take(property.key)
        var draft = DraftProperty(
            name: propertyName, type: type.expression, key: propertyName != property.key ? .path(property.key) : nil,
            nullable: type.nullable || !required, lenient: type.lenient, failableItems: type.failableItems,
            format: type.format, defaultValue: defaultValue(property.value, type: type),
            description: resolved(property.value)?["description"]?.string ?? property.value["description"]?.string,
            origin: property.keyLocation)
        draft.deprecated =
            property.value["deprecated"]?.bool == true || resolved(property.value)?["deprecated"]?.bool == true
        return draft
    }

    /// An enum subtype of a string enum's values; each value that is no valid name gets one (`sci-fi` → `sci_fi`).
    /// `open` (`anyOf: [{enum: […]}, {type: string}]`) keeps other values: `unknown: true`; `outer` is the schema
    /// holding such a choice, whose description and deprecation the enum takes.
    func makeEnum(_ name: String, _ schema: LocatedValue, open: Bool = false, outer: LocatedValue? = nil) {
        noteUnmapped(schema, handled: Self.handledKeys(of: schema), context: "a schema")
        var cases: [String: String] = [:]
        var enumeration = DraftEnum(cases: [], unknown: open)
        for enumCase in enumCaseList(schema) {
            cases[enumCase.value] = enumCase.name
            enumeration.cases.append(enumCase)
        }
        types.append(
            DraftType(
                name: name, kind: .enumeration(enumeration),
                description: outer?["description"]?.string ?? schema["description"]?.string,
                deprecated: schema["deprecated"]?.bool == true || outer?["deprecated"]?.bool == true,
                origin: schema.location))
        enumCases[name] = cases
    }

    /// The cases of a string enum schema, each value once (a null is the nullability), named as valid names.
    func enumCaseList(_ schema: LocatedValue) -> [DraftEnum.Case] {
        var names = OpenAPINames(naming: naming, asType: false)
        var seen: Set<String> = []
        // lucid-gen's own export keeps case descriptions in `x-lucid-case-descriptions: {value: text}`.
        let described = schema["x-lucid-case-descriptions"]
        let values: [(value: String?, description: String?)] =
            constEnumValues(schema)
            ?? (schema["const"].map { [($0.string, nil)] }
                ?? (schema["enum"]?.items ?? []).map { ($0.string, $0.string.flatMap { described?[$0]?.string }) })
        return values.compactMap { value, description in
            guard let raw = value, seen.insert(raw).inserted else { return nil }
            return DraftEnum.Case(value: raw, name: names.take(raw.isEmpty ? "empty" : raw), description: description)
        }
    }

    /// The case names of the enum subtype `name` by raw value: of the enum made, or of a component enum the
    /// document defines later (a default before the enum's place names its cases too).
    func enumCaseNames(_ name: String) -> [String: String]? {
        if let cases = enumCases[name] { return cases }
        guard let schema = enumSchemas[name] else { return nil }
        return Dictionary(enumCaseList(schema).map { ($0.value, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The spec default of a schema's `default`, when it fits the type; a default that does not is warned.
    func defaultValue(_ schema: LocatedValue, type: ConvertedType) -> SpecValue? {
        guard let value = schema["default"] else { return nil }
        if case .null = value.value { return nil }
        if let text = defaultText(value, expression: type.expression) { return text }
        let shown = value.scalarText.map { "'\($0)'" } ?? value.kindDescription
        let expression = type.expression
        // What the spec takes, where the value may well be right (`default: auto` naming a union's case).
        let only: String? =
            schemaState.unionNames.contains(expression)
            ? "a union's default can only be null in the spec ('\(expression)' is a union)"
            : structNames.contains(expression)
                ? "a struct's default can only be null in the spec ('\(expression)' is a struct)"
                : expression == "date" ? "a date's default can only be 'now' in the spec" : nil
        report(
            .leftOut(
                only.map { "default \(shown) is left out: \($0)" }
                    ?? "default \(shown) does not fit type '\(expression)'; it is left out", at: value.location))
        return nil
    }

    /// `value` as a spec default of type `expression`, nil when it does not fit: a list of values that each fit the
    /// item type (`default: []`, `[hd]`), and an empty object for a map (the only map default the spec takes).
    private func defaultText(_ value: LocatedValue, expression: String) -> SpecValue? {
        switch value.value {
        case .array(let items) where expression.hasPrefix("[") && expression.hasSuffix("]"):
            let item = String(expression.dropFirst().dropLast())
            let texts = items.map { defaultText($0, expression: item) }
            guard !item.hasSuffix("?"), texts.allSatisfy({ $0 != nil }) else { return nil }
            return .flowList(texts.compactMap { $0 })
        case .object(let object) where object.members.isEmpty && expression.hasPrefix("{"):
            return .flow([])
        default:
            return scalarDefaultText(value, expression: expression)
        }
    }

    /// A scalar or enum `value` as a spec default of type `expression`, nil when it does not fit.
    private func scalarDefaultText(_ value: LocatedValue, expression: String) -> SpecValue? {
        switch value.value {
        case .string(let text) where expression == "string":
            return .quoted(text)
        case .string(let text) where expression == "url" && text.contains("://"):
            return .quoted(text)
        case .string(let text) where expression == "uuid" && UUID(uuidString: text) != nil:
            return .quoted(text)
        case .string(let text) where enumCaseNames(expression)?[text] != nil:
            return .text(enumCaseNames(expression)![text]!)
        case .number(let text) where ["double", "float"].contains(expression):
            return .literal(text)
        case .number(let text) where ["int", "int64"].contains(expression) && Int64(text) != nil:
            return .literal(text)
        case .bool(let flag) where expression == "bool":
            return .bool(flag)
        default:
            return nil
        }
    }

    // MARK: Type expressions

    /// The type expression of `schema`; nil after a warning at `location` when it has no equivalent yet. Inline
    /// objects and enums become subtypes named `hint`.
    ///
    /// The first reading that fits decides, in this order: a `$ref`, an `allOf` of one part (an alias), a
    /// `oneOf`/`anyOf` (not a string enum's), a page instance, an object (a union when its `oneOf`/`anyOf` offers
    /// scalars, else a struct), an `allOf` of one scalar type, a string enum, and last the `type` keyword.
    func type(of schema: LocatedValue, hint: String, at location: SourceLocation) -> ConvertedType? {
        if let reference = schema["$ref"]?.string {
            return referenceType(schema, reference: reference, hint: hint, at: location)
        }
        if let parts = schema["allOf"]?.items.map(typedParts), parts.count == 1, schema["properties"] == nil {
            // A described alias (`allOf: [$ref: ReasonCode]`): the part, nullable when the schema says so.
            var type = self.type(of: parts[0], hint: hint, at: location)
            if allowsNull(schema) { type?.nullable = true }
            return type
        }
        if let choice = choice(of: schema), !isStringEnum(schema) {
            return choiceType(schema, choice, key: nil, hint: hint, at: location)
        }
        if let instance = pageInstance(schema) { return instance }
        let alternatives = scalarAlternatives(schema)
        if !alternatives.isEmpty { return inlineObjectOrScalars(schema, alternatives: alternatives, hint: hint) }
        if isInlineStruct(schema) { return inlineStruct(schema, hint: hint) }
        if let first = scalarAllOfPart(schema) {
            return scalarAllOfType(schema, first: first, hint: hint, at: location)
        }
        if schema["allOf"] != nil {
            report(
                .leftOut(
                    "'allOf' of parts that are not all objects is not mapped yet; this value is left out",
                    at: schema.location(of: "allOf")))
            return nil
        }
        if isStringEnum(schema) { return inlineEnum(schema, hint: hint) }
        return keywordType(schema, hint: hint, at: location)
    }

    /// An object written in place whose `oneOf`/`anyOf` offers scalars too: a union (`objectOrScalars`) named after
    /// `hint`, made once however many places reach the schema.
    private func inlineObjectOrScalars(
        _ schema: LocatedValue, alternatives: [LocatedValue], hint: String
    ) -> ConvertedType {
        if let name = schemaState.inlineNames[schema.location] {
            return ConvertedType(expression: name, nullable: allowsNull(schema))
        }
        let union = objectOrScalars(schema, alternatives: alternatives, key: nil, name: nil, hint: hint)
        schemaState.inlineNames[schema.location] = union.expression
        return union
    }

    /// Whether `schema`, written in place, becomes a struct subtype: an object (`isObject`) with `allOf` parts,
    /// `properties`, or `type: object`.
    private func isInlineStruct(_ schema: LocatedValue) -> Bool {
        isObject(schema)
            && (schema["allOf"] != nil || schema["properties"] != nil || typeNamesOf(schema) == ["object"])
    }

    /// The struct subtype an object written in place becomes, named after `hint`.
    private func inlineStruct(_ schema: LocatedValue, hint: String) -> ConvertedType {
        // One schema reached from several places (a parameter file that 15 operations share, an alias):
        // one subtype, named after the first.
        if let name = schemaState.inlineNames[schema.location] {
            return ConvertedType(expression: name, nullable: allowsNull(schema))
        }
        let name = inlineTypeName(hint)
        schemaState.inlineNames[schema.location] = name
        structNames.insert(name)
        makeStruct(name, schema)
        return ConvertedType(expression: name, nullable: allowsNull(schema))
    }

    /// The type of an `allOf` of parts of one scalar type: its `first` part of that type (`scalarAllOfPart`),
    /// nullable when the schema or any part allows null.
    private func scalarAllOfType(
        _ schema: LocatedValue, first: LocatedValue, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        var type = self.type(of: first, hint: hint, at: location)
        let resolvedParts = (schema["allOf"]?.items ?? []).compactMap(resolved)
        if allowsNull(schema) || resolvedParts.contains(where: allowsNull) { type?.nullable = true }
        return type
    }

    /// The enum subtype a string enum written in place becomes, named after `hint` (once, however many places reach
    /// it); nullable when the schema allows null or null is among its values.
    private func inlineEnum(_ schema: LocatedValue, hint: String) -> ConvertedType {
        let nullable = allowsNull(schema) || (schema["enum"]?.items ?? []).contains { $0.isNull }
        if let name = schemaState.inlineNames[schema.location] {
            return ConvertedType(expression: name, nullable: nullable)
        }
        let name = inlineTypeName(hint)
        schemaState.inlineNames[schema.location] = name
        makeEnum(name, schema)
        return ConvertedType(expression: name, nullable: nullable)
    }

    /// The type of a schema that is no reference, union, object or string enum, by its `type` (without one, by its
    /// values'): a list, a map, a scalar, a union of several types, or any value. Nil after a warning when it has
    /// no equivalent yet.
    private func keywordType(_ schema: LocatedValue, hint: String, at location: SourceLocation) -> ConvertedType? {
        noteUnmapped(schema, handled: Self.handledKeys(of: schema), context: "a schema")
        noteUncheckedValues(schema)
        let types = impliedTypeNames(schema)
        let nullable = allowsNull(schema)
        guard types.count <= 1 else { return severalTypes(schema, nullable: nullable, hint: hint, at: location) }
        switch types.first {
        case "array":
            return listType(schema, nullable: nullable, hint: hint, at: location)
        case "object", nil:
            // `additionalProperties: false` says only that there are no other properties: no map.
            if let values = schema["additionalProperties"], values.bool != false {
                return mapType(of: values, nullable: nullable, hint: hint, at: location)
            }
            return anyValueType(schema, at: location)
        default:
            return scalar(schema, types.first!, nullable: nullable, at: location)
        }
    }

    /// Notes what a schema read by its `type` says about its values that decoding does not check: a `oneOf`/`anyOf`
    /// of members that only constrain, a `const` that is not a string, an enum of values that are not all strings.
    private func noteUncheckedValues(_ schema: LocatedValue) {
        if let kind = ["oneOf", "anyOf"].first(where: { schema[$0] != nil }), !hasNullMember(schema) {
            report(
                .ignoredKeyword(
                    "'\(kind)' of members that only constrain the value (formats, required names) is not checked",
                    at: schema.location(of: kind)), group: "choice-constraints:" + kind)
        }
        if schema["const"].map({ !$0.isNull && $0.string == nil }) == true {
            report(
                .ignoredKeyword(
                    "a 'const' that is not a string is read as its type; the value is not checked",
                    at: schema.location(of: "const")), group: "const-not-string")
        }
        if schema["enum"]?.items?.contains(where: { !$0.isNull }) ?? (schema["enum"] != nil) {
            report(
                .approximated(
                    "an enum of values that are not all strings is read as its type; the values are not checked",
                    at: schema.location(of: "enum")), group: "enum-not-strings")
        }
    }

    /// The schema's `type` names; without a `type`, the one its `const` or `enum` values share, if any.
    private func impliedTypeNames(_ schema: LocatedValue) -> Set<String> {
        var types = typeNamesOf(schema)
        if types.isEmpty {
            // No `type`, but `const: 1` or `enum: [true, false]`: the type of the values.
            let values = (schema["const"].map { [$0] } ?? schema["enum"]?.items ?? []).filter { !$0.isNull }
            if !values.isEmpty, values.allSatisfy({ $0.bool != nil }) { types = ["boolean"] }
            if !values.isEmpty, values.allSatisfy({ if case .number = $0.value { true } else { false } }) {
                let integers = values.allSatisfy { Int64($0.scalarText ?? "") != nil }
                types = [integers ? "integer" : "number"]
            }
        }
        return types
    }

    /// A `type: array` schema's list of its `items`' type. Nil after a warning when it is no list of one type (a
    /// tuple, boolean `items`), or its items are lists of dates, whose format a list cannot keep.
    private func listType(
        _ schema: LocatedValue, nullable: Bool, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        // 3.1's tuples (`prefixItems`, often with `items: false`) and boolean `items` are no list of one type.
        if schema["prefixItems"] != nil {
            report(.leftOut("a tuple ('prefixItems') is not mapped yet; it is left out", at: location))
            return nil
        }
        if let any = schema["items"]?.bool {
            report(.leftOut("a list whose 'items' is \(any) is not mapped yet; it is left out", at: location))
            return nil
        }
        // No `items` allows items of any type, as JSON Schema says: `items: {}`.
        let items = schema["items"] ?? .object([], at: schema.location(of: "type"))
        guard var item = self.type(of: items, hint: hint + "_item", at: location) else { return nil }
        if item.expression.hasPrefix("[") && item.holdsDate {
            report(.leftOut("a list of lists of dates cannot keep their format; it is left out", at: location))
            return nil
        }
        if item.nullable && !item.lenient {
            report(
                .approximated(
                    "list items that may be null are read as non-null; a null item fails the list", at: location),
                group: "nullable-items")
            item.nullable = false
        }
        return ConvertedType(
            expression: "[\(item.expression)]", nullable: nullable, format: item.format, holdsDate: item.holdsDate,
            failableItems: item.lenient)
    }

    /// The map (`{string: …}`) of an object's `additionalProperties` schema `values`: of any value when they are
    /// `true` or `{}`. Nil after a warning when its values are dates, whose format a map cannot keep.
    private func mapType(
        of values: LocatedValue, nullable: Bool, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        if values.bool == true || values.members?.isEmpty == true {
            let anyValue = anyValueName(at: location)
            return ConvertedType(expression: "{string: \(anyValue)}", nullable: nullable, failableItems: true)
        }
        guard var value = self.type(of: values, hint: hint + "_value", at: location) else { return nil }
        if value.holdsDate {
            report(.leftOut("a map of dates cannot keep their format; it is left out", at: location))
            return nil
        }
        if value.nullable && !value.lenient {
            // Figma's `images: {additionalProperties: {type: [string, "null"]}}`: a node that failed to render.
            report(
                .approximated(
                    "map values that may be null are read as non-null; the map drops a null value and reports it"
                        + " (failable_items)", at: location), group: "nullable-values")
        }
        let failable = value.lenient || value.nullable
        value.nullable = false
        return ConvertedType(
            expression: "{string: \(value.expression)}", nullable: nullable, failableItems: failable)
    }

    /// The type of a schema with no type, or `type: object`, that is neither a struct nor a map: any value, lenient.
    /// Nil after a warning when the schema allows nothing but null, or says `type` but nothing it can be read as.
    private func anyValueType(_ schema: LocatedValue, at location: SourceLocation) -> ConvertedType? {
        // `type: "null"`, `enum: [null]`, `const: null`: nothing but null, which no type holds. An object that
        // must be one of some values (`{type: object, enum: [{…}]}`) is any value, its values not checked.
        let nullType =
            schema["type"]?.string == "null"
            || schema["type"]?.items.map { !$0.isEmpty && $0.allSatisfy { $0.string == "null" } } == true
        let onlyNull = schema["enum"]?.items.map { !$0.isEmpty && $0.allSatisfy(\.isNull) } ?? false
        guard !nullType, !onlyNull, schema["const"]?.isNull != true else {
            report(.leftOut("a value that is always null (type 'null') is not mapped; it is left out", at: location))
            return nil
        }
        return ConvertedType(expression: anyValueName(at: location), nullable: true, lenient: true)
    }

    /// The part an `allOf` of parts of one scalar type (each narrowing it: a `$ref` and a `format`, a `nullable`)
    /// reads as: the first of that type.
    func scalarAllOfPart(_ schema: LocatedValue) -> LocatedValue? {
        guard let parts = schema["allOf"]?.items.map(typedParts), !parts.isEmpty else { return nil }
        let resolvedParts = parts.compactMap(resolved)
        let kinds = Set(resolvedParts.flatMap(typeNamesOf))
        guard resolvedParts.count == parts.count, kinds.count == 1, let kind = kinds.first, kind != "object",
            kind != "array"
        else { return nil }
        return parts.first { resolved($0).map(typeNamesOf) == kinds }
    }

    /// Whether `type(of:)` reads a schema's `allOf` as one of its parts: a single typed part (a described alias,
    /// `allOf: [$ref: ReasonCode]`), or parts of one scalar type.
    func isAllOfAlias(_ schema: LocatedValue) -> Bool {
        guard let parts = schema["allOf"]?.items.map(typedParts) else { return false }
        return (parts.count == 1 && schema["properties"] == nil) || scalarAllOfPart(schema) != nil
    }

    /// A scalar schema's type expression, by `type` and `format`.
    func scalar(
        _ schema: LocatedValue, _ type: String, nullable: Bool, at location: SourceLocation
    )
        -> ConvertedType?
    {
        let format = OpenAPIScalarFormats.format(of: schema)
        guard let scalar = OpenAPIScalarFormats.scalar(type: type, format: format) else {
            report(
                .leftOut(
                    "type '\(type)' is not an OpenAPI type; this value is left out", at: schema.location(of: "type")))
            return nil
        }
        var result = ConvertedType(expression: scalar.rawValue, nullable: nullable)
        result.holdsDate = scalar == .date
        if type == "string", format == "date" { result.format = "yyyy-MM-dd" }
        if type == "string", format == "binary" {
            let keyword = schema["format"] == nil ? "contentMediaType" : "format"
            report(
                .approximated(
                    "'\(keyword): \(schema[keyword]?.string ?? "")' inside a JSON value is read as a string",
                    at: schema.location(of: keyword)), group: "binary-in-json:" + keyword)
        }
        if let encoding = schema["contentEncoding"]?.string, format != "byte" {
            report(
                .approximated(
                    "contentEncoding '\(encoding)' has no scalar of its own; the value is read as '\(result.expression)'",
                    at: schema.location(of: "contentEncoding")), group: "contentEncoding:" + encoding)
        }
        if !OpenAPIScalarFormats.known.contains(format) {
            report(
                .approximated(
                    "format '\(format ?? "")' has no scalar of its own; the value is read as '\(result.expression)'",
                    at: schema.location(of: "format")), group: "format:" + (format ?? ""))
        }
        return result
    }
}
