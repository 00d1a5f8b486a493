import Foundation
import LucidSpec
import LucidSupport

/// An operation's parameters → an endpoint's path parameters, query items and headers.
extension OperationTranslator {
    /// A parameter as the endpoint takes it: its section (`params`, `query`, `headers`), its spec name and wire
    /// name, its type expression, and the property written.
    struct ConvertedParameter {
        var section: String
        var name: String
        var key: String
        var type: String
        var property: DraftProperty
    }

    /// The keys of a parameter object the import reads.
    static let parameterKeys: Set<String> = [
        "name", "in", "required", "schema", "description", "style", "explode", "deprecated", "example", "examples",
    ]

    /// `parameter` as a path parameter, query item or header of `endpoint`, named apart from `members`; nil, with a
    /// warning, when the spec has no equivalent.
    func convertParameter(
        _ parameter: LocatedValue, endpoint: String, members: inout OpenAPINames
    ) -> ConvertedParameter? {
        noteUnmapped(parameter, handled: Self.parameterKeys, context: "a parameter")
        guard let (key, place, section, schema) = parameterPlace(parameter),
            var type = parameterType(parameter, schema: schema, place: place, hint: endpoint + "_" + key),
            let isDeepMap = sendsSimply(parameter, type: type.expression, key: key, place: place, section: section)
        else { return nil }
        let name = members.take(key)
        var property = DraftProperty(
            name: name, type: type.expression, key: name != key && section != "params" ? .wire(key) : nil,
            format: type.format, description: parameter["description"]?.string, origin: parameter.location)
        let required = parameter["required"]?.bool == true || place == "path"
        if place == "path" {
            if type.nullable {
                report(
                    .approximated("a path parameter cannot be null; it is read as required", at: parameter.location),
                    group: "nullable-path")
            }
            type.nullable = false
        } else if type.nullable || !required {
            property.nullable = true
        }
        applyDefault(of: schema, type: type, place: place, to: &property)
        applyStyle(of: parameter, place: place, section: section, isDeepMap: isDeepMap, to: &property)
        return ConvertedParameter(section: section, name: name, key: key, type: type.expression, property: property)
    }

    /// A parameter's wire name, place (`in`), the spec section it goes in, and schema; nil, with a warning, for a
    /// parameter without them, in a cookie, or a header the client sets itself.
    private func parameterPlace(
        _ parameter: LocatedValue
    ) -> (key: String, place: String, section: String, schema: LocatedValue)? {
        guard let key = parameter["name"]?.string, let place = parameter["in"]?.string else {
            report(.leftOut("a parameter without 'name' and 'in' is left out", at: parameter.location))
            return nil
        }
        let sectionByPlace = ["path": "params", "query": "query", "header": "headers"]
        guard let section = sectionByPlace[place] else {
            report(
                .leftOut(
                    "\(place) parameter '\(key)' has no equivalent in the spec yet; it is left out",
                    at: parameter.location(of: "in")))
            return nil
        }
        if place == "header", ["accept", "content-type", "authorization"].contains(key.lowercased()) {
            report(
                .leftOut(
                    "header parameter '\(key)' is set by the client, as OpenAPI says; it is left out",
                    at: parameter.location(of: "name")))
            return nil
        }
        guard let schema = parameter["schema"] else {
            report(
                .leftOut(
                    "parameter '\(key)' has no 'schema' ('content' is not mapped yet); it is left out",
                    at: parameter.location))
            return nil
        }
        return (key, place, section, schema)
    }

    /// A parameter's type: an enum made already with its values, else its schema's (named `hint` when written in
    /// place). A path parameter of several single types (DigitalOcean's `image_id`: `oneOf: [integer, string]`) is
    /// the text of either: a string, with one warning (it was left out, and its placeholder read as a string).
    private func parameterType(
        _ parameter: LocatedValue, schema: LocatedValue, place: String, hint: String
    ) -> ConvertedType? {
        if place == "path", let target = resolved(schema), let choice = schemas.choice(of: target),
            choice.members.count > 1,
            choice.members.allSatisfy({ resolved($0).map(isScalarSchema) ?? false }),
            Set(choice.members.compactMap { resolved($0).map(schemas.typeNamesOf) }).count > 1
        {
            report(
                .approximated(
                    "a path parameter of several types ('\(choice.kind)' of single values) is read as a string, the"
                        + " text of any of them", at: parameter.location(of: "schema")), group: "path-several-types")
            return ConvertedType(expression: "string")
        }
        return existingEnum(for: schema) ?? schemas.type(of: schema, hint: hint, at: parameter.location(of: "schema"))
    }

