import LucidSpec

/// A union that lists itself among its members, directly or through other unions' members alone
/// (`RecursivePetAnyOf: anyOf: [{$ref: RecursivePetAnyOf}, string]`): that member adds no value — the union is exactly
/// its other members — and decoding would try it on the same JSON value without end, which the spec refuses. The
/// member is left out, with a warning; a union left with one case is that case's type.
enum SelfUnions {
    /// `draft` without the union cases that lead back to their union through unions alone.
    static func removing(from draft: SpecDraft, report: (ImportFinding) -> Void) -> SpecDraft {
        var unions: [String: DraftUnion] = [:]
        for type in draft.types { if case .union(let union) = type.kind { unions[type.name] = union } }
        var draft = draft
        var changed = false
        for index in draft.types.indices {
            guard case .union(var union) = draft.types[index].kind, union.discriminator == nil else { continue }
            let name = draft.types[index].name
            let looping = union.cases.filter { leadsBack(from: $0.type, to: name, through: unions) }
            guard !looping.isEmpty else { continue }
            union.cases.removeAll { leadsBack(from: $0.type, to: name, through: unions) }
            for unionCase in looping {
                report(
                    .leftOut(
                        "'\(name)' lists itself among its members (its case '\(unionCase.name)' is '\(unionCase.type)'),"
                            + " which adds no value; that member is left out",
                        at: draft.types[index].origin ?? .start(of: "")))
            }
            draft.types[index].kind = .union(union)
            changed = true
        }
        return changed ? TypeDeduplication.collapsingRepeatedCases(draft) : draft
    }

    /// Whether `type` is `union`, or a union whose cases lead to it, through unions alone.
    private static func leadsBack(from type: String, to union: String, through unions: [String: DraftUnion]) -> Bool {
        var seen: Set<String> = []
        var pending = [type]
        while let next = pending.popLast() {
            if next == union { return true }
            guard seen.insert(next).inserted, let nested = unions[next], nested.discriminator == nil else { continue }
            pending += nested.cases.map(\.type)
        }
        return false
    }
}
