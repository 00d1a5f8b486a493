import LucidSpec
import LucidSupport

/// Converts Lucid properties (of entities, subtypes, entity and endpoint metadata) into lucid-gen property lines.
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
    let file: String
    let diagnostics: ImportDiagnostics

    /// The property's name and its line (`title: string`, `genres: { type: "[genre]", ... }  # comment`), or nil
    /// when it is left out (unused, or reported as malformed).
    func convert(_ node: JSONNode) -> (name: String, line: String)? {
        let keys =
            switch role {
            case .entity: Self.entityKeys
            case .subtype: Self.subtypeKeys
            case .entityMetadata, .endpointMetadata: Self.metadataKeys
            }
        guard
            var object = DescriptionObject(
                node, "a property of \(owner)", keys: keys, file: file, diagnostics: diagnostics),
            let name = object.string("name", required: true)
        else { return nil }
        object.what = "property '\(name)' of \(owner)"
        let property = PropertyReader(object: object, what: object.what, name: name, converter: self)
        return property.line().map { (name, "\(SpecText.scalar(name)): \($0)") }
    }
}

/// One property being converted: its Lucid keys read once, then turned into lucid-gen's keys.
private struct PropertyReader {
    let object: DescriptionObject
    let what: String
    let name: String
    let converter: PropertyConverter
    var diagnostics: ImportDiagnostics { converter.diagnostics }

