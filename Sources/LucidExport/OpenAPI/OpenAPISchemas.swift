import LucidSpec

/// JSON Schemas (OpenAPI 3.1's dialect) for the types of a spec: scalars, lists, maps, references to the
/// subtypes and entities under `components.schemas`, and objects whose properties read dotted key paths.
struct OpenAPISchemas {
    let spec: Spec
    let names: GeneratedNames
    let entities: [String: Entity]
    let subtypes: [String: Subtype]
    /// The component name of each instance of a generic (`page<track>` → `PageOfTrack`), made unique against the
    /// declared types' and the earlier instances' (`PageOfTrackInstance` beside a declared `page_of_track`).
    let instanceNames: [String: String]

    init(spec: Spec) {
        self.spec = spec
        let names = GeneratedNames(spec: spec)
        self.names = names
        self.entities = spec.entitiesByName()
        let subtypes = Dictionary(spec.subtypes.map { ($0.name, $0) }) { first, _ in first }
        self.subtypes = subtypes
        var taken = Set(spec.entities.map { names.entity($0.name) })
        taken.formUnion(spec.subtypes.filter { $0.instance == nil }.map { names.subtype($0.name) })
        var instanceNames: [String: String] = [:]
        for subtype in spec.subtypes {
            guard let instance = subtype.instance else { continue }
            var name = Self.instanceName(instance, names: names, known: instanceNames)
            while taken.contains(name) { name += "Instance" }
            taken.insert(name)
            instanceNames[subtype.name] = name
        }
        self.instanceNames = instanceNames
    }

    // MARK: - Names and references

    /// The key under `components.schemas`: the generated Swift type name (`Movie`, `GenreKind`); for an instance
    /// of a generic, the generic's with its arguments (`page<track>` → `PageOfTrack`).
    func componentName(of type: TypeReference) -> String? {
        switch type {
        case .entity(let name): return names.entity(name)
        case .subtype(let name): return componentName(ofSubtype: name)
        default: return nil
        }
    }

    /// `GenreKind`, `PageOfTrack`, `PairOfIntAndListOfString`.
    func componentName(ofSubtype name: String) -> String { instanceNames[name] ?? names.subtype(name) }

    /// `PageOfTrack`: the generic's name, `Of`, and the arguments' joined by `And`. Instances are met after their
    /// arguments (resolution registers an inner one first), so `known` holds an argument's own instance name.
    private static func instanceName(
        _ instance: GenericInstance, names: GeneratedNames, known: [String: String]
    ) -> String {
        func argument(_ type: TypeReference) -> String {
            switch type {
            case .scalar(let scalar): return names.naming.typeName(scalar.rawValue)
            case .array(let element): return "ListOf" + argument(element)
            case .map(let value): return "MapOf" + argument(value)
            case .entity(let name): return names.entity(name)
            case .subtype(let name): return known[name] ?? names.subtype(name)
            case .named(let name), .parameter(let name), .generic(let name, _): return names.naming.typeName(name)
            }
        }
        return names.subtype(instance.generic) + "Of" + instance.arguments.map(argument).joined(separator: "And")
    }

    /// `{"$ref": "#/components/schemas/Name"}`.
    static func reference(_ componentName: String) -> OpenAPIJSON {
        .object(["$ref": .string(referencePath(componentName))])
    }

    static func referencePath(_ componentName: String) -> String { "#/components/schemas/" + componentName }

    // MARK: - Types

    /// The schema of a value of `type`; a date (or a list of dates) takes `format`, ISO 8601 by default.
    func schema(_ type: TypeReference, format: DateFormat? = nil) -> OpenAPIJSON {
        switch type {
        case .scalar(let scalar): return Self.scalar(scalar, format: format)
        case .array(let element): return .object(["type": "array", "items": schema(element, format: format)])
        case .map(let value): return .object(["type": "object", "additionalProperties": schema(value)])
        case .subtype, .entity: return Self.reference(componentName(of: type) ?? "")
        case .named, .generic: return .object(["description": .string("unresolved type '\(type)'")])
        // Only a generic's own properties have type parameters, and the export writes its instances instead.
        case .parameter(let name): return .object(["description": .string("type parameter '\(name)'")])
        }
    }

    /// A scalar's schema: `int64` is an `integer` with `format: int64`, a `url` a `uri` string, `data` a base64
    /// string, a date what its `format` writes.
    static func scalar(_ scalar: ScalarType, format: DateFormat? = nil) -> OpenAPIJSON {
        switch scalar {
        case .string: return .object(["type": "string"])
        case .int: return .object(["type": "integer"])
        case .int64: return .object(["type": "integer", "format": "int64"])
        case .double: return .object(["type": "number", "format": "double"])
        case .float: return .object(["type": "number", "format": "float"])
        case .decimal: return .object(["type": "number", "x-lucid-type": "decimal"])
        case .bool: return .object(["type": "boolean"])
        case .date: return date(format ?? .iso8601)
        case .seconds, .milliseconds: return .object(["type": "number", "x-lucid-unit": .string(scalar.rawValue)])
        case .url: return .object(["type": "string", "format": "uri"])
        case .uuid: return .object(["type": "string", "format": "uuid"])
        case .color: return .object(["type": "string", "pattern": .string(colorPattern)])
        case .data: return .object(["type": "string", "contentEncoding": "base64"])
        case .fileUpload:
            return .object(["type": "string", "contentMediaType": "application/octet-stream"])
        }
    }

    static let colorPattern = "^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"

