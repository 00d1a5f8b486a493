/// A struct cannot contain itself, directly or through other structs, unless a nullable property or a union's case
/// on the way ends the chain (it is then stored indirectly, `ValueCycles`): such a value would be infinite. Lists,
/// maps and id-only relationships break the chain too; they store the value indirectly. A union cannot be its own
/// case, directly or through other unions' cases: decoding tries a union's cases on the same JSON value, so such a
/// case would try the union again without end.
struct RecursionRule {
    let context: DecodingContext
    let spec: Spec

    func check() {
        let cycles = ValueCycles(spec: spec)
        for cycle in cycles.infiniteCycles() { report(cycle) }
        for cycle in cycles.unionCaseCycles() { reportUnion(cycle) }
    }

    /// `'expr' is a case of itself (expr.expr → expr)`: located at the first case, with the fixes that make decoding
    /// read deeper into the body before it meets the union again.
    private func reportUnion(_ cycle: [ValueCycles.Link]) {
        guard let first = cycle.first else { return }
        let chain = (cycle.map { "\($0.owner).\($0.member)" } + [first.owner]).joined(separator: " → ")
        let hint =
            cycle.count == 1
            ? "remove case '\(first.member)'; a union may hold a list of itself ('[\(first.owner)]') or a struct that "
                + "holds it"
            : "remove one of these cases; a union may hold a list of another ('[\(first.target)]') or a struct that "
                + "holds it"
        context.error(
            "'\(first.owner)' is a case of itself (\(chain)); decoding tries a union's cases on the same JSON value, "
                + "so it would never end",
            at: first.location, hint: hint)
    }

    private func report(_ cycle: [ValueCycles.Link]) {
        guard let first = cycle.first else { return }
        let chain = (cycle.map { "\($0.owner).\($0.member)" } + [first.owner]).joined(separator: " → ")
        context.error(
            "'\(first.owner)' contains itself (\(chain)); Swift cannot store a value inside itself",
            at: first.location, hint: hint(cycle))
    }

    /// Only what fits the members of the cycle (all properties: a union's case breaks the cycle): a property can
    /// be nullable, and a relationship to an entity `id_only` (which reads only the identifier, from another key).
    private func hint(_ cycle: [ValueCycles.Link]) -> String {
        // A generic's property is one for every use of it: a use on the cycle cannot be made nullable alone.
        let properties = cycle.filter { !$0.inGenericInstance }.compactMap { link in
            link.property.map { (name: "'\(link.owner).\(link.member)'", $0) }
        }
        // Only properties of generic structs' instances: nullable does not box them (see `ValueCycles.Link`).
        guard !properties.isEmpty else { return "make one of these properties a list" }
        var hint =
            properties.count == 1
            ? "make \(properties[0].name) nullable"
            : "make one of \(properties.map(\.name).joined(separator: ", ")) nullable"
        let relationships = properties.filter { if case .entity = $0.1.type { true } else { false } }
        for (index, (name, property)) in relationships.enumerated() {
            let idKey = property.origin.explicitKey ? property.key : property.name + "_id"
            let reads = idKey == property.key ? "at key '\(idKey)'" : "from key '\(idKey)' instead of '\(property.key)'"
            let who = properties.count == 1 ? "" : "make \(name) "
            hint += (index == 0 ? ", or " : " or ") + who + "'id_only' (it then reads only the identifier, \(reads))"
        }
        return hint
    }
}
