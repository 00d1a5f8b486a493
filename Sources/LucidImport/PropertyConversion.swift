import LucidSpec
import LucidSupport

/// Converts Lucid properties (of entities, subtypes, entity and endpoint metadata) into lucid-gen property entries.
struct PropertyConverter {
    /// Whose properties these are: what decides the keys Lucid accepts and how it decodes them.
    enum Role {
        /// An entity property: lists decoded item by item (failable), dotted keys as paths, relationships.
        case entity
        /// A subtype property: its key taken whole, lists decoded as a whole.
        case subtype
        /// Entity metadata: name, type, nullability; Lucid drops the whole metadata on a bad value, so each value
        /// is nullable and lenient.
        case entityMetadata
        /// Endpoint metadata: name, type, nullability.
        case endpointMetadata
    }

    static let entityKeys = [
        "name", "key", "property_type", "nullable", "optional", "default_value", "lazy", "extra", "mutable",
        "use_for_equality", "log_error", "match_exact_key", "previous_name", "persisted_name", "added_at_version",
        "objc", "unused", "platforms",
    ]
    static let subtypeKeys = [
        "name", "key", "property_type", "nullable", "optional", "default_value", "log_error", "objc", "unused",
        "platforms",
    ]
    static let metadataKeys = ["name", "key", "property_type", "nullable", "optional"]
    static let relationshipKeys = ["entity_name", "association", "id_only", "failable_items", "platforms"]

    let role: Role
    /// `entity 'movie'`, for messages.
    let owner: String
    let diagnostics: ImportDiagnostics

    /// The property's entry (`title: string`, `genres: { type: "[genre]", ... }  # comment`), or nil when it is
    /// left out (unused, or reported as malformed).
    func convert(_ value: LocatedValue) -> SpecEntry? {
        let keys =
            switch role {
            case .entity: Self.entityKeys
            case .subtype: Self.subtypeKeys
            case .entityMetadata, .endpointMetadata: Self.metadataKeys
            }
        guard
            var object = DescriptionObject(value, "a property of \(owner)", keys: keys, diagnostics: diagnostics),
            let name = object.string("name", required: true)
        else { return nil }
        object.what = "property '\(name)' of \(owner)"
        let property = PropertyReader(object: object, what: object.what, name: name, converter: self)
        return property.entry()
    }
}

/// One property being converted: its Lucid keys read once, then turned into lucid-gen's keys.
private struct PropertyReader {
    let object: DescriptionObject
    let what: String
    let name: String
    let converter: PropertyConverter
    var diagnostics: ImportDiagnostics { converter.diagnostics }

    /// `name: value`, with a comment on what Lucid does differently, or nil when the property is left out.
    func entry() -> SpecEntry? {
        if object.bool("unused") == true {
            diagnostics.warning(
                "\(what) is unused: Lucid leaves it out of the generated code, and so does the import",
                at: object.keyLocation("unused") ?? object.location)
            return nil
        }
        reportUnsupported()
        guard let typeValue = object["property_type"] else {
            diagnostics.error("\(what) has no 'property_type'", at: object.location)
            return nil
        }
        var comments: [String] = []
        var entries: [SpecEntry]
        if typeValue.members != nil, converter.role == .entity {
            guard let relationship = relationshipEntries(typeValue, comments: &comments) else { return nil }
            entries = relationship
        } else {
            guard let type = valueType(typeValue) else { return nil }
            entries = valueEntries(type, comments: &comments)
        }
        if converter.role == .entity { entries += flagEntries() }
        if let type = entries.first?.value.scalarText, type == "date" || type == "[date]" {
            reportDateFormat(typeValue, comments: &comments)
        }
        let value = entries.count == 1 && entries[0].key == "type" ? entries[0].value : .flow(entries)
        return SpecEntry(name, value, trailingComment: comments.isEmpty ? nil : comments.joined(separator: "; "))
    }

    private func reportUnsupported() {
        let unsupported = [
            ("previous_name", "lucid-gen has no Core Data model to migrate"),
            ("persisted_name", "lucid-gen has no Core Data model"),
            ("added_at_version", "lucid-gen has no Core Data model versions"),
            ("objc", "generated types are Swift only"),
            ("platforms", "the property is generated for every platform"),
            ("log_error", "failures are reported to DecodingIssueReporter instead of logged"),
        ]
        for (key, why) in unsupported { object.warnUnsupported(key, why) }
        if converter.role == .entityMetadata || converter.role == .endpointMetadata, object.contains("key") {
            object.warnUnsupported("key", "Lucid does not read it either: metadata is read at its name")
        }
    }

    /// The JSON key lucid-gen reads (see `LucidKeys.json`): entity keys are paths (`a.b`), subtype keys are one key
    /// each; metadata is read at its name, whatever its `key` says (Lucid accepts the key but never reads it).
    private var key: String {
        let isMetadata = converter.role == .entityMetadata || converter.role == .endpointMetadata
        return LucidKeys.json(isMetadata ? name : object.string("key") ?? name)
    }

    private var keyValue: SpecValue {
        converter.role == .subtype ? .keyPath([key]) : .text(key)
    }

    private var nullable: Bool { object.bool("nullable", "optional") ?? false }

    private func valueType(_ value: LocatedValue) -> LucidType? {
        guard let text = value.string else {
            diagnostics.error(
                "expected a type name for 'property_type' of \(what), found \(value.valueDescription)",
                at: value.location)
            return nil
        }
        guard let type = LucidType(text) else {
            diagnostics.error(
                "'\(text)' is not a Lucid property type", at: value.location,
                hint: "use a scalar, a subtype, [T] or {K: V}")
            return nil
        }
        if type.hadIntKeys {
            diagnostics.warning(
                "\(what) is a map with int keys; lucid-gen reads it as '{string: \(type.element.name)}' (JSON keys are "
                    + "strings either way)", at: value.location)
        }
        return type
    }