    /// Whether a parameter of type `type` is sent as a deep object map (`metadata[key]=value`); nil, with a warning,
    /// when it cannot be sent at all. A query list holds single values: not structs, unions, maps or lists; a
    /// query map, sent as a deep object, single values too; a path parameter or header is a single value.
    private func sendsSimply(
        _ parameter: LocatedValue, type: String, key: String, place: String, section: String
    ) -> Bool? {
        let isList = type.hasPrefix("[")
        let isDeepMap =
            section == "query" && parameter["style"]?.string == "deepObject" && type.hasPrefix("{string: ")
            && isSimpleValue(String(type.dropFirst("{string: ".count).dropLast()))
        let isComposite = type.hasPrefix("{") || schemas.isComposite(type)
        if !isDeepMap && isComposite || (section != "query" && isList) || (isList && type.dropFirst().hasPrefix("[")) {
            let style = parameter["style"]?.string.map { " (style \($0))" } ?? ""
            report(
                .leftOut(
                    "\(place) parameter '\(key)'\(style) of type '\(type)' is not a simple value (a spec's"
                        + " \(section == "query" ? "query items are single values and lists" : "parameters are single values"));"
                        + " it is left out", at: parameter.location(of: "schema")))
            return nil
        }
        return isDeepMap
    }

    /// A path parameter's default is the property's; a query or header default is what the server assumes when the
    /// item is absent: sent only when the caller sets it (nil by default), and said in the description, never sent
    /// on every call.
    private func applyDefault(
        of schema: LocatedValue, type: ConvertedType, place: String, to property: inout DraftProperty
    ) {
        guard let schema = resolved(schema) else { return }
        if place == "path" {
            property.defaultValue = schemas.defaultValue(schema, type: type)
        } else if let value = schema["default"], let text = Self.defaultText(value) {
            property.description = Self.describing(property.description, default: text)
        }
    }

    /// How a list or a deep object map is sent, from the parameter's `style` and `explode`; a warning for a style
    /// the spec has no equivalent for.
    private func applyStyle(
        of parameter: LocatedValue, place: String, section: String, isDeepMap: Bool, to property: inout DraftProperty
    ) {
        if property.type.hasPrefix("[") {
            let style = parameter["style"]?.string ?? "form"
            let explode = parameter["explode"]?.bool ?? (style == "form")
            switch (style, explode) {
            case ("form", true): break
            case ("form", false): property.style = "comma"
            // A list in a deep object is what Rails and PHP (and Stripe) read as `expand[]=a&expand[]=b`.
            case ("deepObject", _) where section == "query": property.style = "brackets"
            default:
                report(
                    .approximated(
                        "parameter style '\(style)' has no equivalent in the spec (a list goes repeated, comma-separated"
                            + " or with brackets); the list is sent repeated (name=a&name=b)",
                        at: parameter.location(of: "style")), group: "style:" + style)
            }
        } else if isDeepMap {
            property.style = "deep_object"
        } else if let style = parameter["style"]?.string, style != (place == "query" ? "form" : "simple") {
            report(
                .leftOut(
                    "parameter style '\(style)' is not mapped yet; the value is sent as is",
                    at: parameter.location(of: "style")), group: "style:" + style)
        }
    }

    /// An OpenAPI `default` as a description says it: `png`, `10`, `true`, `[a, b]`; nil for `null`.
    static func defaultText(_ value: LocatedValue) -> String? {
        switch value.value {
        case .null: return nil
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .array(let items): return "[" + items.map { defaultText($0) ?? "null" }.joined(separator: ", ") + "]"
        case .object(let object):
            return "{"
                + object.members.map { "\($0.key): " + (defaultText($0.value) ?? "null") }.joined(separator: ", ")
                + "}"
        }
    }

    /// `description` and a last paragraph `Default: `png`.`, unless it says that default already.
    static func describing(_ description: String?, default text: String) -> String {
        let written = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if written.lowercased().contains("default"), written.contains(text) { return written }
        return (written.isEmpty ? "" : written + "\n\n") + "Default: `\(text)`."
    }

