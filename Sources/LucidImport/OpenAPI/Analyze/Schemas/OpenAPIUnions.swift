import Foundation
import LucidSpec
import LucidSupport

/// What the schema conversion keeps beside the subtypes: unions, entities, aliases.
struct SchemaState {
    /// The union subtypes made.
    var unionNames: Set<String> = []
    /// The entities made (also in `structNames`: a JSON body may be one).
    var entityNames: Set<String> = []
    /// Required and total properties of each struct or entity, to order an untagged union's cases.
    var shapes: [String: (required: Int, total: Int)] = [:]
    /// Entities in the order they were made, each as its lines.
    var entities: [[String]] = []
    /// The type of a named schema that is no subtype after all (a `oneOf` whose members read as one type).
    var aliases: [String: ConvertedType] = [:]
    /// Schemas (canonical keys) a form or multipart body sends: they stay structs, which such bodies need.
    var keptStructs: Set<String> = []
    /// What became of each kind the overlay asked for (`OpenAPIImportOptions.structs`, `.entities`), by the
    /// schema's name in the document.
    var kindOutcomes: [String: KindOutcome] = [:]
    /// The unions written in place, by what they hold: the same one again is the same subtype.
    var unionBodies: [DraftUnion: String] = [:]
    /// The union subtype free-form values are read as, once one is met.
    var anyValue: String?
    /// The page bases that became generic structs, by canonical key, and the pages that became their instances.
    var pageGenerics: [String: SchemaTranslator.PageGeneric] = [:]
    var pages: Set<String> = []
    var pageGenericNames: [String: String] = [:]
    /// The subtype made of each object or enum written in place, by where it is written.
    var inlineNames: [SourceLocation: String] = [:]
    /// Named schemas made where they were first referred to, before their place among the components.
    var madeKeys: Set<String> = []
    /// Named unions (canonical keys) a member of which may be null: every reference to them is nullable.
    var nullableUnions: Set<String> = []
    /// The struct that joins the members of a union a tagged union holds (`OpenAPINestedUnions`), by where the union
    /// is written.
    var joinedNames: [SourceLocation: String] = [:]
}

/// What became of a kind the overlay's `kinds:` asked for a schema.
enum KindOutcome: Equatable {
    /// The schema became what was asked, which the import would not have chosen by itself.
    case applied
    /// The import makes it that kind by itself.
    case already
    /// It cannot be an entity: why.
    case refused(String)
}

/// `oneOf` / `anyOf` → unions (tagged with a discriminator, else untagged), enums written as `oneOf` of `const`,
/// optional values (`anyOf: [X, {type: "null"}]`) and single members.
extension SchemaTranslator {
    /// A `oneOf` or `anyOf` read: its members that describe a type, and whether one of them is null.
    struct Choice {
        var kind: String
        var members: [LocatedValue]
        var nullable: Bool
    }

    /// Keys that make a schema say what type a value has; a member without any (only `required`, `format`,
    /// `pattern`, `title`, …) only constrains the value of the schema around it.
    static let typingKeys: Set<String> = [
        "$ref", "type", "properties", "items", "enum", "const", "allOf", "oneOf", "anyOf", "additionalProperties",
    ]

    /// Whether a schema (a member of a `oneOf`/`anyOf`) only allows null: `{type: "null"}`, `{type: ["null"]}`,
    /// `{const: null}`, `{enum: [null]}`; also a member titled `null`, and OpenAPI 3.0's way of writing null beside
    /// other members, a nullable object of no properties (DigitalOcean's `{title: 'null', type: object, nullable:
    /// true}`), which would otherwise be a case that decodes any object, or one named `null`.
    func isNullSchema(_ schema: LocatedValue) -> Bool {
        if schema["title"]?.string?.lowercased() == "null" { return true }
        if typeNamesOf(schema) == ["object"], allowsNull(schema),
            !(schema.members ?? []).contains(where: { Self.typingKeys.subtracting(["type"]).contains($0.key) })
        {
            return true
        }
        if schema["type"]?.string == "null" { return true }
        if let types = schema["type"]?.items, !types.isEmpty, types.allSatisfy({ $0.string == "null" }) {
            return true
        }
        if schema["const"]?.isNull == true { return true }
        if let values = schema["enum"]?.items, !values.isEmpty, values.allSatisfy(\.isNull) { return true }
        return false
    }