    /// `type`, `key`, `nullable`, `default`, `lenient`, `failable_items` for a scalar, subtype, list or map.
    private func valueEntries(_ type: LucidType, comments: inout [String]) -> [SpecEntry] {
        var entries = [SpecEntry("type", .text(type.expression))]
        if key != name { entries.append(SpecEntry("key", keyValue)) }
        let converted = defaultValue(type)
        if let converted { entries.append(SpecEntry("default", converted.value)) }
        let isNullable = nullable || converter.role == .entityMetadata || converted?.isNull == true
        if isNullable { entries.append(SpecEntry("nullable", .bool(true))) }
        if converter.role == .entityMetadata {
            entries.append(SpecEntry("lenient", .bool(true)))
        } else if converter.role != .endpointMetadata, isNullable || converted != nil {
            entries.append(SpecEntry("lenient", .bool(true)))
            comments.append("Lucid falls back to \(converted != nil ? "the default" : "nil") on a bad value")
        }
        if converter.role == .entity, type.shape == .list { entries += failableItems(type) }
        return entries
    }

    /// The converted `default_value`, if any; a lazy property's is reported and left out (lucid-gen's lazy
    /// properties have none).
    private func defaultValue(_ type: LucidType) -> DefaultValueConverter.Converted? {
        guard let value = object["default_value"] else { return nil }
        let converter = DefaultValueConverter(type: type, what: what, diagnostics: diagnostics)
        guard let converted = converter.convert(value) else { return nil }
        guard self.converter.role != .entity || object.bool("lazy", "extra") != true else {
            diagnostics.warning(
                "\(what) is lazy and has a default; lucid-gen's lazy properties have none, so it is left out",
                at: object.keyLocation("default_value") ?? object.location)
            return nil
        }
        return converted
    }

    /// An entity's list is decoded item by item in Lucid; lucid-gen cannot drop a bad date from a `[date]`.
    private func failableItems(_ type: LucidType) -> [SpecEntry] {
        guard type.isListOfDates else { return [SpecEntry("failable_items", .bool(true))] }
        diagnostics.warning(
            "\(what) is a list of dates, which Lucid decodes item by item; lucid-gen cannot drop a bad date from a "
                + "list, so one fails the list", at: object.location)
        return []
    }

    /// Lucid reads dates with the app's `APIClient.dateDecodingStrategy`, which the descriptions do not say; the
    /// import assumes ISO 8601, lucid-gen's default, and says so.
    private func reportDateFormat(_ typeValue: LocatedValue, comments: inout [String]) {
        diagnostics.warning(
            "\(what) is a date, which Lucid reads with the app's APIClient.dateDecodingStrategy; the import assumes "
                + "ISO 8601 (set 'format' if the app used another)", at: typeValue.location)
        comments.append("format: ISO 8601 assumed")
    }

    /// `lazy`, `mutable`, `use_for_equality` of an entity property, when not the default.
    private func flagEntries() -> [SpecEntry] {
        var entries: [SpecEntry] = []
        if object.bool("lazy", "extra") == true { entries.append(SpecEntry("lazy", .bool(true))) }
        if object.bool("mutable") == true { entries.append(SpecEntry("mutable", .bool(true))) }
        if object.bool("use_for_equality") == false { entries.append(SpecEntry("use_for_equality", .bool(false))) }
        return entries
    }

    /// A relationship: `type` (the entity, or a list of it), `id_only` with the key Lucid reads, `nullable`.
    private func relationshipEntries(_ value: LocatedValue, comments: inout [String]) -> [SpecEntry]? {
        guard
            let relationship = DescriptionObject(
                value, "the relationship of \(what)", keys: PropertyConverter.relationshipKeys,
                diagnostics: diagnostics),
            let entity = relationship.string("entity_name", required: true),
            let association = relationship.string("association", required: true)
        else { return nil }
        guard association == "to_one" || association == "to_many" else {
            diagnostics.error(
                "'\(association)' is not an association",
                at: relationship["association"]?.location ?? relationship.location,
                hint: Suggestions.hint(for: association, in: ["to_one", "to_many"]) ?? "use to_one or to_many")
            return nil
        }
        relationship.warnUnsupported("platforms", "the relationship is generated for every platform")
        if relationship.bool("failable_items") == false {
            relationship.warnUnsupported(
                "failable_items",
                "Lucid's generated decoding drops bad related items whatever it says, and so does the import")
        }
        let toMany = association == "to_many"
        var entries = [SpecEntry("type", .text(toMany ? "[\(entity)]" : entity))]
        if relationship.bool("id_only") == true {
            entries.append(SpecEntry("id_only", .bool(true)))
            let exact = object.bool("match_exact_key") == true
            let jsonKey = exact ? key : LucidKeys.idKey(key, toMany: toMany)
            entries.append(SpecEntry("key", .text(jsonKey)))
            if jsonKey != key { comments.append("Lucid appends '\(toMany ? "_ids" : "_id")' to the key") }
        } else if key != name {
            entries.append(SpecEntry("key", .text(key)))
        }
        if nullable {
            entries += [SpecEntry("nullable", .bool(true)), SpecEntry("lenient", .bool(true))]
            comments.append("Lucid falls back to nil on a bad value")
        }
        return entries
    }
}

extension LucidType {
    var isListOfDates: Bool { shape == .list && element == .scalar("date") }
}
