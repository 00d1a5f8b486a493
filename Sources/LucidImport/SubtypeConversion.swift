import LucidSpec
import LucidSupport

/// Converts a Lucid subtype file (an enum, an option set or a struct) into a lucid-gen subtype.
struct SubtypeConverter: DescriptionConverter {
    static let keys = [
        "name", "custom_decoder", "cases", "unused_cases", "options", "unused_options", "properties",
        "manual_implementations", "objc", "objc_none_case", "platforms", "sendable",
    ]

    static let kind = "subtype"
    let diagnostics: ImportDiagnostics

    /// The subtype's entry, its origin where its name is written; nil after reporting a malformed file.
    func convert(_ object: DescriptionObject, name: String, what: String) -> SpecEntry? {
        reportUnsupported(object, what)
        let kinds = ["cases", "options", "properties"].filter { object.contains($0) }
        guard kinds.count == 1 else {
            diagnostics.error(
                kinds.isEmpty
                    ? "\(what) has none of 'cases', 'options' or 'properties'"
                    : "\(what) has both '\(kinds[0])' and '\(kinds[1])'; a subtype is one of them",
                at: (kinds.count > 1 ? object.keyLocation(kinds[1]) : nil) ?? object.location)
            return nil
        }
        let body: SpecEntry?
        switch kinds[0] {
        case "cases": body = cases(object, what)
        case "options": body = options(object, what)
        default: body = properties(object, what)
        }
        guard let body else { return nil }
        return SpecEntry(name, .block([body]), origin: object["name"]?.location ?? object.location)
    }

    private func reportUnsupported(_ object: DescriptionObject, _ what: String) {
        object.warnUnsupported("objc", "generated types are Swift only")
        object.warnUnsupported("objc_none_case", "generated types are Swift only")
        object.warnUnsupported("platforms", "the subtype is generated for every platform")
        object.warnUnsupported("sendable", "every generated type is Sendable")
        object.warnUnsupported("custom_decoder", "the subtype is decoded as described")
        object.warnUnsupported(
            "manual_implementations", "the subtype is generated with its Codable conformance, decoding as described")
    }

    /// An enum: the used cases; unused ones fail to decode in Lucid, so they are left out, named in a comment.
    private func cases(_ object: DescriptionObject, _ what: String) -> SpecEntry? {
        guard let used = object.strings("cases") else { return nil }
        let unused = object.strings("unused_cases") ?? []
        let comment = "unused in Lucid, which fails to decode them: \(unused.joined(separator: ", "))"
        return SpecEntry(
            "cases", .flowList(used.map(SpecValue.text)), trailingComment: unused.isEmpty ? nil : comment)
    }

    /// An option set: every option, unused ones included, so that each keeps its bit (`1 << index`, as Lucid).
    private func options(_ object: DescriptionObject, _ what: String) -> SpecEntry? {
        guard let all = object.strings("options") else { return nil }
        let unused = object.strings("unused_options") ?? []
        let comment = "unused in Lucid, kept for their bits: \(unused.joined(separator: ", "))"
        let entry = SpecEntry(
            "options", .flowList(all.map(SpecValue.text)), trailingComment: unused.isEmpty ? nil : comment)
        for name in unused where !all.contains(name) {
            diagnostics.error(
                "unused option '\(name)' of \(what) is not among its 'options'",
                at: object.keyLocation("unused_options") ?? object.location)
        }
        if object.contains("unused_cases") {
            object.warnUnsupported("unused_cases", "an option set has no cases")
        }
        return entry
    }

    /// A struct: its properties, decoded as Lucid's subtypes decode them (keys taken whole, lists as a whole).
    private func properties(_ object: DescriptionObject, _ what: String) -> SpecEntry? {
        guard let items = object.list("properties") else { return nil }
        let converter = PropertyConverter(role: .subtype, owner: what, diagnostics: diagnostics)
        return SpecEntry("properties", .block(items.compactMap(converter.convert)))
    }
}