    /// Whether a type expression is a single value a query map (or a deep object's entry) may send: a scalar
    /// other than a date, a duration, bytes or a color, or an enum.
    private func isSimpleValue(_ expression: String) -> Bool {
        let scalars: Set<ScalarType> = [.string, .int, .int64, .double, .float, .decimal, .bool, .url, .uuid]
        if let scalar = ScalarType(rawValue: expression) { return scalars.contains(scalar) }
        return schemas.enumCases[expression] != nil
    }

    /// Whether a schema is one scalar or a string enum: no object, list, choice or `allOf`.
    private func isScalarSchema(_ schema: LocatedValue) -> Bool {
        guard schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil else { return false }
        if schemas.isStringEnum(schema) { return true }
        let types = schemas.typeNamesOf(schema)
        return types.count == 1 && types.isSubset(of: ["string", "integer", "number", "boolean"])
    }

    /// A `deepObject` query parameter whose schema is an object of single values, or such an object or a single
    /// value (Stripe's `created`: `anyOf: [{properties: {gt, gte, lt, lte}}, integer]`), as one nullable query
    /// item per property, its wire name bracketed (`created_gt: { type: int, key: "created[gt]" }`), and the single
    /// value as the parameter itself (`created: int?`). Nil for any other parameter.
    func deepObjectItems(
        _ parameter: LocatedValue, endpoint: String, members: inout OpenAPINames
    ) -> [DraftProperty]? {
        guard parameter["in"]?.string == "query", parameter["style"]?.string == "deepObject",
            let key = parameter["name"]?.string, let schema = parameter["schema"], let target = resolved(schema)
        else { return nil }
        var object: LocatedValue?
        var single: LocatedValue?
        if schemas.isObject(target) {
            object = target
        } else if target["oneOf"] != nil || target["anyOf"] != nil, let choice = schemas.choice(of: target) {
            for member in choice.members {
                guard let value = resolved(member) else { return nil }
                if schemas.isObject(value), object == nil {
                    object = value
                } else if isScalarSchema(value), single == nil {
                    single = member
                } else {
                    return nil
                }
            }
        }
        guard let object else { return nil }
        let properties = objectProperties(object).properties
        guard !properties.isEmpty, properties.allSatisfy({ resolved($0.value).map(isScalarSchema) ?? false }) else {
            return nil
        }
        var types: [(member: LocatedValue.Member?, type: ConvertedType)] = []
        if let single {
            guard let type = schemas.type(of: single, hint: endpoint + "_" + key, at: parameter.location(of: "schema")),
                isSimpleValue(type.expression)
            else { return nil }
            types.append((nil, type))
        }
        for property in properties {
            guard
                let type = schemas.type(
                    of: property.value, hint: endpoint + "_" + key + "_" + property.key, at: property.keyLocation),
                isSimpleValue(type.expression)
            else { return nil }
            types.append((property, type))
        }
        noteUnmapped(parameter, handled: Self.parameterKeys, context: "a parameter")
        let description = parameter["description"]?.string
        return types.map { member, type in
            let wire = member.map { key + "[" + $0.key + "]" } ?? key
            let name = members.take(member.map { key + "_" + $0.key } ?? key)
            let own = member.flatMap { resolved($0.value)?["description"]?.string }
            return DraftProperty(
                name: name, type: type.expression, key: name != wire ? .wire(wire) : nil, nullable: true,
                format: type.format, deprecated: parameter["deprecated"]?.bool == true,
                description: own ?? description, origin: member?.keyLocation ?? parameter.location)
        }
    }

    /// An enum subtype made already with exactly the values of an inline string enum (or a list of one), so that
    /// a parameter repeating a schema's enum takes its type rather than a copy.
    private func existingEnum(for schema: LocatedValue) -> ConvertedType? {
        guard schema["$ref"] == nil else { return nil }
        var values = schema
        let isList = schemas.typeNamesOf(schema) == ["array"]
        if isList {
            guard let items = schema["items"], items["$ref"] == nil else { return nil }
            values = items
        }
        guard schemas.isStringEnum(values) else { return nil }
        let wanted = Set((values["enum"]?.items ?? []).compactMap(\.string))
        for type in schemas.types where !type.isEntity {
            let name = type.name
            guard let cases = schemas.enumCases[name], Set(cases.keys) == wanted else { continue }
            let nullable = schemas.allowsNull(schema) || (values["enum"]?.items ?? []).contains { $0.isNull }
            return ConvertedType(
                expression: isList ? "[\(name)]" : name, nullable: isList ? schemas.allowsNull(schema) : nullable)
        }
        return nil
    }
}
