import LucidSpec
import LucidSupport

/// Converts a Lucid entity file into a lucid-gen entity: identifier, properties and metadata.
struct EntityConverter: DescriptionConverter {
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

    /// What an entity's identifier becomes.
    private enum Identifier {
        /// The value of `identifier:`.
        case value(SpecValue)
        /// No identifier, with a comment saying why when Lucid had one that lucid-gen cannot express.
        case missing(comment: String?)
    }

    static let kind = "entity"
    let diagnostics: ImportDiagnostics

    /// The entity's entry, its origin where its name is written; nil after reporting a malformed file.
    func convert(_ object: DescriptionObject, name: String, what: String) -> SpecEntry? {
        for (key, why) in Self.unsupported { object.warnUnsupported(key, why) }
        if object.bool("remote") == false {
            object.warnUnsupported("remote", "lucid-gen's entities are read from responses; this one is imported too")
        }
        var entries: [SpecEntry] = []
        var comments: [String] = []
        switch identifier(object, what) {
        case .value(let value): entries.append(SpecEntry("identifier", value))
        case .missing(let comment): comments = comment.map { [$0] } ?? []
        }
        let converter = PropertyConverter(role: .entity, owner: what, diagnostics: diagnostics)
        let properties = (object.list("properties", required: true) ?? []).compactMap(converter.convert)
        // Why there is no identifier goes where the identifier would be: before the properties.
        entries.append(SpecEntry("properties", .block(properties), comments: comments))
        if let metadata = metadata(object, what) { entries.append(metadata) }
        return SpecEntry(name, .block(entries), origin: object["name"]?.location ?? object.location)
    }

    /// `identifier:` — a typed key, a property, or nothing (Lucid's identifiers derived from relationships have no
    /// key in the JSON).
    private func identifier(_ entity: DescriptionObject, _ what: String) -> Identifier {
        guard let value = entity["identifier"],
            let object = DescriptionObject(
                value, "the identifier of \(what)", keys: Self.identifierKeys, diagnostics: diagnostics)
        else { return .missing(comment: nil) }
        object.warnUnsupported("equivalent_to_identifier_of", "identifiers of different entities stay distinct")
        object.warnUnsupported("objc", "generated types are Swift only")
        object.warnUnsupported("atomic", "lucid-gen's identifiers are plain values")
        guard let type = object.string("type") else { return .missing(comment: nil) }
        if type == "property" {
            guard let property = object.string("property_name", required: true) else { return .missing(comment: nil) }
            guard !Self.isRelationship(property, in: entity) else {
                diagnostics.warning(
                    "\(what) takes its identifier from its relationship '\(property)', which lucid-gen cannot; it has "
                        + "no identifier", at: object["property_name"]?.location ?? object.location)
                return .missing(comment: "Lucid takes the identifier from relationship \(property); none here.")
            }
            return .value(.flow([SpecEntry("property", .text(property))]))
        }
        if let relationships = object.strings("derived_from_relationships") {
            diagnostics.warning(
                "\(what) takes its identifier from its relationship\(relationships.count == 1 ? "" : "s") "
                    + "\(relationships.map { "'\($0)'" }.joined(separator: ", ")), which lucid-gen cannot; it has no "
                    + "identifier", at: object.keyLocation("derived_from_relationships") ?? object.location)
            return .missing(
                comment: "Lucid derives the identifier from \(relationships.joined(separator: ", ")); none here.")
        }
        guard let scalar = LucidType.scalars[type.lowercased()], ["int", "string"].contains(scalar) else {
            diagnostics.error(
                "'\(type)' is not an identifier type lucid-gen reads", at: object["type"]?.location ?? object.location,
                hint: "use int or string")
            return .missing(comment: nil)
        }
        let key = LucidKeys.json(object.string("key") ?? "id")
        guard key != "id" else { return .value(.text(scalar)) }
        return .value(.flow([SpecEntry("type", .text(scalar)), SpecEntry("key", .text(key))]))
    }

    /// Whether the entity's property `name` is a relationship (its `property_type` an object).
    private static func isRelationship(_ name: String, in entity: DescriptionObject) -> Bool {
        guard let properties = entity["properties"]?.items else { return false }
        return properties.contains { property in
            guard property["name"]?.string == name else { return false }
            return (property["property_type"] ?? property["propertyType"])?.members != nil
        }
    }

    /// `metadata:` — Lucid decodes an entity's metadata as a whole, and leaves it out rather than fail the entity,
    /// so each value is nullable and lenient.
    private func metadata(_ entity: DescriptionObject, _ what: String) -> SpecEntry? {
        guard let items = entity.list("metadata") else { return nil }
        let converter = PropertyConverter(
            role: .entityMetadata, owner: "the metadata of \(what)", diagnostics: diagnostics)
        let values = items.compactMap(converter.convert)
        guard !values.isEmpty else { return nil }
        return SpecEntry(
            "metadata", .block(values),
            comments: [
                "Lucid drops the whole metadata on a bad value, never the entity: each value is nullable and lenient."
            ])
    }
}
