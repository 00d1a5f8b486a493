import LucidSpec
import LucidSupport

/// Converts one Lucid read or write payload into a lucid-gen `response`, reading the JSON where Lucid's generated
/// decoder reads it.
struct ResponseConverter {
    let object: DescriptionObject
    let what: String
    var diagnostics: ImportDiagnostics { object.diagnostics }

    /// Where the entities are and in what shape, once Lucid's rules are applied.
    private struct EntityPlacement {
        var name: String
        var key: String?
        var structure: String
        var nullable: Bool

        /// Whether the payload itself is a list, which has no keys to read metadata from.
        var payloadIsList: Bool { key == nil && structure == "array" || structure == "nested_array" }
    }

    /// The entries of `response`, or nil after reporting a malformed payload.
    func entries() -> [SpecEntry]? {
        let baseKey = self.baseKey()
        guard let entityValue = object["entity"] else {
            diagnostics.error("\(what) has no 'entity'", at: object.location)
            return nil
        }
        guard let entity = placement(entityValue, hasBaseKey: baseKey != nil) else { return nil }
        var entries: [SpecEntry] = []
        if let baseKey { entries.append(SpecEntry("base_key", .keyPath(baseKey))) }
        entries.append(SpecEntry("entity", self.entityValue(entity)))
        if let metadata = metadata(entity) { entries.append(metadata) }
        let excluded = excludedPaths(baseKey: baseKey ?? [], entity: entity)
        if !excluded.isEmpty { entries.append(SpecEntry("excluded_paths", .flowList(excluded.map(SpecValue.text)))) }
        return entries
    }

    /// `base_key`: one key (taken whole, as Lucid does) or a list of keys.
    private func baseKey() -> [String]? {
        guard let value = object["base_key"] else { return nil }
        if let key = value.string { return [LucidKeys.snakeCased(key)] }
        if value.items != nil, let keys = object.strings("base_key"), !keys.isEmpty {
            return keys.map(LucidKeys.snakeCased)
        }
        if value.items != nil { return nil }
        diagnostics.error(
            "expected a key or a list of keys for 'base_key' of \(what), found \(value.valueDescription)",
            at: value.location)
        return nil
    }

    private func placement(_ value: LocatedValue, hasBaseKey: Bool) -> EntityPlacement? {
        guard
            let entity = DescriptionObject(
                value, "the entity of \(what)", keys: EndpointConverter.entityKeys, diagnostics: diagnostics),
            let name = entity.string("entity_name", required: true),
            let structure = entity.string("structure", required: true)
        else { return nil }
        let structures = ["single", "array", "nested_array"]
        guard structures.contains(structure) else {
            diagnostics.error(
                "'\(structure)' is not a payload structure", at: entity["structure"]?.location ?? entity.location,
                hint: Suggestions.hint(for: structure, in: structures) ?? "use single, array or nested_array")
            return nil
        }
        let key = entity.string("entity_key").map(LucidKeys.snakeCased)
        var placement = EntityPlacement(
            name: name, key: key, structure: structure, nullable: entity.bool("nullable", "optional") ?? false)
        if structure == "nested_array", !hasBaseKey || key == nil {
            // Lucid maps items to their entity only below a base key and with an entity key; otherwise its
            // generated decoder reads a plain list.
            let missing = hasBaseKey ? "entity_key" : "base_key"
            diagnostics.warning(
                "Lucid reads this 'nested_array' as a plain list, since it has no '\(missing)'; so does the import",
                at: entity["structure"]?.location ?? entity.location)
            placement.structure = "array"
        }
        return placement
    }

    private func entityValue(_ entity: EntityPlacement) -> SpecValue {
        var entries = [SpecEntry("name", .text(entity.name))]
        if let key = entity.key { entries.append(SpecEntry("key", .keyPath([key]))) }
        if entity.structure != "single" { entries.append(SpecEntry("structure", .text(entity.structure))) }
        if entity.nullable { entries.append(SpecEntry("nullable", .bool(true))) }
        return entries.count == 1 ? entries[0].value : .flow(entries)
    }

    /// `metadata:`, read from the payload object; a list payload has none to read it from.
    private func metadata(_ entity: EntityPlacement) -> SpecEntry? {
        guard let items = object.list("metadata"), !items.isEmpty else { return nil }
        if entity.payloadIsList {
            diagnostics.warning(
                "the metadata of \(what) would be read from a list, which Lucid fails to decode; it is left out",
                at: object.keyLocation("metadata") ?? object.location)
            return nil
        }
        let converter = PropertyConverter(role: .endpointMetadata, owner: what, diagnostics: diagnostics)
        let values = items.compactMap(converter.convert)
        return values.isEmpty ? nil : SpecEntry("metadata", .block(values))
    }

    /// Lucid's excluded paths, written from the body's root or from the entity's name (`movie.credits`), as
    /// lucid-gen's paths inside the payload.
    private func excludedPaths(baseKey: [String], entity: EntityPlacement) -> [String] {
        guard let paths = object.list("excluded_paths") else { return [] }
        return paths.compactMap { item in
            guard let path = item.string else {
                diagnostics.error(
                    "expected a path for an item of 'excluded_paths' of \(what), found \(item.valueDescription)",
                    at: item.location)
                return nil
            }
            let steps = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if steps.count > 1, steps[0] == entity.name {
                return ((entity.key.map { [$0] } ?? []) + steps.dropFirst()).joined(separator: ".")
            }
            guard steps.count > baseKey.count, Array(steps.prefix(baseKey.count)) == baseKey else {
                diagnostics.warning(
                    "the excluded path '\(path)' of \(what) lies outside its payload (base_key "
                        + "'\(baseKey.joined(separator: "."))'); it is left out", at: item.location)
                return nil
            }
            return steps.dropFirst(baseKey.count).joined(separator: ".")
        }
    }
}
