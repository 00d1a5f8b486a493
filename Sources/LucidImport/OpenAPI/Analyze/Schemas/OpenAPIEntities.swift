import Foundation
import LucidSpec
import LucidSupport

/// Objects with an identifier → entities.
extension SchemaTranslator {
    /// The JSON keys read as an identifier when an object requires one of them.
    static let identifierKeys = ["id", "ID", "Id"]

    /// The identifier a named object schema (its canonical `key`) becomes an entity with: the options' choice,
    /// else a required `id` of an identifier type; nil when it stays a struct. A choice the overlay's `kinds:`
    /// made is recorded in `schemaState.kindOutcomes` (the overlay reports it at its own entry).
    func entityChoice(
        key: String, schema: LocatedValue, properties: [LocatedValue.Member], required: Set<String>
    ) -> (key: String, reason: String)? {
        let name = document.referenceName(key)
        let asked = overlayKinds.contains(name)
        func automatic(noting: Bool) -> (key: String, reason: String)? {
            automaticEntity(key: key, schema: schema, properties: properties, required: required, noting: noting)
        }
        if options.structs.contains(name) {
            if asked { schemaState.kindOutcomes[name] = automatic(noting: false) == nil ? .already : .applied }
            return nil
        }
        guard let chosen = options.entities[name] else { return automatic(noting: true) }
        // The JSON key, or the spec name the import gives the property (the overlay names it so).
        var names = OpenAPINames(naming: naming, asType: false, reserved: ["hashValue"])
        let property =
            properties.first { $0.key == chosen } ?? properties.first { names.take($0.key) == chosen }
        // A choice that cannot be made: the overlay reports it at its entry; the options' choice is a warning here.
        func refused(_ reason: String, identified: String = "") -> (key: String, reason: String)? {
            if asked {
                schemaState.kindOutcomes[name] = .refused(reason)
            } else {
                report(
                    .approximated(
                        "schema '\(name)' cannot become an entity\(identified), as asked: \(reason); it stays a struct",
                        at: schema.location))
            }
            return nil
        }
        guard let property, required.contains(property.key), let type = identifierType(property.value) else {
            return refused(
                "it needs a required string, integer or uuid property '\(chosen)'",
                identified: " identified by '\(chosen)'")
        }
        if schemaState.keptStructs.contains(key) {
            return refused("a form or multipart body sends it, and such a body sends struct subtypes only")
        }
        // What the import chooses by itself says so.
        if let automatic = automatic(noting: false), automatic.key == property.key {
            if asked { schemaState.kindOutcomes[name] = .already }
            return automatic
        }
        if asked { schemaState.kindOutcomes[name] = .applied }
        return (property.key, "an entity, as asked: it has the identifier '\(property.key)' (\(type))")
    }

    /// The identifier the import chooses by itself: a required `id` of an identifier type, unless a form or
    /// multipart body sends the schema.
    private func automaticEntity(
        key: String, schema: LocatedValue, properties: [LocatedValue.Member], required: Set<String>, noting: Bool
    ) -> (key: String, reason: String)? {
        guard options.findsEntities else { return nil }
        for candidate in Self.identifierKeys {
            guard required.contains(candidate),
                let property = properties.first(where: { $0.key == candidate }),
                let type = identifierType(property.value)
            else { continue }
            if schemaState.keptStructs.contains(key) {
                guard noting else { return nil }
                report(
                    .approximated(
                        "an object with an identifier that a form or multipart body sends stays a struct: such a body"
                            + " sends struct subtypes only", at: schema.location), group: "entity-in-form")
                return nil
            }
            return (candidate, "an entity: it has the identifier '\(candidate)' (\(type))")
        }
        return nil
    }

    /// The spec type of a schema that can identify an entity: a non-null string (`uuid` with that format, not a
    /// date, URL or bytes) or integer (`int64` with that format); nil for anything else.
    func identifierType(_ node: LocatedValue) -> String? {
        var schema = node
        if let parts = schema["allOf"]?.items.map(typedParts), parts.count == 1 { schema = parts[0] }
        guard !allowsNull(node), let target = resolved(schema), !allowsNull(target), choice(of: target) == nil,
            target["enum"] == nil, target["const"] == nil
        else { return nil }
        let format = OpenAPIScalarFormats.format(of: target)
        // Bytes (`binary`) are a string only in that nothing else reads them; they identify nothing.
        guard let type = typeNamesOf(target).first, typeNamesOf(target).count == 1, format != "binary",
            let scalar = OpenAPIScalarFormats.scalar(type: type, format: format), scalar.facts.identifies
        else { return nil }
        return scalar.rawValue
    }

    /// Finds the schemas a form or multipart request body sends, and what they hold: they stay structs.
    func findKeptStructs() {
        var visited: Set<String> = []
        func visit(_ node: LocatedValue) {
            if let reference = node["$ref"]?.string {
                let key = document.canonical(reference, from: node["$ref"]!.location.file)
                guard visited.insert(key).inserted else { return }
                schemaState.keptStructs.insert(key)
                // Quietly: a reference that points nowhere is reported where it is converted.
                if let target = document.quietTarget(key) { visit(target) }
                return
            }
            for member in node.members ?? [] {
                switch member.key {
                case "properties": member.value.members?.forEach { visit($0.value) }
                case "items", "additionalProperties": visit(member.value)
                case "allOf", "oneOf", "anyOf": member.value.items?.forEach(visit)
                default: break
                }
            }
        }
        for pathMember in root["paths"]?.members ?? [] {
            let item =
                pathMember.value["$ref"] == nil
                ? pathMember.value : document.quietTarget(document.referenceKey(pathMember.value))
            for method in OperationTranslator.methods {
                guard let body = item?[method]?["requestBody"],
                    let content = (body["$ref"] == nil ? body : document.quietTarget(document.referenceKey(body)))?[
                        "content"]
                else { continue }
                for media in content.members ?? [] where !isJSONMediaType(media.key) {
                    if let schema = media.value["schema"] { visit(schema) }
                }
            }
        }
    }

    /// Whether a type cannot be a parameter: a struct, an entity, a union or a map, or a list of one.
    func isComposite(_ expression: String) -> Bool {
        var item = expression
        while item.hasPrefix("["), item.hasSuffix("]") { item = String(item.dropFirst().dropLast()) }
        return item.hasPrefix("{") || structNames.contains(item) || schemaState.unionNames.contains(item)
    }

    private func isJSONMediaType(_ type: String) -> Bool {
        let lowered = type.lowercased()
        return lowered.hasPrefix("application/json")
            || lowered.split(separator: ";").first?.hasSuffix("+json") == true
    }
}