    /// The schema's `oneOf` (else `anyOf`) when some member describes a type; nil when it has none, or only
    /// constraints (Lob's `anyOf: [{required: [name]}, {required: [company]}]` beside `properties`), or when the
    /// schema has `properties` of its own (the object is read; the choice is warned in `objectParts`).
    func choice(of schema: LocatedValue) -> Choice? {
        guard schema["properties"] == nil else { return nil }
        for kind in ["oneOf", "anyOf"] {
            guard let parts = schema[kind]?.items else { continue }
            var members: [LocatedValue] = []
            var nullable = false
            for part in parts {
                if isNullSchema(part) {
                    nullable = true
                } else if (part.members ?? []).contains(where: { Self.typingKeys.contains($0.key) }) {
                    members.append(part)
                }
            }
            if !members.isEmpty { return Choice(kind: kind, members: members, nullable: nullable) }
        }
        return nil
    }

    /// Whether a `oneOf`/`anyOf` member of the schema only allows null (`anyOf: [X, {type: "null"}]`).
    func hasNullMember(_ schema: LocatedValue) -> Bool {
        ["oneOf", "anyOf"].contains { kind in (schema[kind]?.items ?? []).contains(where: isNullSchema) }
    }

    /// The string a member fixes: `const: x`, or `enum: [x]`, when its type is a string (or unwritten).
    func constString(_ schema: LocatedValue) -> String? {
        let types = typeNamesOf(schema)
        guard types.isEmpty || types == ["string"] else { return nil }
        if let text = schema["const"]?.string { return text }
        if let values = schema["enum"]?.items, values.count == 1 { return values[0].string }
        return nil
    }

    /// The values of an enum written as `oneOf` (or `anyOf`) of `const` strings, each with its description
    /// (`description`, else `title`); nil when the schema is no such enum.
    func constEnumValues(_ schema: LocatedValue) -> [(value: String, description: String?)]? {
        guard schema["enum"] == nil, let choice = choice(of: schema) else { return nil }
        var values: [(String, String?)] = []
        for member in choice.members {
            guard member["$ref"] == nil, let value = constString(member) else { return nil }
            values.append((value, member["description"]?.string ?? member["title"]?.string))
        }
        return values
    }

    // MARK: Converting a choice

    /// The type of a schema with a `oneOf`/`anyOf` of several members, or of one (that member's type). `key` is the
    /// canonical key of a named schema (the union takes its name, `hint`), nil for one written in place (the union
    /// is named `hint` too, once it is known to be one).
    func choiceType(
        _ schema: LocatedValue, _ choice: Choice, key: String?, hint: String, at location: SourceLocation
    ) -> ConvertedType? {
        var nullable = choice.nullable || allowsNull(schema)
        noteUnmapped(
            schema, handled: Self.schemaKeys.union(["discriminator", "x-lucid-union", "x-lucid-unknown-fallback"]),
            context: "a schema")
        if let other = ["oneOf", "anyOf"].first(where: { $0 != choice.kind && schema[$0] != nil }) {
            report(
                .leftOut(
                    "'\(other)' beside '\(choice.kind)' is ignored: the value is read as one of '\(choice.kind)'",
                    at: schema.location(of: other)), group: "choice-both")
        }
        if let known = openEnumMember(choice) {
            // An enum that keeps other strings (Stripe's, and lucid-gen's `unknown: true`).
            if key == nil, let name = schemaState.inlineNames[schema.location] {
                return ConvertedType(expression: name, nullable: nullable)
            }
            let name = key == nil ? inlineTypeName(hint) : typeNames.take(hint, avoiding: isReserved)
            if let key {
                schemaNames[key] = name
                schemaState.madeKeys.insert(key)
                schemaCount += 1
            } else {
                schemaState.inlineNames[schema.location] = name
            }
            makeEnum(name, known, open: true, outer: schema)
            return ConvertedType(expression: name, nullable: nullable)
        }
        if choice.members.count == 1 {
            var type = self.type(of: choice.members[0], hint: hint, at: location)
            if nullable { type?.nullable = true }
            return type
        }
        var name: String?
        if let key {
            // Named before its cases are converted, so that a case that holds the union can refer to it.
            let taken = typeNames.take(hint, avoiding: isReserved)
            schemaNames[key] = taken
            schemaState.unionNames.insert(taken)
            name = taken
        }
        var memberNullable = false
        let tagging = taggedCases(schema, choice, hint: hint, nullable: &memberNullable)
        var cases = tagging?.cases
        let tagged = cases != nil
        if cases == nil {
            // Members that are unions under one discriminator: their leaves, not a union of unions.
            let members = schema["discriminator"] == nil ? choice : flattened(choice)
            cases = untaggedCases(members, hint: hint, at: location, nullable: &memberNullable)
        }
        let found = cases ?? []
        if memberNullable {
            nullable = true
            if let key { schemaState.nullableUnions.insert(key) }
        }
        guard found.count > 1 || (tagged && !found.isEmpty) else {
            if let key, let name {
                schemaNames[key] = nil
                schemaState.unionNames.remove(name)
            }
            guard var type = found.first?.type else { return nil }
            type.nullable = nullable
            if let key { schemaState.aliases[key] = type }
            return type
        }
        return writeUnion(
            found, discriminator: tagged ? schema["discriminator"]?["propertyName"]?.string : nil,
            open: tagging?.open ?? false, schema: schema, key: key, name: name, hint: hint, nullable: nullable)
    }

