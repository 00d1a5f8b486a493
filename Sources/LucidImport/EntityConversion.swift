import LucidSpec
import LucidSupport

/// Converts a Lucid entity file into a lucid-gen entity: identifier, properties and metadata.
struct EntityConverter {
    static let keys = [
        "name", "remote", "persist", "identifier", "metadata", "properties", "system_properties", "uid",
        "legacy_previous_name", "previous_name", "added_at_version", "version_history", "persisted_name", "platforms",
        "last_remote_read", "query_context", "client_queue_name", "cache_size", "sendable",
    ]
    static let identifierKeys = [
        "key", "type", "derived_from_relationships", "equivalent_to_identifier_of", "property_name", "objc", "atomic",
    ]
    /// Entity keys lucid-gen has no equivalent for, with what happens instead.
    static let unsupported: [(String, String)] = [
        ("persist", "lucid-gen has no Core Data persistence"),
        ("persisted_name", "lucid-gen has no Core Data model"),
        ("version_history", "lucid-gen has no Core Data model versions"),
        ("previous_name", "lucid-gen has no Core Data model to migrate"),
        ("legacy_previous_name", "lucid-gen has no Core Data model to migrate"),
        ("added_at_version", "lucid-gen has no Core Data model versions"),
        ("system_properties", "lucid-gen keeps no local-store bookkeeping"),
        ("last_remote_read", "lucid-gen keeps no local-store bookkeeping"),
        ("uid", "generated types are named after the entity"),
        ("platforms", "the entity is generated for every platform"),
        ("query_context", "lucid-gen's stores are queried by identifier"),
        ("client_queue_name", "queued endpoints choose their queue with 'queue'"),
        ("cache_size", "endpoints cache responses with 'cache'"),
        ("sendable", "every generated type is Sendable"),
    ]

    let file: String
    let diagnostics: ImportDiagnostics

    /// The entity's name, where it is written, and its lines; nil after reporting a malformed file.
    func convert(_ root: JSONNode) -> (name: String, location: SourceLocation, lines: [String])? {
        guard var object = DescriptionObject(root, "an entity", keys: Self.keys, file: file, diagnostics: diagnostics),
            let name = object.string("name", required: true)
        else { return nil }
        let what = "entity '\(name)'"
        object.what = what
        for (key, why) in Self.unsupported { object.warnUnsupported(key, why) }
        if object.bool("remote") == false {
            object.warnUnsupported("remote", "lucid-gen's entities are read from responses; this one is imported too")
        }
        var lines = identifier(object, what)
        let converter = PropertyConverter(role: .entity, owner: what, file: file, diagnostics: diagnostics)
        let properties = (object.list("properties", required: true) ?? []).compactMap { converter.convert($0)?.line }
        lines += properties.isEmpty ? ["properties: {}"] : ["properties:"] + properties.map { "  " + $0 }
        lines += metadata(object, what)
        let location = object["name"]?.location(file) ?? object.location
        return (name, location, ["\(SpecText.scalar(name)):"] + lines.map { "  " + $0 })
    }

    /// `identifier:` — a typed key, a property, or nothing (Lucid's identifiers derived from relationships have no
    /// key in the JSON).
    private func identifier(_ entity: DescriptionObject, _ what: String) -> [String] {
        guard let node = entity["identifier"],
            let object = DescriptionObject(
                node, "the identifier of \(what)", keys: Self.identifierKeys, file: file, diagnostics: diagnostics)
        else { return [] }
        object.warnUnsupported("equivalent_to_identifier_of", "identifiers of different entities stay distinct")
        object.warnUnsupported("objc", "generated types are Swift only")
        object.warnUnsupported("atomic", "lucid-gen's identifiers are plain values")
        guard let type = object.string("type") else { return [] }
        if type == "property" {
            guard let property = object.string("property_name", required: true) else { return [] }
            guard !Self.isRelationship(property, in: entity) else {
                diagnostics.warning(
                    "\(what) takes its identifier from its relationship '\(property)', which lucid-gen cannot; it has "
                        + "no identifier", at: object["property_name"]?.location(file) ?? object.location)
                return ["# " + SpecText.comment("Lucid takes the identifier from relationship \(property); none here.")]
            }
            return ["identifier: { property: \(SpecText.scalar(property)) }"]
        }
        if let relationships = object.strings("derived_from_relationships") {
            diagnostics.warning(
                "\(what) takes its identifier from its relationship\(relationships.count == 1 ? "" : "s") "
                    + "\(relationships.map { "'\($0)'" }.joined(separator: ", ")), which lucid-gen cannot; it has no "
                    + "identifier", at: object.keyLocation("derived_from_relationships") ?? object.location)
            return [
                "# "
                    + SpecText.comment(
                        "Lucid derives the identifier from \(relationships.joined(separator: ", ")); none here.")
            ]
        }
        guard let scalar = LucidType.scalars[type.lowercased()], ["int", "string"].contains(scalar) else {
            diagnostics.error(
                "'\(type)' is not an identifier type lucid-gen reads",
                at: object["type"]?.location(file) ?? object.location,
                hint: "use int or string")
            return []
        }
        let key = LucidKeys.json(object.string("key") ?? "id")
        return [key == "id" ? "identifier: \(scalar)" : "identifier: { type: \(scalar), key: \(SpecText.scalar(key)) }"]
    }

    /// Whether the entity's property `name` is a relationship (its `property_type` an object).
    private static func isRelationship(_ name: String, in entity: DescriptionObject) -> Bool {
        guard case .array(let properties)? = entity["properties"]?.content else { return false }
        return properties.contains { property in
            guard let object = property.object, case .string(name)? = object["name"]?.content else { return false }
            let type = object["property_type"] ?? object["propertyType"]
            if case .object? = type?.content { return true }
            return false
        }
    }

    /// `metadata:` — Lucid decodes an entity's metadata as a whole, and leaves it out rather than fail the entity,
    /// so each value is nullable and lenient.
    private func metadata(_ entity: DescriptionObject, _ what: String) -> [String] {
        guard let items = entity.list("metadata") else { return [] }
        let converter = PropertyConverter(
            role: .entityMetadata, owner: "the metadata of \(what)", file: file, diagnostics: diagnostics)
        let lines = items.compactMap { converter.convert($0)?.line }
        guard !lines.isEmpty else { return [] }
        return [
            "# Lucid drops the whole metadata on a bad value, never the entity: each value is nullable and lenient.",
            "metadata:",
        ] + lines.map { "  " + $0 }
    }
}
