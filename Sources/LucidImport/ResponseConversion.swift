import LucidSpec
import LucidSupport

/// Converts one Lucid read or write payload into a lucid-gen `response`, reading the JSON where Lucid's generated
/// decoder reads it.
struct ResponseConverter {
    let object: DescriptionObject
    let what: String
    var file: String { object.file }
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

    /// The lines under `response:`, or nil after reporting a malformed payload.
    func lines() -> [String]? {
        let baseKey = self.baseKey()
        guard let entityNode = object["entity"] else {
            diagnostics.error("\(what) has no 'entity'", at: object.location)
            return nil
        }
        guard let entity = placement(entityNode, hasBaseKey: baseKey != nil) else { return nil }
        var lines: [String] = []
        if let baseKey { lines.append("base_key: \(SpecText.keyPath(baseKey))") }
        lines.append("entity: \(entityValue(entity))")
        lines += metadata(entity)
        let excluded = excludedPaths(baseKey: baseKey ?? [], entity: entity)
        if !excluded.isEmpty { lines.append("excluded_paths: \(SpecText.list(excluded))") }
        return lines
    }

    /// `base_key`: one key (taken whole, as Lucid does) or a list of keys.
    private func baseKey() -> [String]? {
        guard let node = object["base_key"] else { return nil }
        if case .string(let key) = node.content { return [LucidKeys.snakeCased(key)] }
        if case .array = node.content, let keys = object.strings("base_key"), !keys.isEmpty {
            return keys.map(LucidKeys.snakeCased)
        }
        if case .array = node.content { return nil }
        diagnostics.error(
            "expected a key or a list of keys for 'base_key' of \(what), found \(node.kindDescription)",
            at: node.location(file))
        return nil
    }

    private func placement(_ node: JSONNode, hasBaseKey: Bool) -> EntityPlacement? {
        guard
            let entity = DescriptionObject(
                node, "the entity of \(what)", keys: EndpointConverter.entityKeys, file: file,
                diagnostics: diagnostics),
            let name = entity.string("entity_name", required: true),
            let structure = entity.string("structure", required: true)
        else { return nil }
        let structures = ["single", "array", "nested_array"]
        guard structures.contains(structure) else {
            diagnostics.error(
                "'\(structure)' is not a payload structure", at: entity["structure"]?.location(file) ?? entity.location,
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
                at: entity["structure"]?.location(file) ?? entity.location)
            placement.structure = "array"
        }
        return placement
    }

    private func entityValue(_ entity: EntityPlacement) -> String {
        var pairs = [("name", SpecText.scalar(entity.name))]
        if let key = entity.key { pairs.append(("key", SpecText.keyPath([key]))) }
        if entity.structure != "single" { pairs.append(("structure", entity.structure)) }
        if entity.nullable { pairs.append(("nullable", "true")) }
        return pairs.count == 1 ? pairs[0].1 : SpecText.mapping(pairs)
    }

    /// `metadata:`, read from the payload object; a list payload has none to read it from.
    private func metadata(_ entity: EntityPlacement) -> [String] {
        guard let items = object.list("metadata"), !items.isEmpty else { return [] }
        if entity.payloadIsList {
            diagnostics.warning(
                "the metadata of \(what) would be read from a list, which Lucid fails to decode; it is left out",
                at: object.keyLocation("metadata") ?? object.location)
            return []
        }
        let converter = PropertyConverter(role: .endpointMetadata, owner: what, file: file, diagnostics: diagnostics)
        let lines = items.compactMap { converter.convert($0)?.line }
        return lines.isEmpty ? [] : ["metadata:"] + lines.map { "  " + $0 }
    }

    /// Lucid's excluded paths, written from the body's root or from the entity's name (`movie.credits`), as
    /// lucid-gen's paths inside the payload.
    private func excludedPaths(baseKey: [String], entity: EntityPlacement) -> [String] {
        guard let paths = object.list("excluded_paths") else { return [] }
        return paths.compactMap { node in
            guard case .string(let path) = node.content else {
                diagnostics.error(
                    "expected a path for an item of 'excluded_paths' of \(what), found \(node.kindDescription)",
                    at: node.location(file))
                return nil
            }
            let steps = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if steps.count > 1, steps[0] == entity.name {
                return ((entity.key.map { [$0] } ?? []) + steps.dropFirst()).joined(separator: ".")
            }
            guard steps.count > baseKey.count, Array(steps.prefix(baseKey.count)) == baseKey else {
                diagnostics.warning(
                    "the excluded path '\(path)' of \(what) lies outside its payload (base_key "
                        + "'\(baseKey.joined(separator: "."))'); it is left out", at: node.location(file))
                return nil
            }
            return steps.dropFirst(baseKey.count).joined(separator: ".")
        }
    }
}