    /// Writes a union subtype of `found` (tagged when `discriminator` is given): named `name` (a named schema's, taken
    /// already), else `hint`, unless the same union was written in place before.
    func writeUnion(
        _ found: [UnionCase], discriminator: String?, open: Bool = false, schema: LocatedValue, key: String?,
        name: String?, hint: String, nullable: Bool
    ) -> ConvertedType {
        let tagged = discriminator != nil
        var names = OpenAPINames(naming: naming, asType: false)
        let cases = found.map { unionCase -> DraftUnion.Case in
            let caseName = names.take(unionCase.name)
            let value = unionCase.value.flatMap { $0 == caseName ? nil : $0 }
            return DraftUnion.Case(name: caseName, type: unionCase.type.expression, value: value)
        }
        let union = DraftUnion(discriminator: discriminator, unknown: tagged && open, cases: cases)
        // The same union written in several places (Spotify's `oneOf: [Track, Episode]`) is one subtype.
        if key == nil, let existing = schemaState.unionBodies[union] {
            return ConvertedType(expression: existing, nullable: nullable)
        }
        // A union of scalars written in place reads best named after them, wherever it sits: `string_or_int`.
        let scalars = Set(ScalarType.allCases.map(\.rawValue))
        let scalarName =
            found.allSatisfy({ scalars.contains($0.type.expression) }) && !tagged
            ? found.map(\.type.expression).joined(separator: "_or_") : hint
        let unionName = name ?? inlineTypeName(scalarName)
        schemaState.unionNames.insert(unionName)
        if key == nil { schemaState.unionBodies[union] = unionName } else { schemaCount += 1 }
        // A union written in place leaves its description to the property that holds it.
        types.append(
            DraftType(
                name: unionName, kind: .union(union), description: key == nil ? nil : schema["description"]?.string,
                deprecated: key != nil && schema["deprecated"]?.bool == true, origin: schema.location))
        return ConvertedType(expression: unionName, nullable: nullable)
    }

    /// One case of a union: its name, type, and discriminator value (tagged unions).
    struct UnionCase {
        var name: String
        var type: ConvertedType
        var value: String?
    }

