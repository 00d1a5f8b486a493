import LucidSpec

/// Documents that write every schema in place (a forum API's 93 operations: 375 subtypes, of which 120 repeat
/// another's body — the same empty object 39 times, the same user summary under 7 names) get one type per shape:
/// subtypes written in place whose properties (or cases) are the same — names, types, keys, nullability, defaults
/// — are one subtype, named from what their names share (`…_tags_item`, `…_top_tags_item` → `tag`), and every
/// reference uses it. Repeated to a fixed point: two objects that hold identical ones become identical too.
///
/// A document's named schemas are never merged (their names are its vocabulary), nor a multipart body's struct.
/// Descriptions are not compared: where those of merged types differ, the type keeps the first, with a warning that
/// names the others' places.
enum TypeDeduplication {
    /// What one merge did: the type kept, the ones merged into it.
    struct Merge {
        var kept: String
        var merged: [DraftType]
    }

    /// `draft` with each group of identical types written in place made one (`named`: the document's named schemas,
    /// never merged), named by `name` (which takes a free type name for a wanted one), and the merges made.
    static func merging(
        _ draft: SpecDraft, keeping named: Set<String>, name: (String) -> String
    ) -> (draft: SpecDraft, merges: [Merge]) {
        var draft = draft
        var merges: [Merge] = []
        while true {
            var groups: [Shape: [Int]] = [:]
            var order: [Shape] = []
            for (index, type) in draft.types.enumerated() where !named.contains(type.name) {
                guard let shape = Shape(type) else { continue }
                if groups[shape] == nil { order.append(shape) }
                groups[shape, default: []].append(index)
            }
            let repeated = order.compactMap { groups[$0] }.filter { $0.count > 1 }
            guard !repeated.isEmpty else { break }
            var renames: [String: String] = [:]
            var removed: Set<Int> = []
            for group in repeated {
                let types = group.map { draft.types[$0] }
                let wanted = wantedName(types)
                // One of their own names stays as it is; another is taken like any new type name.
                let newName = types.contains { $0.name == wanted } ? wanted : name(wanted)
                renames.merge(types.map { ($0.name, newName) }) { first, _ in first }
                draft.types[group[0]].name = newName
                removed.formUnion(group.dropFirst())
                merges.append(Merge(kept: newName, merged: types))
            }
            draft.types = draft.types.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            draft = collapsingRepeatedCases(draft.renamingReferences(renames))
        }
        return (draft, merges)
    }

    /// `draft` where an untagged union that now has two cases of one type keeps the first (the second would never
    /// be chosen: both decode the same), and one left with a single case is that case's type everywhere.
    static func collapsingRepeatedCases(_ draft: SpecDraft) -> SpecDraft {
        var draft = draft
        var aliases: [String: String] = [:]
        for index in draft.types.indices {
            guard case .union(var union) = draft.types[index].kind, union.discriminator == nil else { continue }
            var seen: Set<String> = []
            union.cases.removeAll { !seen.insert($0.type).inserted }
            draft.types[index].kind = .union(union)
            if union.cases.count == 1 { aliases[draft.types[index].name] = union.cases[0].type }
        }
        guard !aliases.isEmpty else { return draft }
        draft.types.removeAll { aliases[$0.name] != nil }
        return collapsingRepeatedCases(draft.renamingReferences(aliases))
    }

    /// What makes two types one: their kind and what they hold, without names, descriptions or origins.
    struct Shape: Hashable {
        var kind: String
        var parts: [String]

        /// Nil for a type that is never merged: an entity, a generic, a multipart body's struct.
        init?(_ type: DraftType) {
            switch type.kind {
            case .structure(let structure):
                guard structure.identifier == nil, structure.generic == nil, !structure.multipartBody else {
                    return nil
                }
                kind = "struct"
                parts = structure.properties.map(Self.part)
            case .enumeration(let enumeration):
                kind = "enum" + (enumeration.unknown ? " unknown" : "")
                parts = enumeration.cases.map { $0.name + "=" + $0.value }
            case .union(let union):
                kind = "union " + (union.discriminator ?? "") + (union.unknown ? " unknown" : "")
                parts = union.cases.map { $0.name + ":" + $0.type + "=" + ($0.value ?? "") }
            case .optionSet(let names):
                kind = "options"
                parts = names
            }
            if type.deprecated { kind += " deprecated" }
        }

        private static func part(_ property: DraftProperty) -> String {
            var key = ""
            switch property.key {
            case .path(let path)?: key = "path " + path
            case .wire(let name)?: key = "wire " + name
            case nil: break
            }
            let flags = [property.nullable, property.lenient, property.failableItems, property.deprecated]
            return [
                property.name, property.type, key, flags.map { $0 ? "1" : "0" }.joined(), property.format ?? "",
                property.defaultValue.map { SpecWriter.flow($0) } ?? "", property.style ?? "",
            ].joined(separator: "\u{1}")
        }
    }

    /// The name a group of identical types asks for: `empty_object` for objects with nothing; for other objects, what
    /// their names share (`sharedName`); for enums and unions, whose names say which property holds them
    /// (`Transfer_status`), the first name.
    static func wantedName(_ types: [DraftType]) -> String {
        guard case .structure(let structure) = types[0].kind else { return types[0].name }
        if structure.properties.isEmpty { return "empty_object" }
        let shared = sharedName(types.map(\.name))
        // A word that names a property rather than a thing (`…_type`, `…_status`) says nothing of the object.
        return genericWords.contains(shared) ? types[0].name : shared
    }

    /// Last words that name a property rather than a thing.
    static let genericWords: Set<String> = [
        "type", "kind", "status", "state", "info", "detail", "details", "result", "results", "meta", "metadata",
        "attribute", "attributes", "property", "properties", "option", "options", "setting", "settings", "config",
    ]

    /// Words that say where a schema sits, not what it is (`…_response`, `…_item`, `…_body`).
    static let placeWords: Set<String> = ["item", "items", "response", "body", "object", "value", "list", "data"]

    /// A name for types named `names`: the last word that says what they are (a plural made singular) that most of
    /// them end with, when two do at least (the first such word among equals); else the first name.
    static func sharedName(_ names: [String]) -> String {
        var votes: [String: Int] = [:]
        var firstSeen: [String] = []
        for name in names {
            let words = OperationTranslator.words(name).map { $0.lowercased() }.filter {
                !placeWords.contains($0) && Int($0) == nil && $0.count > 2
            }
            guard let last = words.last.map(singular) else { continue }
            if votes[last] == nil { firstSeen.append(last) }
            votes[last, default: 0] += 1
        }
        var best: String?
        for word in firstSeen where best == nil || votes[word]! > votes[best!]! { best = word }
        if let best, let count = votes[best], count >= 2 { return best }
        return names[0]
    }

    /// A word without a plural's `s` (`tags` → `tag`; `status`, `address` keep it).
    private static func singular(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") else { return word }
        return String(word.dropLast())
    }
}