    /// The rendered value after `name: `, or nil when the property is left out.
    func line() -> String? {
        if object.bool("unused") == true {
            diagnostics.warning(
                "\(what) is unused: Lucid leaves it out of the generated code, and so does the import",
                at: object.keyLocation("unused") ?? object.location)
            return nil
        }
        reportUnsupported()
        guard let typeNode = object["property_type"] else {
            diagnostics.error("\(what) has no 'property_type'", at: object.location)
            return nil
        }
        var comments: [String] = []
        var pairs: [(String, String)]
        if case .object = typeNode.content, converter.role == .entity {
            guard let relationship = relationshipPairs(typeNode, comments: &comments) else { return nil }
            pairs = relationship
        } else {
            guard let type = valueType(typeNode) else { return nil }
            pairs = valuePairs(type, comments: &comments)
        }
        if converter.role == .entity { pairs += flagPairs() }
        if pairs.first?.1 == "date" || pairs.first?.1 == "\"[date]\"" {
            reportDateFormat(typeNode, comments: &comments)
        }
        let value = pairs.count == 1 && pairs[0].0 == "type" ? pairs[0].1 : SpecText.mapping(pairs)
        return SpecText.line(value, comment: comments.isEmpty ? nil : comments.joined(separator: "; "))
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

    private var keyValue: String {
        converter.role == .subtype ? SpecText.keyPath([key]) : SpecText.scalar(key)
    }

    private var nullable: Bool { object.bool("nullable", "optional") ?? false }

    private func valueType(_ node: JSONNode) -> LucidType? {
        guard case .string(let text) = node.content else {
            diagnostics.error(
                "expected a type name for 'property_type' of \(what), found \(node.kindDescription)",
                at: node.location(object.file))
            return nil
        }
        guard let type = LucidType(text) else {
            diagnostics.error(
                "'\(text)' is not a Lucid property type", at: node.location(object.file),
                hint: "use a scalar, a subtype, [T] or {K: V}")
            return nil
        }
        if type.hadIntKeys {
            diagnostics.warning(
                "\(what) is a map with int keys; lucid-gen reads it as '{string: \(type.element.name)}' (JSON keys are "
                    + "strings either way)", at: node.location(object.file))
        }
        return type
    }

    /// `type`, `key`, `nullable`, `default`, `lenient`, `failable_items` for a scalar, subtype, list or map.
    private func valuePairs(_ type: LucidType, comments: inout [String]) -> [(String, String)] {
        var pairs = [("type", type.expression)]
        if key != name { pairs.append(("key", keyValue)) }
        let converted = defaultValue(type)
        if let converted { pairs.append(("default", converted.yaml)) }
        let isNullable = nullable || converter.role == .entityMetadata || converted?.isNull == true
        if isNullable { pairs.append(("nullable", "true")) }
        if converter.role == .entityMetadata {
            pairs.append(("lenient", "true"))
        } else if converter.role != .endpointMetadata, isNullable || converted != nil {
            pairs.append(("lenient", "true"))
            comments.append("Lucid falls back to \(converted != nil ? "the default" : "nil") on a bad value")
        }
        if converter.role == .entity, type.shape == .list { pairs += failableItems(type) }
        return pairs
    }

    /// The converted `default_value`, if any; a lazy property's is reported and left out (lucid-gen's lazy
    /// properties have none).
    private func defaultValue(_ type: LucidType) -> DefaultValueConverter.Converted? {
        guard let node = object["default_value"] else { return nil }
        let converter = DefaultValueConverter(type: type, what: what, file: object.file, diagnostics: diagnostics)
        guard let converted = converter.convert(node) else { return nil }
        guard self.converter.role != .entity || object.bool("lazy", "extra") != true else {
            diagnostics.warning(
                "\(what) is lazy and has a default; lucid-gen's lazy properties have none, so it is left out",
                at: object.keyLocation("default_value") ?? object.location)
            return nil
        }
        return converted
    }

    /// An entity's list is decoded item by item in Lucid; lucid-gen cannot drop a bad date from a `[date]`.
    private func failableItems(_ type: LucidType) -> [(String, String)] {
        guard type.isListOfDates else { return [("failable_items", "true")] }
        diagnostics.warning(
            "\(what) is a list of dates, which Lucid decodes item by item; lucid-gen cannot drop a bad date from a "
                + "list, so one fails the list", at: object.location)
        return []
    }

    /// Lucid reads dates with the app's `APIClient.dateDecodingStrategy`, which the descriptions do not say; the
    /// import assumes ISO 8601, lucid-gen's default, and says so.
    private func reportDateFormat(_ typeNode: JSONNode, comments: inout [String]) {
        diagnostics.warning(
            "\(what) is a date, which Lucid reads with the app's APIClient.dateDecodingStrategy; the import assumes "
                + "ISO 8601 (set 'format' if the app used another)", at: typeNode.location(object.file))
        comments.append("format: ISO 8601 assumed")
    }

    /// `lazy`, `mutable`, `use_for_equality` of an entity property, when not the default.
    private func flagPairs() -> [(String, String)] {
        var pairs: [(String, String)] = []
        if object.bool("lazy", "extra") == true { pairs.append(("lazy", "true")) }
        if object.bool("mutable") == true { pairs.append(("mutable", "true")) }
        if object.bool("use_for_equality") == false { pairs.append(("use_for_equality", "false")) }
        return pairs
    }

    /// A relationship: `type` (the entity, or a list of it), `id_only` with the key Lucid reads, `nullable`.
    private func relationshipPairs(_ node: JSONNode, comments: inout [String]) -> [(String, String)]? {
        guard
            let relationship = DescriptionObject(
                node, "the relationship of \(what)", keys: PropertyConverter.relationshipKeys, file: object.file,
                diagnostics: diagnostics),
            let entity = relationship.string("entity_name", required: true),
            let association = relationship.string("association", required: true)
        else { return nil }
        guard association == "to_one" || association == "to_many" else {
            diagnostics.error(
                "'\(association)' is not an association",
                at: relationship["association"]?.location(object.file)
                    ?? relationship.location,
                hint: Suggestions.hint(for: association, in: ["to_one", "to_many"])
                    ?? "use to_one or to_many")
            return nil
        }
        relationship.warnUnsupported("platforms", "the relationship is generated for every platform")
        if relationship.bool("failable_items") == false {
            relationship.warnUnsupported(
                "failable_items",
                "Lucid's generated decoding drops bad related items whatever it says, and so does "
                    + "the import")
        }
        let toMany = association == "to_many"
        var pairs = [("type", toMany ? "\"[\(entity)]\"" : SpecText.scalar(entity))]
        if relationship.bool("id_only") == true {
            pairs.append(("id_only", "true"))
            let exact = object.bool("match_exact_key") == true
            let jsonKey = exact ? key : LucidKeys.idKey(key, toMany: toMany)
            pairs.append(("key", SpecText.scalar(jsonKey)))
            if jsonKey != key { comments.append("Lucid appends '\(toMany ? "_ids" : "_id")' to the key") }
        } else if key != name {
            pairs.append(("key", SpecText.scalar(key)))
        }
        if nullable {
            pairs += [("nullable", "true"), ("lenient", "true")]
            comments.append("Lucid falls back to nil on a bad value")
        }
        return pairs
    }
}

extension LucidType {
    var isListOfDates: Bool { shape == .list && element == .scalar("date") }
}