    /// The cases of a tagged union, when the schema has a `discriminator` and every member is an object whose
    /// discriminator value is known: from `mapping`, else the single value (`enum: [track]`, `const: track`) of the
    /// member's discriminator property, else (as OpenAPI says) the schema's name. Nil otherwise, after a warning
    /// when there is a discriminator: the cases are then told apart by their types.
    ///
    /// `open`: whether a kind the document does not list decodes (as `.unknown`) rather than failing the whole
    /// response. Servers add kinds (Spotify's `ad` beside `track` and `episode`), and one unknown item would fail a
    /// page of known ones, so a document's tagged union is open; lucid-gen's own export says which of its unions are,
    /// by a member that takes any other value (`not: {enum: [...]}`), and the others stay closed.
    func taggedCases(
        _ schema: LocatedValue, _ choice: Choice, hint: String, nullable: inout Bool
    ) -> (cases: [UnionCase], open: Bool)? {
        guard let discriminatorNode = schema["discriminator"] else { return nil }
        noteUnmapped(discriminatorNode, handled: ["propertyName", "mapping"], context: "a discriminator")
        guard let property = discriminatorNode["propertyName"]?.string, !property.isEmpty else {
            report(
                .leftOut("a discriminator without 'propertyName' is ignored", at: schema.location(of: "discriminator")))
            return nil
        }
        // The values the mapping gives each schema, by canonical key, in the mapping's order.
        var mapped: [String: [String]] = [:]
        for entry in discriminatorNode["mapping"]?.members ?? [] {
            guard let reference = entry.value.string else { continue }
            let pointer =
                reference.contains("#") || reference.contains("/") || reference.contains(".")
                ? reference : Self.schemaPrefix + reference
            mapped[document.canonical(pointer, from: entry.value.location.file), default: []].append(entry.key)
        }
        var plan: [TaggedStep] = []
        var hasFallbackMember = false
        for written in choice.members {
            if isFallbackMember(written, property: property) {
                hasFallbackMember = true
                continue
            }
            // `allOf: [$ref: Track, {properties: {type: {const: track}}}]` (lucid-gen's own export) is Track.
            let member = pinnedReference(written, property: property) ?? written
            if let target = resolved(member), !isObject(target), let leaves = nestedLeaves(target),
                let steps = nestedSteps(
                    member: member, leaves: leaves,
                    values: member["$ref"]?.string.flatMap {
                        mapped[document.canonical($0, from: member["$ref"]!.location.file)]
                    } ?? [], property: property, mapped: mapped)
            {
                plan += steps
                continue
            }
            guard let target = resolved(member), isObject(target) else {
                report(
                    .approximated(
                        "the discriminator '\(property)' is not used: a member of '\(choice.kind)' is no object; the"
                            + " cases are told apart by their types", at: member.location))
                return nil
            }
            var values: [String] = []
            if let reference = member["$ref"]?.string {
                values = mapped[document.canonical(reference, from: member["$ref"]!.location.file)] ?? []
            }
            if values.isEmpty, let value = discriminatorValue(target, property: property) { values = [value] }
            if values.isEmpty, let reference = member["$ref"]?.string {
                values = [document.referenceName(document.canonical(reference, from: member["$ref"]!.location.file))]
            }
            guard !values.isEmpty else {
                report(
                    .approximated(
                        "the discriminator '\(property)' is not used: a member of '\(choice.kind)' has no discriminator"
                            + " value (no 'mapping', no single value of its '\(property)'); the cases are told apart by"
                            + " their types", at: member.location))
                return nil
            }
            plan.append(TaggedStep(member: member, values: values))
        }
        var cases: [UnionCase] = []
        var seen: Set<String> = []
        for (index, step) in plan.enumerated() {
            let caseHint = hint + "_" + (step.values.first ?? String(index + 1))
            let converted =
                step.joined.map {
                    joinedStruct($0, member: step.member, property: property, values: step.values, hint: hint)
                } ?? type(of: step.member, hint: caseHint, at: step.member.location)
            guard var type = converted else { continue }
            if type.nullable { noteNullableMember(step.member, nullable: &nullable) }
            type.nullable = false
            for value in step.values where seen.insert(value).inserted {
                cases.append(UnionCase(name: value.isEmpty ? "empty" : value, type: type, value: value))
            }
        }
        return (cases, hasFallbackMember || !document.isLucidExport)
    }

    /// A member that only says its discriminator is any string but the listed ones (`{properties: {kind: {type:
    /// string, not: {enum: [a, b]}}}}`): lucid-gen's export of `unknown: true`.
    private func isFallbackMember(_ member: LocatedValue, property: String) -> Bool {
        guard member["$ref"] == nil, let properties = member["properties"]?.members, properties.count == 1,
            properties[0].key == property, let tag = resolved(properties[0].value)
        else { return false }
        return tag["not"] != nil && (tag["type"]?.string ?? "string") == "string"
    }

    /// Whether the document is lucid-gen's own export (its `x-generated-by` names lucid-gen), whose unions say

    /// The enum member of `anyOf: [{type: string, enum: [a, b]}, {type: string}]` (written in place), an enum that
    /// also takes any other string.
    func openEnumMember(_ choice: Choice) -> LocatedValue? {
        guard choice.members.count == 2 else { return nil }
        let plain = choice.members.filter {
            $0["$ref"] == nil && typeNamesOf($0) == ["string"] && $0["enum"] == nil && $0["const"] == nil
                && $0["format"] == nil
        }
        let known = choice.members.filter { $0["$ref"] == nil && $0["enum"] != nil && isStringEnum($0) }
        guard plain.count == 1, known.count == 1 else { return nil }
        return known[0]
    }

    /// A case name from a member's `title` (as lucid-gen's export writes them), when it is short enough to read as one.
    func caseTitle(_ member: LocatedValue) -> String? {
        guard let title = member["title"]?.string else { return nil }
        let name = SpecNameText.sanitized(title, prefix: "n")
        return name.count <= 32 ? name : nil
    }