    /// ISO 8601 as `date-time` strings, `yyyy-MM-dd` as `date`, epochs as numbers, other patterns as strings;
    /// every one names its lucid format in `x-lucid-date-format`.
    static func date(_ format: DateFormat) -> OpenAPIJSON {
        let lucidFormat = OpenAPIJSON.string(format.description)
        switch format {
        case .iso8601, .iso8601Fractional:
            return .object(["type": "string", "format": "date-time", "x-lucid-date-format": lucidFormat])
        case .epochSeconds, .epochMilliseconds:
            return .object(["type": "number", "x-lucid-date-format": lucidFormat])
        case .pattern(let pattern) where pattern == "yyyy-MM-dd":
            return .object(["type": "string", "format": "date", "x-lucid-date-format": lucidFormat])
        case .pattern:
            return .object(["type": "string", "x-lucid-date-format": lucidFormat])
        }
    }

    /// `schema` that also allows null, in 3.1's style: `type: [T, "null"]` (and `null` among an `enum`'s values)
    /// where the schema has one type, else `anyOf` with `{type: "null"}`.
    static func nullable(_ schema: OpenAPIJSON) -> OpenAPIJSON {
        if case .string(let type)? = schema["type"], schema["$ref"] == nil {
            var result = schema.setting("type", .array([.string(type), "null"]))
            if case .array(let values)? = schema["enum"] { result = result.setting("enum", .array(values + [.null])) }
            return result
        }
        return .object(["anyOf": .array([schema, .object(["type": "null"])])])
    }

    // MARK: - Properties

    /// The schema of a property, metadata value or parameter: its type (an `id_only` relationship as the related
    /// entity's identifier), nullability, default, description and deprecation.
    func schema(of property: Property) -> OpenAPIJSON {
        var result = valueSchema(of: property)
        if property.nullable { result = Self.nullable(result) }
        if let value = property.defaultValue, let json = defaultJSON(value, type: property.type) {
            result = result.setting("default", json)
        } else if property.defaultValue == .now {
            result = result.setting("x-lucid-default", "now")
        }
        if let description = property.description { result = result.setting("description", .string(description)) }
        if property.deprecated != nil { result = result.setting("deprecated", true) }
        if property.lenient { result = result.setting("x-lucid-lenient", true) }
        return result
    }

    private func valueSchema(of property: Property) -> OpenAPIJSON {
        guard property.idOnly, let related = property.type.relationshipEntity else {
            return schema(property.type, format: property.dateFormat)
        }
        let identifier = identifierSchema(of: related).setting("x-lucid-identifier-of", .string(names.entity(related)))
        return property.type.isArray ? .object(["type": "array", "items": identifier]) : identifier
    }

    /// The schema of an entity's identifier (a string, integer or UUID).
    func identifierSchema(of entityName: String) -> OpenAPIJSON {
        guard let entity = entities[entityName] else { return .object([:]) }
        switch entity.identifier {
        case .scalar(let type, _): return Self.scalar(type)
        case .property(let name): return entity.property(named: name).map { schema($0.type) } ?? .object([:])
        case .none: return .object([:])
        }
    }

    /// Whether an object must carry the property's key: not when it may be null or absent, has a default, is
    /// lazy (absent means unrequested) or lenient (anything falls back).
    static func isRequired(_ property: Property) -> Bool {
        !property.nullable && property.defaultValue == nil && !property.lazy && !property.lenient
    }

    /// A member of an object schema: where it is read (a key path), its schema, and whether it must be present.
    struct Member {
        var keyPath: [String]
        var schema: OpenAPIJSON
        var required: Bool
    }

    /// The members of `properties`; none required in a patch struct, which leaves out what it does not change.
    func members(_ properties: [Property], patch: Bool = false) -> [Member] {
        properties.map { Member(keyPath: $0.keyPath, schema: schema(of: $0), required: !patch && Self.isRequired($0)) }
    }

    /// An object schema holding `members` at their key paths: a dotted key becomes nested objects, each required
    /// when a required member is inside it and nullable otherwise (a missing or null step reads as absent). Of
    /// two members at one key, the first is kept.
    static func object(_ members: [Member]) -> OpenAPIJSON {
        var order: [String] = []
        var groups: [String: [Member]] = [:]
        for member in members {
            guard let first = member.keyPath.first else { continue }
            if groups[first] == nil { order.append(first) }
            var rest = member
            rest.keyPath.removeFirst()
            groups[first, default: []].append(rest)
        }
        var properties: [(String, OpenAPIJSON)] = []
        var required: [OpenAPIJSON] = []
        for key in order {
            let group = groups[key] ?? []
            let isRequired = group.contains(where: \.required)
            if isRequired { required.append(.string(key)) }
            if let leaf = group.first(where: { $0.keyPath.isEmpty }) {
                properties.append((key, leaf.schema))
            } else {
                let nested = object(group)
                properties.append((key, isRequired ? nested : nullable(nested)))
            }
        }
        var result = OpenAPIJSON.object(["type": "object", "properties": .object(properties)])
        if !required.isEmpty { result = result.setting("required", .array(required)) }
        return result
    }

    // MARK: - Defaults

    /// A default as JSON: an enum case as its raw value; nil for `now` and non-finite numbers, which JSON
    /// cannot write.
    func defaultJSON(_ value: DefaultValue, type: TypeReference) -> OpenAPIJSON? {
        switch value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return value.isFinite ? .double(value) : nil
        case .string(let value): return .string(value)
        case .now: return nil
        case .enumCase(let name): return .string(rawValue(of: name, in: type.elementType) ?? name)
        case .options(let names): return .array(names.map { .string($0) })
        case .array(let items): return .array(items.compactMap { defaultJSON($0, type: type.elementType) })
        case .emptyMap: return .object([:])
        }
    }

    private func rawValue(of caseName: String, in type: TypeReference) -> String? {
        guard case .subtype(let name) = type, case .enumeration(let cases, _)? = subtypes[name]?.kind else {
            return nil
        }
        return cases.first { $0.name == caseName }?.value
    }
}
