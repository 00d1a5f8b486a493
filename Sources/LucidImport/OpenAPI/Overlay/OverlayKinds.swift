import LucidSpec
import LucidSupport

/// The overlay's `kinds:` (a type made an entity or a struct subtype) and the types it names under the section that
/// no longer holds them.
extension OpenAPIOverlay {
    /// The types of `subtypes:` and `entities:` each under the section that holds it now: a type the overlay names
    /// under one that the import made the other kind (a schema that gained or lost its `id`) is merged where it is.
    func routed(_ members: [LocatedValue.Member], _ root: SpecMapping) -> [LocatedValue.Member] {
        let sections = ["subtypes", "entities"]
        func holds(_ section: String, _ type: String) -> Bool { root[section]?.value.mapping?[type] != nil }
        var result: [LocatedValue.Member] = []
        var moved: [String: [LocatedValue.Member]] = [:]
        for member in members {
            guard let index = sections.firstIndex(of: member.key), let types = member.value.members, !types.isEmpty
            else {
                result.append(member)
                continue
            }
            let other = sections[1 - index]
            var kept: [LocatedValue.Member] = []
            for type in types {
                if !holds(member.key, type.key), holds(other, type.key) {
                    moved[other, default: []].append(type)
                } else {
                    kept.append(type)
                }
            }
            if !kept.isEmpty {
                result.append(
                    LocatedValue.Member(
                        key: member.key, keyLocation: member.keyLocation,
                        value: LocatedValue.object(kept, at: member.value.location)))
            }
        }
        for section in sections {
            guard let types = moved[section] else { continue }
            if let index = result.firstIndex(where: { $0.key == section }) {
                let value = result[index].value
                result[index].value = LocatedValue.object((value.members ?? []) + types, at: value.location)
            } else {
                result.append(
                    LocatedValue.Member(
                        key: section, keyLocation: types[0].keyLocation,
                        value: LocatedValue.object(types, at: types[0].keyLocation)))
            }
        }
        return result
    }

    /// Each type of `kinds` as asked. A schema of the document was made that kind by the converter already
    /// (`OpenAPIImportOptions.structs`, `.entities`): `outcomes` says how, and why not where it could not be. Any
    /// other type (an inline schema's) is moved between `subtypes:` and `entities:` here: a struct subtype becomes
    /// an entity identified by one of its properties (`identifier: { property: id }`); an entity becomes a struct
    /// subtype, its dedicated identifier a property `id` (entity metadata has no place in a struct: left out, with
    /// a warning).
    func applyKinds(to root: inout SpecMapping, outcomes: [String: KindOutcome], diagnostics: ImportDiagnostics) {
        for kind in kinds {
            switch outcomes[kind.type] {
            case .applied?: continue
            case .already?:
                diagnostics.report(
                    .overlay(
                        "kinds: '\(kind.type)' is \(kind.entity ? "an entity" : "a struct subtype") already",
                        at: kind.location))
                continue
            case .refused(let reason)?:
                diagnostics.report(
                    .overlay(
                        "kinds: '\(kind.type)' cannot become an entity identified by '\(kind.identifier)': \(reason); it"
                            + " stays a struct", at: kind.location))
                continue
            case nil: break
            }
            move(kind, in: &root, diagnostics: diagnostics)
        }
    }

    /// Moves the type of `kind` between the sections, made the kind asked.
    private func move(_ kind: Kind, in root: inout SpecMapping, diagnostics: ImportDiagnostics) {
        let from = kind.entity ? "subtypes" : "entities"
        let to = kind.entity ? "entities" : "subtypes"
        guard let sectionIndex = root.index(of: from), var section = root.entries[sectionIndex].value.mapping,
            let typeIndex = section.index(of: kind.type), var type = section.entries[typeIndex].value.mapping
        else {
            let already = root[to]?.value.mapping?[kind.type] != nil
            diagnostics.report(
                .overlay(
                    already
                        ? "kinds: '\(kind.type)' is \(kind.entity ? "an entity" : "a struct subtype") already"
                        : "kinds: the import makes no \(kind.entity ? "struct subtype" : "entity") '\(kind.type)'"
                            + " (any more); this entry is not applied", at: kind.location))
            return
        }
        if kind.entity {
            guard type["properties"]?.value.mapping?[kind.identifier] != nil else {
                diagnostics.report(
                    .overlay(
                        "kinds: struct subtype '\(kind.type)' has no property '\(kind.identifier)' to identify it;"
                            + " it stays a struct", at: kind.location))
                return
            }
            type.entries.insert(
                SpecEntry("identifier", .flow([SpecEntry("property", .text(kind.identifier))]), origin: kind.location),
                at: 0)
        } else {
            makeStruct(&type, kind: kind, diagnostics: diagnostics)
        }
        var entry = section.entries.remove(at: typeIndex)
        entry.value = .mapping(type)
        if typeIndex == 0, !section.entries.isEmpty { section.entries[0].blankLineBefore = false }
        root.entries[sectionIndex].value = .mapping(section)
        let targetIndex = Self.section(to, in: &root)
        var target = root.entries[targetIndex].value.mapping ?? SpecMapping([])
        entry.blankLineBefore = !target.entries.isEmpty
        target.entries.append(entry)
        root.entries[targetIndex].value = .mapping(target)
        if section.entries.isEmpty, let emptied = root.index(of: from) { root.entries.remove(at: emptied) }
    }

    /// An entity's mapping as a struct subtype's: its dedicated identifier a property `id`, its metadata left out.
    private func makeStruct(_ type: inout SpecMapping, kind: Kind, diagnostics: ImportDiagnostics) {
        if let identifier = type["identifier"]?.value {
            type.remove("identifier")
            if let property = Self.identifierProperty(identifier), let index = type.index(of: "properties"),
                var properties = type.entries[index].value.mapping
            {
                properties.flow = false
                properties.entries.insert(SpecEntry("id", property), at: 0)
                type.entries[index].value = .mapping(properties)
            }
        }
        if type["metadata"] != nil {
            type.remove("metadata")
            diagnostics.report(
                .overlay(
                    "kinds: the metadata of entity '\(kind.type)' has no place in a struct subtype; it is left out",
                    at: kind.location))
        }
    }

    /// The property an entity's identifier becomes in a struct: `int` → `int`, `{ type: T, key: k }` →
    /// `{ type: T, key: k }`; nil for `none` and `{ property: p }` (p is a property already).
    static func identifierProperty(_ value: SpecValue) -> SpecValue? {
        switch value {
        case .scalar(let scalar): return scalar.text.isEmpty || scalar.text == "none" ? nil : value
        case .mapping(let mapping): return mapping["property"] == nil ? value : nil
        case .list: return value
        }
    }

    /// The index of the top-level section `name` (`entities`), made after `subtypes` (else before `services`) when
    /// missing.
    private static func section(_ name: String, in root: inout SpecMapping) -> Int {
        if let index = root.index(of: name) { return index }
        let index =
            root.index(of: "subtypes").map { $0 + 1 } ?? root.index(of: "services") ?? root.entries.count
        root.entries.insert(SpecEntry(name, .block([])), at: index)
        return index
    }
}