    /// The `$ref` part of `allOf: [$ref, {properties: {<property>: …}}]`, whose other parts only pin the
    /// discriminator property; nil for any other member.
    func pinnedReference(_ member: LocatedValue, property: String) -> LocatedValue? {
        guard let parts = member["allOf"]?.items.map(typedParts), member["properties"] == nil else { return nil }
        let references = parts.filter { $0["$ref"] != nil }
        let pins = parts.filter { part in
            part["$ref"] == nil && (part["properties"]?.members ?? []).allSatisfy { $0.key == property }
                && (part.members ?? []).allSatisfy {
                    ["type", "properties", "required", "description"].contains($0.key)
                }
        }
        guard references.count == 1, pins.count == parts.count - 1 else { return nil }
        return references[0]
    }

    /// The single string an object schema's `property` may hold (`enum: [track]`, `const: track`).
    func discriminatorValue(_ object: LocatedValue, property: String) -> String? {
        guard let node = objectParts(object).properties.first(where: { $0.key == property })?.value,
            let schema = resolved(node)
        else { return nil }
        return constString(schema)
    }

    /// The type of a schema of several types (`type: [string, integer]`): an untagged union of them, or the one type
    /// they all read as (`[integer, number]` → `double`); nil after a warning when one is a list or an object.
    func severalTypes(
        _ schema: LocatedValue, nullable: Bool, hint: String, at location: SourceLocation
    )
        -> ConvertedType?
    {
        let kinds = (schema["type"]?.items ?? []).compactMap(\.string).filter { $0 != "null" }
        guard kinds.allSatisfy({ ["string", "integer", "number", "boolean"].contains($0) }) else {
            report(
                .leftOut(
                    "a value of several types (\(kinds.joined(separator: ", "))) that include a list or an object is not"
                        + " mapped yet; it is left out", at: schema.location(of: "type")))
            return nil
        }
        var types: [ConvertedType] = []
        for kind in kinds {
            guard var type = scalar(schema, kind, nullable: false, at: location) else { return nil }
            if type.holdsDate { type = ConvertedType(expression: "string") }
            types.append(type)
        }
        types = narrowestFirst(types)
        if types.count == 1 {
            types[0].nullable = nullable
            return types[0]
        }
        let cases = types.map { UnionCase(name: $0.expression, type: $0, value: nil) }
        return writeUnion(
            cases, discriminator: nil, schema: schema, key: nil, name: nil, hint: hint, nullable: nullable)
    }

    /// The cases of an untagged union: each member's type, as a case may hold it, in the order decoding should
    /// try them (see `caseRank`).
    func untaggedCases(
        _ choice: Choice, hint: String, at location: SourceLocation, nullable: inout Bool
    ) -> [UnionCase] {
        var types: [ConvertedType] = []
        var titles: [String: String] = [:]  // case names the members' titles give, by type
        for (index, member) in choice.members.enumerated() {
            let title = member["title"]?.string.map { SpecNameText.sanitized($0, prefix: "n") }
            guard var type = type(of: member, hint: hint + "_" + (title ?? String(index + 1)), at: member.location)
            else { continue }
            if type.nullable {
                noteNullableMember(member, nullable: &nullable)
                type.nullable = false
            }
            if type.holdsDate {
                // A union cannot apply a date format: read the text.
                guard type.expression == "date" || type.expression == "[date]" else {
                    report(
                        .leftOut(
                            "a member holding dates inside lists or maps is left out of the union", at: member.location)
                    )
                    continue
                }
                report(
                    .approximated(
                        "a date in a 'oneOf' or 'anyOf' is read as a string: a union cannot apply a date format",
                        at: member.location), group: "date-case")
                type = ConvertedType(expression: type.expression == "date" ? "string" : "[string]")
            }
            if let title = caseTitle(member), titles[type.expression] == nil {
                titles[type.expression] = title
                // The title names the case: it is read, not ignored.
                sink.withdraw(group: "a schema:title", at: member.location(of: "title"))
            }
            types.append(type)
        }
        return narrowestFirst(types).map { type in
            UnionCase(name: titles[type.expression] ?? caseName(of: type.expression), type: type, value: nil)
        }
    }

    /// A member that may be null: a union's case cannot be, so the value holding the union is (`nullable`).
    func noteNullableMember(_ member: LocatedValue, nullable: inout Bool) {
        report(
            .approximated(
                "a member of a 'oneOf' or 'anyOf' that may be null makes the whole value nullable", at: member.location),
            group: "nullable-case")
        nullable = true
    }

