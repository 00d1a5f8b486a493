/// Subtypes written in place that nothing uses any more: made for a construct the import then left out (an object
/// query parameter, a form body sent raw after all), or for one of several identical schemas merged into another
/// (`TypeDeduplication`). The document's named schemas stay, used or not: they are its vocabulary.
enum UnusedTypes {
    /// `draft` without the types that are not in `named` and that no named type, endpoint or error payload reaches.
    static func removing(from draft: SpecDraft, keeping named: Set<String>) -> SpecDraft {
        let (byType, roots) = draft.references
        var reached: Set<String> = []
        var pending = Array(roots.union(named.intersection(byType.keys)))
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += byType[name, default: []].filter { !reached.contains($0) }
        }
        var draft = draft
        draft.types.removeAll { !reached.contains($0.name) }
        return draft
    }
}
