import LucidSpec
import LucidSupport

/// The lists and maps of the draft that drop an item that fails to decode (and report it at run time) instead of
/// failing the whole response: those that say `failable_items: true` (free-form values, map values that may be
/// null) and lists of entities, which do by default. The import says which at import time, in one warning that names
/// them, so that a user knows which values may come back with items missing.
enum FailableLists {
    /// How many are named; the others are counted.
    static let namedAtMost = 10

    /// The finding naming the draft's failable lists and maps, nil when there are none.
    static func finding(in draft: SpecDraft, document: String) -> ImportFinding? {
        let entities = Set(draft.types.filter(\.isEntity).map(\.name))
        var named: [(name: String, origin: SourceLocation?)] = []
        for type in draft.types {
            for property in type.structure?.properties ?? [] {
                let item = property.type.hasPrefix("[") ? String(property.type.dropFirst().dropLast()) : nil
                if property.failableItems {
                    named.append(("'\(type.name).\(property.name)'", property.origin))
                } else if let item, entities.contains(item) {
                    named.append(("'\(type.name).\(property.name)' (entities)", property.origin))
                }
            }
        }
        guard !named.isEmpty else { return nil }
        var list = named.prefix(namedAtMost).map(\.name).joined(separator: ", ")
        if named.count > namedAtMost { list += " and \(named.count - namedAtMost) more" }
        let location = named.compactMap(\.origin).min() ?? .start(of: document)
        let what =
            named.count == 1
            ? "1 list or map drops an item that fails to decode, and reports it,"
            : "\(named.count) lists and maps drop an item that fails to decode, and report it,"
        return .approximated(
            what + " instead of failing the response (failable_items; a list of entities does by default): " + list,
            at: location)
    }
}