    /// `types` in the order an untagged union tries them: scalars collapsed (`collapsedScalars`), each type once,
    /// narrowest first (`caseRank`), in the document's order among equals.
    func narrowestFirst(_ types: [ConvertedType]) -> [ConvertedType] {
        var seen: Set<String> = []
        let distinct = collapsedScalars(types).filter { seen.insert($0.expression).inserted }
        return distinct.enumerated().sorted { left, right in
            let (a, b) = (caseRank(left.element.expression), caseRank(right.element.expression))
            return a != b ? a.lexicographicallyPrecedes(b) : left.offset < right.offset
        }
        .map(\.element)
    }

    /// Cases that are all strings (`string`, `url`, `uuid`, `data`) read as `string`; all numbers as the widest
    /// (`double` when one is, else `int64` when one is, else `int`): a union of them would only say that the
    /// first that decodes wins, and OpenAPI's formats are hints here, not distinct values.
    func collapsedScalars(_ types: [ConvertedType]) -> [ConvertedType] {
        let expressions = Set(types.map(\.expression))
        guard types.count > 1 else { return types }
        if expressions.isSubset(of: ["string", "url", "uuid", "data"]) { return [ConvertedType(expression: "string")] }
        if expressions.isSubset(of: ["int", "int64", "double", "float"]) {
            let widest =
                expressions.contains("double") || expressions.contains("float")
                ? "double" : expressions.contains("int64") ? "int64" : "int"
            return [ConvertedType(expression: widest)]
        }
        return types
    }

    /// Where a case goes in an untagged union, which takes the first case that decodes: objects first (those with
    /// more required, then more properties, before those with fewer, which would also decode them), then other
    /// unions, lists, maps, enums and the string scalars other than `string` before `string`, `int` before `int64`
    /// before the floating types, then `bool`.
    func caseRank(_ expression: String) -> [Int] {
        if let shape = schemaState.shapes[expression] { return [0, -shape.required, -shape.total] }
        if schemaState.unionNames.contains(expression) { return [1] }
        if expression.hasPrefix("[") { return [2] }
        if expression.hasPrefix("{") { return [3] }
        guard let scalar = ScalarType(rawValue: expression) else { return [4] }  // an enum
        // One case per scalar (no `default:`), so that a new scalar type is named here by the compiler.
        switch scalar {
        case .url, .uuid, .data: return [5]
        case .string: return [6]
        case .int: return [7]
        case .int64: return [8]
        case .double, .float: return [9]
        case .bool: return [10]
        // Never a case the import makes (a date in a union is read as a string; OpenAPI has none of the others).
        case .date, .decimal, .seconds, .milliseconds, .color, .fileUpload: return [4]
        }
    }

    /// The union that reads a free-form value (`additionalProperties: true`, a schema without a type): the spec has
    /// no any-JSON type, so a string, a number, a boolean, or a list or map of such values. A null inside a list or
    /// map of them fails that value; where they sit, the import writes `failable_items` (a map or list drops the
    /// value, and reports it) or `lenient` (a property reads nil).
    /// `reporting: false`: the caller says why in its own words (a stream without a schema).
    func anyValueName(at location: SourceLocation, reporting: Bool = true) -> String {
        if reporting {
            report(
                .approximated(
                    "a free-form value (no type, or 'additionalProperties: true') is read as 'any_value': a string,"
                        + " number, boolean, list or map; a null inside a list or map of them drops that value",
                    at: location), group: "any-value")
        }
        if let name = schemaState.anyValue { return name }
        let name = typeNames.take("any_value", avoiding: isReserved)
        schemaState.anyValue = name
        schemaState.unionNames.insert(name)
        let cases = [
            ("list", "[\(name)]"), ("map", "{string: \(name)}"), ("string", "string"), ("number", "double"),
            ("bool", "bool"),
        ]
        types.append(
            DraftType(
                name: name,
                kind: .union(DraftUnion(cases: cases.map { DraftUnion.Case(name: $0.0, type: $0.1) })),
                description: "A JSON value of any type but null (the document does not say which)."))
        return name
    }

    /// A case named after its type: `track_object`, `string`, `tag_list` for `[tag]`, `int_map` for `{string: int}`.
    func caseName(of expression: String) -> String {
        if expression.hasPrefix("[") { return caseName(of: String(expression.dropFirst().dropLast())) + "_list" }
        if expression.hasPrefix("{string: ") {
            return caseName(of: String(expression.dropFirst("{string: ".count).dropLast())) + "_map"
        }
        return expression
    }
}
